"""Parameter types the skill tools share, and how a date range is resolved and checked."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Annotated

from pydantic import Field

from trichome.metrc.skills.data import FacilityData
from trichome.metrc.tools.registry import BioTrackAccess, ToolProblem, connection
from trichome.metrc.tools.results import Day
from trichome.tracking.biotrack.facility import BioTrackFacility
from trichome.tracking.source import FacilitySource

AsOf = Annotated[
    Day | None,
    Field(description="The day to report on, YYYY-MM-DD (default: today)."),
]
Start = Annotated[
    Day | None,
    Field(description="First day of the range, YYYY-MM-DD (inclusive; default: see the tool)."),
]
End = Annotated[
    Day | None,
    Field(description="Last day of the range, YYYY-MM-DD (inclusive; default: see the tool)."),
]
MAX_RANGE_DAYS = 366


def date_range(
    start: date | None,
    end: date | None,
    *,
    default_end: date,
    default_days: int,
    max_days: int = MAX_RANGE_DAYS,
) -> tuple[date, date]:
    """The range asked for, with defaults: `default_days` days ending `default_end`.

    Raises:
        ToolProblem: the range is inverted or longer than `max_days`.
    """
    last = end or default_end
    first = start or last - timedelta(days=default_days - 1)
    if first > last:
        raise ToolProblem(f"The range is inverted: start {first} is after end {last}.")
    if (last - first).days + 1 > max_days:
        raise ToolProblem(
            f"The range {first} to {last} spans {(last - first).days + 1} days; ask for at most "
            f"{max_days} days at a time."
        )
    return first, last


def facility(license_number: str, as_of: date | None) -> FacilitySource:
    """The records a skill run reads, for the caller's connection (Metrc or BioTrack) and the
    day asked for."""
    tracking = connection()
    if isinstance(tracking, BioTrackAccess):
        client = tracking.client(license_number)
        return BioTrackFacility(client, as_of=tracking.as_of(as_of), today=tracking.as_of())
    return FacilityData(tracking, license_number, tracking.as_of(as_of))
