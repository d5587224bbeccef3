"""What each licence starts the year with and ends it with.

Before the first planting: every facility's locations, the strains the cultivator and the
manufacturer work with, and their items. At the year's end: the unused tags each licence
has on hand, and the cultivator's transfer template for the store's next delivery.
"""

from __future__ import annotations

from datetime import timedelta

from trichome.sandbox import documents
from trichome.sandbox.facilities import CULTIVATOR, DISPENSARY, LAB, MANUFACTURER
from trichome.sandbox.seed.catalogue import FLAVOURS, LOCATIONS, STRAINS
from trichome.sandbox.seed.transporters import DRIVERS
from trichome.sandbox.seed.year import LEAD_IN_DAYS, Year
from trichome.sandbox.store import Record
from trichome.sandbox.transfer_views import template_document

AVAILABLE_TAGS = 1000


def set_up(year: Year) -> None:
    """Locations, strains and items, dated when the licences began."""
    opened = year.at(year.first_day - timedelta(days=LEAD_IN_DAYS + 30), 9)
    for facility in (CULTIVATOR, MANUFACTURER, DISPENSARY, LAB):
        for name in LOCATIONS[facility.license_number]:
            kind = "Centralized Processing Hub" if name.startswith("Dry") else None
            record = documents.location(facility, name, kind or "Default Location Type")
            year.locations[(facility.license_number, name)] = year.add(record, opened)
    for facility in (CULTIVATOR, MANUFACTURER):
        for profile in STRAINS:
            record = documents.strain(
                facility,
                profile.name,
                profile.thc,
                profile.cbd,
                profile.indica,
                100 - profile.indica,
                "ThirdParty",
            )
            year.strains[(facility.license_number, profile.name)] = year.add(record, opened)
    for profile in STRAINS:
        grown = year.strains[(CULTIVATOR.license_number, profile.name)]
        made = year.strains[(MANUFACTURER.license_number, profile.name)]
        for facility, strain, name, category, thc, weight in (
            (CULTIVATOR, grown, f"Buds - {profile.name}", "Buds", None, None),
            (CULTIVATOR, grown, f"Shake/Trim - {profile.name}", "Shake/Trim", None, None),
            (CULTIVATOR, grown, f"Pre-Roll 1g - {profile.name}", "Pre-Roll Flower", None, 1.0),
            (MANUFACTURER, made, f"Live Resin - {profile.name}", "Concentrate", None, None),
            (
                MANUFACTURER,
                made,
                f"Vape Cart 0.5g - {profile.name}",
                "Vape Cartridge",
                400.0,
                0.5,
            ),
        ):
            unit = "Each" if weight else "Grams"
            record = documents.item(facility, name, category, unit, strain, thc, weight)
            year.items[(facility.license_number, name)] = year.add(record, opened)
        # Received trim keeps the cultivator's item.
        trim = f"Shake/Trim - {profile.name}"
        year.items[(MANUFACTURER.license_number, trim)] = year.item(CULTIVATOR, trim)
    for flavour, _ in FLAVOURS:
        name = f"Gummies 100mg (10 pack) - {flavour}"
        record = documents.item(MANUFACTURER, name, "Infused Edible", "Each", None, 100.0, 35.0)
        year.items[(MANUFACTURER.license_number, name)] = year.add(record, opened)


def close(year: Year) -> None:
    """The year's end: the tags left on hand, and a template for the next delivery."""
    end = year.at(year.last_day, 18)
    for facility, pools in (
        (CULTIVATOR, ("plant", "package")),
        (MANUFACTURER, ("package",)),
        (DISPENSARY, ("package",)),
        (LAB, ("package",)),
    ):
        for pool in pools:
            for _ in range(AVAILABLE_TAGS):
                year.add(documents.tag(facility, year.tag(facility, pool), pool), end)
    bags = year.sellable(CULTIVATOR, "Buds")[:2]
    if bags:
        driver = DRIVERS[0]
        destination = {
            "RecipientLicenseNumber": DISPENSARY.license_number,
            "TransferTypeName": "Affiliated Transfer",
            "PlannedRoute": f"{CULTIVATOR.name} to {DISPENSARY.name} by I-25",
            "EstimatedDepartureDateTime": documents.moment(year.at(year.as_of, 8)),
            "EstimatedArrivalDateTime": documents.moment(year.at(year.as_of, 10)),
            "Transporters": [
                {
                    "TransporterFacilityLicenseNumber": CULTIVATOR.license_number,
                    "DriverName": driver[0],
                    "VehicleMake": driver[1],
                    "VehicleModel": driver[2],
                    "VehicleLicensePlateNumber": driver[3],
                }
            ],
            "Packages": [{"PackageLabel": bag.label, "WholesalePrice": 1450.0} for bag in bags],
        }
        name = "Store restock - buds"
        posted = {"Name": name, "Destinations": [destination]}
        template = template_document(CULTIVATOR, posted, year.at(year.as_of, 7))
        year.add(
            Record(CULTIVATOR.license_number, "transfertemplate", "active", template, name=name),
            end,
        )
