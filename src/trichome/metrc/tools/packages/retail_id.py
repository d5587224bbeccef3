"""Retail ID tools: the QR codes on a package's units (Metrc v2 RetailId, in every state but
AK, CO, GU, ME and MO; elsewhere Metrc answers that it has no such endpoint)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.media import RetailIdAssociation
from trichome.metrc.errors import MetrcError
from trichome.metrc.tools.registry import ToolProblem, access, tool
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


@shape
class RetailIdPackageInfo(TypedDict):
    """One package's Retail ID summary."""

    label: str
    qr_count: int
    estimated_balance: Annotated[int | None, Field(description="QR-coded units left.")]
    sibling_count: int
    issuance_id: str | None
    issuances: Annotated[int, Field(ge=0, description="How many issuances made its codes.")]
    has_qrs: bool
    requires_verification: bool | None


@shape
class RetailIdPackagesInfo(TypedDict):
    """Retail ID summaries of packages."""

    license_number: str
    items: list[RetailIdPackageInfo]


def _count(value: Any) -> int:
    return int(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


@tool("packages", title="Generate Retail ID QR codes", read_only=False, returns=Written)
async def generate_retail_ids(
    license_number: LicenseNumber,
    label: Annotated[
        PackageLabel,
        Field(description="The package, or an unused package tag to stage before packaging."),
    ],
    quantity: Annotated[
        int, Field(ge=1, le=10_000, description="How many QR codes (one per unit) to make.")
    ],
) -> dict[str, Any]:
    """Generate Retail ID QR codes for a package's units; they draw on the facility's allotment
    (get_retail_id_allotment). Given an unused package tag, the codes are made before its
    package and the tag is staged. The codes: get_package_retail_ids."""
    metrc = access()
    found = await metrc.client.generate_retail_ids(
        license_number, package_label=label, quantity=quantity, credentials=metrc.credentials
    )
    manifest = found.get("Manifest") or {}
    codes = [str(code) for code in manifest.get("Qrs") or []]
    shown = ", ".join(codes[:5]) + (f" and {len(codes) - 5} more" if len(codes) > 5 else "")
    said = (
        f"Generated {len(codes)} QR code(s) for {label} (issuance {found.get('IssuanceId')}, "
        f"labels at {found.get('Url')}): {shown}."
    )
    return written({"Ids": [], "Warnings": None}, said)


@tool("packages", title="Retail ID details of packages", returns=RetailIdPackagesInfo)
async def get_retail_id_packages_info(
    license_number: LicenseNumber,
    labels: Annotated[
        list[PackageLabel], Field(min_length=1, max_length=50, description="The packages.")
    ],
) -> dict[str, Any]:
    """For each package: how many QR codes it has, the units they still cover, its siblings
    (packages sharing its codes) and the issuances that made them."""
    metrc = access()
    found = await metrc.client.retail_id_packages_info(
        license_number, list(labels), credentials=metrc.credentials
    )
    items = []
    for entry in found.get("Packages") or []:
        flag = entry.get("RequiresVerification")
        balance = entry.get("EstimatedBalance")
        items.append(
            {
                "label": str(entry.get("Tag") or ""),
                "qr_count": _count(entry.get("QrCount")),
                "estimated_balance": _count(balance) if balance is not None else None,
                "sibling_count": _count(entry.get("SiblingCount")),
                "issuance_id": entry.get("IssuanceId"),
                "issuances": len(entry.get("Issuances") or []),
                "has_qrs": bool(entry.get("HasQrs")),
                "requires_verification": flag if isinstance(flag, bool) else None,
            }
        )
    return {"license_number": license_number, "items": items}


@tool("packages", title="Merge Retail ID packages", read_only=False, returns=Written)
async def merge_retail_id_packages(
    license_number: LicenseNumber,
    target: Annotated[PackageLabel, Field(description="The package the others merge into.")],
    sources: Annotated[
        list[PackageLabel],
        Field(min_length=1, max_length=9, description="The packages merged into the target."),
    ],
) -> dict[str, Any]:
    """Merge packages of the same item, with their Retail ID QR codes, into a target package,
    one source at a time; Metrc adjusts each source into it and needs a package adjustment
    reason for merging in the state's list."""
    if target in sources:
        raise ToolProblem(f"Package {target} cannot be merged into itself.")
    metrc = access()
    merged: list[str] = []
    # Metrc documents MergePackages as one source into one target, the first label being the
    # target (bruno RetailId/CreateMerge): one call per source.
    for source in dict.fromkeys(sources):
        try:
            await metrc.client.merge_retail_id_packages(
                license_number, [target, source], credentials=metrc.credentials
            )
        except MetrcError as error:
            if merged:
                error.amend(f"Already merged into {target}: {', '.join(merged)}.")
            raise
        merged.append(source)
    return written({"Ids": [], "Warnings": None}, f"Merged {len(merged)} package(s) into {target}.")
