"""Compliance skills as tools: what needs attention, audit readiness, FIFO, checks, expiry."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import attention, audit, compliance, expiry
from trichome.metrc.skills import fifo as fifo_skill
from trichome.metrc.skills.base import CheckRow, Day, SeverityName, SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.registry import tool
from trichome.metrc.tools.results import LicenseNumber

MinTags = Annotated[
    int,
    Field(ge=0, le=100_000, description="Fewest unused plant or package tags that is enough."),
]
StaleHarvestDays = Annotated[
    int,
    Field(ge=1, le=365, description="Days after its start that an open harvest is stale."),
]
LookbackDays = Annotated[
    int,
    Field(
        ge=1,
        le=366,
        description=(
            "Days of history (sales, adjustments, waste) the checks read, ending as_of. A store "
            "reads about 2 × (days + 2) pages of receipts."
        ),
    ),
]
FinishWithinDays = Annotated[
    int,
    Field(ge=0, le=365, description="Days an empty package may stay unfinished."),
]


@shape
class AttentionParameters(TypedDict):
    """The limits needs_attention used."""

    expiring_within_days: int
    lab_pending_days: int
    stale_harvest_days: int
    flowering_days: int
    min_tags: int


@shape
class ChecksDetails(TypedDict):
    """Every check's verdict."""

    checks: list[CheckRow]


@shape
class AttentionAnswer(SkillAnswer):
    """What needs attention at a facility."""

    parameters: AttentionParameters
    details: ChecksDetails


@shape
class AuditParameters(TypedDict):
    """The limits audit_ready used."""

    lookback_days: int
    min_tags: int
    stale_harvest_days: int
    finish_empty_within_days: int
    lab_pending_days: int
    untested_after_days: int


@shape
class Deduction(TypedDict):
    """Points a failed check took off the audit score."""

    check: str
    area: str
    severity: SeverityName
    points: int
    count: int


@shape
class AuditDetails(TypedDict):
    """The audit's grade, its deductions and every check's verdict."""

    grade: Literal["A", "B", "C", "D", "F"]
    ready: Annotated[bool, Field(description="True for grades A and B.")]
    deductions: list[Deduction]
    areas: Annotated[
        dict[str, Literal["ok", "gap"]], Field(description="Each audited area's state.")
    ]
    checks: list[CheckRow]


@shape
class AuditAnswer(SkillAnswer):
    """A facility's audit readiness."""

    parameters: AuditParameters
    details: AuditDetails


@shape
class FifoParameters(TypedDict):
    """The limits fifo used."""

    lookback_days: int
    aged_after_days: int
    expiry_risk_days: int


@shape
class HeldPackage(TypedDict):
    """A usable package on hand: when it came, how much, where, and any expiry risk."""

    label: str
    arrived: Day | None
    days_on_hand: int | None
    quantity: float
    unit: str
    location: str | None
    risk: Annotated[str | None, Field(description="Why it may go to waste, if it may.")]


@shape
class NextPackage(HeldPackage):
    """The package of an item to draw on next (the oldest usable one)."""

    item: str


@shape
class DrawnPackage(TypedDict):
    """A newer package drawn on while older stock of its item waited."""

    label: str
    arrived: Day | None
    draws: int
    amount: float
    how: list[Literal["sale", "shipment", "processing"]]
    last: Day


@shape
class Violation(TypedDict):
    """An item whose older packages were bypassed for newer ones."""

    item: str
    bypassed: list[HeldPackage]
    newer_drawn: list[DrawnPackage]


@shape
class Window(TypedDict):
    """The days the draws were read over."""

    start: Day
    end: Day


@shape
class DrawsByKind(TypedDict):
    """How many draws of each kind were read."""

    sale: int
    shipment: int
    processing: int


@shape
class FifoDetails(TypedDict):
    """FIFO violations, aged stock, and what to draw on next."""

    window: Window
    draws_by_kind: DrawsByKind
    violations: list[Violation]
    aged: list[HeldPackage]
    pull_next: list[NextPackage]


@shape
class FifoAnswer(SkillAnswer):
    """A facility's first-in-first-out compliance."""

    parameters: FifoParameters
    details: FifoDetails


@shape
class ComplianceParameters(TypedDict):
    """The limits compliance_check used."""

    lookback_days: int
    min_tags: int
    stale_harvest_days: int
    finish_empty_within_days: int


@shape
class ComplianceAnswer(SkillAnswer):
    """A facility's compliance checks."""

    parameters: ComplianceParameters
    details: ChecksDetails


@shape
class ExpiryParameters(TypedDict):
    """The bucket limits expiration_tracker used."""

    soon_days: int
    within_days: int
    horizon_days: int


@shape
class ExpiringPackage(TypedDict):
    """A package in an expiry bucket."""

    label: str
    item: str
    quantity: float
    unit: str
    location: str | None
    expires: Day
    days_left: Annotated[int, Field(description="Negative once expired.")]
    on_hold: bool


Buckets = Annotated[
    dict[str, list[ExpiringPackage]],
    Field(
        description="Packages per bucket: expired, within_<soon_days>_days, "
        "within_<within_days>_days, within_<horizon_days>_days; soonest first."
    ),
]


@shape
class ExpiryDetails(TypedDict):
    """Stock by days to product expiry and to lab-result expiry."""

    product: Buckets
    lab_result: Buckets


@shape
class ExpiryAnswer(SkillAnswer):
    """A facility's stock nearing product or lab-result expiry."""

    parameters: ExpiryParameters
    details: ExpiryDetails


@tool("compliance", title="What needs attention", skill=True, returns=AttentionAnswer)
async def needs_attention(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    expiring_within_days: Annotated[
        int,
        Field(ge=0, le=365, description="Flag product and lab results expiring within this."),
    ] = 14,
    lab_pending_days: Annotated[
        int, Field(ge=1, le=90, description="Days a sample may wait for lab results.")
    ] = 7,
    stale_harvest_days: StaleHarvestDays = 30,
    flowering_days: Annotated[
        int, Field(ge=1, le=365, description="Days of flowering after which to flag plants.")
    ] = 75,
    min_tags: MinTags = 50,
) -> dict[str, Any]:
    """What needs action now at a facility, most urgent first.

    Checks: failed lab product (critical when not on hold), manifests overdue past their
    estimated arrival (in or out), expired product and expired lab results on hand, low
    plant/package tags, packages on hold, product and lab results expiring soon, samples
    waiting too long for results, harvests open too long (with their unaccounted weight),
    plants on hold or flowering too long, and empty packages not yet finished. Each finding
    lists the packages, plants, harvests or manifests involved.
    """
    data = facility(license_number, as_of)
    result = await attention.needs_attention(
        data,
        expiring_within_days=expiring_within_days,
        lab_pending_days=lab_pending_days,
        stale_harvest_days=stale_harvest_days,
        flowering_days=flowering_days,
        min_tags=min_tags,
    )
    return result.as_tool_result()


@tool("compliance", title="Audit readiness", skill=True, returns=AuditAnswer)
async def audit_ready(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    lookback_days: LookbackDays = 30,
    min_tags: MinTags = 50,
    stale_harvest_days: StaleHarvestDays = 30,
    finish_empty_within_days: FinishWithinDays = 7,
    lab_pending_days: Annotated[
        int, Field(ge=1, le=90, description="Days a sample may wait for lab results.")
    ] = 7,
    untested_after_days: Annotated[
        int,
        Field(ge=1, le=365, description="Days after packaging by which stock must be tested."),
    ] = 14,
) -> dict[str, Any]:
    """How ready a facility is for a state audit: a score out of 100, a grade and the gaps.

    Runs every compliance_check validation plus record-keeping checks (samples waiting for
    results, stock never submitted for testing, tested stock without a lab-result expiry,
    packaged harvests without waste records). Each open gap costs points by severity
    (critical 25, high 12, medium 6, low 2); any critical gap caps the score at 59. Grades:
    A 90+, B 80+, C 70+, D 60+, F below; A and B count as audit-ready.
    """
    data = facility(license_number, as_of)
    result = await audit.audit_ready(
        data,
        lookback_days=lookback_days,
        min_tags=min_tags,
        stale_harvest_days=stale_harvest_days,
        finish_empty_within_days=finish_empty_within_days,
        lab_pending_days=lab_pending_days,
        untested_after_days=untested_after_days,
    )
    return result.as_tool_result()


@tool("compliance", title="FIFO compliance", skill=True, returns=FifoAnswer)
async def fifo(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    lookback_days: Annotated[
        int,
        Field(
            ge=1,
            le=366,
            description="Days of sales, shipments and processing read, ending as_of.",
        ),
    ] = 30,
    aged_after_days: Annotated[
        int, Field(ge=1, le=1000, description="Days on hand after which stock is aged.")
    ] = 90,
    expiry_risk_days: Annotated[
        int,
        Field(ge=0, le=365, description="A bypassed package expiring within this is urgent."),
    ] = 30,
) -> dict[str, Any]:
    """First-in-first-out: are older packages of each item used before newer ones?

    Reads sales (stores), outgoing manifests (lab samples excepted) and processing jobs of
    the last lookback_days. An on-hand package is bypassed when it was not drawn at all
    while a package of the same item that came in later was. Only usable packages count
    (active, not on hold, passed testing, not empty). Reports each item breaking FIFO with
    the older packages bypassed and the newer ones drawn (high when a bypassed package is
    near expiry), aged stock nothing moved, and the package to pull next for each item.
    """
    data = facility(license_number, as_of)
    result = await fifo_skill.fifo(
        data,
        lookback_days=lookback_days,
        aged_after_days=aged_after_days,
        expiry_risk_days=expiry_risk_days,
    )
    return result.as_tool_result()


@tool("compliance", title="Compliance check", skill=True, returns=ComplianceAnswer)
async def compliance_check(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    lookback_days: LookbackDays = 30,
    min_tags: MinTags = 50,
    stale_harvest_days: StaleHarvestDays = 30,
    finish_empty_within_days: FinishWithinDays = 7,
) -> dict[str, Any]:
    """Named compliance validations on current data, each pass, fail or not applicable.

    Validations: no sale of untested or failed product, of expired product, or after the
    lab result expired (stores, over lookback_days); failed product is on hold; held
    product is not in transit; no expired product on hand unless on hold; active product
    has unexpired lab results; no negative quantities; finished packages are empty; empty
    packages are finished within finish_empty_within_days; manifests are not overdue;
    adjustments that need a note have one; waste records are complete and every destroyed
    plant has one; harvests are finished on time (growers); enough tags on hand.
    """
    data = facility(license_number, as_of)
    result = await compliance.compliance_check(
        data,
        lookback_days=lookback_days,
        min_tags=min_tags,
        stale_harvest_days=stale_harvest_days,
        finish_empty_within_days=finish_empty_within_days,
    )
    return result.as_tool_result()


@tool("compliance", title="Expiration tracker", skill=True, returns=ExpiryAnswer)
async def expiration_tracker(
    license_number: LicenseNumber,
    as_of: AsOf = None,
    soon_days: Annotated[
        int, Field(ge=0, le=365, description="The first bucket: expiring within this many days.")
    ] = 7,
    within_days: Annotated[
        int, Field(ge=1, le=730, description="The second bucket (more than soon_days).")
    ] = 30,
    horizon_days: Annotated[
        int, Field(ge=2, le=1095, description="The last bucket (more than within_days).")
    ] = 90,
) -> dict[str, Any]:
    """On-hand stock bucketed by product expiry and by lab-result expiry.

    Product expiry is the earliest of ExpirationDate, UseByDate and SellByDate; lab expiry
    is LabTestResultExpirationDateTime. Buckets: expired (before as_of), within soon_days,
    within within_days, within horizon_days; each bucket lists its packages with item,
    quantity, location and days left. Empty packages and lab samples are left out.
    """
    data = facility(license_number, as_of)
    result = await expiry.expiration_tracker(
        data, soon_days=soon_days, within_days=within_days, horizon_days=horizon_days
    )
    return result.as_tool_result()
