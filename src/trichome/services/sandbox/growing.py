"""What the plant-batch and plant routes share: growing, plant waste, locations, weights."""

from __future__ import annotations

from typing import Any

from trichome.sandbox.facilities import Facility
from trichome.sandbox.reference import PLANT_WASTE_REASONS, UNIT_GRAMS, WASTE_METHODS
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox.common import a_date, canonical, number, text
from trichome.services.sandbox.rules import RowErrors

GROW = ("CanGrowPlants", "grow plants")
WASTE_METHOD_NAMES = {m["Name"] for m in WASTE_METHODS if m["ForPlants"]}
WASTE_REASONS = {r["Name"] for r in PLANT_WASTE_REASONS}


def grams(weight: float, unit: str) -> float:
    """A weight in grams."""
    return weight * UNIT_GRAMS[unit]


async def location_for(
    tx: Transaction, facility: Facility, name: str, row: int, errors: RowErrors, use: str
) -> Record | None:
    """A location of the facility for a use (`ForPlants`, `ForPlantBatches`, `ForHarvests`),
    or a row error; None when no name is given.
    """
    if not name:
        return None
    record = await tx.by_name(facility.license_number, "location", name)
    if record is None:
        errors.add(row, f"Location {name!r} does not exist.")
    elif not record.data.get(use):
        errors.add(row, f"Location {name!r} is not for {use.removeprefix('For').lower()}.")
    return record


def waste_fields(obj: dict[str, Any], row: int, errors: RowErrors) -> dict[str, Any]:
    """The waste fields of a posted plant or plant-batch waste record, checked (as the
    keyword arguments of `removals.plant_waste`)."""
    method = text(obj, "WasteMethodName", row, errors)
    if method and method not in WASTE_METHOD_NAMES:
        errors.add(row, f"WasteMethodName must be one of {sorted(WASTE_METHOD_NAMES)}.")
    reason = text(obj, "ReasonName", row, errors)
    if reason and reason not in WASTE_REASONS:
        errors.add(row, f"ReasonName must be one of {sorted(WASTE_REASONS)}.")
    weight = number(obj, "WasteWeight", row, errors)
    unit = text(obj, "UnitOfMeasureName", row, errors)
    unit = canonical(unit, UNIT_GRAMS) or unit
    if unit and unit not in UNIT_GRAMS:
        errors.add(row, "UnitOfMeasureName must be a unit of weight.")
    when = a_date(obj, "WasteDate", row, errors)
    # The arguments of removals.plant_waste: Metrc reads them back under other names.
    return {
        "method": method,
        "weight": weight,
        "unit": unit,
        "reason": reason,
        "on": when,
        "mixed_material": obj.get("MixedMaterial"),
        "note": obj.get("Note"),
    }
