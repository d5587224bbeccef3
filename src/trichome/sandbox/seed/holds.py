"""Holds the state places at the year's end (scenario `state_hold`), written after the year has
run so that nothing else in it moves.

No Metrc write puts a harvest or a plant on hold: a hold is placed by the state and read back
through GET /harvests/v2/onhold and GET /plants/v2/onhold (bruno Harvests/GetOnHoldHarvests,
Plants/GetOnHoldPlants), whose records are those of the active and flowering lists with
`IsOnHold` true. The cultivator's newest harvest is held, and three of the plants still
flowering in the room its plants were cut in (the lowest labels, so no random draw is spent).
"""

from __future__ import annotations

from datetime import datetime

from trichome.sandbox.facilities import CULTIVATOR
from trichome.sandbox.seed.scenarios import STATE_HOLD
from trichome.sandbox.seed.year import Year
from trichome.sandbox.store import Record

HELD_PLANTS = 3


def place(year: Year) -> None:
    """The state's holds on the year's last day, if the scenario plays."""
    if not STATE_HOLD.happens(year.last_day, year.last_day, year.played):
        return
    grown = [r for r in year.records if r.license == CULTIVATOR.license_number]
    harvests = [r for r in grown if r.kind == "harvest" and r.state == "active"]
    if not harvests:
        return
    harvest = max(harvests, key=lambda r: (r.data["HarvestStartDate"], r.id or 0))
    rooms = {
        r.data["LocationName"]
        for r in grown
        if r.kind == "plant" and r.data.get("HarvestId") == harvest.id
    }
    flowering = [r for r in grown if r.kind == "plant" and r.state == "flowering"]
    beside = [r for r in flowering if r.data["LocationName"] in rooms] or flowering
    when = year.at(year.last_day, 11)
    for record in [harvest, *sorted(beside, key=lambda r: r.label or "")[:HELD_PLANTS]]:
        _hold(year, record, when)


def _hold(year: Year, record: Record, when: datetime) -> None:
    record.state = "onhold"
    record.data["IsOnHold"] = True
    year.touch(record, when)
