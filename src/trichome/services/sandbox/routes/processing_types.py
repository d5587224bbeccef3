"""Processing job types (Metrc v2 ProcessingJob GetActiveJobTypes, GetInactiveJobTypes,
GetCategories, GetAttributes, CreateJobTypes, UpdateJobTypes, ArchiveJobTypes).

The active list is the sandbox's seeded types with the facility's own after them; a type the
facility creates names one of the categories and attributes listed, and is read back in the
documented shape (ThunkMetrc bruno ProcessingJob/GetActiveJobTypes). Create answers
`{Ids, Warnings}`; Update and Archive answer no body. The seeded types belong to no facility,
so only a facility's own types can be changed or archived.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.processing import JOB_TYPE, job_type, job_type_document
from trichome.sandbox.reference import (
    PROCESSING_JOB_ATTRIBUTES,
    PROCESSING_JOB_CATEGORIES,
    PROCESSING_JOB_TYPES,
)
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, MAYBE_TEXT, TEXT, names, shape
from trichome.services.sandbox.common import (
    archive_route,
    canonical,
    json,
    list_routes,
    reading,
    static_list,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors, envelope, paging_of, window_of, writes

router = APIRouter()
INFUSE = ("CanInfuseProducts", "run processing jobs")
KIND = JOB_TYPE
ATTRIBUTES = {a["Name"]: a for a in PROCESSING_JOB_ATTRIBUTES}
CATEGORIES = {c["Name"]: c for c in PROCESSING_JOB_CATEGORIES}
_ATTRIBUTE_LIST = {"type": "array", "items": names(PROCESSING_JOB_ATTRIBUTES)}
_FIELDS = {"Description": MAYBE_TEXT, "ProcessingSteps": MAYBE_TEXT, "Attributes": _ATTRIBUTE_LIST}
NEW_TYPE = shape({"Name": TEXT, "Category": names(PROCESSING_JOB_CATEGORIES)}, _FIELDS)
TYPE_CHANGE = shape(
    {"Id": ID}, {"Name": TEXT, "CategoryName": names(PROCESSING_JOB_CATEGORIES), **_FIELDS}
)


async def job_type_names(tx: Transaction, license_number: str) -> set[str]:
    """The names of the job types a facility may use (seeded and its own active ones)."""
    own = await tx.all(license_number, KIND, ["active"])
    return {t["Name"] for t in PROCESSING_JOB_TYPES} | {str(r.name) for r in own}


@router.get("/processing/v2/jobtypes/active", **openapi.listing())
async def active_types(request: Request) -> Response:
    facility = reading(request, *INFUSE)
    # Paging and the last-modified bounds it publishes are checked as on every list (400); the
    # types, documented without a LastModified, are listed whatever the bounds, page by page.
    paging = paging_of(request)
    window_of(request)
    async with store(request).transaction() as tx:
        own = await tx.all(facility.license_number, KIND, ["active"])
    seeded = [Record("", KIND, "active", dict(row), id=row["Id"]) for row in PROCESSING_JOB_TYPES]
    every = [*seeded, *own]
    shown = every
    if paging is not None:
        shown = every[(paging.number - 1) * paging.size :][: paging.size]
    body = envelope(shown, len(every), paging)
    for entry in body["Data"]:
        entry.pop("LastModified", None)  # documented without one
    return json(body)


list_routes(router, KIND, {"/processing/v2/jobtypes/inactive": ["inactive"]}, capability=INFUSE)


@router.get("/processing/v2/jobtypes/categories", **openapi.reference_list())
async def categories(request: Request) -> Response:
    reading(request, *INFUSE)
    return static_list(request, PROCESSING_JOB_CATEGORIES)


@router.get("/processing/v2/jobtypes/attributes", **openapi.reference_list())
async def attributes(request: Request) -> Response:
    reading(request, *INFUSE)
    return static_list(request, PROCESSING_JOB_ATTRIBUTES)


@router.post("/processing/v2/jobtypes", **openapi.write(NEW_TYPE))
async def create_types(request: Request) -> Response:
    facility = writing(request, *INFUSE)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        taken = {name.casefold() for name in await job_type_names(tx, facility.license_number)}
        made = []
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            if name.casefold() in taken:
                errors.add(row, f"A processing job type named {name!r} already exists.")
            taken.add(name.casefold())
            category = canonical(text(obj, "Category", row, errors), CATEGORIES)
            values = {**obj, "Name": name, "CategoryName": category}
            made.append({**values, "Attributes": obj.get("Attributes") or []})
        errors.raise_if_any()
        created = [await tx.insert(job_type(facility, values)) for values in made]
    return json(writes(created))


@router.put("/processing/v2/jobtypes", **openapi.write(TYPE_CHANGE, answer=None))
async def update_types(request: Request) -> Response:
    facility = writing(request, *INFUSE)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        changes = []
        for row, obj in enumerate(objects):
            record = await tx.get(KIND, obj["Id"])
            if record is None or record.license != facility.license_number:
                errors.add(row, f"Processing job type Id {obj['Id']} was not found.")
                continue
            current = {**record.data, "Attributes": [a["Name"] for a in record.data["Attributes"]]}
            values = {**current, **{k: v for k, v in obj.items() if k != "Id"}}
            if "CategoryName" in obj:
                values["CategoryName"] = canonical(
                    text(obj, "CategoryName", row, errors), CATEGORIES
                )
            changes.append((record, values))
        errors.raise_if_any()
        for record, values in changes:
            record.data = job_type_document(values)
            record.name = record.data["Name"]
            await tx.save(record)
    return Response(status_code=200)


archive_route(
    router, "/processing/v2/jobtypes/{job_type_id:int}", KIND, "Processing job type",
    capability=INFUSE, name="archive_job_type",
)  # fmt: skip
