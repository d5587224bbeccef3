"""The objects each sandbox write takes, as JSON Schema.

Each schema lists the fields the write reads, with the types and values it accepts; other
fields may be sent and are ignored or kept as sent. The same schema is published in
`/openapi.json` and checked on every write (`shapes.shape_problems`), so the document and
the sandbox agree by construction. What a schema cannot say (that a label names a package of
this facility, that percentages add up to 100) the write checks afterwards; either way the
objects that fail are refused with a 400 naming their row.
"""

from __future__ import annotations

from typing import Any

from trichome.http.openapi import NOT_BLANK
from trichome.sandbox.item_categories import ITEM_CATEGORIES
from trichome.sandbox.reference import (
    ADJUST_REASONS,
    CUSTOMER_TYPES,
    GROWTH_PHASES,
    HARVEST_WASTE_TYPES,
    LAB_TEST_TYPES,
    LOCATION_TYPES,
    MOTHER_PHASE,
    PLANT_BATCH_TYPES,
    PLANT_WASTE_REASONS,
    REMEDIATION_METHODS,
    TRANSFER_TYPES,
    UNIT_GRAMS,
    UNITS_OF_MEASURE,
    WASTE_METHODS,
)

TEXT: dict[str, Any] = {"type": "string", "pattern": NOT_BLANK}
NUMBER: dict[str, Any] = {"type": "number", "exclusiveMinimum": 0}
SIGNED: dict[str, Any] = {"type": "number"}
COUNT: dict[str, Any] = {"type": "integer", "minimum": 1}
ID: dict[str, Any] = {"type": "integer"}
FLAG: dict[str, Any] = {"type": "boolean"}
DAY: dict[str, Any] = {
    "anyOf": [{"type": "string", "format": "date"}, {"type": "string", "format": "date-time"}],
    "description": "YYYY-MM-DD (of a date-time, the date is read).",
}
MOMENT: dict[str, Any] = {
    "type": "string",
    "format": "date-time",
    "description": "ISO 8601; without an offset, the facility's local time.",
}
MAYBE_TEXT: dict[str, Any] = {"type": ["string", "null"]}


def one_of(values: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """A name from a reference list, in any case (x-any-case): Metrc reads names whatever
    their case, and the route gives them the list's spelling (`common.canonical`)."""
    return {"type": "string", "enum": sorted(values), "x-any-case": True}


def names(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A name from a reference list of objects."""
    return one_of([row["Name"] for row in rows])


def shape(required: dict[str, Any], optional: dict[str, Any] | None = None) -> dict[str, Any]:
    """An object with these fields (others may be sent)."""
    return {
        "type": "object",
        "required": sorted(required),
        "properties": {**required, **(optional or {})},
    }


def either(*keys: str) -> dict[str, Any]:
    """At least one of these identifying fields."""
    return {"anyOf": [{"required": [key]} for key in keys]}


def identified(by: tuple[str, ...], schema: dict[str, Any]) -> dict[str, Any]:
    """The schema, identifying its object by one of these fields."""
    return {**schema, **either(*by)}


WEIGHT_UNIT = one_of(tuple(UNIT_GRAMS))
UNIT = names(UNITS_OF_MEASURE)
PLANT_WASTE_METHOD = one_of([m["Name"] for m in WASTE_METHODS if m["ForPlants"]])
PLANT_WASTE_REASON = names(PLANT_WASTE_REASONS)
STRAIN_PROFILE = {
    "TestingStatus": one_of(("None", "InHouse", "ThirdParty")),
    "ThcLevel": {"type": ["number", "null"], "minimum": 0},
    "CbdLevel": {"type": ["number", "null"], "minimum": 0},
    "IndicaPercentage": {"type": "number", "description": "With SativaPercentage, 100."},
    "SativaPercentage": {"type": "number", "description": "With IndicaPercentage, 100."},
    "Genetics": MAYBE_TEXT,
}
ITEM_FIELDS = {
    "ItemCategory": names(ITEM_CATEGORIES),
    "UnitOfMeasure": UNIT,
    "Strain": TEXT,
    "UnitThcContent": {"type": "number", "minimum": 0},
}
_HARVEST_KEYS = ("Id", "HarvestId", "HarvestName")
HARVEST_REF = {"Id": ID, "HarvestId": ID, "HarvestName": TEXT}
_PLANT_KEYS = ("Id", "Label")
# Metrc's examples name a plant by Id or Label and send the other as null (bruno Plants/
# UpdateGrowthPhase, UpdatePlantsLocation, DeletePlants); the route needs one of the two.
PLANT_REF = {"Id": {"type": ["integer", "null"]}, "Label": MAYBE_TEXT}
WASTE = {
    "WasteMethodName": PLANT_WASTE_METHOD,
    "ReasonName": PLANT_WASTE_REASON,
    "WasteWeight": NUMBER,
    "UnitOfMeasureName": WEIGHT_UNIT,
    "WasteDate": DAY,
}
SALE = {
    "SalesDateTime": MOMENT,
    "SalesCustomerType": one_of(CUSTOMER_TYPES),
    "Transactions": {
        "type": "array",
        "minItems": 1,
        "items": shape(
            {"PackageLabel": TEXT, "Quantity": NUMBER, "UnitOfMeasure": UNIT, "TotalAmount": SIGNED}
        ),
    },
}
SALE_EXTRAS = {"PatientLicenseNumber": MAYBE_TEXT, "ExternalReceiptNumber": MAYBE_TEXT}

# ----------------------------------------------------------------------------- writes

LOCATION = shape({"Name": TEXT, "LocationTypeName": names(LOCATION_TYPES)})
NEW_STRAIN = shape({"Name": TEXT}, STRAIN_PROFILE)
STRAIN_CHANGE = shape({"Id": ID}, {"Name": TEXT, **STRAIN_PROFILE})
NEW_ITEM = shape(
    {"Name": TEXT, "ItemCategory": ITEM_FIELDS["ItemCategory"], "UnitOfMeasure": UNIT},
    {"Strain": TEXT, "UnitThcContent": ITEM_FIELDS["UnitThcContent"]},
)
ITEM_CHANGE = shape({"Id": ID}, {"Name": TEXT, **ITEM_FIELDS})
PLANTING = shape(
    {
        "Name": TEXT,
        "Type": names(PLANT_BATCH_TYPES),
        "Count": COUNT,
        "Strain": TEXT,
        "ActualDate": DAY,
    },
    {"Location": {**MAYBE_TEXT, "description": "Null: a batch without a location."}},
)
BATCH_GROWTH_PHASE = shape(
    {
        "Name": TEXT,
        "Count": COUNT,
        "StartingTag": TEXT,
        "GrowthPhase": one_of(GROWTH_PHASES),
        "NewLocation": TEXT,
        "GrowthDate": DAY,
    }
)
BATCH_WASTE = shape({"PlantBatchName": TEXT, **WASTE})
BATCH_DESTRUCTION = shape(
    {
        "PlantBatch": TEXT,
        "Count": COUNT,
        "WasteReasonName": PLANT_WASTE_REASON,
        "ReasonNote": TEXT,
        "ActualDate": DAY,
    }
)
BATCH_MOVE = shape({"Name": TEXT, "Location": TEXT, "MoveDate": DAY})
PLANT_GROWTH_PHASE = identified(
    _PLANT_KEYS,
    shape(
        # Mother only where the facility type tracks mothers (checked by the route).
        {
            "GrowthPhase": one_of((*GROWTH_PHASES, MOTHER_PHASE)),
            "NewLocation": TEXT,
            "GrowthDate": DAY,
        },
        PLANT_REF,
    ),
)
PLANT_HARVEST = identified(
    ("Id", "Plant"),
    shape(
        {
            "Weight": NUMBER,
            "UnitOfWeight": WEIGHT_UNIT,
            "DryingLocation": TEXT,
            "HarvestName": TEXT,
            "ActualDate": DAY,
        },
        {"Id": ID, "Plant": TEXT},
    ),
)
PLANT_MOVE = identified(_PLANT_KEYS, shape({"Location": TEXT, "ActualDate": DAY}, PLANT_REF))
PLANT_DESTRUCTION = identified(
    _PLANT_KEYS,
    shape(
        {
            "WasteMethodName": PLANT_WASTE_METHOD,
            "WasteWeight": NUMBER,
            "WasteUnitOfMeasureName": WEIGHT_UNIT,
            "WasteReasonName": PLANT_WASTE_REASON,
            "ReasonNote": TEXT,
            "ActualDate": DAY,
        },
        PLANT_REF,
    ),
)
PLANT_WASTE = shape(
    WASTE, {"PlantLabels": {"type": "array", "items": {"type": "string"}}, "LocationName": TEXT}
)
HARVEST_PACKAGE = shape(
    {
        "Tag": TEXT,
        "Item": TEXT,
        "UnitOfWeight": WEIGHT_UNIT,
        "ActualDate": DAY,
        "Ingredients": {
            "type": "array",
            "minItems": 1,
            "items": identified(
                _HARVEST_KEYS,
                shape({"Weight": NUMBER}, {**HARVEST_REF, "UnitOfWeight": WEIGHT_UNIT}),
            ),
        },
    },
    {
        "Location": {**MAYBE_TEXT, "description": "Default (null): the first harvest's room."},
        "IsProductionBatch": FLAG,
        "ProductionBatchNumber": MAYBE_TEXT,
    },
)
HARVEST_WASTE = identified(
    _HARVEST_KEYS,
    shape(
        {
            "WasteType": names(HARVEST_WASTE_TYPES),
            "WasteWeight": NUMBER,
            "UnitOfWeight": WEIGHT_UNIT,
            "ActualDate": DAY,
        },
        HARVEST_REF,
    ),
)
HARVEST_FINISH = identified(_HARVEST_KEYS, shape({"ActualDate": DAY}, HARVEST_REF))
HARVEST_UNFINISH = identified(_HARVEST_KEYS, shape({}, HARVEST_REF))
HARVEST_RENAME = identified(_HARVEST_KEYS, shape({"NewName": TEXT}, HARVEST_REF))
HARVEST_MOVE = identified(
    _HARVEST_KEYS, shape({"DryingLocation": TEXT, "ActualDate": DAY}, HARVEST_REF)
)
NEW_PACKAGE = shape(
    {
        "Tag": TEXT,
        "Quantity": NUMBER,
        "UnitOfMeasure": UNIT,
        "ActualDate": DAY,
        "Ingredients": {
            "type": "array",
            "minItems": 1,
            "items": shape({"Package": TEXT, "Quantity": NUMBER, "UnitOfMeasure": UNIT}),
        },
    },
    {
        "Item": {**TEXT, "description": "Required unless UseSameItem is true."},
        "UseSameItem": FLAG,
        "Location": {**TEXT, "description": "Default: the first ingredient's location."},
        "IsProductionBatch": FLAG,
        "ProductionBatchNumber": MAYBE_TEXT,
    },
)
ADJUSTMENT = shape(
    {
        "Label": TEXT,
        "Quantity": {**SIGNED, "description": "The change (not zero)."},
        "UnitOfMeasure": UNIT,
        "AdjustmentReason": names(ADJUST_REASONS),
        "AdjustmentDate": DAY,
    },
    {"ReasonNote": {**MAYBE_TEXT, "description": "Required by some reasons."}},
)
PACKAGE_MOVE = shape({"Label": TEXT, "Location": TEXT, "MoveDate": DAY})
PACKAGE_FINISH = shape({"Label": TEXT, "ActualDate": DAY})
PACKAGE_UNFINISH = shape({"Label": TEXT})
REMEDIATION = shape(
    {
        "PackageLabel": TEXT,
        "RemediationMethodName": one_of(REMEDIATION_METHODS),
        "RemediationDate": DAY,
    },
    {"RemediationSteps": MAYBE_TEXT},
)
LAB_RESULTS = shape(
    {
        "Label": TEXT,
        "ResultDate": DAY,
        "Results": {
            "type": "array",
            "minItems": 1,
            "items": shape({"LabTestTypeName": names(LAB_TEST_TYPES), "Passed": FLAG}),
        },
    },
    {"OverallPassed": FLAG},
)
_TRANSFER_DESTINATION = shape(
    {
        "RecipientLicenseNumber": TEXT,
        "TransferTypeName": names(TRANSFER_TYPES),
        "EstimatedDepartureDateTime": MOMENT,
        "EstimatedArrivalDateTime": MOMENT,
        "Packages": {
            "type": "array",
            "minItems": 1,
            "items": shape(
                {"PackageLabel": TEXT}, {"WholesalePrice": {"type": ["number", "null"]}}
            ),
        },
        # Metrc requires the route and a transporter with its driver on every destination.
        "PlannedRoute": TEXT,
        "Transporters": {
            "type": "array",
            "minItems": 1,
            "items": shape({"TransporterFacilityLicenseNumber": TEXT, "DriverName": TEXT}),
        },
    },
)
TRANSFER_TEMPLATE = shape(
    {
        "Name": TEXT,
        "Destinations": {
            "type": "array",
            "minItems": 1,
            "items": _TRANSFER_DESTINATION,
            "description": "One or more destinations, each to another licence.",
        },
    }
)
EXTERNAL_INCOMING = shape(
    {
        "ShipperLicenseNumber": TEXT,
        "ShipperName": TEXT,
        "Destinations": {
            "type": "array",
            "minItems": 1,
            "items": shape(
                {
                    "RecipientLicenseNumber": {**TEXT, "description": "This facility."},
                    "Packages": {
                        "type": "array",
                        "minItems": 1,
                        "items": shape(
                            # No tag: Metrc's example names none (each package takes the
                            # facility's next unused package tag).
                            {"ItemName": TEXT, "PackagedDate": DAY},
                            {
                                "Quantity": NUMBER,
                                "UnitOfMeasureName": UNIT,
                                "WholesalePrice": {"type": ["number", "null"]},
                            },
                        ),
                    },
                },
                {"Transporters": {"type": "array", "items": {"type": "object"}}},
            ),
            "description": "The first destination is read.",
        },
    }
)
RECEIPT = shape(
    {"PackageLabel": TEXT, "Accepted": FLAG},
    {"ReceivedQuantity": {"type": "number", "minimum": 0}, "RejectionReason": MAYBE_TEXT},
)
NEW_SALE = shape(SALE, SALE_EXTRAS)
SALE_CHANGE = shape({"Id": ID, **SALE}, SALE_EXTRAS)
RECEIPT_ID = shape({"Id": ID})
