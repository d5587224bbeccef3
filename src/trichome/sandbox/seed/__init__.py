"""One deterministic year of a cultivator, a manufacturer, a dispensary and a lab (and the
patients a medical store keeps, and a Massachusetts cultivator's mother plants).

`build(seed, as_of)` simulates the year day by day in memory with one seeded random number
generator, through the same Metrc documents the API writes: weekly clone plantings grow,
flower and are harvested; harvests dry and are packaged; samples travel to the lab, whose
results pass or fail whole lots (failed lots are decontaminated or remediated and retested,
destroyed, or put on hold); trim becomes concentrate, vape cartridges and gummies; the store
orders twice a week and sells every day; surplus goes to three wholesale customers outside
the sandbox.
The year ends the day before `as_of`, so expiry dates, overdue transfers and open holds are
relative to that day. `seed_sandbox` writes the result in one bulk insert.

One module per actor: `cultivator`, `lab`, `manufacturer`, `transporters`, `dispensary` and
`wholesale`; `year` holds the calendar and the books they share, `licences` what each licence
starts and ends the year with, `registers` what each keeps on file besides its stock
(sublocations, additives templates, drivers and vehicles, what it archived), `deliveries` the
store's sales deliveries on the last day, `under_way` the lab's certificates of its last
testing day and the manufacturer's job still running, `holds` the state's holds on a harvest
and plants on the last day, `patients` the medical store's patients, `mothers` the
Massachusetts cultivator's mother plants, `catalogue` the strains, flavours, rooms and tag
pools. The anomalies the year contains on purpose are named scenarios, all listed in
`scenarios`.
"""

from __future__ import annotations

import time as clock
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime

from trichome.sandbox.reference import DEFAULT_SEED
from trichome.sandbox.seed import (
    deliveries,
    holds,
    licences,
    mothers,
    patients,
    registers,
    under_way,
)
from trichome.sandbox.seed.year import Year
from trichome.sandbox.store import Record, SandboxStore


@dataclass(slots=True)
class SeedSummary:
    """What a seed created: object counts by kind, the year covered, and how long it took."""

    seed: int
    as_of: date
    counts: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def total(self) -> int:
        """Every object created."""
        return sum(self.counts.values())


def build(seed: int = DEFAULT_SEED, as_of: date | None = None) -> list[Record]:
    """Every object of one simulated year, with ids in creation order."""
    year = Year(seed, as_of or datetime.now(UTC).date())
    licences.set_up(year)
    year.run()
    licences.close(year)
    registers.add(year)
    deliveries.record(year)
    under_way.record(year)
    holds.place(year)
    patients.register(year)
    mothers.grow(year)
    return year.records


async def seed_sandbox(
    store: SandboxStore, seed: int = DEFAULT_SEED, as_of: date | None = None
) -> SeedSummary:
    """Replace the sandbox's objects with a freshly simulated year, in one transaction."""
    started = clock.perf_counter()
    day = as_of or datetime.now(UTC).date()
    records = build(seed, day)
    await store.bulk_insert(records, replacing=True)
    counts: dict[str, int] = defaultdict(int)
    for record in records:
        counts[record.kind] += 1
    return SeedSummary(seed, day, dict(sorted(counts.items())), clock.perf_counter() - started)


__all__ = ["DEFAULT_SEED", "SeedSummary", "build", "seed_sandbox"]
