"""The wholesale customers: three dispensaries outside the sandbox that buy the surplus.

Every Friday one of them (in turn, by the week of the year) receives what the cultivator
and the manufacturer hold beyond a reserve kept for the sandbox's own store.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from trichome.sandbox.facilities import CULTIVATOR, MANUFACTURER, Facility
from trichome.sandbox.store import Record

if TYPE_CHECKING:
    from trichome.sandbox.seed.year import Year

PARTNERS = (
    Facility("402R-00117", "Mile High Provisions", "Retail Store", "dispensary", frozenset()),
    Facility("402R-00342", "Front Range Remedies", "Retail Store", "dispensary", frozenset()),
    Facility("402R-00518", "Peak Leaf Dispensary", "Retail Store", "dispensary", frozenset()),
)


class Wholesale:
    """The Friday wholesale runs to the customers outside the sandbox."""

    def __init__(self, year: Year) -> None:
        self.year = year

    def sell_surplus(self, day: date) -> None:
        """Fridays: surplus goes to a wholesale customer, keeping a reserve for the store."""
        partner = PARTNERS[day.isocalendar().week % len(PARTNERS)]
        for supplier, categories, reserve, price in (
            (CULTIVATOR, ("Buds", "Pre-Roll Flower"), 40, 2.9),
            (MANUFACTURER, ("Concentrate", "Vape Cartridge", "Infused Edible"), 6, 12.0),
        ):
            surplus: list[Record] = []
            for category in categories:
                packages = [
                    package
                    for package in self.year.sellable(supplier, category)
                    if category != "Concentrate" or package.data["Quantity"] > 100
                ]
                surplus.extend(packages[: max(0, len(packages) - reserve)])
            if surplus:
                self.year.transporters.ship(
                    day,
                    supplier,
                    partner,
                    surplus[:40],
                    "Unaffiliated Transfer",
                    departs=7,
                    arrives=12,
                    price=price,
                )
