"""A facility's drivers and vehicles (Metrc v2 `Transporters`).

Shapes follow Metrc's documentation of GetDrivers, GetDriverById, CreateDrivers,
UpdateDrivers, DeleteDriverById and the same five for vehicles: a driver is `{Id,
FacilityId, EmployeeId, Name, DriversLicenseNumber}`, a vehicle `{Id, FacilityId, Make,
Model, LicensePlateNumber}`; creation answers `{Ids, Warnings}`, updates and archiving an
empty body. The lists show active records; an archived one is gone from them.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.registers import (
    DRIVER_FIELDS,
    VEHICLE_FIELDS,
    transporter,
)
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
# Metrc's UpdateDrivers example sends Ids as text ("Driver-1"); the lists give integers, and
# a number written as text is read as one.
_ID_IN_UPDATE: dict[str, Any] = {"anyOf": [ID, {"type": "string", "pattern": "^[0-9]+$"}]}


def _transporter(kind: str, path: str, fields: tuple[str, ...], what: str) -> None:
    """Register the five operations of drivers or vehicles."""
    new = shape({field: TEXT for field in fields})
    change = shape({"Id": _ID_IN_UPDATE}, {field: TEXT for field in fields})
    list_routes(router, kind, {path: ["active"]})

    async def create(request: Request) -> Response:
        facility = writing(request)
        objects = await written(request)
        errors = RowErrors()
        rows = [
            {field: text(obj, field, row, errors) for field in fields}
            for row, obj in enumerate(objects)
        ]
        errors.raise_if_any()
        async with store(request).transaction() as tx:
            created = [await tx.insert(transporter(facility, kind, values)) for values in rows]
        return json(writes(created))

    async def update(request: Request) -> Response:
        facility = writing(request)
        objects = await written(request)
        errors = RowErrors()
        changes: list[tuple[Record, dict[str, str]]] = []
        async with store(request).transaction() as tx:
            for row, obj in enumerate(objects):
                values = {field: text(obj, field, row, errors) for field in fields if field in obj}
                record = await tx.get(kind, int(obj["Id"]))
                if record is None or record.license != facility.license_number:
                    errors.add(row, f"{what} Id {obj['Id']} was not found.")
                    continue
                changes.append((record, values))
            errors.raise_if_any()
            for record, values in changes:
                record.data.update(values)
                record.name = record.data[fields[0]]
                await tx.save(record)
        return Response(status_code=200)

    one_route(router, f"{path}/{{object_id:int}}", kind, what)
    for at in (path, f"{path}/"):
        router.add_api_route(at, create, methods=["POST"], **openapi.write(new))
        router.add_api_route(at, update, methods=["PUT"], **openapi.write(change, answer=None))
    archive_route(router, f"{path}/{{object_id:int}}", kind, what)


_transporter("driver", "/transporters/v2/drivers", DRIVER_FIELDS, "Driver")
_transporter("vehicle", "/transporters/v2/vehicles", VEHICLE_FIELDS, "Vehicle")
