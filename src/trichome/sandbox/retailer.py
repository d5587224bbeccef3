"""What a retailer (hub) delivery carries and where it sold, in the shapes Metrc reads them
back (bruno Sales/GetDeliveryRetailerById, GetActiveDeliveriesRetailer and
GetInactiveDeliveriesRetailer, captured in thunkier/ThunkMetrc):

- a package line names the package, the item's declared unit contents (`ItemUnit...`, from the
  package's item), the quantity on board and its price, with the line's state, when it was
  recorded and completed, and the package's recall and investigation flags;
- a destination (a sale made from the vehicle) is a sales delivery record, as GetActiveDeliveries
  lists one (`sales.delivery_document`), with its own `Id` and `LastModified`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from trichome.sandbox import documents
from trichome.sandbox.facilities import Facility
from trichome.sandbox.sales import (
    DELIVERY_CARRIER,
    RECORDED_BY,
    delivery_document,
    package_product,
)
from trichome.sandbox.store import Record

# The item's declared contents a line repeats, in the example's order (`Item` + the item's own
# field name).
ITEM_CONTENTS = (
    "UnitCbdPercent", "UnitCbdContent", "UnitCbdContentUnitOfMeasureName", "UnitCbdContentDose",
    "UnitCbdContentDoseUnitOfMeasureName", "UnitThcPercent", "UnitThcContent",
    "UnitThcContentUnitOfMeasureName", "UnitThcContentDose", "UnitThcContentDoseUnitOfMeasureName",
    "UnitVolume", "UnitVolumeUnitOfMeasureName", "UnitWeight", "UnitWeightUnitOfMeasureName",
    "ServingSize", "SupplyDurationDays", "UnitQuantity", "UnitQuantityUnitOfMeasureName",
)  # fmt: skip


def package_line(
    package: Record, amount: float, price: float, recorded: str | None
) -> dict[str, Any]:
    """One package loaded onto a trip."""
    item = package.data["Item"]
    unit = package.data["UnitOfMeasureName"]
    return {
        **package_product(package),
        **{f"Item{key}": item.get(key) for key in ITEM_CONTENTS},
        "Quantity": round(amount, 4),
        "UnitOfMeasureName": unit,
        "UnitOfMeasureAbbreviation": documents.ABBREVIATIONS.get(unit, unit),
        "TotalPrice": round(price, 2),
        "RetailerDeliveryState": None,
        "ArchivedDate": None,
        "RecordedDateTime": recorded,
        "RecordedByUserName": RECORDED_BY,
        "CompletedDateTime": None,
        "LastModified": recorded,
        "IsOnInvestigationHold": bool(package.data.get("IsOnInvestigationHold")),
        "IsOnRecall": package.data.get("IsOnRecall"),
        "IsOnInvestigationRecall": bool(package.data.get("IsOnInvestigationRecall")),
        "IsOnRecallCombined": bool(package.data.get("IsOnRecallCombined")),
    }


def destination(
    facility: Facility,
    trip: Record,
    posted: dict[str, Any],
    sold_at: datetime,
    customer_type: str,
    rows: list[dict[str, Any]],
) -> dict[str, Any]:
    """A sale made from the trip's vehicle, delivered when it is recorded: the store carries
    it on its own vehicle, so the trip's driver and vehicle are the delivery's."""
    number = len(trip.data["Destinations"]) + 1
    carried = {
        **posted,
        **{key: trip.data[key] for key in DELIVERY_CARRIER},
        "EstimatedDepartureDateTime": trip.data["EstimatedDepartureDateTime"],
        "EstimatedArrivalDateTime": posted.get("EstimatedArrivalDateTime"),
    }
    when = documents.moment(sold_at)
    sale = delivery_document(facility, facility, carried, sold_at, customer_type, [], sold_at)
    sale.pop("_PhoneNumberForQuestions", None)
    sale.update(
        DeliveryNumber=f"{trip.id or 0:08d}{number:02d}",
        ActualDepartureDateTime=trip.data["ActualDepartureDateTime"],
        ActualArrivalDateTime=when,
        TotalPackages=len(rows),
        TotalPrice=round(sum(row["TotalPrice"] for row in rows), 2),
        Transactions=rows,
        CompletedDateTime=when,
        SalesDeliveryState="Delivered",
    )
    return {"Id": number, **sale, "LastModified": when}
