"""Changing and archiving a facility's locations, strains and items (Metrc v2 Locations
GetLocationById, Update and Archive; Strains Archive; Items Archive). Updates and archives
answer with an empty body, as Metrc documents; an archived record moves to its inactive list.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.reference import LOCATION_TYPES
from trichome.sandbox.store import Record
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    ObjectId,
    json,
    owned,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors

router = APIRouter()
LOCATION_CHANGE = bodies.shape(
    {"Id": bodies.ID, "Name": bodies.TEXT, "LocationTypeName": bodies.names(LOCATION_TYPES)}
)


@router.get("/locations/v2/{location_id:int}", **openapi.one())
async def one_location(request: Request, location_id: ObjectId) -> Response:
    facility = reading(request)
    async with store(request).transaction() as tx:
        record = owned(await tx.get("location", location_id), facility, f"Location {location_id}")
    return json(record.document())


@router.put("/locations/v2", **openapi.write(LOCATION_CHANGE, answer=None))
@router.put("/locations/v2/", **openapi.write(LOCATION_CHANGE, answer=None))
async def update_locations(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    changes: list[tuple[Record, dict[str, Any]]] = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            record = await tx.get("location", obj["Id"])
            if record is None or record.license != facility.license_number:
                errors.add(row, f"Location Id {obj['Id']} was not found.")
                continue
            taken = await tx.by_name(facility.license_number, "location", name) if name else None
            if taken and taken.id != record.id and taken.state == "active":
                errors.add(row, f"A location named {name!r} already exists.")
            changed = documents.location(facility, name, obj["LocationTypeName"])
            changes.append((record, changed.data))
        errors.raise_if_any()
        for record, values in changes:
            record.data.update(values)
            record.name = values["Name"]
            await tx.save(record)
    return Response(status_code=200)


async def _archive(request: Request, kind: str, object_id: int, what: str) -> Response:
    facility = writing(request)
    async with store(request).transaction() as tx:
        record = owned(await tx.get(kind, object_id), facility, f"{what} {object_id}")
        if record.state != "active":
            owned(None, facility, f"{what} {object_id}")
        record.state = "inactive"
        await tx.save(record)
    return Response(status_code=200)


@router.delete("/locations/v2/{location_id:int}", **openapi.action())
async def archive_location(request: Request, location_id: ObjectId) -> Response:
    return await _archive(request, "location", location_id, "Location")


@router.delete("/strains/v2/{strain_id:int}", **openapi.action())
async def archive_strain(request: Request, strain_id: ObjectId) -> Response:
    return await _archive(request, "strain", strain_id, "Strain")


@router.delete("/items/v2/{item_id:int}", **openapi.action())
async def archive_item(request: Request, item_id: ObjectId) -> Response:
    return await _archive(request, "item", item_id, "Item")
