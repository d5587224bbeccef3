"""Sales receipts: selling depletes packages; voiding a receipt gives the quantity back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.facilities import Facility
from trichome.sandbox.reference import CUSTOMER_TYPES, ZONE
from trichome.sandbox.sales import receipt_document, transaction_row
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    ObjectId,
    canonical,
    json,
    listing,
    number,
    one_route,
    owned,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.routes.packages import convert, own_package
from trichome.services.sandbox.rules import (
    RowErrors,
    envelope,
    message,
    paging_of,
    sales_dates_of,
    writes,
)
from trichome.tracking import cleared

router = APIRouter()
SELL = ("CanSellToConsumers", "sell to consumers")


def _sold_at(record: Record) -> datetime | None:
    text = record.data.get("SalesDateTime")
    if not isinstance(text, str):
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=ZONE)


def _receipt_list(state: str) -> Any:
    async def receipts(request: Request) -> Response:
        if not {"salesDateStart", "salesDateEnd"} & set(request.query_params):
            return await listing(request, "receipt", [state], capability=SELL[0], action=SELL[1])
        facility = reading(request, *SELL)
        start, end = sales_dates_of(request) or (None, None)
        paging = paging_of(request)
        # Local sale times against UTC bounds: a day's margin each side, then exactly.
        low = (start - timedelta(days=1)).date().isoformat() if start else ""
        high = (end + timedelta(days=2)).date().isoformat() if end else "9999"
        async with store(request).transaction() as tx:
            found = await tx.between(
                facility.license_number, "receipt", [state], "SalesDateTime", low, high
            )
        found = [
            record
            for record in found
            if (moment := _sold_at(record)) is not None
            and (start is None or moment >= start)
            and (end is None or moment <= end)
        ]
        total = len(found)
        if paging is not None:
            first = (paging.number - 1) * paging.size
            found = found[first : first + paging.size]
        return json(envelope(found, total, paging))

    return receipts


for _state in ("active", "inactive"):
    router.add_api_route(
        f"/sales/v2/receipts/{_state}",
        _receipt_list(_state),
        methods=["GET"],
        **openapi.receipt_listing(),
    )


one_route(router, "/sales/v2/receipts/{receipt_id:int}", "receipt", "Receipt", capability=SELL)


@router.get("/sales/v2/receipts/external/{external_number}", **openapi.one())
async def receipt_by_external_number(request: Request, external_number: str) -> Response:
    """The licence's receipt carrying this point-of-sale number. Metrc documents a 401 when
    the number is not valid for the licence (bruno Sales/GetReceiptsExternalByExternalNumber)."""
    facility = reading(request, *SELL)
    async with store(request).transaction() as tx:
        found = await tx.all(facility.license_number, "receipt", ["active", "inactive"])
    for record in found:
        if record.data.get("ExternalReceiptNumber") == external_number:
            return json(record.document())
    raise message(
        401, f"External receipt number {external_number!r} is not valid for this licence."
    )


async def sale_lines(
    tx: Transaction,
    facility: Facility,
    obj: dict[str, Any],
    row: int,
    errors: RowErrors,
    giving_back: dict[str, float],
) -> list[tuple[Record, float, float, str]]:
    lines = []
    entries = obj.get("Transactions")
    if not isinstance(entries, list) or not entries:
        errors.add(row, "Transactions must list what was sold.")
        return []
    wanted: dict[str, float] = {}
    for entry in entries:
        if not isinstance(entry, dict):
            errors.add(row, "Each transaction must be an object.")
            continue
        package = await own_package(
            tx, facility, text(entry, "PackageLabel", row, errors), row, errors
        )
        quantity = number(entry, "Quantity", row, errors)
        unit = text(entry, "UnitOfMeasure", row, errors)
        price = number(entry, "TotalAmount", row, errors, positive=False)
        if package is None or not unit:
            continue
        if not cleared(package.data["LabTestingState"]):
            errors.add(
                row,
                f"Package {package.label} has not passed testing "
                f"({package.data['LabTestingState']}).",
            )
        amount = convert(quantity, unit, package.data["UnitOfMeasureName"])
        if amount is None:
            errors.add(
                row,
                f"{unit} cannot be sold from {package.label}, "
                f"which is in {package.data['UnitOfMeasureName']}.",
            )
            continue
        label = package.label or ""
        wanted[label] = wanted.get(label, 0.0) + amount
        available = package.data["Quantity"] + giving_back.get(label, 0.0)
        if wanted[label] > available + 1e-9:
            errors.add(
                row,
                f"Package {label} holds only {available:g} {package.data['UnitOfMeasureName']}.",
            )
        lines.append((package, amount, price, unit))
    return lines


def checked_header(obj: dict[str, Any], row: int, errors: RowErrors) -> tuple[datetime | None, str]:
    when = obj.get("SalesDateTime")
    sold_at = None
    if not isinstance(when, str):
        errors.add(row, "SalesDateTime is required (ISO 8601 date-time).")
    else:
        try:
            sold_at = datetime.fromisoformat(when.replace("Z", "+00:00"))
        except ValueError:
            errors.add(
                row, "SalesDateTime must be an ISO 8601 date-time, e.g. 2026-05-01T14:30:00."
            )
        else:
            # Metrc takes the facility's local time; an offset, when given, is honoured.
            sold_at = sold_at if sold_at.tzinfo else sold_at.replace(tzinfo=ZONE)
    customer = text(obj, "SalesCustomerType", row, errors)
    if customer and canonical(customer, CUSTOMER_TYPES) is None:
        errors.add(row, f"SalesCustomerType must be one of {CUSTOMER_TYPES}.")
    customer = canonical(customer, CUSTOMER_TYPES) or customer
    return sold_at, customer


async def deplete(tx: Transaction, label: str, amount: float) -> None:
    package = await tx.by_label("package", label)
    assert package is not None
    package.data["Quantity"] = round(max(0.0, package.data["Quantity"] - amount), 4)
    await tx.save(package)


async def _give_back(tx: Transaction, receipt: Record) -> None:
    for line in receipt.data["Transactions"]:
        await deplete(tx, line["PackageLabel"], -_in_package_units(line))


def _in_package_units(line: dict[str, Any]) -> float:
    # Lines are recorded in the package's own unit, so QuantitySold is what it lost.
    return float(line["QuantitySold"])


@router.post("/sales/v2/receipts", **openapi.write(bodies.NEW_SALE))
async def create(request: Request) -> Response:
    facility = writing(request, *SELL)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = [
            (
                checked_header(obj, row, errors),
                await sale_lines(tx, facility, obj, row, errors, {}),
                obj,
            )
            for row, obj in enumerate(objects)
        ]
        errors.raise_if_any()
        created = []
        for (sold_at, customer), lines, obj in plans:
            assert sold_at is not None
            rows = []
            for package, amount, price, _unit in lines:
                await deplete(tx, package.label or "", amount)
                line = transaction_row(
                    package,
                    amount,
                    package.data["UnitOfMeasureName"],
                    price,
                    documents.moment(sold_at) or "",
                )
                rows.append(line)
            record = await tx.insert(
                Record(
                    facility.license_number,
                    "receipt",
                    "active",
                    receipt_document("", sold_at, customer, rows, obj.get("PatientLicenseNumber")),
                )
            )
            record.data["ReceiptNumber"] = obj.get("ExternalReceiptNumber") or f"{record.id:010d}"
            record.data["ExternalReceiptNumber"] = obj.get("ExternalReceiptNumber")
            # Metrc records when the receipt reached it, in UTC, whatever day the sale names.
            record.data["RecordedDateTime"] = documents.moment(datetime.now(UTC))
            created.append(await tx.save(record))
    return json(writes(created))


@router.put("/sales/v2/receipts", **openapi.write(bodies.SALE_CHANGE, answer=None))
async def update(request: Request) -> Response:
    facility = writing(request, *SELL)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            receipt = await tx.get("receipt", obj["Id"]) if isinstance(obj.get("Id"), int) else None
            if (
                receipt is None
                or receipt.license != facility.license_number
                or receipt.state != "active"
            ):
                errors.add(row, f"Receipt {obj.get('Id')!r} was not found among active receipts.")
                continue
            back: dict[str, float] = {}
            for line in receipt.data["Transactions"]:
                back[line["PackageLabel"]] = back.get(
                    line["PackageLabel"], 0.0
                ) + _in_package_units(line)
            plans.append(
                (
                    receipt,
                    checked_header(obj, row, errors),
                    await sale_lines(tx, facility, obj, row, errors, back),
                    obj,
                )
            )
        errors.raise_if_any()
        for receipt, (sold_at, customer), lines, obj in plans:
            assert sold_at is not None
            await _give_back(tx, receipt)
            rows = []
            for package, amount, price, _unit in lines:
                await deplete(tx, package.label or "", amount)
                line = transaction_row(
                    package,
                    amount,
                    package.data["UnitOfMeasureName"],
                    price,
                    documents.moment(sold_at) or "",
                )
                rows.append(line)
            fresh = await tx.get("receipt", receipt.id)
            assert fresh is not None
            external = obj.get("ExternalReceiptNumber") or fresh.data.get("ExternalReceiptNumber")
            recorded = fresh.data.get("RecordedDateTime")
            fresh.data.update(
                receipt_document(fresh.data["ReceiptNumber"], sold_at, customer, rows)
            )
            fresh.data["RecordedDateTime"] = recorded  # an edit keeps when it was recorded
            fresh.data["ExternalReceiptNumber"] = external
            await tx.save(fresh)
    return Response(status_code=200)


@router.delete("/sales/v2/receipts/{receipt_id:int}", **openapi.action())
async def void(request: Request, receipt_id: ObjectId) -> Response:
    facility = writing(request, *SELL)
    async with store(request).transaction() as tx:
        receipt = owned(await tx.get("receipt", receipt_id), facility, f"Receipt {receipt_id}")
        if receipt.state != "active":
            raise message(400, f"Receipt {receipt_id} is already voided.")
        await _give_back(tx, receipt)
        receipt = await tx.get("receipt", receipt_id) or receipt
        receipt.state = "inactive"
        receipt.data["ArchivedDate"] = documents.moment(datetime.now(UTC))
        await tx.save(receipt)
    return Response(status_code=200)


async def _finalizing(request: Request, final: bool) -> Response:
    """Finalize open receipts (inactive, closed to edits, still sales), or reopen them."""
    facility = writing(request, *SELL)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        found = []
        for row, obj in enumerate(objects):
            receipt = await tx.get("receipt", obj["Id"]) if isinstance(obj.get("Id"), int) else None
            if (
                receipt is None
                or receipt.license != facility.license_number
                or receipt.data.get("ArchivedDate")
                or receipt.state != ("active" if final else "inactive")
            ):
                wanted = "open" if final else "finalized"
                errors.add(row, f"Receipt {obj.get('Id')!r} is not a {wanted} receipt here.")
                continue
            found.append(receipt)
        errors.raise_if_any()
        for receipt in found:
            receipt.state = "inactive" if final else "active"
            receipt.data["IsFinal"] = final
            await tx.save(receipt)
    # Metrc answers these with no body.
    return Response(status_code=200)


@router.put("/sales/v2/receipts/finalize", **openapi.write(bodies.RECEIPT_ID, answer=None))
async def finalize(request: Request) -> Response:
    return await _finalizing(request, True)


@router.put("/sales/v2/receipts/unfinalize", **openapi.write(bodies.RECEIPT_ID, answer=None))
async def unfinalize(request: Request) -> Response:
    return await _finalizing(request, False)
