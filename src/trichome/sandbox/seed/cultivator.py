"""The cultivator: weekly clone plantings grown through flower to harvest, drying and packaging.

Each week's clones are tagged into plants, flower in one of ten rooms and are harvested by
wet weight; the dried harvest becomes half-pound bags of buds, trim and pre-rolls, sampled
for the lab. Every Tuesday the tested trim goes to the manufacturer.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING

from trichome.sandbox import documents, removals
from trichome.sandbox.facilities import CULTIVATOR, MANUFACTURER
from trichome.sandbox.seed.catalogue import PROFILES, STRAINS, StrainProfile
from trichome.sandbox.seed.lab import FLOWER_TESTS, Lot
from trichome.sandbox.seed.scenarios import BUD_DRY_DOWN, HARVEST_LEFT_OPEN, PLANT_LOST_IN_FLOWER
from trichome.sandbox.store import Record

if TYPE_CHECKING:
    from trichome.sandbox.seed.year import Year

HALF_POUND = 226.796185  # buds are wholesaled in half-pound bags


class Cultivator:
    """The cultivator's plants, harvests and packages through the year."""

    def __init__(self, year: Year) -> None:
        self.year = year

    def plant_cohort(self, day: date, week: int) -> None:
        """A weekly planting of clones, which grows through to harvest."""
        profile = STRAINS[(week * 5) % len(STRAINS)]
        strain = self.year.strains[(CULTIVATOR.license_number, profile.name)]
        strain.data["IsUsed"] = True
        batch = self.year.add(
            documents.plant_batch(
                CULTIVATOR,
                f"{profile.code}-{day:%y%m%d}-CL",
                "Clone",
                100 + self.year.rng.randint(2, 6),
                strain,
                self.year.location(CULTIVATOR, "Clone Room"),
                day,
            ),
            self.year.at(day, 9),
        )
        self.year.later(day + timedelta(days=14), self.tag_plants, batch, week)

    def tag_plants(self, day: date, batch: Record, week: int) -> None:
        """Move the healthiest 100 clones to vegetative with tags; the rest are destroyed."""
        when = self.year.at(day, 10)
        room = self.year.location(CULTIVATOR, "Veg Room A" if week % 2 == 0 else "Veg Room B")
        planted = date.fromisoformat(batch.data["PlantedDate"])
        plants = [
            self.year.add(
                documents.plant(
                    CULTIVATOR,
                    self.year.tag(CULTIVATOR, "plant"),
                    "Vegetative",
                    batch,
                    room,
                    planted,
                    day,
                ),
                when,
            )
            for _ in range(100)
        ]
        culled = batch.data["UntrackedCount"] - 100
        batch.data.update({"UntrackedCount": 0, "TrackedCount": 100, "DestroyedCount": culled})
        batch.state = "inactive"
        self.year.touch(batch, when)
        self.year.add(
            removals.plant_waste(
                CULTIVATOR.license_number,
                method="Compost",
                weight=round(culled * 0.02, 3),
                unit="Kilograms",
                reason="Unhealthy",
                count=culled,
                on=day,
                batch=batch,
                mixed_material="Soil",
                note=f"{culled} weak clones culled at tagging",
            ),
            when,
        )
        self.year.later(day + timedelta(days=21), self.flower, plants, week)

    def flower(self, day: date, plants: list[Record], week: int) -> None:
        """Change the cohort to flowering in its flower room."""
        room = self.year.location(CULTIVATOR, f"Flower Room {week % 10 + 1}")
        when = self.year.at(day, 11)
        for plant in plants:
            plant.state = "flowering"
            plant.data.update(
                {
                    "GrowthPhase": "Flowering",
                    "FloweringDate": documents.day(day),
                    "LocationId": room.id,
                    "LocationName": room.name,
                }
            )
            self.year.touch(plant, when)
        self.year.later(day + timedelta(days=25), self.lose_plants, plants)
        self.year.later(day + timedelta(days=63), self.harvest, plants, week)

    def lose_plants(self, day: date, plants: list[Record]) -> None:
        """Destroy the few plants a grow loses in flower, with the waste recorded."""
        when = self.year.at(day, 14)
        lost = [plant for plant in plants if PLANT_LOST_IN_FLOWER.happens(self.year.rng)]
        if not lost:
            return
        reason = self.year.rng.choice(("Pests", "Disease", "Male Plant", "Damage"))
        for plant in lost:
            plant.state = "inactive"
            plant.data.update(
                {"DestroyedDate": documents.day(day), "DestroyedNote": f"Destroyed: {reason}"}
            )
            self.year.touch(plant, when)
        self.year.add(
            removals.plant_waste(
                CULTIVATOR.license_number,
                method="Grinder",
                weight=round(len(lost) * self.year.rng.uniform(0.6, 1.4), 2),
                unit="Kilograms",
                reason=reason,
                count=len(lost),
                on=day,
                plant_labels=[str(plant.label) for plant in lost],
                mixed_material="Soil and kitty litter",
            ),
            when,
        )

    def harvest(self, day: date, plants: list[Record], week: int) -> None:
        """Harvest the cohort's flowering plants into one harvest batch, by wet weight."""
        alive = [plant for plant in plants if plant.state == "flowering"]
        when = self.year.at(day, 8)
        profile = PROFILES[plants[0].data["StrainName"]]
        room = self.year.location(CULTIVATOR, f"Dry Room {week % 2 + 1}")
        batch = self.year.add(
            documents.harvest(CULTIVATOR, f"{profile.code}-{day:%Y%m%d}", room, day), when
        )
        total = 0.0
        for plant in alive:
            wet = round(
                max(150.0, self.year.rng.gauss(profile.wet_grams, profile.wet_grams * 0.12)), 1
            )
            total += wet
            plant.state = "inactive"
            plant.data.update(
                {
                    "HarvestId": batch.id,
                    "HarvestedWetWeight": wet,
                    "HarvestedUnitOfWeightName": "Grams",
                    "HarvestedUnitOfWeightAbbreviation": documents.ABBREVIATIONS["Grams"],
                    "HarvestCount": 1,
                    "HarvestedDate": documents.day(day),
                    **documents.placed(room),
                }
            )
            self.year.touch(plant, when)
        batch.data.update(
            {
                "SourceStrainCount": 1,
                "SourceStrainNames": profile.name,
                "PlantCount": len(alive),
                "TotalWetWeight": round(total, 1),
                "CurrentWeight": round(total, 1),
            }
        )
        self.year.later(day + timedelta(days=1), self.harvest_waste, batch)
        self.year.later(day + timedelta(days=14), self.package_harvest, batch, profile)

    def harvest_waste(self, day: date, batch: Record) -> None:
        """Stems and fan leaves removed after the harvest."""
        when = self.year.at(day, 15)
        for kind, share in (("Stems", (0.09, 0.12)), ("Plant Material", (0.05, 0.08))):
            weight = round(batch.data["TotalWetWeight"] * self.year.rng.uniform(*share), 1)
            batch.data["TotalWasteWeight"] = round(batch.data["TotalWasteWeight"] + weight, 1)
            batch.data["CurrentWeight"] = round(batch.data["CurrentWeight"] - weight, 1)
            self.year.add(
                removals.harvest_waste(
                    CULTIVATOR.license_number, batch, kind, weight, "Grams", day
                ),
                when,
            )
        self.year.touch(batch, when)

    def package_harvest(self, day: date, batch: Record, profile: StrainProfile) -> None:
        """Package the dried harvest: bags of buds, trim, pre-rolls; then sample it."""
        when = self.year.at(day, 13)
        dry = batch.data["TotalWetWeight"] * self.year.rng.uniform(0.2, 0.24)
        buds, trim = dry * 0.7 - 400, dry * 0.3
        lots: list[Record] = []
        pre_rolls = self.year.item(CULTIVATOR, f"Pre-Roll 1g - {profile.name}")
        for _ in range(2):  # 200 one-gram pre-rolls each
            lots.append(
                self.year.new_package(
                    CULTIVATOR, pre_rolls, 200, when, harvest=batch, shelf_life_days=180
                )
            )
        bud_item = self.year.item(CULTIVATOR, f"Buds - {profile.name}")
        bags = []
        while buds > 50:
            weight = round(min(HALF_POUND, buds), 2)
            bags.append(self.year.new_package(CULTIVATOR, bud_item, weight, when, harvest=batch))
            buds -= weight
        lots.extend(bags)
        trim_item = self.year.item(CULTIVATOR, f"Shake/Trim - {profile.name}")
        while trim > 50:
            weight = round(min(2000.0, trim), 2)
            lots.append(self.year.new_package(CULTIVATOR, trim_item, weight, when, harvest=batch))
            trim -= weight
        packaged = sum(package.data["Quantity"] for package in lots)  # pre-rolls weigh 1 g
        batch.data.update(
            {
                "PackageCount": len(lots),
                "TotalPackagedWeight": round(packaged, 2),
                "CurrentWeight": round(batch.data["CurrentWeight"] - packaged, 2),
            }
        )
        self.year.touch(batch, when)
        # Most harvests are finished the next day (what is left was moisture lost in
        # drying); now and then one is forgotten and stays open.
        if not HARVEST_LEFT_OPEN.happens(self.year.rng):
            self.year.later(day + timedelta(days=1), self.finish_harvest, batch)
        self.year.lab.submit(
            day, Lot(CULTIVATOR, "flower", lots, FLOWER_TESTS, profile.thc), bags[0], 10.0
        )
        for bag in bags:
            if BUD_DRY_DOWN.happens(self.year.rng):
                self.year.later(day + timedelta(days=7), self.dry_down, bag)

    def finish_harvest(self, day: date, batch: Record) -> None:
        """Finish a packaged harvest."""
        batch.state = "inactive"
        batch.data["FinishedDate"] = documents.day(day)
        self.year.touch(batch, self.year.at(day, 9))

    def dry_down(self, day: date, package: Record) -> None:
        """Bud that kept drying in its bag loses a little weight: a Drying adjustment."""
        if package.state != "active" or package.license != CULTIVATOR.license_number:
            return
        loss = -round(package.data["Quantity"] * self.year.rng.uniform(0.005, 0.015), 2)
        self.year.adjust(CULTIVATOR, package, loss, "Drying", None, self.year.at(day, 10))

    def ship_trim(self, day: date) -> None:
        """Every Tuesday the cultivator sends its tested trim to the manufacturer."""
        trim = self.year.sellable(CULTIVATOR, "Shake/Trim")[:10]
        if trim:
            self.year.transporters.ship(
                day,
                CULTIVATOR,
                MANUFACTURER,
                trim,
                "Affiliated Transfer",
                departs=9,
                arrives=11,
                price=0.15,
            )
