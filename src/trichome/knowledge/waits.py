"""How long a state makes a licensee wait between scheduling plants or inventory for
destruction and destroying them (BioTrack enforces it: `*_destroy_schedule` starts the wait,
`*_destroy` is refused until it is over).

A state's wait comes from its jurisdiction pack when the pack has a fact for it: a fact
whose id ends in `-destruction-wait`, with the state as its jurisdiction and the wait as its
`value` in hours or days (`unit` starting with "hour" or "day"). Otherwise the default
applies: the 72 hours BioTrack's JSON API manual gives in its description of
`plant_destroy_schedule`, which is the system's general wait and not a state's rule. The
answer says which it is, with its source.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import datetime, timedelta

from trichome.knowledge.packs import Fact, load_packs

DEFAULT_WAIT_HOURS = 72.0
DEFAULT_SOURCE = {
    "title": "BioTrackTHC JSON API manual (2014, Document Version 1.09)",
    "url": "https://paperzz.com/doc/8490170/biotrackthc-json-api",
    "section": "plant_destroy_schedule (the 72-hour wait before destruction)",
}
FACT_SUFFIX = "-destruction-wait"


@dataclass(frozen=True, slots=True)
class DestructionWait:
    """A state's wait before scheduled destruction, and where it comes from."""

    state: str
    hours: float
    fact_id: str | None  # the pack fact it was read from; None: the default
    sources: tuple[dict[str, str], ...]

    @property
    def from_pack(self) -> bool:
        """Whether the wait is the state's own rule (from its pack), not the default."""
        return self.fact_id is not None

    def ends(self, scheduled: datetime) -> datetime:
        """The first moment something scheduled at `scheduled` may be destroyed."""
        return scheduled + timedelta(hours=self.hours)

    def described(self) -> str:
        """The wait in words, with its standing."""
        hours = f"{self.hours:g} hours" if self.hours else "no wait"
        if self.from_pack:
            return f"{self.state}: {hours} ({self.fact_id})"
        return f"{self.state}: {hours} (BioTrack's general wait; no {self.state} rule on file)"


def _hours(fact: Fact) -> float | None:
    unit = (fact.unit or "").strip().lower()
    if fact.value is None or fact.value < 0:
        return None
    if unit.startswith("hour"):
        return float(fact.value)
    if unit.startswith("day"):
        return float(fact.value) * 24
    return None


@functools.cache
def pack_waits() -> dict[str, DestructionWait]:
    """The waits the jurisdiction packs state, by state code."""
    found: dict[str, DestructionWait] = {}
    for pack in load_packs():
        for fact in pack.facts:
            if not fact.id.endswith(FACT_SUFFIX) or not fact.jurisdiction:
                continue
            if fact.status == "superseded":
                continue
            hours = _hours(fact)
            if hours is None:
                continue
            state = fact.jurisdiction.upper()
            sources = tuple(
                {"title": s.title, "url": s.url, "section": s.section} for s in fact.sources
            )
            found[state] = DestructionWait(state, hours, fact.id, sources)
    return found


def destruction_wait(state: str) -> DestructionWait:
    """A state's wait: its pack's fact, else the documented default."""
    code = state.strip().upper()
    return pack_waits().get(code) or DestructionWait(
        code, DEFAULT_WAIT_HOURS, None, (dict(DEFAULT_SOURCE),)
    )
