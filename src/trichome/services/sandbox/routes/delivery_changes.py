"""Changes to a sales delivery before it arrives: UpdateDeliveries (PUT /sales/v2/deliveries),
UpdateHubTransporters (PUT .../hub) and VerifyIDHubDelivery (PUT .../hub/verifyID).

Bodies follow Metrc's v2 documentation as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Sales/UpdateDeliveries.bru, UpdateDeliveriesHub.bru and
UpdateDeliveriesHubVerifyID.bru; all three answer with no body). In the sandbox:

- a delivery can be rewritten (recipient, carrier, times and its transactions) only until it
  departs or a hub accepts it: its old quantities go back to their packages and the new ones
  are taken, checked as when it was recorded;
- a hub changes the transporter, driver, vehicle, route and times of an active delivery;
  `TransporterFacilityId` names a sandbox facility by its FacilityId (see
  `registers.facility_id`) or by its licence number;
- verifying the recipient's identification records the `PaymentType` (one of the sandbox's
  payment types, GET /sales/v2/paymenttypes) on the active delivery; Metrc documents no
  field for the check itself, so the sandbox keeps only the payment type.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.facilities import FACILITIES, Facility
from trichome.sandbox.reference import PAYMENT_TYPES
from trichome.sandbox.registers import facility_id
from trichome.sandbox.sales import transaction_row
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, MAYBE_TEXT, MOMENT, TEXT, shape
from trichome.services.sandbox.common import canonical, store, text, writing, written
from trichome.services.sandbox.routes.deliveries import (
    ADDRESS,
    BASE,
    CARRIER,
    NEW_DELIVERY,
    VEHICLE,
    moment_of,
    open_delivery,
)
from trichome.services.sandbox.routes.sales import SELL, checked_header, deplete, sale_lines
from trichome.services.sandbox.rules import RowErrors

router = APIRouter()
DELIVERY_CHANGE = {
    **NEW_DELIVERY,
    "required": sorted(["Id", *NEW_DELIVERY["required"]]),
    "properties": {"Id": ID, **NEW_DELIVERY["properties"]},
}
_HUB_FIELDS = (*CARRIER, "VehicleModel", "VehicleLicensePlateNumber", "PlannedRoute")
HUB_CHANGE = shape(
    {
        "Id": ID,
        "TransporterFacilityId": {"type": ["string", "integer"]},
        **{key: TEXT for key in _HUB_FIELDS},
        "EstimatedDepartureDateTime": MOMENT,
        "EstimatedArrivalDateTime": MOMENT,
    },
    {"PhoneNumberForQuestions": MAYBE_TEXT},
)
ID_CHECK = shape({"Id": ID, "PaymentType": TEXT})


def _times(obj: dict[str, Any], row: int, errors: RowErrors) -> None:
    leaves = moment_of(obj, "EstimatedDepartureDateTime", row, errors)
    arrives = moment_of(obj, "EstimatedArrivalDateTime", row, errors)
    if leaves and arrives and arrives <= leaves:
        errors.add(row, "EstimatedArrivalDateTime must be after EstimatedDepartureDateTime.")


@router.put(BASE, **openapi.write(DELIVERY_CHANGE, answer=None))
async def update_deliveries(request: Request) -> Response:
    facility = writing(request, *SELL)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await open_delivery(tx, request, obj["Id"], row, errors)
            if record is not None and (
                record.data["ActualDepartureDateTime"] or record.data["AcceptedDateTime"]
            ):
                errors.add(row, f"Sales delivery {record.id} has left; it can no longer change.")
                record = None
            sold_at, customer = checked_header(obj, row, errors)
            fields = {key: text(obj, key, row, errors) for key in (*CARRIER, *VEHICLE)}
            carrier = FACILITIES.get(text(obj, "TransporterFacilityLicenseNumber", row, errors))
            if carrier is None:
                errors.add(row, "TransporterFacilityLicenseNumber is not a known facility.")
            _times(obj, row, errors)
            if record is None:
                continue
            back: dict[str, float] = {}
            for line in record.data["Transactions"]:
                label = line["PackageLabel"]
                back[label] = back.get(label, 0.0) + float(line["QuantitySold"])
            lines = await sale_lines(tx, facility, obj, row, errors, back)
            plans.append((record, obj, sold_at, customer, fields, carrier, lines))
        errors.raise_if_any()
        for record, obj, sold_at, customer, fields, carrier, lines in plans:
            assert sold_at is not None and carrier is not None
            for old in record.data["Transactions"]:
                await deplete(tx, old["PackageLabel"], -float(old["QuantitySold"]))
            rows = []
            for package, amount, price, _unit in lines:
                await deplete(tx, package.label or "", amount)
                unit = package.data["UnitOfMeasureName"]
                when = documents.moment(sold_at) or ""
                line = transaction_row(package, amount, unit, price, when)
                rows.append({**line, "SalesDeliveryState": "InTransit"})
            record.data.update(
                {
                    # Metrc's reads do not show the phone number a recording sends.
                    ("_" if key == "PhoneNumberForQuestions" else "") + key: obj.get(key)
                    for key in (*ADDRESS, "PatientLicenseNumber")
                },
                **fields,
                SalesDateTime=documents.moment(sold_at),
                SalesCustomerType=customer,
                RecipientZoneId=obj.get("RecipientZoneId"),
                TransporterFacilityId=facility_id(carrier),
                TransporterFacilityLicenseNumber=carrier.license_number,
                TransporterFacilityName=carrier.name,
                EstimatedDepartureDateTime=obj["EstimatedDepartureDateTime"],
                EstimatedArrivalDateTime=obj["EstimatedArrivalDateTime"],
                TotalPackages=len(rows),
                TotalPrice=round(sum(line["TotalPrice"] for line in rows), 2),
                Transactions=rows,
            )
            await tx.save(record)
    return Response(status_code=200)


def _transporter(value: Any) -> Facility | None:
    by_id = {str(facility_id(facility)): facility for facility in FACILITIES.values()}
    return by_id.get(str(value).strip()) or FACILITIES.get(str(value).strip())


@router.put(f"{BASE}/hub", **openapi.write(HUB_CHANGE, answer=None))
async def update_hub_transporters(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await open_delivery(tx, request, obj["Id"], row, errors)
            carrier = _transporter(obj.get("TransporterFacilityId"))
            if carrier is None:
                errors.add(row, "TransporterFacilityId is not a known facility.")
            fields = {key: text(obj, key, row, errors) for key in _HUB_FIELDS}
            _times(obj, row, errors)
            plans.append((record, carrier, fields, obj))
        errors.raise_if_any()
        for record, carrier, fields, obj in plans:
            assert record is not None and carrier is not None
            record.data.update(
                fields,
                TransporterFacilityId=facility_id(carrier),
                TransporterFacilityLicenseNumber=carrier.license_number,
                TransporterFacilityName=carrier.name,
                EstimatedDepartureDateTime=obj["EstimatedDepartureDateTime"],
                EstimatedArrivalDateTime=obj["EstimatedArrivalDateTime"],
            )
            if "PhoneNumberForQuestions" in obj:  # kept, though Metrc's reads do not show it
                record.data["_PhoneNumberForQuestions"] = obj["PhoneNumberForQuestions"]
            await tx.save(record)
    return Response(status_code=200)


@router.put(f"{BASE}/hub/verifyID", **openapi.write(ID_CHECK, answer=None))
async def verify_ids(request: Request) -> Response:
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            record = await open_delivery(tx, request, obj["Id"], row, errors)
            payment = canonical(text(obj, "PaymentType", row, errors), PAYMENT_TYPES)
            if payment is None:
                errors.add(row, f"PaymentType must be one of {PAYMENT_TYPES}.")
            plans.append((record, payment))
        errors.raise_if_any()
        for record, payment in plans:
            assert record is not None
            record.data["_PaymentType"] = payment  # kept, though Metrc's reads do not show it
            await tx.save(record)
    return Response(status_code=200)
