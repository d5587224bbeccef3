"""Analysis skills as tools: inventory, transfers, a package's history, yields, sales, waste."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import history, inventory, sales, strains, transfers, waste, yields
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, End, Start, date_range, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber, PackageLabel


@shape
class Group(TypedDict):
    """Packages sharing a category, item, strain, location or lab state."""

    name: Annotated[str, Field(description="The group's value; (none) when it has none.")]
    packages: int
    quantity: Annotated[dict[str, float], Field(description="Quantity per unit of measure.")]


@shape
class Held(TypedDict):
    """Packages on hold or in transit and their quantities."""

    totals: Annotated[dict[str, float], Field(description="Quantity per unit of measure.")]
    packages: Annotated[list[str], Field(description="Package labels.")]


@shape
class NotItemised(TypedDict):
    """What a reconstructed past inventory cannot itemise."""

    manifests: int
    packages: int
    receipts_read: int


@shape
class InventoryDetails(TypedDict):
    """Inventory grouped several ways; holds and transit now, or how a past day was rebuilt."""

    mode: Literal["current", "reconstructed"]
    totals: Annotated[dict[str, float], Field(description="Quantity per unit of measure.")]
    by_category: list[Group]
    by_item: list[Group]
    by_strain: list[Group]
    by_location: list[Group]
    by_lab_state: list[Group]
    on_hold: NotRequired[Held]
    in_transit: NotRequired[Held]
    not_itemised: NotRequired[NotItemised]
    method: NotRequired[str | None]
    limits: NotRequired[list[str]]


@shape
class InventoryParameters(TypedDict):
    """How many groups inventory_snapshot listed."""

    top_items: int


@shape
class InventoryAnswer(SkillAnswer):
    """A facility's inventory on a day."""

    parameters: InventoryParameters
    details: InventoryDetails


@shape
class DayRange(TypedDict):
    """The days a skill read."""

    start: Day
    end: Day


@shape
class Partner(TypedDict):
    """Manifests exchanged with one partner."""

    incoming: int
    outgoing: int
    packages: int


@shape
class ManifestSizes(TypedDict):
    """Packages per manifest."""

    min: int
    max: int
    average: float


ManifestStatus = Literal["received", "partially_rejected", "rejected", "pending", "overdue"]


@shape
class ManifestRow(TypedDict):
    """A manifest in a transfer summary."""

    manifest: str
    direction: Literal["incoming", "outgoing"]
    status: ManifestStatus
    type: str | None
    partner_license: str | None
    partner: str | None
    departed: str
    due: str
    received: Day | None
    days_late: int
    packages: int
    rejected_packages: int


@shape
class TransferDetails(TypedDict):
    """Manifests in and out by status, type and partner, their sizes and rejections."""

    by_status: dict[ManifestStatus, int]
    by_type: dict[str, int]
    by_partner: Annotated[
        dict[str, Partner], Field(description="By 'partner name (licence)', most packages first.")
    ]
    packages_per_manifest: ManifestSizes
    rejection_reasons: dict[str, int]
    manifests: Annotated[list[ManifestRow], Field(description="The most recent ones.")]


@shape
class TransferAnswer(SkillAnswer):
    """A facility's transfer activity over a range."""

    parameters: DayRange
    details: TransferDetails


@shape
class HistoryParameters(TypedDict):
    """The package and the days of sales scanned."""

    label: str
    sales_start: Day
    sales_end: Day


@shape
class PackageState(TypedDict):
    """The package as Metrc has it now."""

    Label: str | None
    PackageType: str | None
    Quantity: float | None
    UnitOfMeasureName: str | None
    LocationName: str | None
    PackagedDate: str | None
    LabTestingState: str | None
    LabTestResultExpirationDateTime: str | None
    ExpirationDate: str | None
    UseByDate: str | None
    SellByDate: str | None
    IsOnHold: bool | None
    Note: str | None
    IsFinished: bool | None
    FinishedDate: str | None
    ReceivedDateTime: str | None
    ReceivedFromFacilityName: str | None
    ReceivedFromManifestNumber: str | None
    Item: str
    Strain: str | None


@shape
class SourceHarvest(TypedDict):
    """A harvest the package came from (its facts when this licence can see it)."""

    name: str
    visible: bool
    started: NotRequired[str | None]
    strains: NotRequired[str | list[str] | None]
    plants: NotRequired[int | None]
    wet_weight: NotRequired[float | None]
    finished: NotRequired[str | None]


@shape
class SourcePackage(TypedDict):
    """A package it was made from."""

    label: str
    visible: bool
    item: NotRequired[str]
    packaged: NotRequired[str | None]


@shape
class TestLevel(TypedDict):
    """One test type's level."""

    test: str | None
    level: float | None
    passed: bool | None


@shape
class LabTest(TypedDict):
    """The lab results of one test day."""

    tested: Day
    overall_passed: bool
    lab: str | None
    thc: float | None
    thc_unit: str | None
    expires: Day | None
    failed_tests: list[str]
    tests: list[TestLevel]


@shape
class AdjustmentRow(TypedDict):
    """An adjustment of the package."""

    date: str | None
    quantity: float | None
    unit: str | None
    reason: str | None
    note: str | None


# "from" is a Python keyword, so this shape is spelled the functional way.
ManifestEntry = TypedDict(
    "ManifestEntry",
    {
        "manifest": str,
        "direction": Literal["incoming", "outgoing"],
        # incoming
        "from": NotRequired[str | None],
        "arrived": NotRequired[str | None],
        "received_quantity": NotRequired[float | None],
        "shipped_quantity": NotRequired[float | None],
        # outgoing
        "to": NotRequired[str | None],
        "departed": NotRequired[str | None],
        "state": NotRequired[str | None],
        "rejection_reason": NotRequired[str | None],
    },
)
shape(ManifestEntry)
ManifestEntry.__doc__ = "A manifest the package came in on (from) or left on (to)."


@shape
class Balance(TypedDict):
    """Where the package's quantity went (and, when it was received, what is unexplained)."""

    sold: float
    processed: float
    adjusted: float
    received: NotRequired[float]
    expected_now: NotRequired[float]
    now: NotRequired[float]
    unexplained: NotRequired[float]


@shape
class Event(TypedDict):
    """A dated event in the package's life."""

    date: str
    event: str


@shape
class Sale(TypedDict):
    """A receipt line that drew on the package."""

    receipt: str | None
    sold: str | None
    quantity: float
    price: float


@shape
class HistoryDetails(TypedDict):
    """One package's life: sources, lab tests, adjustments, manifests, sales and balance."""

    package: PackageState
    source_harvests: list[SourceHarvest]
    source_packages: list[SourcePackage]
    lab_tests: list[LabTest]
    adjustments: list[AdjustmentRow]
    manifests: list[ManifestEntry]
    processing_jobs: list[str | None]
    packages_made_from_it: Annotated[list[str], Field(description="Package labels.")]
    balance: Balance
    timeline: list[Event]
    voided_sales: list[Sale]
    location_history: str


@shape
class HistoryAnswer(SkillAnswer):
    """The full lifecycle of one package."""

    parameters: HistoryParameters
    details: HistoryDetails


@shape
class YieldParameters(TypedDict):
    """The harvests' days and the limits yield_analysis used."""

    start: Day
    end: Day
    low_yield_ratio: float
    outlier_share: float


@shape
class Yields(TypedDict):
    """Weights (grams) and ratios over some harvests (ratios over the packaged ones)."""

    harvests: int
    packaged_harvests: int
    plants: int
    wet_g: float
    waste_g: float
    packaged_g: float
    remaining_g: float
    yield_ratio: float | None
    waste_ratio: float | None
    wet_g_per_plant: float | None
    packaged_g_per_plant: float | None


@shape
class HalfYields(TypedDict):
    """Yields of one half of the range."""

    harvests: int
    packaged_g_per_plant: float | None
    yield_ratio: float | None


@shape
class Trend(TypedDict):
    """Yields of the range's first half against its second."""

    first_half: HalfYields
    second_half: HalfYields
    packaged_per_plant_change_pct: float | None


@shape
class HarvestYield(TypedDict):
    """One harvest's weights (grams) and ratios."""

    harvest: str | None
    started: str | None
    finished: str | None
    strain: str
    plants: int
    wet_g: float
    waste_g: float
    packaged_g: float
    remaining_g: float
    packages: int
    packaged: bool
    yield_ratio: float | None
    waste_ratio: float | None
    wet_g_per_plant: float | None
    packaged_g_per_plant: float | None


@shape
class YieldDetails(TypedDict):
    """Yields in total, per strain, per month, their trend, and per harvest."""

    totals: Yields
    by_strain: dict[str, Yields]
    by_month: Annotated[dict[str, Yields], Field(description="By month, YYYY-MM.")]
    trend: Trend
    harvests: list[HarvestYield]


@shape
class YieldAnswer(SkillAnswer):
    """Yield metrics of a facility's harvests."""

    parameters: YieldParameters
    details: YieldDetails


@shape
class SalesParameters(TypedDict):
    """The days of sales and the limits sales_analysis used."""

    start: Day
    end: Day
    top_n: int
    compare_previous: bool
    drop_alert_pct: float
    void_alert_pct: float


@shape
class Seller(TypedDict):
    """Sales of a category, product or strain."""

    name: str
    revenue: float
    lines: int
    quantity: Annotated[dict[str, float], Field(description="Quantity sold per unit.")]
    share: Annotated[float, Field(description="Its share of the revenue.")]


@shape
class Weekday(TypedDict):
    """Sales on one day of the week over the range."""

    receipts: int
    revenue: float
    days: int
    average_revenue: float


@shape
class Takings(TypedDict):
    """Receipts and revenue of an hour or a day."""

    receipts: int
    revenue: float


@shape
class DayTakings(Takings):
    """Receipts and revenue of one day."""

    date: Day


@shape
class Period(TypedDict):
    """The figures of the period before the range."""

    start: Day
    end: Day
    revenue: float
    receipts: int
    lines: int
    average_basket: float
    revenue_per_day: float
    voided_receipts: int
    voided_value: float


@shape
class Change(TypedDict):
    """The change from the previous period, in percent (null when it had none)."""

    revenue: float | None
    receipts: float | None
    average_basket: float | None


@shape
class SalesDetails(TypedDict):
    """Sales by category, product, strain, weekday, hour and day, and against before."""

    by_category: list[Seller]
    top_products: list[Seller]
    top_strains: list[Seller]
    by_weekday: dict[str, Weekday]
    by_hour: Annotated[dict[str, Takings], Field(description="By hour, HH:00.")]
    daily: Annotated[dict[str, Takings], Field(description="By day, YYYY-MM-DD.")]
    best_day: DayTakings | None
    worst_open_day: DayTakings | None
    days_without_sales: list[Day]
    customer_types: dict[str, int]
    previous_period: NotRequired[Period]
    change_pct: NotRequired[Change]


@shape
class SalesAnswer(SkillAnswer):
    """A dispensary's sales patterns over a range."""

    parameters: SalesParameters
    details: SalesDetails


@shape
class StrainParameters(TypedDict):
    """The days and the limits strain_performance used."""

    start: Day
    end: Day
    min_pass_rate: float
    low_yield_share: float
    include_shipments: bool


@shape
class StrainSales(TypedDict):
    """What a strain sold."""

    revenue: float
    grams: float
    units: float
    lines: float


@shape
class StrainRow(TypedDict):
    """One strain's yields, lab pass rate, potency and sales."""

    harvests: int
    plants: int
    wet_g_per_plant: float | None
    packaged_g_per_plant: float | None
    yield_ratio: float | None
    packages_tested: int
    passed_first_test: int
    pass_rate: float | None
    thc_pct: float | None
    thc_test: str | None
    thc_by_test: Annotated[dict[str, float], Field(description="Mean THC per test type.")]
    thc_samples: int
    sales: StrainSales | None


@shape
class StrainDetails(TypedDict):
    """Every strain's figures, and whether the facility grows and sells."""

    strains: dict[str, StrainRow]
    grows: bool
    sells: bool


@shape
class StrainAnswer(SkillAnswer):
    """Strains compared across harvests, lab tests and sales."""

    parameters: StrainParameters
    details: StrainDetails


@shape
class WasteParameters(TypedDict):
    """The days and the unit of waste_report."""

    start: Day
    end: Day
    unit: str


@shape
class PlantsDestroyed(TypedDict):
    """Plants destroyed in the range, by their note."""

    count: int
    by_note: dict[str, int]


@shape
class WasteDetails(TypedDict):
    """Waste weight (in `unit`) by source, reason, method and month, and other losses."""

    unit: str
    by_source: dict[str, float]
    by_reason: dict[str, float]
    by_method: dict[str, float]
    by_month: Annotated[dict[str, float], Field(description="By month, YYYY-MM.")]
    unweighed_units_by_reason: dict[str, float]
    other_losses: Annotated[
        dict[str, dict[str, float]], Field(description="Quantity lost per reason and unit.")
    ]
    plants_destroyed: PlantsDestroyed
    packages_wasted: Annotated[list[str], Field(description="Package labels.")]


@shape
class WasteAnswer(SkillAnswer):
    """Waste and destruction records over a range."""

    parameters: WasteParameters
    details: WasteDetails


@tool("analysis", title="Inventory snapshot", skill=True, returns=InventoryAnswer)
async def inventory_snapshot(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    top_items: Annotated[
        int, Field(ge=1, le=500, description="Most groups listed per grouping.")
    ] = 25,
) -> dict[str, Any]:
    """Inventory on hand: counts and quantities by category, item, strain, location, lab state.

    Today (the default), it also lists what is on hold and in transit. For a past as_of (at
    most 366 days back) it reconstructs the end of that day from today's data: packages that
    had come in and were not yet finished, with today's quantity plus later sales less later
    adjustments (reading the receipts since that day). It cannot see packages since shipped
    to other licences (their manifests are counted), quantity drawn without an adjustment
    (samples, ingredients), past locations or past holds; the result lists these limits.
    """
    data = facility(license_number, as_of)
    result = await inventory.inventory_snapshot(data, top_items=top_items)
    return result.as_tool_result()


@tool("analysis", title="Transfer summary", skill=True, returns=TransferAnswer)
async def transfer_summary(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
) -> dict[str, Any]:
    """Manifests in and out over a range of days (default: the 30 days ending as_of).

    Counts incoming, outgoing, fully and partly rejected, pending and overdue manifests (by
    departure day), with packages per manifest, partners, transfer types, late arrivals and
    rejection reasons. Overdue manifests (not received after their estimated arrival) are
    high-severity findings. A recipient does not see manifests it rejected outright (Metrc
    lists those to the shipper).
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=30)
    result = await transfers.transfer_summary(data, start=first, end=last)
    return result.as_tool_result()


@tool("analysis", title="Package history", skill=True, returns=HistoryAnswer)
async def package_history(
    license_number: LicenseNumber,
    label: PackageLabel,
    start: Annotated[
        date | None,
        Field(description="First day of sales to scan (default: the day it came in)."),
    ] = None,
    end: Annotated[
        date | None,
        Field(description="Last day of sales to scan (default: as_of, or the day it finished)."),
    ] = None,
    as_of: AsOf = None,
) -> dict[str, Any]:
    """The full life of one package, by its tag label.

    Shows its item and source harvests or packages, every lab test with results and THC,
    its adjustments here, the manifest it came on (with the quantity received) and any
    pending or rejected manifest it left on, processing jobs it fed, packages made from it,
    the sales that drew on it (scanning receipts from start to end: about 2 requests per
    day), a quantity balance (received - sold - processed + adjustments = now), finishing,
    and a dated timeline. Metrc keeps no location history and hides other licences'
    adjustments.
    """
    data = facility(license_number, as_of)
    result = await history.package_history(
        data, package_label=label, sales_start=start, sales_end=end
    )
    return result.as_tool_result()


@tool("analysis", title="Yield analysis", skill=True, returns=YieldAnswer)
async def yield_analysis(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    low_yield_ratio: Annotated[
        float,
        Field(ge=0, le=1, description="Flag harvests packaging less than this share of wet."),
    ] = 0.15,
    outlier_share: Annotated[
        float,
        Field(ge=0, le=1, description="Flag harvests under this share of their strain's g/plant."),
    ] = 0.8,
) -> dict[str, Any]:
    """Harvest yields over a range of start days (default: the 180 days ending as_of).

    For each harvest and in total, by strain and by month: plants, wet weight, waste,
    packaged weight and what remains, the yield ratio (packaged / wet, over packaged
    harvests), waste ratio, wet and packaged grams per plant; the trend between the first
    and second half of the harvests; low-yield and weak harvests as findings. Growers only.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=180)
    result = await yields.yield_analysis(
        data,
        start=first,
        end=last,
        low_yield_ratio=low_yield_ratio,
        outlier_share=outlier_share,
    )
    return result.as_tool_result()


@tool("analysis", title="Sales analysis", skill=True, returns=SalesAnswer)
async def sales_analysis(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    top_n: Annotated[int, Field(ge=1, le=100, description="Products and strains listed.")] = 10,
    compare_previous: Annotated[
        bool, Field(description="Also read the equally long period before, for the trend.")
    ] = True,
    drop_alert_pct: Annotated[
        float, Field(ge=0, le=100, description="Flag a revenue fall of this percent or more.")
    ] = 20.0,
) -> dict[str, Any]:
    """Sales over a range (default: the 30 days before as_of, as_of itself being partial).

    Revenue, receipts, lines, units sold per unit of measure, average basket, by category,
    top products and strains, by weekday (with the average per weekday) and by hour, daily
    revenue with best and worst days, days without sales, voided receipts and their rate,
    customer types, and the change against the previous period of the same length. Stores
    only; reads about 2 requests per day of the range (twice that with compare_previous).
    """
    data = facility(license_number, as_of)
    first, last = date_range(
        start, end, default_end=data.as_of - timedelta(days=1), default_days=30
    )
    result = await sales.sales_analysis(
        data,
        start=first,
        end=last,
        top_n=top_n,
        compare_previous=compare_previous,
        drop_alert_pct=drop_alert_pct,
    )
    return result.as_tool_result()


@tool("analysis", title="Strain performance", skill=True, returns=StrainAnswer)
async def strain_performance(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    min_pass_rate: Annotated[
        float, Field(ge=0, le=1, description="Flag strains passing first tests below this.")
    ] = 0.9,
    include_shipments: Annotated[
        bool,
        Field(
            description=(
                "Also read the packages of outgoing manifests for the lab state of packages "
                "shipped away (one request per manifest)."
            )
        ),
    ] = True,
) -> dict[str, Any]:
    """Strains compared over a range (default: the 90 days ending as_of).

    Per strain: harvests and plants, wet and packaged grams per plant and the wet-to-packaged
    ratio (growers); share of packages passing their first lab test; mean THC % from lab
    results (one package per source harvest); revenue, grams and units sold (stores).
    Strains with a low pass rate or low yield are findings.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=90)
    result = await strains.strain_performance(
        data,
        start=first,
        end=last,
        min_pass_rate=min_pass_rate,
        include_shipments=include_shipments,
    )
    return result.as_tool_result()


@tool("analysis", title="Waste report", skill=True, returns=WasteAnswer)
async def waste_report(
    license_number: LicenseNumber,
    start: Start = None,
    end: End = None,
    as_of: AsOf = None,
    unit: Annotated[
        Literal["Grams", "Kilograms", "Pounds", "Ounces"],
        Field(description="The unit every weight is converted to."),
    ] = "Kilograms",
) -> dict[str, Any]:
    """Waste and destruction over a range (default: the 90 days ending as_of), in one unit.

    Totals plant waste, plant-batch waste, harvest waste (stems, plant material) and package
    adjustments recording waste (Waste, Spoilage, Destruction...) by source, reason, method
    and month; counts destroyed plants and wasted packages; reports theft and moisture or
    scale adjustments apart (losses, not waste) and count-based waste that has no unit
    weight. Waste adjustments without notes and destroyed plants without waste records are
    findings.
    """
    data = facility(license_number, as_of)
    first, last = date_range(start, end, default_end=data.as_of, default_days=90)
    result = await waste.waste_report(data, start=first, end=last, unit=unit)
    return result.as_tool_result()
