"""Massachusetts' cultivator (MA-4) and its mother plants, added once the Colorado year has
run, so nothing in that year moves and no random draw is spent.

MA-4 is served only by the sandbox told it is in Massachusetts (`facilities.served`); only
Massachusetts licences of Metrc's sandbox may track mother plants as a growth phase. It keeps
what its mother room needs: two rooms, the strain its mothers are, the batch of clones they
were tagged from and six plants tagged vegetative 90 days before the year's end. Three weeks
later four enter the mother phase through the builder PUT /plants/v2/growthphase uses
(`plant_phases.change_phase`) and move to the mother room; ten days before the end one of them
is destroyed as DELETE /plants/v2 destroys a plant (with its waste record), and on the last day
the state holds another, when it holds the Colorado cultivator's (scenario `state_hold`). Two
plants stay vegetative.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from trichome.sandbox import documents, removals
from trichome.sandbox.facilities import MA_CULTIVATOR
from trichome.sandbox.plant_phases import change_phase, destroy, held
from trichome.sandbox.reference import MOTHER_PHASE
from trichome.sandbox.seed.catalogue import PROFILES
from trichome.sandbox.seed.scenarios import STATE_HOLD
from trichome.sandbox.seed.year import Year
from trichome.sandbox.store import Record

PLANTS = 6
MOTHERS = 4
TAGGED_BEFORE_END = timedelta(days=90)
MOTHER_AFTER = timedelta(days=21)
DESTROYED_BEFORE_END = timedelta(days=10)


def _zone() -> tzinfo:
    try:
        return ZoneInfo("America/New_York")
    except ZoneInfoNotFoundError:  # a machine without the time-zone database: standard time
        return timezone(timedelta(hours=-5), "EST")


ZONE = _zone()


def _at(day: date, hour: int) -> datetime:
    """A local moment at the Massachusetts cultivator."""
    return datetime.combine(day, time(hour), tzinfo=ZONE)


def grow(year: Year) -> None:
    """MA-4's rooms, strain, clones and mother plants, dated back from the year's last day."""
    facility = MA_CULTIVATOR
    tagged = year.last_day - TAGGED_BEFORE_END
    planted = tagged - timedelta(days=14)
    opened = _at(planted - timedelta(days=30), 9)
    veg, mother_room = (
        year.add(documents.location(facility, name), opened) for name in ("Veg Room", "Mother Room")
    )
    profile = PROFILES["Sour Diesel"]
    strain = year.add(
        documents.strain(
            facility, profile.name, profile.thc, profile.cbd, profile.indica,
            100 - profile.indica, "ThirdParty",
        ),
        opened,
    )  # fmt: skip
    strain.data["IsUsed"] = True
    batch = year.add(
        documents.plant_batch(
            facility, f"{profile.code}-{planted:%y%m%d}-MOM", "Clone", PLANTS, strain, veg, planted
        ),
        _at(planted, 9),
    )
    plants = [
        year.add(
            documents.plant(
                facility, year.tag(facility, "plant"), "Vegetative", batch, veg, planted, tagged
            ),
            _at(tagged, 10),
        )
        for _ in range(PLANTS)
    ]
    batch.data.update({"UntrackedCount": 0, "TrackedCount": PLANTS, "DestroyedCount": 0})
    batch.state = "inactive"
    year.touch(batch, _at(tagged, 10))
    chosen = tagged + MOTHER_AFTER
    for plant in plants[:MOTHERS]:
        change_phase(plant, MOTHER_PHASE, chosen)
        plant.data.update(documents.placed(mother_room))
        year.touch(plant, _at(chosen, 14))
    _destroy(year, plants[MOTHERS - 1], year.last_day - DESTROYED_BEFORE_END)
    if STATE_HOLD.happens(year.last_day, year.last_day, year.played):
        plant = plants[MOTHERS - 2]
        plant.state = held(plant)
        plant.data["IsOnHold"] = True
        year.touch(plant, _at(year.last_day, 11))


def _destroy(year: Year, plant: Record, on: date) -> None:
    """A mother past its use, destroyed with its waste as DELETE /plants/v2 records it."""
    note = "Mother past its productive life"
    destroy(plant, on, note)
    year.touch(plant, _at(on, 15))
    waste = removals.plant_waste(
        MA_CULTIVATOR.license_number, method="Compost", weight=1.8, unit="Kilograms",
        reason="Unhealthy", count=1, on=on, plant_labels=[str(plant.label)],
        mixed_material="Soil", note=note,
    )  # fmt: skip
    year.add(waste, _at(on, 15))
