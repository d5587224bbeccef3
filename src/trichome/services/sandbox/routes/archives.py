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
    archive_route,
    one_route,
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


one_route(router, "/locations/v2/{location_id:int}", "location", "Location", name="one_location")


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


archive_route(
    router, "/locations/v2/{location_id:int}", "location", "Location", name="archive_location"
)
archive_route(router, "/strains/v2/{strain_id:int}", "strain", "Strain", name="archive_strain")
archive_route(router, "/items/v2/{item_id:int}", "item", "Item", name="archive_item")
