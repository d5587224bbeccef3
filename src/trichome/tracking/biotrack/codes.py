"""BioTrack's numeric codes and their names: inventory types, adjustment reasons, QA tests.

Sources (docs/biotrack.md gives each): the BioTrackTHC JSON API manual's "Inventory Types"
table (2014-2015 editions, types 5-32), later state editions as listed by the OpenTHC
adapter (33-37), the adapter's adjustment reasons and QA test types.
"""

from __future__ import annotations

INVENTORY_TYPES: dict[int, str] = {
    5: "Kief",
    6: "Flower",
    7: "Clone",
    9: "Other Plant Material",
    10: "Seed",
    11: "Plant Tissue",
    12: "Mature Plant",
    13: "Flower Lot",
    14: "Other Plant Material Lot",
    15: "Bubble Hash",
    16: "Hash",
    17: "Hydrocarbon Wax",
    18: "CO2 Hash Oil",
    19: "Food Grade Solvent Extract",
    20: "Infused Dairy Butter or Fat in Solid Form",
    21: "Infused Cooking Oil",
    22: "Solid Marijuana Infused Edible",
    23: "Liquid Marijuana Infused Edible",
    24: "Marijuana Extract for Inhalation",
    25: "Marijuana Infused Topicals",
    26: "Sample Jar",
    27: "Waste",
    28: "Usable Marijuana",
    29: "Wet Flower",
    30: "Marijuana Mix",
    31: "Marijuana Mix Packaged",
    32: "Marijuana Mix Infused",
    # Later state editions (not in the 2015 manual; OpenTHC adapter's product types).
    33: "Non-Mandatory QA Sample",
    34: "Capsule",
    35: "Tincture",
    36: "Transdermal Patch",
    37: "Suppository",
}

WASTE_TYPE = 27
WET_FLOWER_TYPE = 29
FLOWER_TYPES = frozenset({6, WET_FLOWER_TYPE})

# inventory_adjust `type` and sync_inventory_adjust `atype`.
ADJUSTMENT_REASONS: dict[int, str] = {
    1: "Inventory Audit",
    2: "Theft",
    3: "Seizure by Law Enforcement",
    4: "Correction",
    5: "Moisture Loss",
    6: "Depletion",
}

# The `type` of each entry in a QA result's `test` list.
QA_TEST_TYPES: dict[int, str] = {
    1: "Moisture Content",
    2: "Potency Analysis",
    3: "Foreign Matter Inspection",
    4: "Microbiological Screening",
    5: "Residual Solvent",
    6: "Mycotoxin Screening",
}

# Weight units the write actions accept (`*_uom` fields).
WEIGHT_UNITS = ("g", "mg", "kg", "oz", "lb")
UNIT_NAMES = {"g": "Grams", "mg": "Milligrams", "kg": "Kilograms", "oz": "Ounces", "lb": "Pounds"}


def inventory_type_name(code: object) -> str | None:
    """The name of a numeric inventory type (sent as a number or a numeric string)."""
    number = code_number(code)
    if number is None:
        return None
    return INVENTORY_TYPES.get(number, f"Inventory type {number}")


def code_number(value: object) -> int | None:
    """A numeric code BioTrack sends as 7 or "7" (None when absent or not a number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None
