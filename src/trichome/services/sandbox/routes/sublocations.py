"""Sublocations: a facility's named places inside its locations (Metrc v2 `Sublocations`).

Shapes follow Metrc's documentation of the operations (GetActive, GetInactive,
GetSublocationById, Create, Update, Archive): a sublocation is `{Id, Name}`; Create answers
`{Ids, Warnings}`, Update and Archive answer with an empty body.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.registers import SUBLOCATION, sublocation
from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, TEXT, shape
from trichome.services.sandbox.common import (
    archive_route,
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
KIND = SUBLOCATION
NEW_SUBLOCATION = shape({"Name": TEXT})
SUBLOCATION_CHANGE = shape({"Id": ID, "Name": TEXT})

list_routes(
    router,
    KIND,
    {"/sublocations/v2/active": ["active"], "/sublocations/v2/inactive": ["inactive"]},
)


one_route(
    router,
    "/sublocations/v2/{sublocation_id:int}",
    KIND,
    "Sublocation",
    name="one_sublocation",
)


@router.post("/sublocations/v2", **openapi.write(NEW_SUBLOCATION))
@router.post("/sublocations/v2/", **openapi.write(NEW_SUBLOCATION))
async def create_sublocations(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    names: list[str] = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            # Names are unique among a facility's active sublocations, as for locations.
            taken = await tx.by_name(facility.license_number, KIND, name) if name else None
            if (taken and taken.state == "active") or name in names:
                errors.add(row, f"A sublocation named {name!r} already exists.")
            names.append(name)
        errors.raise_if_any()
        created = [await tx.insert(sublocation(facility, n)) for n in names]
    return json(writes(created))


@router.put("/sublocations/v2", **openapi.write(SUBLOCATION_CHANGE, answer=None))
@router.put("/sublocations/v2/", **openapi.write(SUBLOCATION_CHANGE, answer=None))
async def update_sublocations(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    changes: list[tuple[Record, str]] = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            record = await tx.get(KIND, obj["Id"])
            if record is None or record.license != facility.license_number:
                errors.add(row, f"Sublocation Id {obj['Id']} was not found.")
                continue
            taken = await tx.by_name(facility.license_number, KIND, name) if name else None
            if taken and taken.id != record.id and taken.state == "active":
                errors.add(row, f"A sublocation named {name!r} already exists.")
            changes.append((record, name))
        errors.raise_if_any()
        for record, name in changes:
            record.data["Name"] = record.name = name
            await tx.save(record)
    return Response(status_code=200)


archive_route(
    router,
    "/sublocations/v2/{sublocation_id:int}",
    KIND,
    "Sublocation",
    again=True,
    name="archive_sublocation",
)
