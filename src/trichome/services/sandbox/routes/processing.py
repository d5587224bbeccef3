"""Processing jobs (Metrc v2 ProcessingJob GetProcessingJobById, Start, Adjust,
CreatePackages, Finish, Unfinish, ArchiveJobs).

A job started here has the fields Metrc documents (ThunkMetrc bruno
ProcessingJob/GetActiveProcessingJob): totals by count, volume and weight in the job's units,
the waste when finished, and a Packages list that Metrc's examples leave empty (so does the
sandbox; the inputs are kept for its own use). Starting or adjusting a job takes each input
package's quantity (in the package's own unit) out of the package. CreatePackages makes a
package of the job's output and may finish the job with its waste. Start, Adjust and
CreatePackages answer `{Ids, Warnings}`; Finish, Unfinish and Archive answer no body; an
archived job leaves the active list.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox import processing as jobs
from trichome.sandbox.reference import PROCESSING_JOB_TYPES, UNIT_GRAMS, UNITS_OF_MEASURE
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import DAY, FLAG, ID, MAYBE_TEXT, NUMBER, TEXT, names, shape
from trichome.services.sandbox.common import (
    a_date,
    archive_route,
    canonical,
    json,
    number,
    one_route,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.cultivating import free_tag, item_named
from trichome.services.sandbox.routes.processing_types import INFUSE, job_type_names
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
KIND = "processingjob"
SEEDED_TYPE_IDS = {t["Name"]: t["Id"] for t in PROCESSING_JOB_TYPES}
UNITS = jobs.UNITS
MILLILITRES = {"Milliliters": 1.0, "Liters": 1000.0, "Fluid Ounces": 29.5735, "Gallons": 3785.41}
UNIT = names(UNITS_OF_MEASURE)
MAYBE_NUMBER: dict[str, Any] = {"type": ["number", "null"], "minimum": 0}
MAYBE_UNIT: dict[str, Any] = {"type": ["string", "null"]}
INPUTS = {
    "type": "array",
    "minItems": 1,
    "items": shape({"Label": TEXT, "Quantity": NUMBER, "UnitOfMeasure": UNIT}),
}
START = shape(
    {"JobName": TEXT, "JobType": TEXT, "Packages": INPUTS, "StartDate": DAY},
    {"CountUnitOfMeasure": MAYBE_UNIT, "VolumeUnitOfMeasure": MAYBE_UNIT,
     "WeightUnitOfMeasure": MAYBE_UNIT},
)  # fmt: skip
ADJUST = shape(
    {"Id": ID, "AdjustmentReason": TEXT, "AdjustmentDate": DAY, "Packages": INPUTS},
    {"AdjustmentNote": MAYBE_TEXT},
)
WASTE = {
    key: MAYBE_NUMBER if key.startswith("Total") or key.endswith("Quantity") else MAYBE_UNIT
    for key in (
        "TotalCountWaste", "WasteCountUnitOfMeasureName", "TotalVolumeWaste",
        "WasteVolumeUnitOfMeasureName", "TotalWeightWaste", "WasteWeightUnitOfMeasureName",
    )
}  # fmt: skip
FINISH = shape({"Id": ID, "FinishDate": DAY}, {"FinishNote": MAYBE_TEXT, **WASTE})
UNFINISH = shape({"Id": ID})
OUTPUT = shape(
    {"JobName": TEXT, "Tag": TEXT, "Item": TEXT, "Quantity": NUMBER, "UnitOfMeasure": UNIT},
    {"Location": MAYBE_TEXT, "Note": MAYBE_TEXT, "IsFinishedGood": FLAG,
     "FinishProcessingJob": FLAG, "FinishDate": {"type": ["string", "null"]},
     "FinishNote": MAYBE_TEXT, "PackageDate": {"type": ["string", "null"]},
     "ProductionBatchNumber": MAYBE_TEXT, "WasteCountQuantity": MAYBE_NUMBER,
     "WasteVolumeQuantity": MAYBE_NUMBER, "WasteWeightQuantity": MAYBE_NUMBER},
)  # fmt: skip

one_route(router, "/processing/v2/{job_id:int}", KIND, "Processing job", capability=INFUSE,
          name="one_job")  # fmt: skip
archive_route(router, "/processing/v2/{job_id:int}", KIND, "Processing job", capability=INFUSE,
              name="archive_job")  # fmt: skip


async def _inputs(
    tx: Transaction, license_number: str, rows: list[dict[str, Any]], row: int, errors: RowErrors
) -> list[tuple[Record, float]]:
    """The input packages and the quantity taken from each (in its own unit)."""
    taken = []
    for item in rows:
        package = await tx.by_label("package", str(item["Label"]))
        if package is None or package.license != license_number or package.state != "active":
            errors.add(row, f"Package {item['Label']} is not an active package of this facility.")
            continue
        unit = canonical(str(item["UnitOfMeasure"]), UNITS)
        if unit != package.data["UnitOfMeasureName"]:
            errors.add(row, f"Package {package.label} is in {package.data['UnitOfMeasureName']}.")
        elif float(item["Quantity"]) > package.data["Quantity"]:
            errors.add(row, f"Package {package.label} has only {package.data['Quantity']} {unit}.")
        taken.append((package, float(item["Quantity"])))
    return taken


async def _take(tx: Transaction, job: Record, taken: list[tuple[Record, float]]) -> None:
    """Take the inputs out of their packages and add them to the job's totals."""
    for package, quantity in taken:
        fresh = await tx.get("package", package.id)
        assert fresh is not None
        fresh.data["Quantity"] = round(fresh.data["Quantity"] - quantity, 4)
        await tx.save(fresh)
        unit = fresh.data["UnitOfMeasureName"]
        kind = UNITS[unit]["QuantityType"]
        data = job.data
        if kind == "WeightBased" and data["WeightUnitOfMeasureName"]:
            amount = quantity * UNIT_GRAMS[unit] / UNIT_GRAMS[data["WeightUnitOfMeasureName"]]
            data["TotalWeight"] = round(data["TotalWeight"] + amount, 4)
        elif kind == "VolumeBased" and data["VolumeUnitOfMeasureName"]:
            amount = quantity * MILLILITRES[unit] / MILLILITRES[data["VolumeUnitOfMeasureName"]]
            data["TotalVolume"] = round(data["TotalVolume"] + amount, 4)
        elif kind == "CountBased":
            data["TotalCount"] = round(data["TotalCount"] + quantity, 4)
        data["_Inputs"].append({"Label": fresh.label, "Quantity": quantity, "Unit": unit})
    weighed = bool(job.data["WeightUnitOfMeasureName"])
    job.data["TotalUnitOfMeasureId"] = job.data[
        "WeightUnitOfMeasureId" if weighed else "CountUnitOfMeasureId"
    ]
    job.data["TotalQuantity"] = job.data["TotalWeight" if weighed else "TotalCount"]


@router.post("/processing/v2/start", **openapi.write(START))
async def start(request: Request) -> Response:
    facility = writing(request, *INFUSE)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        types = await job_type_names(tx, facility.license_number)
        plans = []
        for row, obj in enumerate(objects):
            name = text(obj, "JobName", row, errors)
            if name and await tx.by_name(facility.license_number, KIND, name):
                errors.add(row, f"A processing job named {name!r} already exists.")
            job_type = canonical(text(obj, "JobType", row, errors), types)
            if obj.get("JobType") and job_type is None:
                errors.add(row, f"JobType must be one of {sorted(types)}.")
            units = {}
            for key, kind in (("Count", "CountBased"), ("Volume", "VolumeBased"),
                              ("Weight", "WeightBased")):  # fmt: skip
                unit = canonical(obj.get(f"{key}UnitOfMeasure"), UNITS)
                wrong = unit is None or UNITS[unit]["QuantityType"] != kind
                if obj.get(f"{key}UnitOfMeasure") and wrong:
                    errors.add(row, f"{key}UnitOfMeasure must be a {kind} unit.")
                units[key] = unit
            taken = await _inputs(tx, facility.license_number, obj["Packages"], row, errors)
            plans.append((name, job_type, units, taken, a_date(obj, "StartDate", row, errors)))
        errors.raise_if_any()
        created = []
        for name, job_type, units, taken, when in plans:
            own = await tx.by_name(facility.license_number, "processingjobtype", job_type or "")
            type_id = own.id if own else SEEDED_TYPE_IDS.get(job_type or "", 0)
            assert when is not None  # a_date reported any missing one
            data = jobs.job(name, type_id, job_type, when, units)
            job = await tx.insert(Record(facility.license_number, KIND, "active", data, name=name))
            job.data["Number"] = f"PJ{job.id:06d}"
            await _take(tx, job, taken)
            created.append(await tx.save(job))
    return json(writes(created))


async def _job(tx: Transaction, license_number: str, key: Any, state: str, row: int,
               errors: RowErrors) -> Record | None:  # fmt: skip
    job = (
        await tx.get(KIND, key) if isinstance(key, int)
        else await tx.by_name(license_number, KIND, str(key))
    )  # fmt: skip
    if job is None or job.license != license_number:
        errors.add(row, f"Processing job {key} was not found.")
        return None
    if job.state != state:
        errors.add(
            row,
            f"Processing job {job.name} is not {'running' if state == 'active' else 'finished'}.",
        )
    return job


@router.post("/processing/v2/adjust", **openapi.write(ADJUST))
async def adjust(request: Request) -> Response:
    facility = writing(request, *INFUSE)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            job = await _job(tx, facility.license_number, obj["Id"], "active", row, errors)
            text(obj, "AdjustmentReason", row, errors)
            a_date(obj, "AdjustmentDate", row, errors)
            plans.append(
                (job, await _inputs(tx, facility.license_number, obj["Packages"], row, errors))
            )
        errors.raise_if_any()
        changed = []
        for job, taken in plans:
            assert job is not None
            fresh = await tx.get(KIND, job.id)
            assert fresh is not None
            await _take(tx, fresh, taken)
            changed.append(await tx.save(fresh))
    return json(writes(changed))


def _finish(job: Record, when: Any, note: Any, waste: dict[str, Any]) -> None:
    job.state = "inactive"
    jobs.finish(job.data, documents.day(when), note, waste)


@router.put("/processing/v2/finish", **openapi.write(FINISH, answer=None))
async def finish(request: Request) -> Response:
    facility = writing(request, *INFUSE)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            job = await _job(tx, facility.license_number, obj["Id"], "active", row, errors)
            plans.append((job, a_date(obj, "FinishDate", row, errors), obj))
        errors.raise_if_any()
        for job, when, obj in plans:
            assert job is not None
            _finish(job, when, obj.get("FinishNote"), obj)
            await tx.save(job)
    return Response(status_code=200)


@router.put("/processing/v2/unfinish", **openapi.write(UNFINISH, answer=None))
async def unfinish(request: Request) -> Response:
    facility = writing(request, *INFUSE)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        jobs = [
            await _job(tx, facility.license_number, obj["Id"], "inactive", row, errors)
            for row, obj in enumerate(objects)
        ]
        errors.raise_if_any()
        for job in jobs:
            assert job is not None
            job.state = "active"
            job.data.update({"IsFinished": False, "FinishedDate": None, "FinishNote": None})
            await tx.save(job)
    return Response(status_code=200)


@router.post("/processing/v2/createpackages", **openapi.write(OUTPUT))
async def create_packages(request: Request) -> Response:
    facility = writing(request, *INFUSE)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            job = await _job(tx, facility.license_number, obj["JobName"], "active", row, errors)
            tag = await free_tag(tx, facility, obj.get("Tag"), "package", row, errors)
            item = await item_named(tx, facility, obj.get("Item"), row, errors)
            quantity = number(obj, "Quantity", row, errors)
            unit = canonical(text(obj, "UnitOfMeasure", row, errors), UNITS)
            where = None
            if obj.get("Location"):
                where = await tx.by_name(facility.license_number, "location", obj["Location"])
                if where is None:
                    errors.add(row, f"Location {obj['Location']!r} does not exist.")
            day = obj.get("PackageDate") or obj.get("FinishDate")
            when = a_date({"PackageDate": day}, "PackageDate", row, errors) if day else None
            plans.append((job, tag, item, quantity, unit, where, when, obj))
        errors.raise_if_any()
        created = []
        for job, tag, item, quantity, unit, where, when, obj in plans:
            assert job is not None and tag is not None and item is not None and unit
            fresh = await tx.get(KIND, job.id)
            assert fresh is not None
            inputs = fresh.data["_Inputs"]
            if where is None and inputs:
                source = await tx.by_label("package", inputs[0]["Label"])
                where = await tx.get("location", source.data["LocationId"]) if source else None
            assert where is not None
            day = when or date.fromisoformat(fresh.data["StartDate"])
            package = documents.package(
                facility, tag.label or "", item, quantity, unit, where, day,
                source_packages=sorted({i["Label"] for i in inputs}),
            )  # fmt: skip
            package.data.update({"SourceProcessingJobCount": 1, "Note": obj.get("Note")})
            tag.state = "used"
            await tx.save(tag)
            created.append(await tx.insert(package))
            if obj.get("FinishProcessingJob"):
                waste = {
                    "TotalCountWaste": obj.get("WasteCountQuantity"),
                    "WasteCountUnitOfMeasureName": obj.get("WasteCountUnitOfMeasureName"),
                    "TotalVolumeWaste": obj.get("WasteVolumeQuantity"),
                    "WasteVolumeUnitOfMeasureName": obj.get("WasteVolumeUnitOfMeasureName"),
                    "TotalWeightWaste": obj.get("WasteWeightQuantity"),
                    "WasteWeightUnitOfMeasureName": obj.get("WasteWeightUnitOfMeasureName"),
                }
                _finish(fresh, day, obj.get("FinishNote"), waste)
                await tx.save(fresh)
    return json(writes(created))
