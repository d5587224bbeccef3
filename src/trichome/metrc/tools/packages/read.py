"""Package tools that read: the four lists, one package, the adjustment history and reasons."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.tools.packages.lookup import PACKAGE_FIELDS, Record, find_package, trim_package
from trichome.metrc.tools.packages.shapes import (
    AdjustmentPage,
    AdjustmentReasons,
    PackageFound,
    PackagePage,
)
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LabTestingState,
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Names,
    PackageLabel,
    Page,
    PageSize,
    compact,
    contains,
    modified_between,
    paged,
    same,
    totals_by_unit,
)

DETAIL_FIELDS = (
    *PACKAGE_FIELDS,
    "PackageType",
    "SourcePackageLabels",
    "LabTestingStateDate",
    "LabTestResultExpirationDateTime",
    "ProductionBatchNumber",
    "RemediationDate",
    "Note",
    "ItemFromFacilityLicenseNumber",
    "ReceivedFromFacilityLicenseNumber",
    "ReceivedFromFacilityName",
    "ReceivedFromManifestNumber",
    "ReceivedDateTime",
    "ArchivedDate",
    "LastModified",
)
ADJUSTMENT_FIELDS = (
    "PackageLabel",
    "ItemName",
    "AdjustmentQuantity",
    "AdjustmentUnitOfMeasureName",
    "AdjustmentReasonName",
    "AdjustmentNote",
    "AdjustmentDate",
    "AdjustedByUserName",
)

# The filters every package list takes.
ItemFilter = Annotated[
    str | None,
    Field(max_length=100, description="Only packages whose item name contains this."),
]
CategoryFilter = Annotated[
    str | None,
    Field(max_length=100, description="Only packages of this item category (e.g. Buds)."),
]
StrainFilter = Annotated[
    str | None, Field(max_length=100, description="Only packages of this strain.")
]
LocationFilter = Annotated[
    str | None, Field(max_length=100, description="Only packages at this location.")
]
LabStateFilter = Annotated[
    LabTestingState | None, Field(description="Only packages in this lab-testing state.")
]
HarvestFilter = Annotated[
    str | None,
    Field(max_length=100, description="Only packages whose source harvest names contain this."),
]
MaxQuantity = Annotated[
    float | None,
    Field(ge=0, description="Only packages holding at most this quantity (0: empty packages)."),
]


def _in_transit(record: Mapping[str, Any]) -> Record:
    # Metrc's v2 package has no in-transit flag; being in GET /packages/v2/intransit is one.
    result = trim_package(record)
    result["Flags"] = [*result.get("Flags", []), "InTransit"]
    return result


def _detail(record: Mapping[str, Any]) -> Record:
    return trim_package(record, DETAIL_FIELDS)


async def _package_list(
    which: Literal["active", "onhold", "inactive", "intransit"],
    license_number: str,
    item_contains: str | None,
    category: str | None,
    strain: str | None,
    location: str | None,
    lab_testing_state: str | None,
    harvest_contains: str | None,
    max_quantity: float | None,
    modified_from: date | None,
    modified_to: date | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    start, end = modified_between(modified_from, modified_to, metrc.as_of())
    read = {
        "active": metrc.client.packages_active,
        "onhold": metrc.client.packages_onhold,
        "inactive": metrc.client.packages_inactive,
        "intransit": metrc.client.packages_intransit,
    }[which]
    packages = await read(
        license_number,
        last_modified_start=start,
        last_modified_end=end,
        credentials=metrc.credentials,
    )
    found = []
    for package in packages:
        item = package.get("Item") or {}
        if (
            contains(item.get("Name"), item_contains)
            and same(item.get("ProductCategoryName"), category)
            and same(item.get("StrainName"), strain)
            and same(package.get("LocationName"), location)
            and same(package.get("LabTestingState"), lab_testing_state)
            and contains(package.get("SourceHarvestNames"), harvest_contains)
            and (max_quantity is None or float(package.get("Quantity") or 0) <= max_quantity)
        ):
            found.append(package)
    return paged(
        found,
        page,
        page_size,
        _in_transit if which == "intransit" else trim_package,
        license_number=license_number,
        quantity_totals=totals_by_unit(found),
    )


@tool("packages", title="List active packages", returns=PackagePage)
async def list_active_packages(
    license_number: LicenseNumber,
    item_contains: ItemFilter = None,
    category: CategoryFilter = None,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    lab_testing_state: LabStateFilter = None,
    harvest_contains: HarvestFilter = None,
    max_quantity: MaxQuantity = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's active packages (its inventory on hand), filtered as asked.

    Each package shows its label, item, category, strain, quantity and unit, location,
    packaged date, lab-testing state and any flags (OnHold, RequiresRemediation...);
    `quantity_totals` sums the filtered packages per unit. max_quantity=0 finds empty
    packages that should be finished. Use get_package for one package's full details.
    """
    return await _package_list(
        "active", license_number, item_contains, category, strain, location,
        lab_testing_state, harvest_contains, max_quantity, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("packages", title="List packages on hold", returns=PackagePage)
async def list_on_hold_packages(
    license_number: LicenseNumber,
    item_contains: ItemFilter = None,
    category: CategoryFilter = None,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    lab_testing_state: LabStateFilter = None,
    harvest_contains: HarvestFilter = None,
    max_quantity: MaxQuantity = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's packages on hold (frozen by the state or the licensee; they cannot be
    sold, moved out or transferred until released), filtered as asked.

    Same fields and filters as list_active_packages.
    """
    return await _package_list(
        "onhold", license_number, item_contains, category, strain, location,
        lab_testing_state, harvest_contains, max_quantity, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("packages", title="List inactive packages", returns=PackagePage)
async def list_inactive_packages(
    license_number: LicenseNumber,
    item_contains: ItemFilter = None,
    category: CategoryFilter = None,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    lab_testing_state: LabStateFilter = None,
    harvest_contains: HarvestFilter = None,
    max_quantity: MaxQuantity = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's inactive packages: finished (emptied and closed), discontinued or
    transferred away, filtered as asked.

    Use modified_from/modified_to to see what was finished recently; unfinish_packages
    reopens one finished by mistake. Same fields and filters as list_active_packages.
    """
    return await _package_list(
        "inactive", license_number, item_contains, category, strain, location,
        lab_testing_state, harvest_contains, max_quantity, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("packages", title="List packages in transit", returns=PackagePage)
async def list_in_transit_packages(
    license_number: LicenseNumber,
    item_contains: ItemFilter = None,
    category: CategoryFilter = None,
    strain: StrainFilter = None,
    location: LocationFilter = None,
    lab_testing_state: LabStateFilter = None,
    harvest_contains: HarvestFilter = None,
    max_quantity: MaxQuantity = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's packages on an outgoing manifest that the recipient has not yet received.

    Same fields and filters as list_active_packages; list_outgoing_transfers shows the
    manifests themselves.
    """
    return await _package_list(
        "intransit", license_number, item_contains, category, strain, location,
        lab_testing_state, harvest_contains, max_quantity, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("packages", title="Get a package", returns=PackageFound)
async def get_package(license_number: LicenseNumber, label: PackageLabel) -> dict[str, Any]:
    """Get one package's details by its label: item, quantity, location, dates, lab-testing
    state and result expiry, sources (harvests and packages), where it was received from,
    and its flags.

    Works for active, on-hold, finished and in-transit packages of the licence. Use
    list_package_lab_results for its test results.
    """
    metrc = access()
    package = await find_package(metrc, license_number, label)
    return {"license_number": license_number, "package": _detail(package)}


@tool("packages", title="List package adjustments", returns=AdjustmentPage)
async def list_package_adjustments(
    license_number: LicenseNumber,
    label: Annotated[
        PackageLabel | None, Field(description="Only the adjustments of this package.")
    ] = None,
    reason: Annotated[
        str | None, Field(max_length=100, description="Only adjustments with this reason.")
    ] = None,
    from_date: Annotated[
        date | None, Field(description="Only adjustments on or after this day.")
    ] = None,
    to_date: Annotated[
        date | None, Field(description="Only adjustments on or before this day.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's package adjustment history (quantity changes with their reasons),
    newest first.

    Each shows the package, item, signed quantity change and unit, reason, note and date;
    `quantity_totals` sums the filtered changes per unit. Use adjust_package to add one.
    """
    metrc = access()
    adjustments = await metrc.client.package_adjustments(
        license_number, credentials=metrc.credentials
    )
    first, last = str(from_date or ""), str(to_date or "9999")
    found = [
        a
        for a in adjustments
        if same(a.get("PackageLabel"), label)
        and same(a.get("AdjustmentReasonName"), reason)
        and first <= str(a.get("AdjustmentDate") or "")[:10] <= last
    ]
    found.sort(key=lambda a: str(a.get("AdjustmentDate")), reverse=True)
    return paged(
        found,
        page,
        page_size,
        lambda a: compact(a, ADJUSTMENT_FIELDS),
        license_number=license_number,
        quantity_totals=totals_by_unit(found, "AdjustmentQuantity", "AdjustmentUnitOfMeasureName"),
    )


@tool("packages", title="List package adjustment reasons", returns=AdjustmentReasons)
async def list_package_adjustment_reasons(license_number: LicenseNumber) -> dict[str, Any]:
    """List the reasons a facility may give when adjusting a package, and which need a note.

    adjust_package takes one of these names (e.g. Drying, Scale Variance, Waste).
    """
    metrc = access()
    reasons = await metrc.client.package_adjust_reasons(
        license_number, credentials=metrc.credentials
    )
    fields = ("Name", "RequiresNote", "RequiresWasteWeight")
    return {"total": len(reasons), "items": [compact(r, fields) for r in reasons]}


@tool("packages", title="List package types", returns=Names)
async def list_package_types() -> dict[str, Any]:
    """List the package types Metrc knows (Packages GetTypes: Product, ImmaturePlant,
    VegetativePlant, PlantWaste, HarvestWaste...)."""
    metrc = access()
    types = await metrc.client.package_types(credentials=metrc.credentials)
    return {"total": len(types), "items": [{"Name": str(name)} for name in types]}
