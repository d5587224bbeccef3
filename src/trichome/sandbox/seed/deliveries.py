"""The store's sales deliveries on the year's last day (Metrc v2 Sales RecordDeliveries,
CompleteDelivery, UpdateDeliveriesHubDepart and DeleteDeliveryById), written after the year
has run so that nothing else in it moves:

- a noon delivery that arrives and is completed, every package accepted and paid in cash;
- an afternoon order cancelled before it leaves: the delivery is voided and its quantities go
  back to their packages;
- an evening delivery that has left and is still on the road when the year ends.

A delivery is a sale of its own (Metrc never records it as a receipt as well), so these sales
are in no receipt. Each takes the oldest jar of a bud strain and a pack of gummies on the
shelf, by name, so no random draw is spent.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from trichome.sandbox import documents, sales
from trichome.sandbox.facilities import DISPENSARY
from trichome.sandbox.seed.catalogue import PROFILES
from trichome.sandbox.seed.dispensary import UNIT_PRICES
from trichome.sandbox.seed.transporters import DRIVERS
from trichome.sandbox.seed.year import Year
from trichome.sandbox.store import Record

KIND = "salesdelivery"
# (hour sold, street, what becomes of it)
ORDERS = (
    (12, "1450 Larimer St", "completed"),
    (15, "2200 Colfax Ave", "voided"),
    (18, "3100 Blake St", "on the road"),
)
GRAMS = 3.5


def record(year: Year) -> None:
    """The last day's three deliveries, in the order they were recorded."""
    day = year.last_day
    for n, (hour, street, fate) in enumerate(ORDERS):
        sold = year.at(day, hour)
        lines = _lines(year, n, sold)
        if not lines:
            return
        name, make, model, plate = DRIVERS[n % len(DRIVERS)]
        posted = {
            "ConsumerId": f"CO-ID-{day:%m%d}{n + 1:02d}",
            "DriverEmployeeId": f"EMP-24-{101 + n}",
            "DriverName": name,
            "DriversLicenseNumber": f"CO-DL-24{n + 1:05d}",
            "VehicleMake": make,
            "VehicleModel": model,
            "VehicleLicensePlateNumber": plate,
            "RecipientName": None,
            "RecipientAddressStreet1": street,
            "RecipientAddressCity": "Denver",
            "RecipientAddressState": "CO",
            "RecipientAddressPostalCode": "80202",
            "PlannedRoute": f"{DISPENSARY.name} to {street} by surface streets",
            "EstimatedDepartureDateTime": documents.moment(sold + timedelta(minutes=30)),
            "EstimatedArrivalDateTime": documents.moment(sold + timedelta(minutes=75)),
        }
        document = sales.delivery_document(
            DISPENSARY, DISPENSARY, posted, sold, "Consumer", lines, sold
        )
        delivery = year.add(Record(DISPENSARY.license_number, KIND, "active", document), sold)
        delivery.data["DeliveryNumber"] = f"{delivery.id:010d}"
        _happen(year, delivery, fate, sold)


def _lines(year: Year, n: int, sold: datetime) -> list[dict[str, Any]]:
    """An eighth from the oldest jar of a bud strain on the shelf (the n-th by name, of those
    with more than an eighth left) and a pack of gummies, taken from stock."""
    store = year.dispensary
    buds = sorted(
        name
        for name, jars in store.shelf.items()
        if jars
        and jars[0].data["Item"]["ProductCategoryName"] == "Buds"
        and jars[0].data["Quantity"] > GRAMS
    )
    gummies = sorted(
        name
        for name, packs in store.shelf.items()
        if packs
        and packs[0].data["Item"]["ProductCategoryName"] == "Infused Edible"
        and packs[0].data["Quantity"] > 1
    )
    if not buds or not gummies:
        return []
    jar, pack = store.shelf[buds[n % len(buds)]][0], store.shelf[gummies[n % len(gummies)]][0]
    per_gram = PROFILES[jar.data["Item"]["StrainName"]].price_per_gram
    taken = [(jar, GRAMS, GRAMS * per_gram), (pack, 1.0, UNIT_PRICES["Infused Edible"])]
    stamp = documents.moment(sold) or ""
    lines = []
    for package, quantity, price in taken:
        unit = package.data["UnitOfMeasureName"]
        lines.append(sales.transaction_row(package, quantity, unit, price, stamp))
        package.data["Quantity"] = round(package.data["Quantity"] - quantity, 4)
        year.touch(package, sold)
    return lines


def _happen(year: Year, delivery: Record, fate: str, sold: datetime) -> None:
    """What becomes of a delivery: completed, voided (quantities back) or left on the road."""
    data = delivery.data
    packages = {p.label: p for p in year.stock[DISPENSARY.license_number]}
    if fate == "voided":
        for line in data["Transactions"]:
            package = packages[line["PackageLabel"]]
            package.data["Quantity"] = round(package.data["Quantity"] + line["QuantitySold"], 4)
            year.touch(package, sold + timedelta(minutes=20))
            line["SalesDeliveryState"] = "Voided"
        voided = sold + timedelta(minutes=20)
        data.update(VoidedDate=documents.moment(voided), SalesDeliveryState="Voided")
        delivery.state = "inactive"
        year.touch(delivery, voided)
        return
    left = sold + timedelta(minutes=35)
    data["ActualDepartureDateTime"] = documents.moment(left)
    year.touch(delivery, left)
    if fate == "completed":
        arrived = sold + timedelta(minutes=70)
        for line in data["Transactions"]:
            line["SalesDeliveryState"] = "Delivered"
        data.update(
            ActualArrivalDateTime=documents.moment(arrived),
            CompletedDateTime=documents.moment(arrived + timedelta(minutes=5)),
            SalesDeliveryState="Delivered",
            _PaymentType="Cash",
        )
        delivery.state = "inactive"
        year.touch(delivery, arrived + timedelta(minutes=5))
