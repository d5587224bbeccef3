"""The manufacturer: weekly extractions of trim into live resin, then cartridges, gummies, jars.

Every Wednesday the trim on hand is extracted (done the next day) into one concentrate
package, which is tested; the Monday after it passes, it becomes vape cartridges, every
other time a run of gummies, and a jar of live resin for the store's counter.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING

from trichome.sandbox import documents, processing
from trichome.sandbox.facilities import MANUFACTURER
from trichome.sandbox.reference import PROCESSING_JOB_TYPES
from trichome.sandbox.seed.catalogue import FLAVOURS
from trichome.sandbox.seed.lab import CONCENTRATE_TESTS, EDIBLE_TESTS, Lot
from trichome.sandbox.store import Record

if TYPE_CHECKING:
    from trichome.sandbox.seed.year import Year


class Manufacturer:
    """The manufacturer's processing jobs and products through the year."""

    def __init__(self, year: Year) -> None:
        self.year = year
        self.gummy_runs = 0

    def extract(self, day: date) -> None:
        """Every Wednesday: a hydrocarbon extraction of the trim on hand, done the next day."""
        trim = self.year.sellable(MANUFACTURER, "Shake/Trim")
        if not trim:
            return
        job_type = PROCESSING_JOB_TYPES[1]
        name = f"EXT-{day:%Y%m%d}"
        lab = self.year.location(MANUFACTURER, "Extraction Lab (C1D1)")
        data = processing.job(
            name, job_type["Id"], job_type["Name"], day, {"Count": "Each", "Weight": "Grams"}
        )
        for package in trim:
            draw(data, package.label or "", package.data["Quantity"], "Grams")
        job = self.year.add(
            Record(MANUFACTURER.license_number, "processingjob", "active", data, name=name),
            self.year.at(day, 8),
        )
        job.data["Number"] = f"PJ{job.id:06d}"
        for package in trim:
            package.data.update({"LocationId": lab.id, "LocationName": lab.name})
            self.year.stock[MANUFACTURER.license_number].remove(package)
        self.year.later(day + timedelta(days=1), self.finish_extraction, job, trim)

    def finish_extraction(self, day: date, job: Record, trim: list[Record]) -> None:
        """The extraction's concentrate: a new package from the trim, which is used up."""
        when = self.year.at(day, 16)
        grams = sum(package.data["Quantity"] for package in trim)
        strain = max(trim, key=lambda package: package.data["Quantity"]).data["Item"]["StrainName"]
        concentrate = self.year.new_package(
            MANUFACTURER,
            self.year.item(MANUFACTURER, f"Live Resin - {strain}"),
            round(grams * self.year.rng.uniform(0.14, 0.18), 1),
            when,
            sources=trim,
            shelf_life_days=365,
        )
        for package in trim:
            self.year.finish(package, when)
        concentrate.data["SourceProcessingJobCount"] = 1
        job.state = "inactive"
        processing.finish(job.data, documents.day(day), None, {})
        self.year.touch(job, when)
        lot = Lot(MANUFACTURER, "concentrate", [concentrate], CONCENTRATE_TESTS, 75.0)
        self.year.lab.submit(day, lot, concentrate, 1.0)

    def make_products(self, day: date, concentrate: Record) -> None:
        """The Monday after a concentrate passes: cartridges, gummies and store jars from it."""
        if concentrate.state != "active" or concentrate.license != MANUFACTURER.license_number:
            return
        when = self.year.at(day, 9)
        strain = concentrate.data["Item"]["StrainName"]
        grams = concentrate.data["Quantity"]
        used = 0.0
        carts = int(grams * 0.45 / 0.5)
        cart_item = self.year.item(MANUFACTURER, f"Vape Cart 0.5g - {strain}")
        made = []
        while carts > 0:
            count = min(200, carts)
            made.append(
                self.year.new_package(
                    MANUFACTURER, cart_item, count, when, sources=[concentrate], shelf_life_days=365
                )
            )
            carts -= count
            used += count * 0.5
        if made:
            self.year.lab.submit(
                day, Lot(MANUFACTURER, "cartridge", made, CONCENTRATE_TESTS, 80.0), made[0], 1
            )
        self.gummy_runs += 1
        if self.gummy_runs % 2 == 1:
            used += self.make_gummies(day, concentrate, grams * 0.12)
        jar = min(100.0, round(grams - used, 1))
        if jar > 20:
            used += jar
            self.year.new_package(
                MANUFACTURER,
                self.year.item(MANUFACTURER, f"Live Resin - {strain}"),
                jar,
                when,
                sources=[concentrate],
                lab_state=concentrate.data["LabTestingState"],
                shelf_life_days=365,
            )
        concentrate.data["Quantity"] = round(max(0.0, grams - used), 1)
        self.year.touch(concentrate, when)

    def make_gummies(self, day: date, concentrate: Record, grams: float) -> float:
        """An infusion job: gummy packs of 10 × 10 mg from concentrate; the grams used."""
        when = self.year.at(day, 13)
        flavour = FLAVOURS[(self.gummy_runs // 2) % len(FLAVOURS)][0]
        item = self.year.item(MANUFACTURER, f"Gummies 100mg (10 pack) - {flavour}")
        packs = int(grams * 0.78 * 1000 / 100)
        gummies = []
        while packs > 0:
            count = min(250, packs)
            gummies.append(
                self.year.new_package(
                    MANUFACTURER, item, count, when, sources=[concentrate], shelf_life_days=180
                )
            )
            packs -= count
        if not gummies:
            return 0.0
        job_type = PROCESSING_JOB_TYPES[0]
        name = f"INF-{day:%Y%m%d}"
        data = processing.job(
            name, job_type["Id"], job_type["Name"], day, {"Count": "Each", "Weight": "Grams"}
        )
        draw(data, concentrate.label or "", round(grams, 1), "Grams")
        processing.finish(data, documents.day(day), None, {})
        job = self.year.add(
            Record(MANUFACTURER.license_number, "processingjob", "inactive", data, name=name),
            when,
        )
        job.data["Number"] = f"PJ{job.id:06d}"
        for package in gummies:
            package.data["SourceProcessingJobCount"] = 1
        self.year.lab.submit(
            day, Lot(MANUFACTURER, "edible", gummies, EDIBLE_TESTS, 10.0), gummies[0], 1
        )
        return grams


def draw(job: dict[str, object], label: str, grams: float, unit: str) -> None:
    """A job's draw on a package (kept where no response shows it) added to its weight total."""
    inputs = job["_Inputs"]
    assert isinstance(inputs, list)
    inputs.append({"Label": label, "Quantity": grams, "Unit": unit})
    total = round(float(str(job["TotalWeight"])) + grams, 4)
    job.update(
        {"TotalWeight": total, "TotalQuantity": total,
         "TotalUnitOfMeasureId": job["WeightUnitOfMeasureId"]}
    )  # fmt: skip
