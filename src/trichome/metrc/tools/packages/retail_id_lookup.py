"""Retail ID look-ups: the package a scanned QR code belongs to, and the package tags staged
with QR codes before their package is made.

As Metrc's v2 documentation gives them (thunkier/ThunkMetrc, specs/generated/bruno):
RetailId ReceiveQrCodesShortCode (`GET /retailid/v2/receive/qr/{shortCode}`, the short code
being the first path segment of a Retail ID QR code's URL) answers `{Eaches, SiblingTags,
RequiresVerification, Ranges, QrCount, ChildTag, LabelSource}`; Tags GetStagedTags
(`GET /tags/v2/staged`, a premium endpoint needing RetailId package staging) answers tags with
`{Id, Label, TagInventoryTypeName, IsUsed, IsStaged, QrCount, ProductLabel, ...}`. Neither
exists in AK, CO, GU, ME or MO, where Metrc answers 404.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired
from urllib.parse import urlsplit

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    compact,
    paged,
    shape,
)


@shape
class QrCodePackage(TypedDict):
    """The package a Retail ID QR code is on, and the codes it shares it with."""

    license_number: str
    short_code: Annotated[str, Field(description="The code looked up (its URL's first segment).")]
    label: Annotated[str | None, Field(description="The package the code is on (ChildTag).")]
    qr_count: Annotated[int, Field(ge=0, description="How many QR codes that package has.")]
    qr_codes: Annotated[list[str], Field(description="Its QR code URLs (Metrc's eaches).")]
    sibling_tags: Annotated[list[str], Field(description="Packages sharing its QR codes.")]
    requires_verification: bool | None
    label_source: Annotated[str | None, Field(description="Where the label came from.")]


@shape
class StagedTag(TypedDict):
    """A package tag staged with QR codes, its package not made yet."""

    Id: NotRequired[int]
    Label: NotRequired[str]
    TagInventoryTypeName: NotRequired[str]
    IsUsed: NotRequired[bool]
    IsStaged: NotRequired[bool]
    QrCount: NotRequired[Annotated[int, Field(description="QR codes made for it.")]]


@shape
class StagedTagPage(Paging):
    """A page of a facility's staged tags."""

    license_number: str
    items: list[StagedTag]


def short_code(scanned: str) -> str:
    """The short code of a scanned Retail ID QR code: its URL's first path segment (a bare
    code is its own short code).

    Raises:
        ToolProblem: nothing that could be a code.
    """
    text = scanned.strip()
    if "/" in text or "." in text.split("/", 1)[0]:
        parts = urlsplit(text if "://" in text else f"https://{text}")
        text = parts.path.strip("/").split("/", 1)[0]
    if not text:
        raise ToolProblem(
            f"{scanned!r} holds no QR short code: give the URL the QR code encodes "
            "(e.g. https://id.example/ABC123) or the code after its host."
        )
    return text


def _staged(record: Mapping[str, Any]) -> dict[str, Any]:
    found = compact(record, ("Id", "Label", "TagInventoryTypeName", "IsUsed", "IsStaged"))
    count = record.get("QrCount")
    if count is None:  # Metrc's first example leaves it at the top and nests it in ProductLabel
        count = (record.get("ProductLabel") or {}).get("QrCount")
    if isinstance(count, int) and not isinstance(count, bool):
        found["QrCount"] = count
    return found


@tool("packages", title="Find the package of a QR code", returns=QrCodePackage)
async def get_package_by_qr_code(
    license_number: LicenseNumber,
    qr_code: Annotated[
        str,
        Field(
            min_length=1,
            max_length=300,
            description="A scanned Retail ID QR code: its URL, or the short code after the host.",
        ),
    ],
) -> dict[str, Any]:
    """Which package a Retail ID QR code (on a unit received or returned) belongs to, with that
    package's other codes and the packages sharing them. States without Retail ID (AK, CO, GU,
    ME, MO) answer not found.
    """
    metrc = access()
    code = short_code(qr_code)
    found = await metrc.client.retail_id_by_short_code(
        license_number, code, credentials=metrc.credentials
    )
    codes = [str(each) for each in found.get("Eaches") or []]
    count = found.get("QrCount")
    flag = found.get("RequiresVerification")
    child = found.get("ChildTag")
    source = found.get("LabelSource")
    return {
        "license_number": license_number,
        "short_code": code,
        "label": str(child) if child else None,
        "qr_count": count if isinstance(count, int) and count >= 0 else len(codes),
        "qr_codes": codes,
        "sibling_tags": [str(tag) for tag in found.get("SiblingTags") or []],
        "requires_verification": flag if isinstance(flag, bool) else None,
        "label_source": str(source) if source else None,
    }


@tool("packages", title="List staged tags", returns=StagedTagPage)
async def list_staged_tags(
    license_number: LicenseNumber, page: Page = 1, page_size: PageSize = 20
) -> dict[str, Any]:
    """List the package tags staged with Retail ID QR codes (generate_retail_ids given an
    unused tag) whose package is not made yet, with how many codes each holds. Metrc calls
    this a premium endpoint: it needs Retail ID package staging enabled.
    """
    metrc = access()
    tags = await metrc.client.staged_tags(license_number, credentials=metrc.credentials)
    tags = sorted(tags, key=lambda tag: str(tag.get("Label")))
    return paged(tags, page, page_size, _staged, license_number=license_number)
