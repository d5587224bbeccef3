"""The count_reconciliation skill as a tool, and the shape of its answer."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills import reconcile
from trichome.metrc.skills.base import SkillAnswer, shape
from trichome.metrc.skills.params import AsOf, facility
from trichome.metrc.tools.registry import ToolProblem, tool
from trichome.metrc.tools.results import LicenseNumber


@shape
class CountLine(TypedDict, total=False):
    """One package counted."""

    label: Annotated[str, Field(description="The package's label (tag).")]
    quantity: Annotated[float, Field(ge=0, description="How much was found.")]
    unit: Annotated[str, Field(description="The unit counted in (default: the package's).")]


@shape
class ReconcileParameters(TypedDict):
    """The scope and limits used."""

    location: str | None
    reason: Annotated[str | None, Field(description="The reason named for every variance.")]
    tolerance: float
    scale_percent: float


@shape
class Adjustment(TypedDict):
    """The adjustment that would make the system match the count."""

    label: str
    item: str
    location: str | None
    system_quantity: float
    counted_quantity: float
    adjust_by: Annotated[float, Field(description="Signed, in the package's unit.")]
    unit: str | None
    reason: Annotated[str | None, Field(description="One of the licence's reasons; null: choose.")]
    reason_requires_note: bool | None
    note: str
    within_scale_variance: bool


@shape
class Unmatched(TypedDict):
    """A counted line held against no package on hand."""

    label: str
    quantity: float
    problem: str


@shape
class Uncounted(TypedDict):
    """A package on hand the count missed."""

    label: str
    item: str
    quantity: float
    unit: str | None
    location: str | None


@shape
class ReasonRow(TypedDict):
    """One of the licence's adjustment reasons."""

    name: str
    requires_note: bool


@shape
class ReconcileDetails(TypedDict):
    """Adjustments to file, lines not matched, packages not counted, and the reasons."""

    adjustments: list[Adjustment]
    not_matched: list[Unmatched]
    not_counted: list[Uncounted]
    reasons: list[ReasonRow]


@shape
class ReconcileAnswer(SkillAnswer):
    """A physical count held against the system."""

    parameters: ReconcileParameters
    details: ReconcileDetails


@tool("compliance", title="Count reconciliation", skill=True, returns=ReconcileAnswer)
async def count_reconciliation(
    license_number: LicenseNumber,
    count_csv: Annotated[
        str | None,
        Field(
            max_length=1_000_000,
            description="The count as CSV text: a header naming a label column (label, tag, "
            "package) and a quantity column (quantity, qty, count), optionally unit.",
        ),
    ] = None,
    count: Annotated[
        list[CountLine] | None,
        Field(max_length=20_000, description="The count as rows (instead of count_csv)."),
    ] = None,
    location: Annotated[
        str | None, Field(description="The location counted: its packages not counted are listed.")
    ] = None,
    reason: Annotated[
        str | None, Field(description="An adjustment reason of the licence for every variance.")
    ] = None,
    tolerance: Annotated[
        float, Field(ge=0, le=1000, description="Differences up to this match.")
    ] = 0.0001,
    scale_percent: Annotated[
        float, Field(ge=0, le=100, description="A weighed package off by up to this % is scale.")
    ] = 1.0,
    as_of: AsOf = None,
) -> dict[str, Any]:
    """Hold a physical inventory count against the licence's packages on hand: variances,
    and the adjustments to file so the system matches the count.

    Give the count as CSV text or rows of label and quantity (units convert between
    weights). Each variance comes with the signed adjustment in the package's unit and a
    reason from the licence's own adjustment reasons: a weighed package off by at most
    scale_percent gets its scale-variance reason; others need a reason chosen after finding
    the cause (or the one named in reason). Shortfalls are high, surpluses medium; counted
    labels not on hand and packages on hand not counted (in location, if given) are listed.
    Nothing is filed: the adjustments are for a person to review and submit.
    """
    if (count_csv is None) == (count is None):
        raise ToolProblem("Give the count once: as count_csv or as count rows.")
    lines = (
        reconcile.parse_csv(count_csv)
        if count_csv is not None
        else reconcile.parse_rows([dict(row) for row in count or []])
    )
    data = facility(license_number, as_of)
    result = await reconcile.count_reconciliation(
        data,
        count=lines,
        location=location,
        reason=reason,
        tolerance=tolerance,
        scale_percent=scale_percent,
    )
    return result.as_tool_result()
