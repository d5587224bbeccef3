"""Package changes that answer an empty 200, as Metrc's do: flags (donation, trade sample,
finished good), notes, external ids, shelf-life dates, item, required lab test batches,
decontamination, setting a final quantity, and discontinuing.

Bodies follow Metrc's documented examples field for field (thunkier/ThunkMetrc
`specs/generated/bruno/Packages/*.bru`; OpenMetrc `open-metrc-swagger-v2.yaml` for the
PUTs' empty 200s). Every object names a package of the facility by label; a write is all or
nothing and refuses bad rows with 400 `[{row, message}]`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from datetime import date
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.db.models import utcnow
from trichome.sandbox import documents, removals
from trichome.sandbox.facilities import DECONTAMINATES
from trichome.sandbox.reference import REMEDIATION_METHODS
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.bodies import DAY, MAYBE_TEXT, TEXT, names, one_of, shape
from trichome.services.sandbox.common import (
    Ident,
    a_date,
    canonical,
    number,
    owned,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.routes.package_changes import REASONS
from trichome.services.sandbox.routes.packages import convert, own_package
from trichome.services.sandbox.routes.reference import LAB_TEST_BATCHES
from trichome.services.sandbox.rules import RowErrors, message
from trichome.services.sandbox.shapes import parse_day

router = APIRouter()
LIVE = ("active", "onhold")
FAILED = ("TestFailed", "RetestFailed")
MAYBE_DAY: dict[str, Any] = {"anyOf": [DAY, {"type": "null"}]}
LABEL = shape({"Label": TEXT})
NOTE = shape({"PackageLabel": TEXT, "Note": {"type": "string"}})
EXTERNAL_ID = shape({"PackageLabel": TEXT, "ExternalId": {"type": "string", "maxLength": 40}})
SHELF_LIFE = shape(
    {"Label": TEXT},
    {"ExpirationDate": MAYBE_DAY, "SellByDate": MAYBE_DAY, "UseByDate": MAYBE_DAY},
)
ITEM = shape({"Label": TEXT, "Item": TEXT})
REQUIRED_BATCHES = shape(
    {
        "Label": TEXT,
        "RequiredLabTestBatches": {"type": "array", "items": names(LAB_TEST_BATCHES)},
    }
)
DECONTAMINATION = shape(
    {
        "PackageLabel": TEXT,
        "DecontaminationMethodName": one_of(REMEDIATION_METHODS),
        "DecontaminationDate": DAY,
    },
    {"DecontaminationSteps": MAYBE_TEXT},
)
FINAL_QUANTITY = shape(
    {
        **bodies.ADJUSTMENT["properties"],
        "Quantity": {"type": "number", "minimum": 0, "description": "What it holds afterwards."},
    },
)
FINAL_QUANTITY["required"] = bodies.ADJUSTMENT["required"]

Plan = Callable[[Transaction, Record, dict[str, Any], int, RowErrors], Any]


async def _change(
    request: Request,
    key: str,
    check: Plan,
    *,
    states: tuple[str, ...] = LIVE,
    capability: tuple[str, str] | None = None,
) -> Response:
    """Check every object (`check` adds row errors and returns what to apply), then apply
    them all: an empty 200, or 400 listing the refused rows."""
    facility = writing(request, *(capability or (None, "")))
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            label = text(obj, key, row, errors)
            record = await own_package(tx, facility, label, row, errors, states=states)
            apply = check(tx, record, obj, row, errors) if record is not None else None
            if inspect.isawaitable(apply):
                apply = await apply
            plans.append((record, apply))
        errors.raise_if_any()
        for record, apply in plans:
            assert record is not None
            fresh = await tx.get("package", record.id)
            assert fresh is not None
            if callable(apply):
                await apply(tx, fresh)
            else:
                fresh.data.update(apply or {})
            await tx.save(fresh)
    return Response(status_code=200)


def _flag(field: str, what: str, on: bool) -> Plan:
    def check(
        tx: Transaction, record: Record, obj: dict[str, Any], row: int, errors: RowErrors
    ) -> Any:
        if bool(record.data.get(field)) == on:
            state = "already" if on else "not"
            errors.add(row, f"Package {record.label} is {state} flagged as {what}.")
        return {field: on}

    return check


def _flag_routes(path: str, field: str, what: str) -> None:
    for verb, on in (("flag", True), ("unflag", False)):

        async def route(request: Request, on: bool = on) -> Response:
            return await _change(request, "Label", _flag(field, what, on))

        route.__name__ = f"{verb}_{field}"
        router.add_api_route(
            f"/packages/v2/{path}/{verb}",
            route,
            methods=["PUT"],
            name=f"{verb}_{field}",
            **openapi.write(LABEL, answer=None),
        )


_flag_routes("donation", "IsDonation", "a donation")
_flag_routes("tradesample", "IsTradeSample", "a trade sample")
_flag_routes("finishedgood", "IsFinishedGood", "a finished good")


@router.put("/packages/v2/note", **openapi.write(NOTE, answer=None))
async def change_note(request: Request) -> Response:
    def check(
        tx: Transaction, record: Record, obj: dict[str, Any], row: int, errors: RowErrors
    ) -> Any:
        return {"Note": obj["Note"].strip() or None}  # an empty note clears it

    return await _change(request, "PackageLabel", check)


@router.put("/packages/v2/externalid", **openapi.write(EXTERNAL_ID, answer=None))
async def change_external_id(request: Request) -> Response:
    def check(
        tx: Transaction, record: Record, obj: dict[str, Any], row: int, errors: RowErrors
    ) -> Any:
        return {"ExternalId": obj["ExternalId"].strip() or None}

    return await _change(request, "PackageLabel", check)


def _day(obj: dict[str, Any], key: str, row: int, errors: RowErrors) -> date | None:
    value = obj.get(key)
    if value is None:
        return None
    found = parse_day(value) if isinstance(value, str) else None
    if found is None:
        errors.add(row, f"{key} must be a date (YYYY-MM-DD) or null.")
    return found


@router.put("/packages/v2/usebydate", **openapi.write(SHELF_LIFE, answer=None))
async def change_shelf_life_dates(request: Request) -> Response:
    def check(
        tx: Transaction, record: Record, obj: dict[str, Any], row: int, errors: RowErrors
    ) -> Any:
        keys = ("ExpirationDate", "SellByDate", "UseByDate")
        dates = {key: _day(obj, key, row, errors) for key in keys}
        packaged = parse_day(record.data["PackagedDate"])
        for key, when in dates.items():
            if when is not None and packaged is not None and when < packaged:
                errors.add(row, f"{key} {when} is before the package was packaged ({packaged}).")
        return {key: documents.day(when) for key, when in dates.items()}

    return await _change(request, "Label", check)


@router.put("/packages/v2/item", **openapi.write(ITEM, answer=None))
async def change_item(request: Request) -> Response:
    async def check(
        tx: Transaction, record: Record, obj: dict[str, Any], row: int, errors: RowErrors
    ) -> Any:
        item = await tx.by_name(record.license, "item", obj["Item"].strip())
        if item is None:
            errors.add(row, f"Item {obj['Item']!r} does not exist at this facility.")
            return None
        unit = record.data["UnitOfMeasureName"]
        if documents.quantity_type(unit) != item.data["QuantityType"]:
            errors.add(
                row,
                f"Item {item.name} is {item.data['QuantityType']}; package {record.label} "
                f"is kept in {unit}.",
            )
        return {"Item": documents.item_snapshot(item)}

    return await _change(request, "Label", check)


@router.put("/packages/v2/labtests/required", **openapi.write(REQUIRED_BATCHES, answer=None))
async def change_required_lab_test_batches(request: Request) -> Response:
    known = [str(batch["Name"]) for batch in LAB_TEST_BATCHES]

    def check(
        tx: Transaction, record: Record, obj: dict[str, Any], row: int, errors: RowErrors
    ) -> Any:
        batches = [canonical(name, known) for name in obj["RequiredLabTestBatches"]]
        return {"RequiredLabTestBatches": sorted({name for name in batches if name})}

    return await _change(request, "Label", check)


@router.put("/packages/v2/decontaminate", **openapi.write(DECONTAMINATION, answer=None))
async def decontaminate(request: Request) -> Response:
    facility = writing(request)

    def check(
        tx: Transaction, record: Record, obj: dict[str, Any], row: int, errors: RowErrors
    ) -> Any:
        when = a_date(obj, "DecontaminationDate", row, errors)
        change = {
            "ProductRequiresDecontamination": False,
            "ContainsDecontaminatedProduct": True,
            "DecontaminationDate": documents.day(when),
            "Note": obj.get("DecontaminationSteps") or record.data.get("Note"),
        }
        if record.data["LabTestingState"] not in FAILED:
            return change
        # Product that failed testing is decontaminated only where the facility type allows
        # it (Colorado's retail cultivation does, its manufacturer remediates instead:
        # reference.py); it then awaits a retest, as a remediated package does.
        if not facility.can(DECONTAMINATES):
            errors.add(
                row,
                f"Package {record.label} failed lab testing and facility "
                f"{facility.license_number} may not decontaminate failed packages "
                f"({DECONTAMINATES} is false).",
            )
        return change | {
            "LabTestingState": "Decontaminated",
            "LabTestingStateDate": documents.day(when),
            "ProductRequiresRemediation": False,
        }

    return await _change(request, "PackageLabel", check)


@router.put("/packages/v2/adjust", **openapi.write(FINAL_QUANTITY, answer=None))
async def set_quantity(request: Request) -> Response:
    def check(
        tx: Transaction, record: Record, obj: dict[str, Any], row: int, errors: RowErrors
    ) -> Any:
        final = number(obj, "Quantity", row, errors, positive=False)
        unit = obj["UnitOfMeasure"]
        reason = canonical(obj["AdjustmentReason"], REASONS) or ""
        if REASONS[reason]["RequiresNote"] and not obj.get("ReasonNote"):
            errors.add(row, f"The reason {reason!r} requires a ReasonNote.")
        when = a_date(obj, "AdjustmentDate", row, errors)
        held = record.data["UnitOfMeasureName"]
        target = convert(final, unit, held)
        if target is None:
            errors.add(row, f"{unit} cannot measure a package kept in {held}.")
            return None
        change = round(target - record.data["Quantity"], 4)
        if change == 0:
            errors.add(row, f"Package {record.label} already holds {target:g} {held}.")

        async def apply(tx: Transaction, fresh: Record) -> None:
            fresh.data["Quantity"] = round(target, 4)
            await tx.insert(
                removals.adjustment(
                    fresh.license, fresh, change, reason, obj.get("ReasonNote"), when, "API User"
                )
            )

        return apply

    return await _change(request, "Label", check)


@router.delete("/packages/v2/{ident:ident}", **openapi.action())
async def discontinue(request: Request, ident: Ident) -> Response:
    """Discontinue an active package (one made in error): it leaves the active list for the
    inactive one, unfinished, with its ArchivedDate. A package on hold, in transit, finished
    or already discontinued is refused. Metrc names it by Id only (the path is shared with
    GET by Id or label): no package has a label for an Id, so a label is a 404."""
    if not ident.isdigit():
        raise message(404, f"No package has the Id {ident}: discontinue names a package by Id.")
    package_id = int(ident)
    facility = writing(request)
    async with store(request).transaction() as tx:
        record = owned(await tx.get("package", package_id), facility, f"Package {package_id}")
        if record.state != "active":
            raise message(
                400,
                f"Package {record.label} is {record.state}; only an active package is "
                "discontinued.",
            )
        record.state = "inactive"
        record.data["ArchivedDate"] = documents.moment(utcnow())
        await tx.save(record)
    return Response(status_code=200)
