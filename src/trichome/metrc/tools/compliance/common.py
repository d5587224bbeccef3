"""What more than one compliance skill's tool takes or returns: limits and the checks' verdicts."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.skills.base import CheckRow, shape

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
class ChecksDetails(TypedDict):
    """Every check's verdict."""

    checks: list[CheckRow]
