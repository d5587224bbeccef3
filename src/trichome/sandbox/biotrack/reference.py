"""What the BioTrack sandbox takes as given: its licensees, their log-ins, the inventory
types, units, adjustment reasons and error codes (sources in docs/biotrack-sandbox.md)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

STATE = "NM"
# The seed the sandbox's BioTrack year is simulated from unless told otherwise.
DEFAULT_SEED = 8023
# The wait between scheduling a destruction and destroying is the sandbox state's rule, read
# from its jurisdiction pack (trichome.knowledge.waits), as the tools read it.
# inventory_new without a source_id is allowed in a licensee's first 15 days (manual).
OPENING_DAYS = 15

# Error codes seen in BioTrack answers: 62 an action the session may not call, 63 an
# expired session or a location that is not the session's, 200 a request the licensee's
# type may not make, 602 data the request names that cannot be found or used.
NO_PRIVILEGE = 62
SESSION = 63
NOT_ALLOWED = 200
INVALID = 602
# The sandbox's own code for a request that is not a JSON object with "API": "4.0".
BAD_REQUEST = 17


@dataclass(frozen=True, slots=True)
class Licensee:
    """One licensed location: its 6-digit location number, its company (UBI) and log-in."""

    location: str
    ubi: str
    name: str
    kind: str  # "producer" (cultivator and processor), "retail" or "lab"
    username: str
    password: str
    city: str
    street: str
    zip: str

    @property
    def producer(self) -> bool:
        return self.kind == "producer"

    @property
    def retail(self) -> bool:
        return self.kind == "retail"

    @property
    def lab(self) -> bool:
        return self.kind == "lab"


CULTIVATOR = Licensee(
    "990101", "999010101", "Sandbox Mesa Cultivation", "producer",
    "grower@sandbox.test", "sandbox-password", "Albuquerque", "101 Mesa Rd", "87101",
)  # fmt: skip
DISPENSARY = Licensee(
    "990202", "999020202", "Sandbox Rio Dispensary", "retail",
    "store@sandbox.test", "sandbox-password", "Santa Fe", "202 Rio Ave", "87501",
)  # fmt: skip
LAB = Licensee(
    "990303", "999030303", "Sandbox Sandia Labs", "lab",
    "lab@sandbox.test", "sandbox-password", "Las Cruces", "303 Sandia St", "88001",
)  # fmt: skip
LICENSEES = {licensee.location: licensee for licensee in (CULTIVATOR, DISPENSARY, LAB)}
# Other licensed vendors in the state (sync_vendor), outside the sandbox's log-ins.
OUTSIDE_VENDORS = (
    ("990404", "999040404", "High Desert Processing", 7),
    ("990505", "999050505", "Chama Valley Growers", 1),
)
# BioTrack's location types (OpenTHC's adapter): 1-3 producer tiers, 7 processor, 8 retail.
LOCATION_TYPES = {"producer": 4, "retail": 8, "lab": 0}

INVENTORY_TYPES: dict[int, str] = {
    5: "Kief", 6: "Flower", 7: "Clone", 9: "Other Plant Material", 10: "Seed",
    11: "Plant Tissue", 12: "Mature Plant", 13: "Flower Lot", 14: "Other Plant Material Lot",
    15: "Bubble Hash", 16: "Hash", 17: "Hydrocarbon Wax", 18: "CO2 Hash Oil",
    19: "Food Grade Solvent Extract", 20: "Infused Dairy Butter or Fat in Solid Form",
    21: "Infused Cooking Oil", 22: "Solid Marijuana Infused Edible",
    23: "Liquid Marijuana Infused Edible", 24: "Marijuana Extract for Inhalation",
    25: "Marijuana Infused Topicals", 26: "Sample Jar", 27: "Waste", 28: "Usable Marijuana",
    29: "Wet Flower", 30: "Marijuana Mix", 31: "Marijuana Mix Packaged",
    32: "Marijuana Mix Infused", 33: "Non-Mandatory QA Sample", 34: "Capsule",
    35: "Tincture", 36: "Transdermal Patch", 37: "Suppository",
}  # fmt: skip
# Types a plant may be started from (plant_new's source) and inventory_new may create.
PLANT_SOURCES = frozenset({7, 10, 11, 12})
NEW_INVENTORY_TYPES = frozenset({7, 10, 11, 12})
# Types counted in units ("each"); every other type is weighed.
EACH_TYPES = frozenset({7, 10, 11, 12, 22, 23, 25, 28, 31, 32, 34, 35, 36, 37})
# Types harvest and cure may collect (manual: 6 required, 9 and 27 optional).
HARVEST_TYPES = frozenset({6, 9, 27})
# Lots (inventory_create_lot): 6 becomes 13, 9 becomes 14.
LOT_OF = {6: 13, 9: 14}
# Types a QA sample may be taken from, and the types that need a passed QA test before
# they may be manifested to another licensee or converted into a consumer product.
QA_TYPES = frozenset({13, 14, 15, 16, 17, 18, 19, 24, 28, 30})
# Types a retailer may dispense (all sold items are pre-packaged: the manual).
SALE_TYPES = frozenset({22, 23, 24, 25, 28, 31, 32, 34, 35, 36, 37})

# inventory_adjust's types (manual).
ADJUST_TYPES: dict[int, str] = {
    1: "General Inventory Audit",
    2: "Theft",
    3: "Seizure by Federal, State, Local or Tribal Law Enforcement",
    4: "Correcting a mistake",
    5: "Moisture loss",
    6: "Depletion",
}
# Units the manual lists, in grams (each is a count, not a weight).
GRAMS_PER_UNIT: dict[str, Decimal] = {
    "g": Decimal(1),
    "mg": Decimal("0.001"),
    "kg": Decimal(1000),
    "oz": Decimal("28.349523125"),
    "lb": Decimal("453.59237"),
}
# QA test types (manual) and the parameters each carries.
QA_TESTS: dict[int, tuple[str, ...]] = {
    1: ("moisture",),
    2: ("THC", "THCA", "CBD", "Total"),
    3: ("Stems", "Other"),
    4: ("aerobic_bacteria", "yeast_and_mold", "coliforms", "bile_tolerant",
        "e_coli_and_salmonella"),
    5: ("residual_solvent",),
}  # fmt: skip
