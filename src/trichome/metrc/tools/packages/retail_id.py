"""Retail ID tools: the QR codes on a package's units (Metrc v2 RetailId, in every state but
AK, CO, GU, ME and MO; elsewhere Metrc answers that it has no such endpoint)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.media import RetailIdAssociation
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import LicenseNumber, PackageLabel, Written, shape, written

QrUrls = Annotated[
    list[Annotated[str, Field(min_length=8, max_length=300, pattern=r"^https?://\S+$")]],
    Field(min_length=1, max_length=500, description="The QR code URLs to put on the package."),
]


@shape
class RetailIdAllotment(TypedDict):
    """How many Retail ID QR codes the facility may still generate."""

    license_number: str
    allotment: Annotated[int | None, Field(description="QR codes left in the quota.")]


@shape
class PackageRetailIds(TypedDict):
    """A package's Retail ID QR codes."""

    license_number: str
    label: str
    qr_count: Annotated[int, Field(ge=0, description="How many QR codes the package has.")]
    qr_codes: Annotated[list[str], Field(description="Its QR code URLs (Metrc's eaches).")]
    sibling_tags: Annotated[list[str], Field(description="Packages sharing its QR codes.")]
    requires_verification: bool | None


@tool("packages", title="Retail ID allotment", returns=RetailIdAllotment)
async def get_retail_id_allotment(license_number: LicenseNumber) -> dict[str, Any]:
    """How many Retail ID QR codes the facility may still generate (its quota)."""
    metrc = access()
    found = await metrc.client.retail_id_allotment(license_number, credentials=metrc.credentials)
    allotment = found.get("Allotment")
    return {
        "license_number": license_number,
        "allotment": int(allotment) if isinstance(allotment, int | float) else None,
    }


@tool("packages", title="A package's Retail ID QR codes", returns=PackageRetailIds)
async def get_package_retail_ids(
    license_number: LicenseNumber, label: PackageLabel
) -> dict[str, Any]:
    """The Retail ID QR codes on a package's units, and the packages sharing them."""
    metrc = access()
    found = await metrc.client.retail_id_by_label(
        license_number, label, credentials=metrc.credentials
    )
    codes = [str(code) for code in found.get("Eaches") or []]
    flag = found.get("RequiresVerification")
    return {
        "license_number": license_number,
        "label": label,
        "qr_count": int(found.get("QrCount") or len(codes)),
        "qr_codes": codes,
        "sibling_tags": [str(tag) for tag in found.get("SiblingTags") or []],
        "requires_verification": flag if isinstance(flag, bool) else None,
    }


@tool("packages", title="Associate Retail ID QR codes", read_only=False, returns=Written)
async def associate_retail_ids(
    license_number: LicenseNumber, label: PackageLabel, qr_urls: QrUrls
) -> dict[str, Any]:
    """Put Retail ID QR codes (their URLs) on a package; they replace the codes it had."""
    metrc = access()
    result = await metrc.client.associate_retail_ids(
        license_number,
        [RetailIdAssociation(package_label=label, qr_urls=list(qr_urls))],
        credentials=metrc.credentials,
    )
    return written(result, f"Associated {len(qr_urls)} QR code(s) with package {label}.")
