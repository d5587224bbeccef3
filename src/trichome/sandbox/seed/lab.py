"""The lab, and what a licensee does with a lot after its result.

A lot (packages made together) is sampled, the sample shipped to the lab and tested three
days later; the result is applied to the sample and every package of the lot. A passed
concentrate goes on to be made into products; a failed lot is decontaminated (the
cultivator's) or remediated (the manufacturer's) and retested, destroyed, or held (see the
scenarios).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from trichome.sandbox import documents
from trichome.sandbox.facilities import DECONTAMINATES, LAB, REMEDIATES, Facility
from trichome.sandbox.labtests import apply_result, earliest_expiry, result_expiry, result_rows
from trichome.sandbox.seed.scenarios import (
    EARLY_FAILED_LOT,
    FAILED_FLOWER_TEST,
    FAILED_LOT_DESTROYED,
    FAILED_LOT_ON_HOLD,
    FAILED_PRODUCT_TEST,
    YEAR_END_FAILED_LOT,
)
from trichome.sandbox.store import Record

if TYPE_CHECKING:
    from trichome.sandbox.seed.year import Year

FLOWER_TESTS = (
    "THC (%) Raw Plant Material",
    "THCA (%) Raw Plant Material",
    "CBD (%) Raw Plant Material",
    "Moisture Content (%) Raw Plant Material",
    "Total Yeast and Mold (CFU/g) Raw Plant Material",
    "E. coli (CFU/g) Raw Plant Material",
    "Salmonella Raw Plant Material",
    "Arsenic (ppm) Raw Plant Material",
    "Lead (ppm) Raw Plant Material",
)
CONCENTRATE_TESTS = (
    "THC (%) Concentrate",
    "Residual Solvents (ppm) Concentrate",
    "Arsenic (ppm) Raw Plant Material",
    "Lead (ppm) Raw Plant Material",
)
EDIBLE_TESTS = ("THC (mg/serving) Infused Edible", "Homogeneity (%RSD) Infused Edible")


@dataclass(slots=True)
class Lot:
    """Packages tested together from one sample, and what their product is."""

    facility: Facility
    product: str  # flower, concentrate, cartridge or edible
    packages: list[Record]
    tests: tuple[str, ...]
    potency: float
    retest: bool = False


class Lab:
    """The lab's tests through the year, and the failed lots' remediation, destruction or hold."""

    def __init__(self, year: Year) -> None:
        self.year = year
        self.first_flower_tests = 0  # the cultivator's flower lots tested (retests aside)
        self.failures = 0

    def submit(self, day: date, lot: Lot, source: Record, amount: float) -> None:
        """Take a sample from a lot, send it to the lab, and have it tested three days later."""
        facility = lot.facility
        when = self.year.at(day, 14)
        source.data["Quantity"] = round(source.data["Quantity"] - amount, 4)
        sample = self.year.new_package(
            facility,
            self.year.item(facility, source.data["Item"]["Name"]),
            amount,
            when,
            sources=lot.packages,
            lab_state="SubmittedForTesting",
        )
        sample.data["IsTestingSample"] = True
        for package in lot.packages:
            package.data["LabTestingState"] = "SubmittedForTesting"
            package.data["LabTestingStateDate"] = documents.day(day)
            self.year.touch(package, when)
        self.year.transporters.ship(
            day, facility, LAB, [sample], "Lab Sample Transfer", departs=15, arrives=16
        )
        self.year.later(day + timedelta(days=3), self.test, lot, sample)

    def test(self, day: date, lot: Lot, sample: Record) -> None:
        """The lab's results for a sample, applied to it and the packages it came from."""
        when = self.year.at(day, 11)
        failure = FAILED_FLOWER_TEST if lot.product == "flower" else FAILED_PRODUCT_TEST
        passed = not failure.happens(self.year.rng)
        if lot.product == "flower" and not lot.retest:
            self.first_flower_tests += 1
            if EARLY_FAILED_LOT.happens(self.first_flower_tests):
                passed = False
            if YEAR_END_FAILED_LOT.happens(day, self.year.last_day, self.year.played):
                passed = False
        results = self.results(lot, passed)
        expires = earliest_expiry(result_expiry(r["LabTestTypeName"], day) for r in results)
        for package in (sample, *lot.packages):
            apply_result(package, day, passed, expires)
            self.year.touch(package, when)
            for row in result_rows(LAB, package, day, results, passed):
                self.year.add(row, when)
        self.year.later(day + timedelta(days=1), self.discard_sample, sample)
        if passed:
            if lot.product == "concentrate":
                self.year.later(
                    day + timedelta(days=7 - day.weekday()),
                    self.year.manufacturer.make_products,
                    lot.packages[0],
                )
            return
        self.failures += 1
        if lot.retest:
            self.year.later(day + timedelta(days=2), self.destroy, lot)
        elif FAILED_LOT_ON_HOLD.happens(day, self.year.last_day, self.year.played):
            self.hold(day, lot)
        elif FAILED_LOT_DESTROYED.happens(self.failures):
            self.year.later(day + timedelta(days=2), self.destroy, lot)
        else:
            self.year.later(day + timedelta(days=4), self.remediate, lot)

    def results(self, lot: Lot, passed: bool) -> list[dict[str, Any]]:
        """Plausible values for each test; a failed lot fails one safety test."""
        rng = self.year.rng
        safety = [name for name in lot.tests if not name.startswith(("THC (%)", "THCA", "CBD"))]
        failing = None if passed else rng.choice(safety)
        values = {
            "THC (%) Raw Plant Material": round(rng.gauss(lot.potency, 1.2), 2),
            "THCA (%) Raw Plant Material": round(rng.gauss(lot.potency * 1.1, 1.3), 2),
            "CBD (%) Raw Plant Material": round(rng.uniform(0.03, 0.4), 2),
            "Moisture Content (%) Raw Plant Material": round(rng.uniform(8.5, 12.5), 1),
            "Total Yeast and Mold (CFU/g) Raw Plant Material": float(rng.randrange(100, 4000, 10)),
            "E. coli (CFU/g) Raw Plant Material": float(rng.randrange(0, 10)),
            "Salmonella Raw Plant Material": 0.0,
            "Arsenic (ppm) Raw Plant Material": round(rng.uniform(0.005, 0.06), 3),
            "Lead (ppm) Raw Plant Material": round(rng.uniform(0.01, 0.12), 3),
            "Residual Solvents (ppm) Concentrate": float(rng.randrange(40, 600)),
            "THC (%) Concentrate": round(rng.uniform(68, 82), 2),
            "THC (mg/serving) Infused Edible": round(rng.uniform(9.3, 10.7), 2),
            "Homogeneity (%RSD) Infused Edible": round(rng.uniform(3, 12), 1),
        }
        if failing is not None:
            values[failing] = {
                "Moisture Content (%) Raw Plant Material": round(rng.uniform(15.5, 18.0), 1),
                "Total Yeast and Mold (CFU/g) Raw Plant Material": float(
                    rng.randrange(12000, 90000, 100)
                ),
                "E. coli (CFU/g) Raw Plant Material": float(rng.randrange(150, 900)),
                "Salmonella Raw Plant Material": 1.0,
                "Arsenic (ppm) Raw Plant Material": round(rng.uniform(0.25, 0.6), 3),
                "Lead (ppm) Raw Plant Material": round(rng.uniform(0.6, 1.4), 3),
                "Residual Solvents (ppm) Concentrate": float(rng.randrange(1200, 4000)),
                "THC (mg/serving) Infused Edible": round(rng.uniform(11.8, 13.5), 2),
                "Homogeneity (%RSD) Infused Edible": round(rng.uniform(26, 40), 1),
            }[failing]
        return [
            {
                "LabTestTypeName": name,
                "Quantity": values[name],
                "Passed": name != failing,
                "Notes": "Above the action limit" if name == failing else None,
            }
            for name in lot.tests
        ]

    def discard_sample(self, day: date, sample: Record) -> None:
        """The lab consumes and destroys a tested sample."""
        self.year.finish(sample, self.year.at(day, 9))

    def remediate(self, day: date, lot: Lot) -> None:
        """Treat a failed lot as its facility may and send it for a retest the next day.

        The cultivator decontaminates (its facility type may not remediate, as in Metrc's
        Colorado sandbox: reference.py); the manufacturer remediates.
        """
        when = self.year.at(day, 10)
        live = [package for package in lot.packages if package.state == "active"]
        if lot.facility.can(REMEDIATES):
            treated = {
                "LabTestingState": "Remediated",
                "RemediationDate": documents.day(day),
                "ContainsRemediatedProduct": True,
                "Note": "Further Processing: re-purged under vacuum",
            }
        else:
            assert lot.facility.can(DECONTAMINATES), lot.facility.license_number
            treated = {
                "LabTestingState": "Decontaminated",
                "DecontaminationDate": documents.day(day),
                "ContainsDecontaminatedProduct": True,
                "ProductRequiresDecontamination": False,
                "Note": "Decontamination: ozone treatment of the whole lot",
            }
        for package in live:
            package.data.update(
                treated
                | {"LabTestingStateDate": documents.day(day), "ProductRequiresRemediation": False}
            )
            self.year.touch(package, when)
        retest = Lot(lot.facility, lot.product, live, lot.tests, lot.potency, retest=True)
        amount = 10.0 if lot.product == "flower" else 1.0
        self.year.later(day + timedelta(days=1), self.submit, retest, live[-1], amount)

    def destroy(self, day: date, lot: Lot) -> None:
        """Destroy a failed lot: adjust each package to zero as waste, then finish it."""
        when = self.year.at(day, 11)
        for package in lot.packages:
            if package.state != "active":
                continue
            self.year.adjust(
                lot.facility,
                package,
                -package.data["Quantity"],
                "Waste",
                "Failed lab testing; ground, mixed with soil and disposed of",
                when,
            )
            self.year.finish(package, when)

    def hold(self, day: date, lot: Lot) -> None:
        """A recent failure is held while the licensee decides how to treat it."""
        when = self.year.at(day, 16)
        for package in lot.packages:
            if package.state == "active":
                package.state = "onhold"
                package.data["IsOnHold"] = True
                package.data["IsOnHoldCombined"] = True
                package.data["Note"] = "Held after a failed lab test; treatment pending"
                self.year.touch(package, when)
