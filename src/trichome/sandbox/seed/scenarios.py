"""The anomalies the seeded year contains, each a named scenario, all listed here.

A compliance review of a real year finds failed lots, rejected deliveries, an overdue
manifest, packages on hold, thefts, losses and voided sales; the seeded year has them on
purpose. Each scenario says which actor plays it (the module of this package where it is
played), what the data then shows, and the rule that places it in the year: on the n-th
time something happens, on every n-th, in given months, near the year's end, or by chance
(drawn from the year's one random number generator at the moment it could happen, so the
year stays the same for a seed). The actors ask a scenario whether it `happens`; nothing
else in the seed places an anomaly.

Some findings are not placed but follow from the simulation: an unpopular gummy flavour
lingers on the shelf and expires, packages expire in the vault, and harvests carry the
weight they lost in drying.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta


@dataclass(frozen=True, slots=True)
class Scenario:
    """An anomaly placed in the year: its name, the actor that plays it, what the data shows."""

    name: str
    actor: str  # the module of trichome.sandbox.seed that plays it
    finding: str


@dataclass(frozen=True, slots=True)
class OnOccurrence(Scenario):
    """Happens on the listed occurrences of something the actor does, counted from 1."""

    occurrences: tuple[int, ...]

    def happens(self, occurrence: int) -> bool:
        """Whether it happens on this occurrence."""
        return occurrence in self.occurrences


@dataclass(frozen=True, slots=True)
class EveryNth(Scenario):
    """Happens on every n-th occurrence of something the actor does."""

    every: int

    def happens(self, occurrence: int) -> bool:
        """Whether it happens on this occurrence."""
        return occurrence % self.every == 0


@dataclass(frozen=True, slots=True)
class InMonths(Scenario):
    """Happens in the months whose number divides by `every` (3: March, June, ...)."""

    every: int

    def happens(self, day: date) -> bool:
        """Whether it happens in this day's month."""
        return day.month % self.every == 0


@dataclass(frozen=True, slots=True)
class NearYearEnd(Scenario):
    """Happens from `earliest` to `latest` days before the year's last day (`once`: one time)."""

    earliest: int
    latest: int
    once: bool = False

    def happens(self, day: date, last_day: date, played: set[str]) -> bool:
        """Whether it happens on this day; a once-only scenario is noted in `played`."""
        if not last_day - timedelta(days=self.earliest) <= day:
            return False
        if not day <= last_day - timedelta(days=self.latest):
            return False
        if self.once:
            if self.name in played:
                return False
            played.add(self.name)
        return True


@dataclass(frozen=True, slots=True)
class ByChance(Scenario):
    """Happens with a probability each time it could."""

    probability: float

    def happens(self, rng: random.Random) -> bool:
        """Whether it happens this time (one draw from the year's generator)."""
        return rng.random() < self.probability


# ----------------------------------------------------------------------------- the cultivator

PLANT_LOST_IN_FLOWER = ByChance(
    "plant_lost_in_flower",
    "cultivator",
    "A plant 25 days into flower is destroyed (pests, disease, a male plant or damage) and "
    "its waste recorded with the others lost that day.",
    0.015,
)
HARVEST_LEFT_OPEN = ByChance(
    "harvest_left_open",
    "cultivator",
    "A packaged harvest is not finished the next day: it stays active, holding the weight "
    "lost in drying.",
    0.08,
)
BUD_DRY_DOWN = ByChance(
    "bud_dry_down",
    "cultivator",
    "A bag of buds keeps drying and a week after packaging loses 0.5-1.5% of its weight: a "
    "Drying adjustment.",
    0.2,
)

# ----------------------------------------------------------------------------- the lab

FAILED_FLOWER_TEST = ByChance(
    "failed_flower_test",
    "lab",
    "A flower lot fails one safety test (moisture, yeast and mold, E. coli, Salmonella, "
    "arsenic or lead); its packages are TestFailed.",
    0.09,
)
FAILED_PRODUCT_TEST = ByChance(
    "failed_product_test",
    "lab",
    "A concentrate, cartridge or edible lot fails one safety test (residual solvents, metals, "
    "dose or homogeneity).",
    0.06,
)
EARLY_FAILED_LOT = OnOccurrence(
    "early_failed_lot",
    "lab",
    "The cultivator's 20th flower lot fails its first test, so that a failure (decontaminated or "
    "destroyed) is always there early in the year.",
    (20,),
)
YEAR_END_FAILED_LOT = NearYearEnd(
    "year_end_failed_lot",
    "lab",
    "The first flower lot tested in the year's last nine days fails, so that a failed lot "
    "on hold is always there.",
    earliest=8,
    latest=0,
    once=True,
)
FAILED_LOT_ON_HOLD = NearYearEnd(
    "failed_lot_on_hold",
    "lab",
    "A lot failing in the year's last eleven days is put on hold, its treatment pending.",
    earliest=10,
    latest=0,
)
FAILED_LOT_DESTROYED = EveryNth(
    "failed_lot_destroyed",
    "lab",
    "Every third failed lot is destroyed (Waste adjustments to zero, then finished); the "
    "others are treated (decontaminated at the cultivator, remediated at the manufacturer) and "
    "retested, and a failed retest is destroyed.",
    3,
)

# ----------------------------------------------------------------------------- transfers

OVERDUE_TRANSFER = NearYearEnd(
    "overdue_transfer",
    "dispensary",
    "The cultivator's first delivery to the store ordered six to two days before the year's "
    "last day never arrives: a pending manifest past its estimated arrival.",
    earliest=6,
    latest=2,
    once=True,
)
REJECTED_DELIVERY = OnOccurrence(
    "rejected_delivery",
    "dispensary",
    "The store rejects every package of its 17th and 63rd deliveries: the manifest did not "
    "match the packages delivered (a rejected transfer).",
    (17, 63),
)
DAMAGED_PACKAGE_REJECTED = ByChance(
    "damaged_package_rejected",
    "dispensary",
    "The store rejects the last package of a delivery: damaged packaging, seal broken.",
    0.05,
)

# ----------------------------------------------------------------------------- the store

PACKAGE_FORGOTTEN_IN_VAULT = ByChance(
    "package_forgotten_in_vault",
    "dispensary",
    "A package the store receives is put away in the vault and never shelved: it sits unsold "
    "and may expire there.",
    0.03,
)
VOIDED_RECEIPT = ByChance(
    "voided_receipt",
    "dispensary",
    "A receipt is voided at the till: inactive, archived four minutes later, nothing sold.",
    0.004,
)
THEFT_AT_COUNT = InMonths(
    "theft_at_count",
    "dispensary",
    "In March, June, September and December the monthly count finds a unit missing: a Theft "
    "adjustment reported to the MED.",
    3,
)
SPOILAGE_AT_COUNT = InMonths(
    "spoilage_at_count",
    "dispensary",
    "In even months the monthly count finds a unit crushed in the display case: a Spoilage "
    "adjustment.",
    2,
)
RECEIPTS_FINALIZED = NearYearEnd(
    "receipts_finalized",
    "dispensary",
    "For two months (120 to 61 days before the year's last day) the store's till finalizes "
    "each day's receipts at closing (PUT /sales/v2/receipts/finalize): they are inactive "
    "with IsFinal true, and still sales; only archived receipts are voids.",
    earliest=120,
    latest=61,
)
RECALL_HOLD = NearYearEnd(
    "recall_hold",
    "dispensary",
    "Four days before the year's last day the store puts two cartridge packages on hold for "
    "the manufacturer's hardware recall review.",
    earliest=4,
    latest=4,
)
STATE_HOLD = NearYearEnd(
    "state_hold",
    "holds",
    "On the year's last day the state places an administrative hold on the cultivator's newest "
    "harvest and on three plants flowering in the room its plants came from, pending an "
    "investigation: they leave the active and flowering lists for GET /harvests/v2/onhold and "
    "GET /plants/v2/onhold, with IsOnHold true. Massachusetts holds one of its cultivator's "
    "mother plants the same day (GET /plants/v2/mother/onhold).",
    earliest=0,
    latest=0,
)

SCENARIOS: tuple[Scenario, ...] = (
    PLANT_LOST_IN_FLOWER,
    HARVEST_LEFT_OPEN,
    BUD_DRY_DOWN,
    FAILED_FLOWER_TEST,
    FAILED_PRODUCT_TEST,
    EARLY_FAILED_LOT,
    YEAR_END_FAILED_LOT,
    FAILED_LOT_ON_HOLD,
    FAILED_LOT_DESTROYED,
    OVERDUE_TRANSFER,
    REJECTED_DELIVERY,
    DAMAGED_PACKAGE_REJECTED,
    PACKAGE_FORGOTTEN_IN_VAULT,
    VOIDED_RECEIPT,
    RECEIPTS_FINALIZED,
    THEFT_AT_COUNT,
    SPOILAGE_AT_COUNT,
    RECALL_HOLD,
    STATE_HOLD,
)
