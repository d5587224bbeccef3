"""The dispensary: it orders twice a week, shelves what arrives, sells every day, counts monthly.

The store orders from the cultivator and the manufacturer enough for the next days' sales
(a first guess until it has two weeks of history), sells from the oldest package of each
product on its shelf, finishes empty packages on Mondays and counts its stock on the first
of each month.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from trichome.sandbox import documents
from trichome.sandbox.facilities import CULTIVATOR, DISPENSARY, MANUFACTURER
from trichome.sandbox.sales import receipt_document, transaction_row
from trichome.sandbox.seed.catalogue import FLAVOURS, PROFILES, STRAINS
from trichome.sandbox.seed.scenarios import (
    DAMAGED_PACKAGE_REJECTED,
    OVERDUE_TRANSFER,
    PACKAGE_FORGOTTEN_IN_VAULT,
    RECALL_HOLD,
    RECEIPTS_FINALIZED,
    REJECTED_DELIVERY,
    SPOILAGE_AT_COUNT,
    THEFT_AT_COUNT,
    VOIDED_RECEIPT,
)
from trichome.sandbox.store import Record

if TYPE_CHECKING:
    from trichome.sandbox.seed.year import Year

# What the store sells: category, units per line and their weights, price per unit.
SHELF_DAYS = 8  # the store orders enough for this many days of sales
DAILY_DEMAND = {  # the store's first guess, in the package's units, until it has sales history
    "Buds": 700.0,
    "Pre-Roll Flower": 50.0,
    "Vape Cartridge": 55.0,
    "Infused Edible": 45.0,
    "Concentrate": 12.0,
}
CATEGORIES = ("Buds", "Vape Cartridge", "Infused Edible", "Pre-Roll Flower", "Concentrate")
CATEGORY_SHARES = (0.5, 0.19, 0.16, 0.11, 0.04)
SUPPLIERS = (
    ("Buds", CULTIVATOR),
    ("Pre-Roll Flower", CULTIVATOR),
    ("Vape Cartridge", MANUFACTURER),
    ("Infused Edible", MANUFACTURER),
    ("Concentrate", MANUFACTURER),
)
FLOWER_SIZES = ((3.5, 0.55, 1.0), (7.0, 0.25, 0.95), (14.0, 0.12, 0.9), (28.0, 0.08, 0.85))
UNIT_PRICES = {"Pre-Roll Flower": 8.0, "Vape Cartridge": 38.0, "Infused Edible": 18.0}
CONCENTRATE_PRICE = 32.0
WEEKDAY_RECEIPTS = (95, 90, 100, 110, 140, 150, 115)  # Monday first
HOURS = (
    (9, 0.5),
    (10, 0.6),
    (11, 0.8),
    (12, 1.0),
    (13, 0.9),
    (14, 0.9),
    (15, 1.0),
    (16, 1.3),
    (17, 1.6),
    (18, 1.5),
    (19, 1.2),
    (20, 0.9),
    (21, 0.6),
)


class Dispensary:
    """The store's shelf, its shoppers' tastes, its sales by day, and its deliveries."""

    def __init__(self, year: Year) -> None:
        self.year = year
        self.shelf: dict[str, list[Record]] = defaultdict(list)  # by item name
        self.popularity = {profile.name: 0.5 + year.rng.random() for profile in STRAINS}
        self.sold: dict[date, dict[str, float]] = {}
        self.opened: date | None = None  # the day of its first delivery
        self.deliveries = 0

    def order(self, day: date) -> None:
        """Monday and Thursday: the store orders what it needs for the next days."""
        orders: dict[str, list[Record]] = {
            CULTIVATOR.license_number: [],
            MANUFACTURER.license_number: [],
        }
        for category, supplier in SUPPLIERS:
            want = self.demand(category, day) * SHELF_DAYS - self.on_hand(category)
            for package in self.year.sellable(supplier, category):
                if want <= 0:
                    break
                if category == "Concentrate" and package.data["Quantity"] > 100:
                    continue  # bulk concentrate is wholesale, not for the store's counter
                orders[supplier.license_number].append(package)
                want -= package.data["Quantity"]
        for supplier in (CULTIVATOR, MANUFACTURER):
            packages = orders[supplier.license_number]
            if not packages:
                continue
            self.deliveries += 1
            price = 3.2 if supplier is CULTIVATOR else 14.0
            transfer, delivery = self.year.transporters.ship(
                day,
                supplier,
                DISPENSARY,
                packages,
                "Affiliated Transfer",
                departs=8,
                arrives=10,
                price=price,
                receive=False,
            )
            if supplier is CULTIVATOR and OVERDUE_TRANSFER.happens(
                day, self.year.last_day, self.year.played
            ):
                continue  # the van never arrived: an overdue manifest
            labels: tuple[str, ...] = ()
            reason = ""
            if REJECTED_DELIVERY.happens(self.deliveries):
                labels = tuple(package.label or "" for package in packages)
                reason = "The manifest did not match the packages delivered"
            elif DAMAGED_PACKAGE_REJECTED.happens(self.year.rng):
                labels, reason = (packages[-1].label or "",), "Damaged packaging; seal broken"
            self.year.transporters.receive(
                transfer, delivery, packages, self.year.at(day, 10), labels, reason
            )

    def put_away(self, package: Record, arrived: datetime) -> None:
        """A received package goes on the shelf, or now and then into the vault, forgotten."""
        self.opened = self.opened or arrived.date()
        if PACKAGE_FORGOTTEN_IN_VAULT.happens(self.year.rng):
            vault = self.year.location(DISPENSARY, "Vault")
            package.data.update({"LocationId": vault.id, "LocationName": vault.name})
        else:
            self.shelf[package.data["Item"]["Name"]].append(package)

    def on_hand(self, category: str) -> float:
        """What the store holds or has coming of a category, in the package's units."""
        held = sum(
            package.data["Quantity"]
            for packages in self.shelf.values()
            for package in packages
            if package.data["Item"]["ProductCategoryName"] == category
        )
        coming = sum(
            package.data["Quantity"]
            for package in self.year.transporters.in_transit
            if package.data["Item"]["ProductCategoryName"] == category
        )
        return float(held + coming)

    def demand(self, category: str, day: date) -> float:
        """The store's daily sales of a category over the last two weeks (a guess before)."""
        if self.opened is None or (day - self.opened).days < 14:
            return DAILY_DEMAND[category]
        total = sum(
            self.sold.get(day - timedelta(days=n), {}).get(category, 0.0) for n in range(1, 15)
        )
        return max(total / 14, DAILY_DEMAND[category] * 0.3)

    def sell(self, day: date) -> None:
        """The day's receipts; each line takes from the oldest package of the product."""
        if (day.month, day.day) == (12, 25):
            return  # closed
        factor = {(4, 20): 2.3, (12, 31): 1.3, (7, 3): 1.3}.get((day.month, day.day), 1.0)
        count = int(WEEKDAY_RECEIPTS[day.weekday()] * factor * self.year.rng.uniform(0.85, 1.15))
        hours, weights = [hour for hour, _ in HOURS], [weight for _, weight in HOURS]
        moments = sorted(
            self.year.at(day, hour, self.year.rng.randrange(60), self.year.rng.randrange(60))
            for hour in self.year.rng.choices(hours, weights=weights, k=count)
        )
        sold = self.sold.setdefault(day, {})
        receipts = [
            self.receipt(moment, f"{day:%y%m%d}-{number:04d}", sold)
            for number, moment in enumerate(moments, start=1)
        ]
        if RECEIPTS_FINALIZED.happens(day, self.year.last_day, self.year.played):
            closing = self.year.at(day, 22, 15)  # after the last sale
            for record in receipts:
                if record is not None and record.state == "active":
                    record.state = "inactive"
                    record.data["IsFinal"] = True
                    self.year.touch(record, closing)

    def receipt(self, moment: datetime, number: str, sold: dict[str, float]) -> Record | None:
        """One customer's purchase, or a receipt voided at the till."""
        rng = self.year.rng
        count = rng.choices((1, 2, 3, 4), weights=(0.5, 0.3, 0.15, 0.05))[0]
        discount = 0.9 if rng.random() < 0.15 else 1.0
        voided = VOIDED_RECEIPT.happens(rng)
        taken: list[tuple[Record, float, float]] = []
        for category in rng.choices(CATEGORIES, weights=CATEGORY_SHARES, k=count):
            picked = self.pick(category)
            if picked is None or any(picked[0] is package for package, _, _ in taken):
                continue
            package, quantity, price = picked
            taken.append((package, quantity, round(price * discount, 2)))
        if not taken:
            return None
        stamp = documents.moment(moment) or ""
        lines = []
        for package, quantity, price in taken:
            unit = package.data["UnitOfMeasureName"]
            lines.append(transaction_row(package, quantity, unit, price, stamp))
            if voided:
                continue
            package.data["Quantity"] = round(package.data["Quantity"] - quantity, 4)
            self.year.touch(package, moment)
            category = package.data["Item"]["ProductCategoryName"]
            sold[category] = sold.get(category, 0.0) + quantity
            if package.data["Quantity"] <= 1e-9:
                self.shelf[package.data["Item"]["Name"]].remove(package)
        record = Record(
            DISPENSARY.license_number,
            "receipt",
            "inactive" if voided else "active",
            # The till sends its own number, which Metrc also shows as the receipt's number.
            receipt_document(number, moment, "Consumer", lines, external=number),
        )
        if voided:
            moment += timedelta(minutes=4)
            record.data["ArchivedDate"] = documents.moment(moment)
        return self.year.add(record, moment)

    def pick(self, category: str) -> tuple[Record, float, float] | None:
        """A product of a category on the shelf, its oldest package, an amount and a price."""
        names = [
            name
            for name, packages in self.shelf.items()
            if packages and packages[0].data["Item"]["ProductCategoryName"] == category
        ]
        if not names:
            return None
        rng = self.year.rng
        name = rng.choices(names, weights=[self.appeal(self.shelf[n][0]) for n in names])[0]
        package = self.shelf[name][0]
        if category == "Buds":
            size, _, scale = rng.choices(FLOWER_SIZES, weights=[w for _, w, _ in FLOWER_SIZES])[0]
            per_gram = PROFILES[package.data["Item"]["StrainName"]].price_per_gram * scale
        elif category == "Concentrate":
            size, per_gram = rng.choice((1.0, 1.0, 2.0)), CONCENTRATE_PRICE
        else:
            size = float(rng.choices((1, 2, 3, 5), weights=(0.6, 0.25, 0.1, 0.05))[0])
            if category != "Pre-Roll Flower":
                size = min(size, 2.0)
            per_gram = UNIT_PRICES[category]
        # The end of a jar is sold as it is.
        quantity = round(min(size, package.data["Quantity"]), 4)
        return package, quantity, quantity * per_gram

    def appeal(self, package: Record) -> float:
        """How often shoppers choose a product: by strain, or by gummy flavour."""
        item = package.data["Item"]
        if item["StrainName"] in self.popularity:
            return self.popularity[item["StrainName"]]
        return next((weight for flavour, weight in FLAVOURS if item["Name"].endswith(flavour)), 0.3)

    def clean_up(self, day: date) -> None:
        """Mondays: the week's empty packages are finished."""
        when = self.year.at(day, 8, 30)
        for package in list(self.year.stock[DISPENSARY.license_number]):
            if package.state == "active" and package.data["Quantity"] <= 1e-9:
                self.year.finish(package, when)

    def count(self, day: date) -> None:
        """The first of the month: the inventory count finds small differences."""
        when = self.year.at(day, 7, 30)
        held = [p for p in self.year.stock[DISPENSARY.license_number] if p.state == "active"]
        jars = [
            p for p in held if p.data["UnitOfMeasureName"] == "Grams" and p.data["Quantity"] > 5
        ]
        for package in self.year.rng.sample(jars, min(3, len(jars))):
            change = -round(self.year.rng.uniform(0.1, 0.6), 2)
            self.year.adjust(DISPENSARY, package, change, "Scale Variance", None, when)
        units = [
            p for p in held if p.data["UnitOfMeasureName"] == "Each" and p.data["Quantity"] > 2
        ]
        if units and THEFT_AT_COUNT.happens(day):
            note = "Missing at the monthly count; reported to the MED"
            self.year.adjust(DISPENSARY, self.year.rng.choice(units), -1, "Theft", note, when)
        if units and SPOILAGE_AT_COUNT.happens(day):
            note = "Crushed in the display case"
            self.year.adjust(DISPENSARY, self.year.rng.choice(units), -1, "Spoilage", note, when)

    def hold_for_recall(self, day: date) -> None:
        """Near the year's end the store holds two cartridge packages for a recall review."""
        if not RECALL_HOLD.happens(day, self.year.last_day, self.year.played):
            return
        when = self.year.at(day, 12)
        carts = [
            package
            for package in self.year.stock[DISPENSARY.license_number]
            if package.state == "active"
            and package.data["Item"]["ProductCategoryName"] == "Vape Cartridge"
            and package.data["Quantity"] > 0
        ]
        for package in carts[:2]:
            package.state = "onhold"
            package.data["IsOnHold"] = True
            package.data["IsOnHoldCombined"] = True
            package.data["Note"] = "Held pending the manufacturer's hardware recall review"
            self.year.touch(package, when)
            shelf = self.shelf[package.data["Item"]["Name"]]
            if package in shelf:
                shelf.remove(package)
