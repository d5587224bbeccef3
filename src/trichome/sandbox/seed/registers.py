"""What each licence keeps on file besides its stock: sublocations, additives templates, the
drivers and vans that carry its transfers, and what it stopped using during the year.

Made when the licences began, through the same builders as the sandbox's writes (sublocations
Create, AdditivesTemplates Create, Transporters CreateDrivers and CreateVehicles, and the
archive operations of Strains, Items, Locations and Sublocations):

- the cultivator works with two feeds and a pesticide, kept as additives templates, and
  records the year's last applications from them (Plants RecordAdditivesByLocation and
  PlantBatches RecordAdditivesUsingAdditivesTemplate): the base feed on each clone batch,
  neem oil on each veg room's plants;
- the cultivator and the manufacturer, which ship, and the store, which delivers sales,
  register the three drivers and their vans (`transporters.DRIVERS`);
- the cultivator and the store name places inside their rooms as sublocations; the
  cultivator takes one drying rack out of use in the year;
- the cultivator grew a strain it no longer grows: its strain and its item are archived as
  the year begins, and a veg room it closed part-way through is archived too; the
  manufacturer archived its own CO2 extraction job type when it moved to hydrocarbon.
"""

from __future__ import annotations

from datetime import date, datetime, timedelta

from trichome.sandbox import documents, processing, registers
from trichome.sandbox.facilities import CULTIVATOR, DISPENSARY, MANUFACTURER, Facility
from trichome.sandbox.seed.transporters import DRIVERS
from trichome.sandbox.seed.year import LEAD_IN_DAYS, Year
from trichome.sandbox.store import Record

SUBLOCATIONS = {
    CULTIVATOR: ("Drying Rack 1", "Drying Rack 2", "Drying Rack 3", "Vault Shelf A"),
    DISPENSARY: ("Display Case 1", "Display Case 2", "Back Stock Shelf"),
}
RETIRED_RACK = "Drying Rack 3"
ADDITIVES_TEMPLATES = (
    {
        "Name": "Base feed",
        "AdditiveType": "Fertilizer",
        "ApplicationDevice": "Drip irrigation",
        "ProductSupplier": "Front Range Nutrients",
        "ProductTradeName": "Grow 3-1-2",
        "ActiveIngredients": [
            {"Name": "Nitrogen", "Percentage": 3.0},
            {"Name": "Potassium", "Percentage": 2.0},
        ],
    },
    {
        "Name": "Bloom feed",
        "AdditiveType": "Fertilizer",
        "ApplicationDevice": "Drip irrigation",
        "ProductSupplier": "Front Range Nutrients",
        "ProductTradeName": "Bloom 1-5-4",
        "ActiveIngredients": [
            {"Name": "Phosphorus", "Percentage": 5.0},
            {"Name": "Potassium", "Percentage": 4.0},
        ],
    },
    {
        "Name": "Neem oil spray",
        "AdditiveType": "Pesticide",
        "ApplicationDevice": "Handheld sprayer",
        "EpaRegistrationNumber": "70051-2",
        "ProductSupplier": "Clear Leaf Supply",
        "ProductTradeName": "Clarified Neem Oil 70%",
        "RestrictiveEntryIntervalQuantityDescription": "4",
        "RestrictiveEntryIntervalTimeDescription": "Hours",
        "ActiveIngredients": [
            {"Name": "Clarified hydrophobic extract of neem oil", "Percentage": 70.0}
        ],
        "Note": "Vegetative stage only.",
    },
)
# The licences that drive: the cultivator and the manufacturer carry their own transfers, the
# store its sales deliveries (`deliveries`).
CARRIERS = (CULTIVATOR, MANUFACTURER, DISPENSARY)
RETIRED_STRAIN = ("Strawberry Cough", 19.0, 0.1, 30, 70)
CLOSED_ROOM = "Veg Room C"
# The manufacturer's own method before it moved to hydrocarbon extraction (ProcessingJob
# CreateJobTypes, then ArchiveJobTypes).
RETIRED_JOB_TYPE = {
    "Name": "Extraction - CO2",
    "CategoryName": "Concentrate",
    "Description": "Supercritical CO2 extraction of trim",
    "ProcessingSteps": "Extract, winterize, test",
    "Attributes": ["Extraction", "Solvent"],
}


def add(year: Year) -> None:
    """The registers as the licences began, and what was taken out of use since.

    Added once the year has run, so the ids of everything else stay as they were."""
    opened = year.at(year.first_day - timedelta(days=LEAD_IN_DAYS + 30), 9)
    templates = {
        str(template["Name"]): year.add(
            registers.additives_template(CULTIVATOR, dict(template)), opened
        )
        for template in ADDITIVES_TEMPLATES
    }
    for facility in CARRIERS:
        _drivers(year, facility, opened)
    racks: dict[str, Record] = {}
    for facility, names in SUBLOCATIONS.items():
        for name in names:
            racks[name] = year.add(registers.sublocation(facility, name), opened)
    _retire(year, opened, racks[RETIRED_RACK])
    _feed(year, templates)


def _feed(year: Year, templates: dict[str, Record]) -> None:
    """The last day's feeding of the clone batches and spraying of the veg rooms."""
    when = year.at(year.last_day, 8)
    licence = CULTIVATOR.license_number
    feed = registers.templated_product(templates["Base feed"].data, "5 ml per gallon", None)
    spray = registers.templated_product(
        templates["Neem oil spray"].data, "1 ounce per gallon", None
    )
    rooms: dict[str, int] = {}
    for record in year.records:
        if record.license != licence:
            continue
        if record.kind == "plantbatch" and record.state == "active":
            count = int(record.data["UntrackedCount"])
            if count:
                volume = round(count * 0.02, 2)  # a fiftieth of a gallon per clone
                applied = registers.plant_additive(licence, feed, volume, "Gallons", record, count)
                year.add(applied, when)
        elif record.kind == "plant" and record.state == "vegetative":
            room = str(record.data["LocationName"])
            rooms[room] = rooms.get(room, 0) + 1
    for count in (rooms[room] for room in sorted(rooms)):
        volume = round(count * 0.05, 2)
        year.add(registers.plant_additive(licence, spray, volume, "Gallons", None, count), when)


def _drivers(year: Year, facility: Facility, opened: datetime) -> None:
    code = facility.license_number.split("-")[3]
    for n, (name, make, model, plate) in enumerate(DRIVERS, start=1):
        driver = {
            "Name": name,
            "DriversLicenseNumber": f"CO-DL-{code}{n:05d}",
            "EmployeeId": f"EMP-{code}-{100 + n}",
        }
        vehicle = {"Make": make, "Model": model, "LicensePlateNumber": plate}
        year.add(registers.transporter(facility, "driver", driver), opened)
        year.add(registers.transporter(facility, "vehicle", vehicle), opened)


def _retire(year: Year, opened: datetime, rack: Record) -> None:
    """A strain and its item and the manufacturer's old extraction method dropped before the
    year, a room and a rack closed within it."""
    name, thc, cbd, indica, sativa = RETIRED_STRAIN
    strain = documents.strain(CULTIVATOR, name, thc, cbd, indica, sativa, "ThirdParty")
    year.add(strain, opened)
    item = documents.item(CULTIVATOR, f"Buds - {name}", "Buds", "Grams", strain)
    year.add(item, opened)
    room = year.add(documents.location(CULTIVATOR, CLOSED_ROOM), opened)
    method = year.add(processing.job_type(MANUFACTURER, RETIRED_JOB_TYPE), opened)
    _archive(year.first_day, year, item, strain, method)
    _archive(year.first_day + timedelta(days=120), year, room)
    _archive(year.first_day + timedelta(days=200), year, rack)


def _archive(day: date, year: Year, *records: Record) -> None:
    """Metrc's archive: each record moves to its inactive list (a DELETE by Id)."""
    for record in records:
        record.state = "inactive"
        year.touch(record, year.at(day, 17))
