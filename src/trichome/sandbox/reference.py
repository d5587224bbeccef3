"""The state-wide reference data Metrc serves to every licence (the licences themselves are in
`facilities`)."""

from __future__ import annotations

from datetime import timedelta, timezone, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from trichome.tracking.lab import LAB_STATES

STATE = "CO"


def _zone() -> tzinfo:
    try:
        return ZoneInfo("America/Denver")
    except ZoneInfoNotFoundError:  # a machine without the time-zone database: standard time
        return timezone(timedelta(hours=-7), "MST")


# The facilities' local time: Metrc takes sales times without an offset, in local time.
ZONE = _zone()
# The seed `trichome metrc seed` and `make run` use unless told otherwise.
DEFAULT_SEED = 8002


UNITS_OF_MEASURE: list[dict[str, Any]] = [
    {"QuantityType": quantity_type, "Name": name, "Abbreviation": abbreviation}
    for quantity_type, name, abbreviation in (
        ("CountBased", "Each", "ea"),
        ("WeightBased", "Grams", "g"),
        ("WeightBased", "Kilograms", "kg"),
        ("WeightBased", "Milligrams", "mg"),
        ("WeightBased", "Ounces", "oz"),
        ("WeightBased", "Pounds", "lb"),
        ("VolumeBased", "Fluid Ounces", "fl oz"),
        ("VolumeBased", "Gallons", "gal"),
        ("VolumeBased", "Liters", "l"),
        ("VolumeBased", "Milliliters", "ml"),
    )
]
# Units a state has retired (GET /unitsofmeasure/v2/inactive): Metrc's documented example
# (bruno UnitsOfMeasure/GetInactiveUnitsOfMeasure) lists a ton, spelled "Tonns", abbreviated t.
RETIRED_UNITS_OF_MEASURE: list[dict[str, Any]] = [
    {"QuantityType": "WeightBased", "Name": "Tonns", "Abbreviation": "t"}
]
UNIT_GRAMS = {
    "Grams": 1.0,
    "Kilograms": 1000.0,
    "Milligrams": 0.001,
    "Ounces": 28.349523125,
    "Pounds": 453.59237,
}
# GET /wastemethods/v2 and /plants/v2/waste/methods/all document Name, ForPlants,
# ForProductDestruction and LastModified (bruno WasteMethods/GetWasteMethodsWasteMethods,
# Plants/GetPlantsWasteMethods).
WASTE_METHODS: list[dict[str, Any]] = [
    {"Name": name, "ForPlants": True, "ForProductDestruction": destruction,
     "LastModified": "2024-01-02T00:00:00+00:00"}
    for name, destruction in (
        ("Grinder", True), ("Compost", False), ("Mixed With Other Waste", True)
    )
]  # fmt: skip
LOCATION_TYPES: list[dict[str, Any]] = [
    {
        "Id": 1,
        "Name": "Default Location Type",
        "ForPlantBatches": True,
        "ForPlants": True,
        "ForHarvests": True,
        "ForPackages": True,
    },
    {
        "Id": 2,
        "Name": "Centralized Processing Hub",
        "ForPlantBatches": False,
        "ForPlants": False,
        "ForHarvests": True,
        "ForPackages": True,
    },
]
ADJUST_REASONS: list[dict[str, Any]] = [
    {
        "Name": name,
        "RequiresNote": note,
        "RequiresWasteWeight": False,
        "RequiresImmatureWasteWeight": False,
        "RequiresMatureWasteWeight": False,
    }
    for name, note in (
        ("Drying", False),
        ("Entry Error", True),
        ("Scale Variance", False),
        ("Theft", True),
        ("Waste", True),
        ("Sample", False),
        ("Spoilage", True),
    )
]
ADJUST_REASON_NAMES = frozenset(reason["Name"] for reason in ADJUST_REASONS)
# GET /harvests/v2/waste/types documents Plant Material, Fibrous and Root Ball (ThunkMetrc
# bruno Harvests/GetWasteTypes); the seed's Trim and Stems stay, as a state may add its own.
HARVEST_WASTE_TYPES: list[dict[str, Any]] = [
    {"Name": name} for name in ("Plant Material", "Fibrous", "Root Ball", "Trim", "Stems")
]
# GET /plants/v2/waste/reasons documents Name, RequiresNote and which waste weights a reason
# requires (bruno Plants/GetPlantsWasteReasons); the sandbox requires none of them.
PLANT_WASTE_REASONS: list[dict[str, Any]] = [
    {"Name": n, "RequiresNote": False, "RequiresWasteWeight": False,
     "RequiresImmatureWasteWeight": False, "RequiresMatureWasteWeight": False}
    for n in ("Damage", "Disease", "Male Plant", "Pests", "Unhealthy")
]  # fmt: skip
# GET /plantbatches/v2/types: {Id, Name, CanBeCloned, LastModified} (bruno PlantBatches/
# GetPlantBatchesTypes documents Seed, CanBeCloned true, and Clone, false). Genetic Material is
# Colorado's type for received seeds, immature plants and tissue cultures (1 CCR 212-3 Rule
# 3-810(A)(2); listed by the real CO sandbox, F8ai/metrc-mcp docs/sandbox-view.md); no source
# gives its CanBeCloned, so it is false as in the documented fixture (plantbatches_types), as
# for Clone. The flag governs no write here: Metrc's examples split both a Clone and a Seed batch
# (bruno PlantBatches/CreateSplit splits "B. Kush 5-30" and "5-31", which
# CreatePlantBatchesPlantings plants as Clone and Seed), so a batch of any type may be split.
PLANT_BATCH_TYPES: list[dict[str, Any]] = [
    {"Id": n, "Name": name, "CanBeCloned": cloned, "LastModified": "2024-01-02T00:00:00+00:00"}
    for n, (name, cloned) in enumerate(
        (("Seed", True), ("Clone", False), ("Genetic Material", False)), start=1
    )
]
PLANT_BATCH_TYPE_IDS = {t["Name"]: t["Id"] for t in PLANT_BATCH_TYPES}
GROWTH_PHASES = ("Vegetative", "Flowering")
# A growth phase of its own where the facility type may track mother plants as one
# (`CanTrackMotherPlantsAsGrowthPhase`; bruno Plants/GetMotherPlants gives GrowthPhase "Mother").
MOTHER_PHASE = "Mother"
# Metrc's example remediation is "Further Drying" (bruno Packages/UpdateRemediate); states keep
# their own list of methods and v2 has no endpoint listing them.
REMEDIATION_METHODS = ("Remediation", "Decontamination", "Further Processing", "Further Drying")
# GET /sales/v2/customertypes (bruno Sales/GetCustomerTypes).
CUSTOMER_TYPES = ["Consumer", "Patient", "Caregiver", "ExternalPatient", "NonResidentConsumer"]
# GET /transfers/v2/types (bruno Transfers/GetTransfersTypes documents Transfer and Wholesale;
# states name their own, as Colorado's affiliated and unaffiliated transfers).
TRANSFER_TYPES: list[dict[str, Any]] = [
    {
        "Name": name,
        "TransactionType": transaction,
        "ForLicensedShipments": True,
        "ForExternalIncomingShipments": external,
        "ForExternalOutgoingShipments": False,
        "RequiresDestinationGrossWeight": False,
        "RequiresPackagesGrossWeight": False,
        "RequiresInvoiceNumber": False,
        "RequiresPDFDocument": False,
        "BypassApproval": False,
        "ExternalIncomingCanRecordExternalIdentifier": False,
        "ExternalIncomingExternalIdentifierRequired": False,
        "ExternalOutgoingCanRecordExternalIdentifier": False,
        "ExternalOutgoingExternalIdentifierRequired": False,
    }
    for name, transaction, external in (
        ("Transfer", "Standard", False),
        ("Wholesale", "Wholesale", False),
        ("Affiliated Transfer", "Wholesale", False),
        ("Unaffiliated Transfer", "Wholesale", False),
        ("Lab Sample Transfer", "Wholesale", True),
    )
]
TRANSFER_TYPE_NAMES = frozenset(t["Name"] for t in TRANSFER_TYPES)
# LabTestResultMode: Metrc's example (bruno LabTests/GetLabTestsTypes) gives a number (0, on
# types without limits); live servers answer a name, PassWithinMinMax on a type with limits
# (ThunkMetrc's schema of captured answers, specs/generated/schemas/public/LabTests/
# LabTestsType.schema.json, types it as text). The sandbox serves both: 0 without a limit,
# PassWithinMinMax with one. DependencyMode is 0, as the example's types without dependencies.
LAB_TEST_TYPES: list[dict[str, Any]] = [
    {
        "Id": n,
        "Name": name,
        "RequiresTestResult": True,
        "InformationalOnly": informational,
        # Documented in bruno LabTests/GetLabTestsTypes; the sandbox's types are all live,
        # counted-once tests whose results do not expire by type.
        "ResearchAndDevelopment": False,
        "AlwaysPasses": False,
        "MaxAllowedFailureCount": 0,
        "LabTestResultMode": 0 if maximum is None else "PassWithinMinMax",
        "LabTestResultMinimum": None,
        "LabTestResultMaximum": maximum,
        "LabTestResultExpirationDays": None,
        "DependencyMode": 0,
    }
    for n, (name, informational, maximum) in enumerate(
        (
            ("THC (%) Raw Plant Material", True, None),
            ("THCA (%) Raw Plant Material", True, None),
            ("CBD (%) Raw Plant Material", True, None),
            ("Moisture Content (%) Raw Plant Material", False, 15.0),
            ("Total Yeast and Mold (CFU/g) Raw Plant Material", False, 10000.0),
            ("E. coli (CFU/g) Raw Plant Material", False, 100.0),
            ("Salmonella Raw Plant Material", False, None),
            ("Arsenic (ppm) Raw Plant Material", False, 0.2),
            ("Lead (ppm) Raw Plant Material", False, 0.5),
            ("Residual Solvents (ppm) Concentrate", False, 1000.0),
            ("THC (%) Concentrate", True, None),
            ("THC (mg/serving) Infused Edible", False, 11.5),
            ("Homogeneity (%RSD) Infused Edible", False, 25.0),
        ),
        start=1,
    )
]
LAB_TEST_TYPE_NAMES = {t["Name"]: t for t in LAB_TEST_TYPES}
# GET /labtests/v2/states: Metrc's fourteen, in its order.
LAB_TESTING_STATES = list(LAB_STATES)
# GET /processing/v2/jobtypes/active documents Id, Name, Description, CategoryName, ForItems,
# ForProcessingJobs, RequiresProcessingJobAttributes, ProcessingSteps and Attributes
# [{Id, Name, LastModified}] (ThunkMetrc bruno ProcessingJob/GetActiveJobTypes).
PROCESSING_JOB_ATTRIBUTES: list[dict[str, Any]] = [
    {"Id": n, "Name": name, "LastModified": "2025-01-02T00:00:00+00:00"}
    for n, name in enumerate(("Infuse", "Extraction", "Solvent", "Cooking", "Food"), start=1)
]
PROCESSING_JOB_CATEGORIES: list[dict[str, Any]] = [
    {
        "Id": n,
        "Name": name,
        "ForItems": False,
        "ForProcessingJobs": True,
        "RequiresProcessingJobAttributes": False,
    }
    for n, name in enumerate(("Infused Edible", "Concentrate"), start=1)
]
PROCESSING_JOB_TYPES: list[dict[str, Any]] = [
    {
        "Id": 1,
        "Name": "Infusion - Gummies",
        "Description": "Infuse distillate into gummies",
        "CategoryName": "Infused Edible",
        "ForItems": False,
        "ForProcessingJobs": True,
        "RequiresProcessingJobAttributes": False,
        "ProcessingSteps": "Dose, deposit, cure, package",
        "Attributes": [PROCESSING_JOB_ATTRIBUTES[0], PROCESSING_JOB_ATTRIBUTES[3]],
    },
    {
        "Id": 2,
        "Name": "Extraction - Hydrocarbon",
        "Description": "BHO extraction of trim",
        "CategoryName": "Concentrate",
        "ForItems": False,
        "ForProcessingJobs": True,
        "RequiresProcessingJobAttributes": False,
        "ProcessingSteps": "Extract, purge, test",
        "Attributes": [PROCESSING_JOB_ATTRIBUTES[1], PROCESSING_JOB_ATTRIBUTES[2]],
    },
]

# Colorado's 64 counties (the sandbox's state), where a sales delivery may go; Metrc lists them
# as {Id, Name} in the paged envelope (ThunkMetrc bruno Sales/GetCounties example).
_COLORADO_COUNTIES = (
    "Adams Alamosa Arapahoe Archuleta Baca Bent Boulder Broomfield Chaffee Cheyenne Clear_Creek "
    "Conejos Costilla Crowley Custer Delta Denver Dolores Douglas Eagle El_Paso Elbert Fremont "
    "Garfield Gilpin Grand Gunnison Hinsdale Huerfano Jackson Jefferson Kiowa Kit_Carson La_Plata "
    "Lake Larimer Las_Animas Lincoln Logan Mesa Mineral Moffat Montezuma Montrose Morgan Otero "
    "Ouray Park Phillips Pitkin Prowers Pueblo Rio_Blanco Rio_Grande Routt Saguache San_Juan "
    "San_Miguel Sedgwick Summit Teller Washington Weld Yuma"
)
COUNTIES = [
    {"Id": n, "Name": f"{name.replace('_', ' ')} County"}
    for n, name in enumerate(_COLORADO_COUNTIES.split(), start=1)
]
# Where a patient may be registered; a receipt's PatientRegistrationLocationId names one. Metrc
# documents a plain array of {Id, Name} (bruno Sales/GetPatientRegistrationLocations); the
# sandbox lists its own state.
PATIENT_REGISTRATION_LOCATIONS = [{"Id": 1, "Name": "Colorado"}]
# Metrc documents no example for GET /sales/v2/paymenttypes: these names are the sandbox's own.
PAYMENT_TYPES = ["Cash", "Debit Card", "Credit Card", "Check"]
