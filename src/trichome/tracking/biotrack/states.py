"""Where each state's BioTrack system answers, and which API generation it speaks.

Legacy URLs (`…/serverjson.asp`) and time zones are those of the OpenTHC adapter's state
list (etc/cre.yaml); docs/biotrack.md says which are confirmed elsewhere. A state marked
`rest` has (also) a newer REST generation this client does not speak yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo


@dataclass(frozen=True, slots=True)
class BioTrackState:
    """One state's BioTrack system."""

    code: str
    name: str
    url: str | None  # the legacy action API; None when no public URL is known
    time_zone: str
    rest_url: str | None = None  # Trace 2.0 / v3 REST generation, where one is known
    note: str = ""

    @property
    def tz(self) -> ZoneInfo:
        """The state's time zone, in which BioTrack's epoch times are read as local days."""
        return ZoneInfo(self.time_zone)


STATES: dict[str, BioTrackState] = {
    state.code: state
    for state in (
        BioTrackState(
            "AR", "Arkansas", "https://arstems.arkansas.gov/serverjson.asp", "America/Chicago"
        ),
        BioTrackState(
            "CT", "Connecticut", "https://trace.ct.biotr.ac/serverjson.asp", "America/New_York"
        ),
        BioTrackState(
            "DE",
            "Delaware",
            "https://delaware.biotrackthc.net/serverjson.asp",
            "America/New_York",
            note="The adapter lists the host only; the serverjson.asp path is assumed.",
        ),
        BioTrackState(
            "FL",
            "Florida",
            None,
            "America/New_York",
            note="No public API URL is known; the state issues it to integrators.",
        ),
        BioTrackState(
            "HI", "Hawaii", "https://hicsts.hawaii.gov/serverjson.asp", "Pacific/Honolulu"
        ),
        BioTrackState(
            "IL",
            "Illinois",
            "https://mcmonitoring.agr.illinois.gov/serverjson.asp",
            "America/Chicago",
        ),
        BioTrackState(
            "ND",
            "North Dakota",
            "https://mminventory.health.nd.gov/serverjson.asp",
            "America/Chicago",
        ),
        BioTrackState(
            "NM",
            "New Mexico",
            "https://mcp-tracking.nmhealth.org/serverjson.asp",
            "America/Denver",
            rest_url="https://v3.api.nm.trace.biotrackthc.net/",
            note="New Mexico also runs BioTrack's Traceability API v3 (REST, bearer session).",
        ),
        BioTrackState(
            "NY",
            "New York",
            "https://mmp-sts.health.ny.gov/serverjson.asp",
            "America/New_York",
            note=(
                "The legacy URL served the medical programme. The adult-use system needs "
                "the licence's admin to authorise the integrator by OAuth, renewed every "
                "100 days, which this client does not do."
            ),
        ),
        BioTrackState(
            "PR",
            "Puerto Rico",
            "https://cannabispr.biotrackthc.net/serverjson.asp",
            "America/Puerto_Rico",
        ),
    )
}


def state(code: str) -> BioTrackState:
    """A state's BioTrack system by its two-letter code.

    Raises:
        KeyError: with a sentence naming the states known, for any other code.
    """
    found = STATES.get(code.strip().upper())
    if found is None:
        known = ", ".join(sorted(STATES))
        raise KeyError(f"No BioTrack system is known for {code!r}; known states: {known}.")
    return found
