"""Sales deliveries: a dispensary's sale carried to a customer by a transporter.

Fields follow Metrc's v2 documentation of RecordDeliveries, GetDeliveriesActive and
CompleteDelivery as captured in thunkier/ThunkMetrc (its CreateDeliveriesRequestItem,
ActiveDelivery and SalesUpdateSaleDeliveriesCompleteRequestItem models). Recording a
delivery takes the sold quantities out of the packages and the delivery is active; hub
departure and acceptance stamp their times; completing it names every package as accepted or
returned (returned quantities go back to their packages) and moves it to the inactive list,
as voiding does (all quantities back). `SalesDeliveryState` is documented without its values;
the sandbox writes InTransit, Delivered and Voided. The return reasons are the sandbox's own
short list (Metrc's differ by state). A delivery is read with exactly the fields of bruno
Sales/GetActiveDeliveries (`sales.delivery_document`); the phone number a recording sends and
the payment type a completion or a hub's ID check records are kept, but not shown, as there.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.facilities import FACILITIES
from trichome.sandbox.sales import delivery_document, transaction_row
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import (
    ID,
    MAYBE_TEXT,
    MOMENT,
    NUMBER,
    SALE,
    SALE_EXTRAS,
    TEXT,
    UNIT,
    shape,
)
from trichome.services.sandbox.common import (
    archive_route,
    canonical,
    json,
    list_routes,
    number,
    one_route,
    reading,
    static_list,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.routes.packages import convert
from trichome.services.sandbox.routes.sales import SELL, checked_header, deplete, sale_lines
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
KIND = "salesdelivery"
BASE = "/sales/v2/deliveries"
RETURN_REASONS: list[dict[str, Any]] = [
    {"Name": name, "RequiresNote": note, "RequiresWasteWeight": False,
     "RequiresImmatureWasteWeight": False, "RequiresMatureWasteWeight": False}
    for name, note in (
        ("Customer Refused", False),
        ("Customer Not Present", False),
        ("Damaged In Transit", True),
        ("Other", True),
    )
]  # fmt: skip
CARRIER = ("DriverName", "DriverEmployeeId", "DriversLicenseNumber", "VehicleMake")
VEHICLE = ("VehicleModel", "VehicleLicensePlateNumber", "PlannedRoute", "RecipientName")
ADDRESS = (
    "RecipientAddressStreet1", "RecipientAddressStreet2", "RecipientAddressCity",
    "RecipientAddressCounty", "RecipientAddressState", "RecipientAddressPostalCode",
    "PhoneNumberForQuestions", "ConsumerId",
)  # fmt: skip
NEW_DELIVERY = shape(
    {
        **SALE,
        "TransporterFacilityLicenseNumber": TEXT,
        **{key: TEXT for key in (*CARRIER, *VEHICLE)},
        "EstimatedDepartureDateTime": MOMENT,
        "EstimatedArrivalDateTime": MOMENT,
    },
    {**SALE_EXTRAS, **{key: MAYBE_TEXT for key in ADDRESS}, "RecipientZoneId": {}},
)
COMPLETION = shape(
    {"Id": ID, "ActualArrivalDateTime": MOMENT},
    {
        "PaymentType": MAYBE_TEXT,
        "AcceptedPackages": {"type": "array", "items": TEXT},
        "ReturnedPackages": {
            "type": "array",
            "items": shape(
                {
                    "Label": TEXT,
                    "ReturnQuantityVerified": NUMBER,
                    "ReturnUnitOfMeasure": UNIT,
                    "ReturnReason": TEXT,
                },
                {"ReturnReasonNote": MAYBE_TEXT},
            ),
        },
    },
)
DELIVERY_ID = shape({"Id": ID})

list_routes(router, KIND, {f"{BASE}/active": ["active"], f"{BASE}/inactive": ["inactive"]},
            capability=SELL)  # fmt: skip
one_route(router, f"{BASE}/{{delivery_id:int}}", KIND, "Sales delivery", capability=SELL)


@router.get(f"{BASE}/returnreasons", **openapi.reference_list())
async def return_reasons(request: Request) -> Response:
    reading(request, *SELL)
    return static_list(request, RETURN_REASONS)


def moment_of(obj: dict[str, Any], key: str, row: int, errors: RowErrors) -> datetime | None:
    value = obj.get(key)
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError:
        errors.add(row, f"{key} must be an ISO 8601 date-time.")
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@router.post(BASE, **openapi.write(NEW_DELIVERY))
async def record_deliveries(request: Request) -> Response:
    facility = writing(request, *SELL)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            sold_at, customer = checked_header(obj, row, errors)
            fields = {key: text(obj, key, row, errors) for key in (*CARRIER, *VEHICLE)}
            carrier = FACILITIES.get(text(obj, "TransporterFacilityLicenseNumber", row, errors))
            if carrier is None:
                errors.add(row, "TransporterFacilityLicenseNumber is not a known facility.")
            leaves = moment_of(obj, "EstimatedDepartureDateTime", row, errors)
            arrives = moment_of(obj, "EstimatedArrivalDateTime", row, errors)
            if leaves and arrives and arrives <= leaves:
                errors.add(
                    row, "EstimatedArrivalDateTime must be after EstimatedDepartureDateTime."
                )
            lines = await sale_lines(tx, facility, obj, row, errors, {})
            plans.append((obj, sold_at, customer, fields, carrier, lines))
        errors.raise_if_any()
        created = []
        for obj, sold_at, customer, fields, carrier, lines in plans:
            assert sold_at is not None and carrier is not None
            rows = []
            for package, amount, price, _unit in lines:
                await deplete(tx, package.label or "", amount)
                unit = package.data["UnitOfMeasureName"]
                stamp = documents.moment(sold_at) or ""
                rows.append(transaction_row(package, amount, unit, price, stamp))
            posted = {**obj, **fields}
            recorded = datetime.now(UTC)
            document = delivery_document(
                facility, carrier, posted, sold_at, customer, rows, recorded
            )
            record = await tx.insert(Record(facility.license_number, KIND, "active", document))
            record.data["DeliveryNumber"] = f"{record.id:010d}"
            created.append(await tx.save(record))
    return json(writes(created))


async def open_delivery(tx: Transaction, request: Request, delivery_id: Any, row: int,
                errors: RowErrors) -> Record | None:  # fmt: skip
    facility = writing(request, *SELL)
    record = await tx.get(KIND, int(delivery_id))
    if record is None or record.license != facility.license_number:
        errors.add(row, f"Sales delivery Id {delivery_id} was not found.")
        return None
    if record.state != "active":
        errors.add(
            row, f"Sales delivery {delivery_id} is already {record.data['SalesDeliveryState']}."
        )
        return None
    return record


def _returns(record: Record, obj: dict[str, Any], row: int, errors: RowErrors) -> dict[str, float]:
    """What comes back to each package, in the package's unit; every line must be named."""
    lines = {line["PackageLabel"]: line for line in record.data["Transactions"]}
    named: list[str] = [str(label) for label in obj.get("AcceptedPackages") or []]
    back: dict[str, float] = {}
    reasons = {reason["Name"]: reason for reason in RETURN_REASONS}
    for entry in obj.get("ReturnedPackages") or []:
        label = text(entry, "Label", row, errors)
        named.append(label)
        reason = canonical(text(entry, "ReturnReason", row, errors), reasons)
        if reason is None:
            errors.add(row, f"ReturnReason must be one of {sorted(reasons)}.")
        elif reasons[reason]["RequiresNote"] and not entry.get("ReturnReasonNote"):
            errors.add(row, f"ReturnReason {reason} requires a ReturnReasonNote.")
        line = lines.get(label)
        if line is None:
            continue
        quantity = number(entry, "ReturnQuantityVerified", row, errors)
        amount = convert(quantity, str(entry.get("ReturnUnitOfMeasure")), line["UnitOfMeasureName"])
        if amount is None or amount > float(line["QuantitySold"]) + 1e-9:
            errors.add(row, f"Package {label} cannot return more than was delivered.")
            continue
        back[label] = amount
    for label in named:
        if label not in lines:
            errors.add(row, f"Package {label} is not on delivery {record.id}.")
    missing = sorted(set(lines) - set(named))
    if missing or len(named) != len(set(named)):
        errors.add(row, f"Name each package once, accepted or returned; missing: {missing}.")
    return back


@router.put(f"{BASE}/complete", **openapi.write(COMPLETION, answer=None))
async def complete(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await open_delivery(tx, request, obj["Id"], row, errors)
            arrived = moment_of(obj, "ActualArrivalDateTime", row, errors)
            if record is not None:
                plans.append((record, arrived, _returns(record, obj, row, errors), obj))
        errors.raise_if_any()
        for record, arrived, back, obj in plans:
            for label, amount in back.items():
                await deplete(tx, label, -amount)
            for line in record.data["Transactions"]:
                line["SalesDeliveryState"] = "Delivered"
            record.data.update(
                ActualArrivalDateTime=documents.moment(arrived),
                CompletedDateTime=documents.moment(datetime.now(UTC)),
                _PaymentType=obj.get("PaymentType"),
                SalesDeliveryState="Delivered",
            )
            record.state = "inactive"
            await tx.save(record)
    return Response(status_code=200)


def _stamp(path: str, field: str) -> None:
    async def stamp(request: Request) -> Response:
        objects = await written(request)
        errors = RowErrors()
        async with store(request).transaction() as tx:
            found = [
                await open_delivery(tx, request, obj["Id"], n, errors)
                for n, obj in enumerate(objects)
            ]
            errors.raise_if_any()
            for record in found:
                assert record is not None
                record.data[field] = documents.moment(datetime.now(UTC))
                await tx.save(record)
        return Response(status_code=200)

    router.add_api_route(path, stamp, methods=["PUT"], **openapi.write(DELIVERY_ID, answer=None))


_stamp(f"{BASE}/hub/depart", "ActualDepartureDateTime")
_stamp(f"{BASE}/hub/accept", "AcceptedDateTime")


async def _void(tx: Transaction, record: Record) -> None:
    for line in record.data["Transactions"]:
        await deplete(tx, line["PackageLabel"], -float(line["QuantitySold"]))
        line["SalesDeliveryState"] = "Voided"
    record.data.update(VoidedDate=documents.moment(datetime.now(UTC)), SalesDeliveryState="Voided")


archive_route(router, f"{BASE}/{{delivery_id:int}}", KIND, "Sales delivery", capability=SELL,
              on_archive=_void, name="void_delivery")  # fmt: skip
