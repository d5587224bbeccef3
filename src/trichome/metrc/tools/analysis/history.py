"""The package_history skill as a tool, and the shape of its answer."""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import history
from trichome.metrc.skills.base import Day, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber, PackageLabel


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
    },
)
shape(ManifestEntry)
ManifestEntry.__doc__ = "A manifest the package came in on (from) or left on (to)."


@shape
class Balance(TypedDict):
    """Where the package's quantity went (and, when it was received, what is unexplained)."""

    sold: float
    processed: float
    # Processed inferred from what is missing: a job made packages from it but no job lists
    # what it took (Metrc's jobs do not).
    processed_inferred: bool
    adjusted: float
    received: NotRequired[float]
    expected_now: NotRequired[float]
    now: NotRequired[float]
    unexplained: NotRequired[float]
    # Not received: the quantity it must have started with (now + sold + processed - adjusted).
    implied_start: NotRequired[float]


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
    made_by_processing: Annotated[
        list[str], Field(description="Those of them a processing job made.")
    ]
    balance: Balance
    timeline: list[Event]
    voided_sales: list[Sale]
    location_history: str


@shape
class HistoryAnswer(SkillAnswer):
    """The full lifecycle of one package."""

    parameters: HistoryParameters
    details: HistoryDetails


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
