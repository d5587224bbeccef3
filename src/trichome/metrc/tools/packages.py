"""Package tools: lists and details, adjustments, new packages, moves, finishing, testing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.inventory import (
    PackageAdjustment,
    PackageCreate,
    PackageFinish,
    PackageIngredient,
    PackageMove,
    PackageRemediation,
)
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    LabTestingState,
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    PackageLabel,
    Page,
    PageSize,
    Paging,
    QuantityTotals,
    UnitOfMeasure,
    Written,
    compact,
    contains,
    find_each,
    modified_between,
    paged,
    plural,
    same,
    shape,
    totals_by_unit,
    written,
)

Record = dict[str, Any]
PACKAGE_FIELDS = (
    "Id",
    "Label",
    "Quantity",
    "UnitOfMeasureName",
    "LocationName",
    "PackagedDate",
    "LabTestingState",
    "ExpirationDate",
    "SellByDate",
    "UseByDate",
    "SourceHarvestNames",
    "FinishedDate",
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
FLAGS = {
    "IsOnHold": "OnHold",
    "IsFinished": "Finished",
    "IsInTransit": "InTransit",
    "IsTestingSample": "TestingSample",
    "ProductRequiresRemediation": "RequiresRemediation",
}
ADJUSTMENT_FIELDS = (
    "PackageLabel",
    "ItemName",
    "Quantity",
    "UnitOfMeasureName",
    "AdjustmentReasonName",
    "AdjustmentNote",
    "AdjustmentDate",
)
FAILED_STATES = ("TestFailed", "RetestFailed")
RemediationMethod = Literal["Remediation", "Decontamination", "Further Processing"]
PackageLabels = Annotated[
    list[PackageLabel],
    Field(min_length=1, max_length=100, description="The package labels (1 to 100)."),
]
OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]
Sublocation = Annotated[
    str | None,
    Field(max_length=100, description="A sublocation within it, if the state uses them."),
]

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


class Ingredient(BaseModel):
    """Quantity taken from one source package."""

    package_label: PackageLabel
    quantity: Annotated[float, Field(gt=0, description="How much to take from it.")]
    unit_of_measure: Annotated[
        UnitOfMeasure, Field(description="The unit of that quantity (convertible to its unit).")
    ]


PackageFlag = Literal["OnHold", "Finished", "InTransit", "TestingSample", "RequiresRemediation"]


@shape
class Package(TypedDict):
    """A package in brief: what it holds, where, and its lab-testing state."""

    Id: NotRequired[int]
    Label: NotRequired[str]
    Item: NotRequired[Annotated[str, Field(description="The item's name.")]]
    Category: NotRequired[Annotated[str, Field(description="The item's product category.")]]
    Strain: NotRequired[Annotated[str, Field(description="The item's strain.")]]
    Quantity: NotRequired[float]
    UnitOfMeasureName: NotRequired[str]
    LocationName: NotRequired[str]
    PackagedDate: NotRequired[str]
    LabTestingState: NotRequired[str]
    ExpirationDate: NotRequired[str]
    SellByDate: NotRequired[str]
    UseByDate: NotRequired[str]
    SourceHarvestNames: NotRequired[
        Annotated[str, Field(description="The source harvests' names, comma-separated.")]
    ]
    FinishedDate: NotRequired[str]
    Flags: NotRequired[
        Annotated[list[PackageFlag], Field(description="The package's flags that are set.")]
    ]


@shape
class PackageDetail(Package):
    """A package in full: also its sources, lab result expiry and where it came from."""

    PackageType: NotRequired[str]
    SourcePackageLabels: NotRequired[
        Annotated[str, Field(description="The source packages' labels, comma-separated.")]
    ]
    LabTestingStateDate: NotRequired[str]
    LabTestResultExpirationDateTime: NotRequired[str]
    ProductionBatchNumber: NotRequired[str]
    RemediationDate: NotRequired[str]
    Note: NotRequired[str]
    ItemFromFacilityLicenseNumber: NotRequired[str]
    ReceivedFromFacilityLicenseNumber: NotRequired[str]
    ReceivedFromFacilityName: NotRequired[str]
    ReceivedFromManifestNumber: NotRequired[str]
    ReceivedDateTime: NotRequired[str]
    ArchivedDate: NotRequired[str]
    LastModified: NotRequired[str]


@shape
class PackagePage(Paging):
    """A page of a facility's packages."""

    license_number: str
    quantity_totals: QuantityTotals
    items: list[Package]


@shape
class PackageFound(TypedDict):
    """One package of a licence."""

    license_number: str
    package: PackageDetail


@shape
class Adjustment(TypedDict):
    """A package adjustment: a signed quantity change with its reason."""

    PackageLabel: NotRequired[str]
    ItemName: NotRequired[str]
    Quantity: NotRequired[float]
    UnitOfMeasureName: NotRequired[str]
    AdjustmentReasonName: NotRequired[str]
    AdjustmentNote: NotRequired[str]
    AdjustmentDate: NotRequired[str]


@shape
class AdjustmentPage(Paging):
    """A page of a facility's package adjustments, newest first."""

    license_number: str
    quantity_totals: QuantityTotals
    items: list[Adjustment]


@shape
class AdjustmentReason(TypedDict):
    """A reason a package may be adjusted for."""

    Name: NotRequired[str]
    RequiresNote: NotRequired[bool]
    RequiresWasteWeight: NotRequired[bool]


@shape
class AdjustmentReasons(TypedDict):
    """The reasons a facility may give when adjusting a package."""

    total: Count
    items: list[AdjustmentReason]


def trim_package(record: Mapping[str, Any], fields: Sequence[str] = PACKAGE_FIELDS) -> Record:
    """A package as tools show it: its fields, its item in brief, and the flags that are set."""
    item = record.get("Item") or {}
    brief = {
        "Item": item.get("Name"),
        "Category": item.get("ProductCategoryName"),
        "Strain": item.get("StrainName"),
    }
    result = compact(record, fields[:2])
    result.update(compact(brief, tuple(brief)))
    result.update(compact(record, fields[2:]))
    flags = [name for key, name in FLAGS.items() if record.get(key) is True]
    if flags:
        result["Flags"] = flags
    return result


def _detail(record: Mapping[str, Any]) -> Record:
    return trim_package(record, DETAIL_FIELDS)


def unknown_packages(labels: Sequence[str], license_number: str) -> ToolProblem:
    """The problem of labels Metrc does not know at a licence."""
    return ToolProblem(
        f"{plural(len(labels), 'package')} not found at licence {license_number}: "
        f"{', '.join(labels)}. Check the labels, or find them with list_active_packages "
        "(list_inactive_packages for finished ones)."
    )


async def find_package(metrc: MetrcAccess, license_number: str, label: str) -> Record:
    """One package of the licence by label.

    Raises:
        ToolProblem: no such package at this licence.
    """
    found = await find_packages(metrc, license_number, [label])
    return next(iter(found.values()))


async def find_packages(
    metrc: MetrcAccess, license_number: str, labels: Sequence[str]
) -> dict[str, Record]:
    """Packages of the licence by label (each once, in the order given).

    Raises:
        ToolProblem: any label is not at this licence (all such labels are named).
    """

    async def read(label: str) -> Record:
        return await metrc.client.package(
            license_number, label=label, credentials=metrc.credentials
        )

    return await find_each(labels, read, lambda lost: unknown_packages(lost, license_number))


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
        trim_package,
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
    found.sort(key=lambda a: (str(a.get("AdjustmentDate")), a.get("Id") or 0), reverse=True)
    return paged(
        found,
        page,
        page_size,
        lambda a: compact(a, ADJUSTMENT_FIELDS),
        license_number=license_number,
        quantity_totals=totals_by_unit(found),
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


async def _same_item(metrc: MetrcAccess, license_number: str, labels: Sequence[str]) -> str:
    sources = await find_packages(metrc, license_number, labels)
    names = {str((p.get("Item") or {}).get("Name")) for p in sources.values()}
    if len(names) != 1:
        raise ToolProblem(
            f"The source packages hold different items ({', '.join(sorted(names))}); name the "
            "new package's item."
        )
    return names.pop()


@tool("packages", title="Create a package from packages", read_only=False, returns=Written)
async def create_package(
    license_number: LicenseNumber,
    tag: Annotated[PackageLabel, Field(description="An unused package tag for the new package.")],
    quantity: Annotated[float, Field(gt=0, description="The new package's quantity.")],
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")],
    ingredients: Annotated[
        list[Ingredient],
        Field(min_length=1, max_length=50, description="What is taken from which packages."),
    ],
    item: Annotated[
        str | None,
        Field(
            max_length=150,
            description="The new package's item name; leave out to keep the sources' item.",
        ),
    ] = None,
    location: Annotated[
        str | None,
        Field(max_length=100, description="Where it is kept; defaults to the source's location."),
    ] = None,
    production_batch_number: Annotated[
        str | None,
        Field(max_length=100, description="Set to mark it a production batch with this number."),
    ] = None,
    expiration_date: Annotated[date | None, Field(description="Its expiration date.")] = None,
    note: Annotated[str | None, Field(max_length=500, description="A note on it.")] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Create a new package from quantities of existing packages (repackaging, combining,
    pre-rolls from buds...). The sources lose what is taken; the new one inherits their lab
    state when they share it.

    Needs an unused package tag (list_available_package_tags). For packages made straight
    from a harvest use create_harvest_packages; for a lab sample use
    submit_package_for_testing.
    """
    metrc = access()
    labels = [ingredient.package_label for ingredient in ingredients]
    item_name = item.strip() if item else await _same_item(metrc, license_number, labels)
    if item:
        await find_packages(metrc, license_number, labels)
    body = PackageCreate(
        tag=tag,
        item=item_name,
        use_same_item=None if item else True,
        quantity=quantity,
        unit_of_measure=unit_of_measure,
        location=location,
        note=note,
        is_production_batch=True if production_batch_number else None,
        production_batch_number=production_batch_number,
        expiration_date=expiration_date,
        actual_date=actual_date or metrc.as_of(),
        ingredients=[
            PackageIngredient(
                package=i.package_label, quantity=i.quantity, unit_of_measure=i.unit_of_measure
            )
            for i in ingredients
        ],
    )
    result = await metrc.client.create_packages(
        license_number, [body], credentials=metrc.credentials
    )
    return written(
        result,
        f"Created package {tag} with {quantity:g} {unit_of_measure} of {item_name} from "
        f"{plural(len(set(labels)), 'package')}.",
    )


@tool("packages", title="Adjust a package", read_only=False, returns=Written)
async def adjust_package(
    license_number: LicenseNumber,
    label: PackageLabel,
    quantity: Annotated[
        float,
        Field(description="The change, not the new total: negative to reduce (e.g. -3.5)."),
    ],
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of the change.")],
    reason: Annotated[
        str,
        Field(
            min_length=1,
            max_length=100,
            description="An adjustment reason from list_package_adjustment_reasons.",
        ),
    ],
    reason_note: Annotated[
        str | None,
        Field(max_length=500, description="Why; required by some reasons (e.g. Waste)."),
    ] = None,
    adjustment_date: OptionalDay = None,
) -> dict[str, Any]:
    """Adjust a package's quantity by a signed amount, with a reason (drying loss, scale
    variance, waste, entry error...). Metrc keeps it in the adjustment history.

    To close an empty package, adjust it to zero first and then call finish_packages.
    Not for sales (create_sales_receipt) or moving quantity into another package
    (create_package).
    """
    if quantity == 0:
        raise ToolProblem("The change is zero, so there is nothing to adjust.")
    metrc = access()
    before = await find_package(metrc, license_number, label)
    result = await metrc.client.adjust_packages(
        license_number,
        [
            PackageAdjustment(
                label=label,
                quantity=quantity,
                unit_of_measure=unit_of_measure,
                adjustment_reason=reason,
                reason_note=reason_note,
                adjustment_date=adjustment_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Adjusted package {label} by {quantity:+g} {unit_of_measure} ({reason}); it held "
        f"{before.get('Quantity')} {before.get('UnitOfMeasureName')} before.",
    )


@tool("packages", title="Move packages", read_only=False, idempotent=True, returns=Written)
async def move_packages(
    license_number: LicenseNumber,
    labels: PackageLabels,
    location: Annotated[
        str, Field(min_length=1, max_length=100, description="The location to move them to.")
    ],
    sublocation: Sublocation = None,
    move_date: OptionalDay = None,
) -> dict[str, Any]:
    """Move packages to another location of the same facility (e.g. Vault to Sales Floor).

    Packages already there are skipped. To send packages to another licence, use a transfer
    (create_transfer_template).
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    moving = [
        label
        for label, package in packages.items()
        if not same(package.get("LocationName"), location) or sublocation
    ]
    if not moving:
        raise ToolProblem(f"All of these packages are already at {location}; nothing to move.")
    result = await metrc.client.move_packages(
        license_number,
        [
            PackageMove(
                label=label,
                location=location,
                sublocation=sublocation,
                move_date=move_date or metrc.as_of(),
            )
            for label in moving
        ],
        credentials=metrc.credentials,
    )
    skipped = len(packages) - len(moving)
    note = f" ({plural(skipped, 'package')} already there)" if skipped else ""
    return written(result, f"Moved {plural(len(moving), 'package')} to {location}{note}.")


@tool(
    "packages",
    title="Finish packages",
    read_only=False,
    destructive=True,
    idempotent=True,
    returns=Written,
)
async def finish_packages(
    license_number: LicenseNumber, labels: PackageLabels, actual_date: OptionalDay = None
) -> dict[str, Any]:
    """Finish (close) empty packages: finishing records that a package is used up and moves it
    to the inactive list. It does NOT mean ready for sale.

    Every package must already hold 0; adjust_package it to zero (with a reason) first.
    unfinish_packages reopens a package finished by mistake.
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    holding = [
        f"{label} ({p.get('Quantity')} {p.get('UnitOfMeasureName')})"
        for label, p in packages.items()
        if float(p.get("Quantity") or 0) > 0
    ]
    if holding:
        raise ToolProblem(
            f"Only empty packages can be finished, and {plural(len(holding), 'package')} still "
            f"hold something: {', '.join(holding)}. Adjust them to zero with adjust_package "
            "first (with a reason), or leave them active."
        )
    already = [label for label, p in packages.items() if p.get("IsFinished") is True]
    if already:
        raise ToolProblem(f"Already finished: {', '.join(already)}; nothing to do for them.")
    result = await metrc.client.finish_packages(
        license_number,
        [
            PackageFinish(label=label, actual_date=actual_date or metrc.as_of())
            for label in packages
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Finished {plural(len(packages), 'package')}.")


@tool("packages", title="Unfinish packages", read_only=False, idempotent=True, returns=Written)
async def unfinish_packages(license_number: LicenseNumber, labels: PackageLabels) -> dict[str, Any]:
    """Reopen finished packages (undo finish_packages), returning them to the active list
    with the quantity they had (normally 0).
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    open_ = [label for label, p in packages.items() if p.get("IsFinished") is not True]
    if open_:
        raise ToolProblem(f"Not finished, so nothing to reopen: {', '.join(open_)}.")
    result = await metrc.client.unfinish_packages(
        license_number, list(packages), credentials=metrc.credentials
    )
    return written(result, f"Reopened {plural(len(packages), 'package')}.")


@tool("packages", title="Remediate packages", read_only=False, destructive=True, returns=Written)
async def remediate_packages(
    license_number: LicenseNumber,
    labels: PackageLabels,
    method: Annotated[RemediationMethod, Field(description="How the product was remediated.")],
    steps: Annotated[
        str, Field(min_length=1, max_length=1000, description="What was done, step by step.")
    ],
    remediation_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record the remediation of packages that failed lab testing (e.g. decontamination); their
    lab state becomes Remediated and they need a retest sample (submit_package_for_testing)
    before they can be sold.

    Only packages in TestFailed or RetestFailed can be remediated.
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    passed = [
        f"{label} ({p.get('LabTestingState')})"
        for label, p in packages.items()
        if p.get("LabTestingState") not in FAILED_STATES
    ]
    if passed:
        raise ToolProblem(
            f"Only packages that failed testing can be remediated; these have not: "
            f"{', '.join(passed)}."
        )
    result = await metrc.client.remediate_packages(
        license_number,
        [
            PackageRemediation(
                package_label=label,
                remediation_method_name=method,
                remediation_date=remediation_date or metrc.as_of(),
                remediation_steps=steps,
            )
            for label in packages
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Remediated {plural(len(packages), 'package')} ({method}).")


@tool("packages", title="Submit a package for testing", read_only=False, returns=Written)
async def submit_package_for_testing(
    license_number: LicenseNumber,
    source_label: Annotated[PackageLabel, Field(description="The package to sample.")],
    tag: Annotated[PackageLabel, Field(description="An unused package tag for the sample.")],
    quantity: Annotated[float, Field(gt=0, description="The sample's quantity.")],
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")],
    required_lab_test_batches: Annotated[
        list[str] | None,
        Field(
            max_length=20,
            description="Lab test batches the sample needs (list_lab_test_batches), if any.",
        ),
    ] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Take a lab sample from a package: creates a testing sample package with a new tag and
    marks the source SubmittedForTesting. The sample then goes to a lab on a transfer.

    The source must be at this facility; its item is kept.
    """
    metrc = access()
    source = await find_package(metrc, license_number, source_label)
    item_name = str((source.get("Item") or {}).get("Name"))
    result = await metrc.client.submit_packages_for_testing(
        license_number,
        [
            PackageCreate(
                tag=tag,
                item=item_name,
                quantity=quantity,
                unit_of_measure=unit_of_measure,
                actual_date=actual_date or metrc.as_of(),
                required_lab_test_batches=required_lab_test_batches or None,
                ingredients=[
                    PackageIngredient(
                        package=source_label, quantity=quantity, unit_of_measure=unit_of_measure
                    )
                ],
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Created testing sample {tag} ({quantity:g} {unit_of_measure} of {item_name}) from "
        f"{source_label}, which is now submitted for testing.",
    )
