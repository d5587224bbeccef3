"""Additives templates (Metrc v2 `AdditivesTemplates`): GetActive, GetInactive,
GetAdditivesTemplateById, Create and Update, in the shapes Metrc documents: `{Id, FacilityId,
Name, AdditiveType, AdditiveTypeName, ApplicationDevice, EpaRegistrationNumber, Note,
ProductSupplier, ProductTradeName, RestrictiveEntryIntervalQuantityDescription,
RestrictiveEntryIntervalTimeDescription, ActiveIngredients: [{Name, Percentage}],
LastModified, IsActive}`. Create answers `{Ids, Warnings}`, Update an empty body. Metrc
offers no archive, so the inactive list stays empty here. Metrc's example of GetById answers
a list of one; the sandbox answers the object, as its other GetById operations do.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.registers import (
    ADDITIVES_TEMPLATE,
    TEMPLATE_DESCRIPTIONS,
    additives_template,
    template_values,
)
from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, MAYBE_TEXT, TEXT, shape
from trichome.services.sandbox.common import (
    json,
    list_routes,
    one_route,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
KIND = ADDITIVES_TEMPLATE
INGREDIENT = shape({"Name": TEXT, "Percentage": {"type": "number", "minimum": 0, "maximum": 100}})
_FIELDS: dict[str, Any] = {
    **dict.fromkeys(TEMPLATE_DESCRIPTIONS, MAYBE_TEXT),
    "ActiveIngredients": {"type": ["array", "null"], "items": INGREDIENT},
}
NEW_TEMPLATE = shape({"Name": TEXT, "AdditiveType": TEXT}, _FIELDS)
TEMPLATE_CHANGE = shape({"Id": ID}, {"Name": TEXT, "AdditiveType": TEXT, **_FIELDS})


list_routes(
    router,
    KIND,
    {"/additivestemplates/v2/active": ["active"], "/additivestemplates/v2/inactive": ["inactive"]},
)


one_route(
    router,
    "/additivestemplates/v2/{template_id:int}",
    KIND,
    "Additives template",
    name="one_template",
)


@router.post("/additivestemplates/v2", **openapi.write(NEW_TEMPLATE))
@router.post("/additivestemplates/v2/", **openapi.write(NEW_TEMPLATE))
async def create_templates(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    for row, obj in enumerate(objects):
        text(obj, "Name", row, errors)
        text(obj, "AdditiveType", row, errors)
    errors.raise_if_any()
    async with store(request).transaction() as tx:
        created = []
        for obj in objects:
            created.append(await tx.insert(additives_template(facility, obj)))
    return json(writes(created))


@router.put("/additivestemplates/v2", **openapi.write(TEMPLATE_CHANGE, answer=None))
@router.put("/additivestemplates/v2/", **openapi.write(TEMPLATE_CHANGE, answer=None))
async def update_templates(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    changes: list[tuple[Record, dict[str, Any]]] = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            for key in ("Name", "AdditiveType"):
                if key in obj:
                    text(obj, key, row, errors)
            record = await tx.get(KIND, obj["Id"])
            if record is None or record.license != facility.license_number:
                errors.add(row, f"Additives template Id {obj['Id']} was not found.")
                continue
            changes.append((record, obj))
        errors.raise_if_any()
        for record, obj in changes:
            record.data = template_values(record.data, obj)
            record.name = record.data["Name"]
            await tx.save(record)
    return Response(status_code=200)
