"""Package tools that read where packages went and came from: the lab samples a facility
made, the packages it shipped, and the harvests a package comes from.

Fields follow Metrc's v2 documentation as thunkier/ThunkMetrc captured it
(`specs/generated/bruno/Packages/GetLabSamples.bru`, `GetTransferred.bru`,
`GetSourceHarvestById.bru`).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.packages.lookup import find_package, trim_package
from trichome.metrc.tools.packages.shapes import Package
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    PackageLabel,
    Page,
    PageSize,
    Paging,
    compact,
    contains,
    count_by,
    modified_between,
    paged,
    shape,
)

SAMPLE_RESULT_FIELDS = (
    "LabFacilityLicenseNumber",
    "LabFacilityName",
    "TestTypeName",
    "TestPerformedDate",
    "OverallPassed",
    "ResultReleased",
    "ResultReleaseDateTime",
)
SHIPPED_FIELDS = (
    "PackageLabel",
    "ProductName",
    "ProductCategoryName",
    "ItemStrainName",
    "ManifestNumber",
    "RecipientFacilityLicenseNumber",
    "RecipientFacilityName",
    "ShipmentPackageStateName",
    "ShippedQuantity",
    "ShippedUnitOfMeasureAbbreviation",
    "ReceivedQuantity",
    "ReceivedUnitOfMeasureAbbreviation",
    "ShipperWholesalePrice",
    "ReceiverWholesalePrice",
    "LabTestingStateName",
    "SourceHarvestNames",
    "ActualDepartureDateTime",
    "ReceivedDateTime",
)
SOURCE_FIELDS = (
    "Name",
    "HarvestStartDate",
    "HarvestedByFacilityLicenseNumber",
    "HarvestedByFacilityName",
)


@shape
class LabSample(Package):
    """A testing sample package with its latest lab result."""

    LabFacilityLicenseNumber: NotRequired[str]
    LabFacilityName: NotRequired[str]
    TestTypeName: NotRequired[str]
    TestPerformedDate: NotRequired[str]
    OverallPassed: NotRequired[bool]
    ResultReleased: NotRequired[bool]
    ResultReleaseDateTime: NotRequired[str]


@shape
class LabSamplePage(Paging):
    """A page of the lab samples a facility made, newest first."""

    license_number: str
    by_state: Annotated[dict[str, int], Field(description="Samples per LabTestingState.")]
    items: list[LabSample]


@shape
class ShippedPackage(TypedDict):
    """A package on one of the facility's outgoing deliveries, as shipped and as received."""

    PackageLabel: NotRequired[str]
    ProductName: NotRequired[str]
    ProductCategoryName: NotRequired[str]
    ItemStrainName: NotRequired[str]
    ManifestNumber: NotRequired[str]
    RecipientFacilityLicenseNumber: NotRequired[str]
    RecipientFacilityName: NotRequired[str]
    ShipmentPackageStateName: NotRequired[str]
    ShippedQuantity: NotRequired[float]
    ShippedUnitOfMeasureAbbreviation: NotRequired[str]
    ReceivedQuantity: NotRequired[float]
    ReceivedUnitOfMeasureAbbreviation: NotRequired[str]
    ShipperWholesalePrice: NotRequired[float]
    ReceiverWholesalePrice: NotRequired[float]
    LabTestingStateName: NotRequired[str]
    SourceHarvestNames: NotRequired[str]
    ActualDepartureDateTime: NotRequired[str]
    ReceivedDateTime: NotRequired[str]


@shape
class ShippedPage(Paging):
    """A page of the packages a facility shipped, latest departure first."""

    license_number: str
    by_state: Annotated[dict[str, int], Field(description="Packages per ShipmentPackageStateName.")]
    items: list[ShippedPackage]


@shape
class SourceHarvest(TypedDict):
    """A harvest a package's product comes from, and who harvested it."""

    Name: NotRequired[str]
    HarvestStartDate: NotRequired[str]
    HarvestedByFacilityLicenseNumber: NotRequired[str]
    HarvestedByFacilityName: NotRequired[str]


@shape
class SourceHarvests(TypedDict):
    """The harvests one package comes from."""

    license_number: str
    label: str
    total: Annotated[int, Field(ge=0)]
    items: list[SourceHarvest]


def _sample(record: Mapping[str, Any]) -> dict[str, Any]:
    return {**trim_package(record), **compact(record, SAMPLE_RESULT_FIELDS)}


@tool("packages", title="List lab samples", returns=LabSamplePage)
async def list_package_lab_samples(
    license_number: LicenseNumber,
    item_contains: Annotated[
        str | None, Field(max_length=100, description="Only samples whose item name contains this.")
    ] = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the testing samples a facility made (submit_package_for_testing), held or sent
    to a lab, each with its lab-testing state and latest result (lab, test, passed,
    released), newest first.
    """
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    samples = await metrc.client.package_lab_samples(
        license_number, last_modified_start=start, last_modified_end=end,
        credentials=metrc.credentials,
    )  # fmt: skip
    found = [s for s in samples if contains((s.get("Item") or {}).get("Name"), item_contains)]
    found.sort(key=lambda s: str(s.get("PackagedDate") or ""), reverse=True)
    return paged(
        found, page, page_size, _sample,
        license_number=license_number, by_state=count_by(found, "LabTestingState"),
    )  # fmt: skip


@tool("packages", title="List packages shipped", returns=ShippedPage)
async def list_shipped_packages(
    license_number: LicenseNumber,
    recipient: Annotated[
        str | None,
        Field(max_length=100, description="Only to this licence number or a name containing this."),
    ] = None,
    from_date: Annotated[
        date | None, Field(description="Only departed on or after this day.")
    ] = None,
    to_date: Annotated[
        date | None, Field(description="Only departed on or before this day.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List the packages a facility shipped on its transfers: one row per package and
    delivery, with the recipient, manifest, quantity shipped and received, wholesale prices
    and whether it was accepted or rejected. Latest departure first.
    """
    metrc = access()
    rows = await metrc.client.packages_transferred(license_number, credentials=metrc.credentials)
    first, last = str(from_date or ""), str(to_date or "9999")
    found = [
        row
        for row in rows
        if (
            recipient is None
            or contains(row.get("RecipientFacilityName"), recipient)
            or str(row.get("RecipientFacilityLicenseNumber")) == recipient.strip()
        )
        and first <= str(row.get("ActualDepartureDateTime") or "")[:10] <= last
    ]
    found.sort(key=lambda row: str(row.get("ActualDepartureDateTime") or ""), reverse=True)
    return paged(
        found, page, page_size, lambda row: compact(row, SHIPPED_FIELDS),
        license_number=license_number, by_state=count_by(found, "ShipmentPackageStateName"),
    )  # fmt: skip


@tool("packages", title="Get a package's source harvests", returns=SourceHarvests)
async def get_package_source_harvests(
    license_number: LicenseNumber, label: PackageLabel
) -> dict[str, Any]:
    """Get the harvests a package's product comes from, with when each started and which
    licence harvested it (also for product received from another licence).
    """
    metrc = access()
    package = await find_package(metrc, license_number, label)
    harvests = await metrc.client.package_source_harvests(
        license_number, int(package["Id"]), credentials=metrc.credentials
    )
    return {
        "license_number": license_number,
        "label": label,
        "total": len(harvests),
        "items": [compact(h, SOURCE_FIELDS) for h in harvests],
    }
