"""The transporters: manifests with one delivery each, driven and received (or not).

Every movement between licences goes this way: samples to the lab, trim to the
manufacturer, the store's orders, wholesale runs. A delivery is received on arrival unless
the shipper says otherwise; the recipient accepts it or rejects some or all of its packages.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from trichome.sandbox import documents
from trichome.sandbox.delivery_packages import accept_entry, reject_entry
from trichome.sandbox.facilities import DISPENSARY, LAB, MANUFACTURER, Facility
from trichome.sandbox.store import Record
from trichome.sandbox.transfers import (
    delivery_document,
    manifest_number,
    settle,
    transfer_document,
)

if TYPE_CHECKING:
    from trichome.sandbox.seed.year import Year

DRIVERS = (
    ("Marcus Webb", "Ford", "Transit", "CO-4KX-219"),
    ("Dana Ortiz", "Toyota", "Sienna", "CO-BJR-882"),
    ("Lee Park", "Mercedes-Benz", "Sprinter", "CO-7TT-401"),
)


class Transporters:
    """The drivers and vans that carry every transfer, and the packages on the road."""

    def __init__(self, year: Year) -> None:
        self.year = year
        self.in_transit: list[Record] = []

    def ship(
        self,
        day: date,
        shipper: Facility,
        recipient: Facility,
        packages: list[Record],
        kind: str,
        *,
        departs: int,
        arrives: int,
        price: float | None = None,
        receive: bool = True,
    ) -> tuple[Record, Record]:
        """A manifest with one delivery; unless told otherwise, received on arrival."""
        driver = self.year.rng.choice(DRIVERS)
        depart_at, arrive_at = self.year.at(day, departs), self.year.at(day, arrives)
        destination = {
            "TransferTypeName": kind,
            "PlannedRoute": f"{shipper.name} to {recipient.name} by I-25",
            "EstimatedDepartureDateTime": documents.moment(depart_at),
            "EstimatedArrivalDateTime": documents.moment(arrive_at),
            "Transporters": [
                {
                    "TransporterFacilityLicenseNumber": shipper.license_number,
                    "DriverName": driver[0],
                    "VehicleMake": driver[1],
                    "VehicleModel": driver[2],
                    "VehicleLicensePlateNumber": driver[3],
                }
            ],
        }
        created = depart_at - timedelta(hours=2)
        document = transfer_document(shipper, recipient, {"Name": None}, destination, packages)
        document["CreatedDateTime"] = documents.moment(created)
        document["ActualDepartureDateTime"] = documents.moment(depart_at)
        transfer = self.year.add(
            Record(
                shipper.license_number,
                "transfer",
                "pending",
                document,
                partner=recipient.license_number,
            ),
            created,
        )
        priced = [
            (package, round(package.data["Quantity"] * price, 2) if price is not None else None)
            for package in packages
        ]
        delivery = self.year.add(
            Record(
                shipper.license_number,
                "delivery",
                "pending",
                delivery_document(transfer, recipient, destination, priced),
                label=f"transfer:{transfer.id}",
                partner=recipient.license_number,
            ),
            created,
        )
        number = manifest_number(transfer.id)
        transfer.data.update({"ManifestNumber": number, "DeliveryId": delivery.id})
        delivery.data["ManifestNumber"] = number
        for package in packages:
            package.state = "intransit"
            self.year.touch(package, depart_at)
            self.year.stock[shipper.license_number].remove(package)
            self.in_transit.append(package)
        if receive:
            self.receive(transfer, delivery, packages, arrive_at)
        return transfer, delivery

    def receive(
        self,
        transfer: Record,
        delivery: Record,
        packages: list[Record],
        arrived: datetime,
        rejected: tuple[str, ...] = (),
        reason: str = "",
    ) -> None:
        """The recipient accepts the delivery, or rejects some or all of its packages."""
        when = arrived + timedelta(minutes=self.year.rng.randint(10, 50))
        recipient = transfer.partner or ""
        intake = {
            DISPENSARY.license_number: "Receiving",
            MANUFACTURER.license_number: "Receiving",
            LAB.license_number: "Sample Intake",
        }.get(recipient)
        accepted = 0
        for package, entry in zip(packages, delivery.data["_Packages"], strict=True):
            self.in_transit.remove(package)
            package.state = "active"
            self.year.touch(package, when)
            if package.label in rejected:
                reject_entry(entry, reason)
                self.year.stock[transfer.license].append(package)
                continue
            accepted += 1
            accept_entry(entry, package, package.data["Quantity"])
            package.license = recipient
            package.data.update(
                {
                    "ReceivedDateTime": documents.moment(when),
                    "ReceivedFromFacilityLicenseNumber": transfer.license,
                    "ReceivedFromFacilityName": transfer.data["ShipperFacilityName"],
                    "ReceivedFromManifestNumber": transfer.data["ManifestNumber"],
                }
            )
            if intake is None:  # a wholesale customer outside the sandbox
                continue
            place = self.year.locations[(recipient, intake)]
            package.data.update({"LocationId": place.id, "LocationName": place.name})
            self.year.stock[recipient].append(package)
            if recipient == DISPENSARY.license_number:
                self.year.dispensary.put_away(package, arrived)
        settle(
            transfer,
            delivery,
            accepted,
            str(documents.moment(arrived)),
            str(documents.moment(when)),
        )
        self.year.touch(delivery, when)
        self.year.touch(transfer, when)
