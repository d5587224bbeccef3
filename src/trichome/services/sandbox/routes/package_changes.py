"""Changes to a facility's packages: adjustments, moves, finishing and unfinishing, remediation."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents, removals
from trichome.sandbox.facilities import DECONTAMINATES, REMEDIATES
from trichome.sandbox.reference import ADJUST_REASONS, REMEDIATION_METHODS
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    a_date,
    canonical,
    json,
    number,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.routes.packages import convert, own_package
from trichome.services.sandbox.rules import RowErrors, message, writes

router = APIRouter()
REASONS = {reason["Name"]: reason for reason in ADJUST_REASONS}


@router.post("/packages/v2/adjust", **openapi.write(bodies.ADJUSTMENT))
async def adjust(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await own_package(
                tx,
                facility,
                text(obj, "Label", row, errors),
                row,
                errors,
                states=("active", "onhold"),
            )
            delta = number(obj, "Quantity", row, errors, positive=False)
            unit = text(obj, "UnitOfMeasure", row, errors)
            reason = text(obj, "AdjustmentReason", row, errors)
            if reason and reason not in REASONS:
                errors.add(row, f"AdjustmentReason must be one of {sorted(REASONS)}.")
            elif reason and REASONS[reason]["RequiresNote"] and not obj.get("ReasonNote"):
                errors.add(row, f"The reason {reason!r} requires a ReasonNote.")
            when = a_date(obj, "AdjustmentDate", row, errors)
            if delta == 0:
                errors.add(row, "Quantity (the change) cannot be zero.")
            change = (
                convert(delta, unit, record.data["UnitOfMeasureName"]) if record and unit else None
            )
            if record is not None and unit and change is None:
                errors.add(
                    row,
                    f"{unit} cannot adjust a package kept in {record.data['UnitOfMeasureName']}.",
                )
            elif (
                record is not None
                and change is not None
                and record.data["Quantity"] + change < -1e-9
            ):
                errors.add(
                    row,
                    f"Package {record.label} holds only {record.data['Quantity']:g}; "
                    "it cannot go below zero.",
                )
            plans.append((record, change, reason, when, obj))
        errors.raise_if_any()
        changed = []
        for record, change, reason, when, obj in plans:
            assert record is not None and change is not None
            record.data["Quantity"] = round(max(0.0, record.data["Quantity"] + change), 4)
            changed.append(await tx.save(record))
            # Recorded in the package's unit, so that adjustments add up to its quantity.
            await tx.insert(
                removals.adjustment(
                    facility.license_number,
                    record,
                    change,
                    reason,
                    obj.get("ReasonNote"),
                    when,
                    "API User",
                )
            )
    return json(writes(changed))


@router.put("/packages/v2/location", **openapi.write(bodies.PACKAGE_MOVE, answer=None))
async def move(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await own_package(
                tx,
                facility,
                text(obj, "Label", row, errors),
                row,
                errors,
                states=("active", "onhold"),
            )
            location = await tx.by_name(
                facility.license_number, "location", text(obj, "Location", row, errors)
            )
            if location is None or not location.data.get("ForPackages"):
                errors.add(row, "Location does not exist or does not hold packages.")
            a_date(obj, "MoveDate", row, errors)
            plans.append((record, location))
        errors.raise_if_any()
        for record, location in plans:
            assert record is not None and location is not None
            record.data.update(
                {
                    "LocationId": location.id,
                    "LocationName": location.name,
                    "LocationTypeName": location.data["LocationTypeName"],
                }
            )
            await tx.save(record)
    return Response(status_code=200)


@router.put("/packages/v2/finish", **openapi.write(bodies.PACKAGE_FINISH, answer=None))
async def finish(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await own_package(tx, facility, text(obj, "Label", row, errors), row, errors)
            if record is not None and record.data["Quantity"] > 0:
                errors.add(
                    row,
                    f"Package {record.label} still holds {record.data['Quantity']:g} "
                    f"{record.data['UnitOfMeasureName']}; finishing closes an empty package, "
                    "so adjust it to zero first.",
                )
            plans.append((record, a_date(obj, "ActualDate", row, errors)))
        errors.raise_if_any()
        for record, when in plans:
            assert record is not None
            record.state = "inactive"
            record.data.update(
                {"IsFinished": True, "FinishedDate": documents.day(when), "ArchivedDate": None}
            )
            await tx.save(record)
    return Response(status_code=200)


@router.put("/packages/v2/unfinish", **openapi.write(bodies.PACKAGE_UNFINISH, answer=None))
async def unfinish(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        records = []
        for row, obj in enumerate(objects):
            record = await own_package(
                tx, facility, text(obj, "Label", row, errors), row, errors, states=("inactive",)
            )
            if record is not None and not record.data["IsFinished"]:
                errors.add(row, f"Package {record.label} was not finished.")
            records.append(record)
        errors.raise_if_any()
        for record in records:
            assert record is not None
            record.state = "active"
            record.data.update({"IsFinished": False, "FinishedDate": None})
            await tx.save(record)
    return Response(status_code=200)


@router.put("/packages/v2/remediate", **openapi.write(bodies.REMEDIATION, answer=None))
async def remediate(request: Request) -> Response:
    facility = writing(request)
    if not facility.can(REMEDIATES):
        # As for every flag the facility type lacks (rules.require), but naming what such a
        # facility does instead: Colorado's retail cultivation decontaminates (reference.py).
        instead = (
            " It may decontaminate them (PUT /packages/v2/decontaminate)."
            if facility.can(DECONTAMINATES)
            else ""
        )
        raise message(
            401,
            f"Facility {facility.license_number} ({facility.license_type}) is not allowed to "
            f"remediate packages ({REMEDIATES} is false).{instead}",
        )
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await own_package(
                tx,
                facility,
                text(obj, "PackageLabel", row, errors),
                row,
                errors,
                states=("active", "onhold"),
            )
            if record is not None and record.data["LabTestingState"] not in (
                "TestFailed",
                "RetestFailed",
            ):
                errors.add(
                    row,
                    f"Package {record.label} has not failed testing; "
                    "only failed packages are remediated.",
                )
            method = text(obj, "RemediationMethodName", row, errors)
            if method and canonical(method, REMEDIATION_METHODS) is None:
                errors.add(
                    row, f"RemediationMethodName must be one of {list(REMEDIATION_METHODS)}."
                )
            plans.append((record, a_date(obj, "RemediationDate", row, errors), obj))
        errors.raise_if_any()
        for record, when, obj in plans:
            assert record is not None
            record.data.update(
                {
                    "LabTestingState": "Remediated",
                    "LabTestingStateDate": documents.day(when),
                    "RemediationDate": documents.day(when),
                    "ProductRequiresRemediation": False,
                    "ContainsRemediatedProduct": True,
                    "Note": obj.get("RemediationSteps"),
                }
            )
            await tx.save(record)
    return Response(status_code=200)
