"""Additives applied to plants and plant batches (Metrc v2 Plants GetAdditives,
GetAdditiveTypes, RecordAdditivesByPlants, RecordAdditivesByLocation and their "using
template" forms; PlantBatches RecordAdditives and RecordAdditivesUsingAdditivesTemplate).

A record is read back as GetAdditives documents it (ThunkMetrc bruno Plants/GetAdditives):
the product, AmountUnitOfMeasure, TotalAmountApplied, the batch (for a batch) and PlantCount,
with no Id or LastModified. A templated record takes the product from the facility's active
additives template of that name and keeps its Rate and Volume. By plant labels, the plants
must be growing plants of the facility; by location, the count is the plants growing there;
for a batch, its untracked plants. Every record answers `{Ids, Warnings}`.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.reference import UNITS_OF_MEASURE
from trichome.sandbox.registers import PLANT_ADDITIVE, plant_additive, templated_product
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import DAY, MAYBE_TEXT, NUMBER, TEXT, names, one_of, shape
from trichome.services.sandbox.common import (
    a_date,
    canonical,
    json,
    list_routes,
    number,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.cultivating import active_batch
from trichome.services.sandbox.growing import GROW
from trichome.services.sandbox.routes.additives import INGREDIENT
from trichome.services.sandbox.routes.plants import growing_plant
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
KIND = PLANT_ADDITIVE
ADDITIVE_TYPES = ["Fertilizer", "Pesticide", "Other"]  # bruno Plants/GetAdditivesTypes
UNIT_NAMES = [unit["Name"] for unit in UNITS_OF_MEASURE]
PRODUCT = {
    "AdditiveType": one_of(ADDITIVE_TYPES),
    "ProductTradeName": TEXT,
    "TotalAmountApplied": NUMBER,
    "TotalAmountUnitOfMeasure": names(UNITS_OF_MEASURE),
    "ActualDate": DAY,
}
DESCRIBED = {
    "EpaRegistrationNumber": MAYBE_TEXT,
    "ProductSupplier": MAYBE_TEXT,
    "ApplicationDevice": MAYBE_TEXT,
    "ActiveIngredients": {"type": ["array", "null"], "items": INGREDIENT},
}
TEMPLATED = {
    "AdditivesTemplateName": TEXT,
    "TotalAmountApplied": NUMBER,
    "TotalAmountUnitOfMeasure": names(UNITS_OF_MEASURE),
    "ActualDate": DAY,
}
RATE = {"Rate": MAYBE_TEXT, "Volume": MAYBE_TEXT}
LABELS = {"PlantLabels": {"type": "array", "minItems": 1, "items": TEXT}}
PLACE = {"LocationName": TEXT}
BATCH = {"PlantBatchName": TEXT}
SUBLOCATION = {"SublocationName": MAYBE_TEXT}

list_routes(router, KIND, {"/plants/v2/additives": None}, capability=GROW)


@router.get("/plants/v2/additives/types", **openapi.state_list({"type": "string"}))
async def additive_types() -> Response:
    return json(ADDITIVE_TYPES)


async def _product(
    tx: Transaction, license_number: str, obj: dict[str, Any], row: int, errors: RowErrors
) -> dict[str, Any]:
    """The product applied: from the row, or from the active template it names."""
    if "AdditivesTemplateName" not in obj:
        kind = canonical(text(obj, "AdditiveType", row, errors), ADDITIVE_TYPES)
        return {
            "AdditiveTypeName": kind,
            "ProductTradeName": text(obj, "ProductTradeName", row, errors),
            **{key: obj.get(key) for key in ("EpaRegistrationNumber", "ProductSupplier")},
            "ApplicationDevice": obj.get("ApplicationDevice"),
            "RestrictiveEntryIntervalQuantityDescription": None,
            "RestrictiveEntryIntervalTimeDescription": None,
            "Rate": None,
            "Volume": None,
        }
    name = text(obj, "AdditivesTemplateName", row, errors)
    template = await tx.by_name(license_number, "additivestemplate", name) if name else None
    if name and (template is None or template.state != "active"):
        errors.add(row, f"Additives template {name!r} does not exist at this facility.")
    values = template.data if template is not None else {}
    return templated_product(values, obj.get("Rate"), obj.get("Volume"))


async def _record(request: Request, applied_to: str) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        growing = await tx.all(facility.license_number, "plant", ["vegetative", "flowering"])
        plans = []
        for row, obj in enumerate(objects):
            product = await _product(tx, facility.license_number, obj, row, errors)
            amount = number(obj, "TotalAmountApplied", row, errors)
            unit = canonical(text(obj, "TotalAmountUnitOfMeasure", row, errors), UNIT_NAMES)
            a_date(obj, "ActualDate", row, errors)
            batch: Record | None = None
            count = 0
            if applied_to == "plants":
                for label in obj.get("PlantLabels") or []:
                    found = await growing_plant(tx, facility, {"Label": label}, row, errors)
                    count += found is not None
            elif applied_to == "location":
                where = text(obj, "LocationName", row, errors)
                if where and not await tx.by_name(facility.license_number, "location", where):
                    errors.add(row, f"Location {where!r} does not exist.")
                count = sum(1 for plant in growing if plant.data["LocationName"] == where)
            else:
                named = {"Name": obj.get("PlantBatchName")}
                batch = await active_batch(tx, facility, named, "Name", row, errors)
                count = batch.data["UntrackedCount"] if batch is not None else 0
            plans.append((product, amount, unit, batch, count))
        errors.raise_if_any()
        created = []
        for product, amount, unit, batch, count in plans:
            record = plant_additive(facility.license_number, product, amount, unit, batch, count)
            created.append(await tx.insert(record))
    return json(writes(created))


def _route(path: str, required: dict[str, Any], optional: dict[str, Any], to: str) -> None:
    async def handler(request: Request) -> Response:
        return await _record(request, to)

    handler.__name__ = "record_" + path.strip("/").replace("/", "_").replace("v2_", "")
    router.add_api_route(
        path, handler, methods=["POST"], **openapi.write(shape(required, optional))
    )


_route("/plants/v2/additives", {**PRODUCT, **LABELS}, DESCRIBED, "plants")
_route("/plants/v2/additives/usingtemplate", {**TEMPLATED, **LABELS}, RATE, "plants")
_route(
    "/plants/v2/additives/bylocation",
    {**PRODUCT, **PLACE},
    {**DESCRIBED, **SUBLOCATION},
    "location",
)
_route(
    "/plants/v2/additives/bylocation/usingtemplate",
    {**TEMPLATED, **PLACE},
    {**RATE, **SUBLOCATION},
    "location",
)
_route("/plantbatches/v2/additives", {**PRODUCT, **BATCH}, DESCRIBED, "batch")
_route("/plantbatches/v2/additives/usingtemplate", {**TEMPLATED, **BATCH}, RATE, "batch")
