"""Transfers, changed: template updates, external manifests updated or voided, and a
transporter's hub legs. Each answers an empty 200, as Metrc documents ("No response").

The rules follow what Metrc's documentation and web app show (ThunkMetrc bruno Transfers/
UpdateOutgoingTemplates, UpdateIncomingExternal, DeleteIncomingExternalById, CreateHub*):
- a template is updated whole, by `TransferTemplateId`, while it is active; each destination
  keeps its template delivery when it names it (`TransferDestinationId`), else gets a new one;
- an external manifest is this facility's, from a shipper outside Metrc, and only while none
  of it is received; the sandbox changes its packages in place (same count, same items);
- voiding one takes its packages out of transit; a received or voided one cannot be voided;
- a hub leg is the transporter's: depart, then at a layover check in and out, then arrive, in
  that order, once each, per direction. The outbound trip ends once the delivery is received;
  a return trip exists only for a delivery that rejected packages, and arriving back marks them
  Returned. Departing and arriving stamp the manifest's actual times.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.db.models import utcnow
from trichome.sandbox import documents
from trichome.sandbox.facilities import FACILITIES
from trichome.sandbox.reference import TRANSFER_TYPE_NAMES
from trichome.sandbox.store import Record, Transaction
from trichome.sandbox.transfer_views import (
    HUB_STEPS,
    OUTBOUND,
    RETURN,
    has_rejections,
    posted_template,
    template_delivery_document,
    template_document,
)
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.bodies import DAY, ID, MAYBE_TEXT, NUMBER, TEXT, UNIT, shape
from trichome.services.sandbox.common import ObjectId, canonical, store, text, writing, written
from trichome.services.sandbox.routes.transfer_details import template_deliveries
from trichome.services.sandbox.routes.transfers import template_checks
from trichome.services.sandbox.rules import RowErrors, message

router = APIRouter()
EXTERNAL = ("CanTransferFromExternalFacilities", "receive from external facilities")
TEMPLATE_CHANGE = {
    **bodies.TRANSFER_TEMPLATE,
    "required": sorted([*bodies.TRANSFER_TEMPLATE["required"], "TransferTemplateId"]),
    "properties": {**bodies.TRANSFER_TEMPLATE["properties"], "TransferTemplateId": ID},
}
_PRICE = {"type": ["number", "null"]}
EXTERNAL_CHANGE = shape(
    {
        "TransferId": ID,
        "ShipperLicenseNumber": TEXT,
        "ShipperName": TEXT,
        "Destinations": {
            "type": "array",
            "minItems": 1,
            "items": shape(
                {
                    "RecipientLicenseNumber": {**TEXT, "description": "This facility."},
                    "Packages": {
                        "type": "array",
                        "minItems": 1,
                        "items": shape(
                            {"ItemName": TEXT, "PackagedDate": DAY},
                            {
                                "Quantity": NUMBER,
                                "UnitOfMeasureName": UNIT,
                                "WholesalePrice": _PRICE,
                            },
                        ),
                    },
                },
                {
                    "TransferTypeName": MAYBE_TEXT,
                    "PlannedRoute": MAYBE_TEXT,
                    "Transporters": {"type": "array", "items": {"type": "object"}},
                },
            ),
            "description": "The first destination is read.",
        },
    }
)
HUB_LEG = shape(
    {"ShipmentDeliveryId": ID, "TransporterDirection": bodies.one_of([OUTBOUND, RETURN])}
)
_TIMES = ("EstimatedDepartureDateTime", "EstimatedArrivalDateTime", "PlannedRoute", "InvoiceNumber")
_CARRIER = {
    "TransporterFacilityLicenseNumber": "TransporterFacilityLicenseNumber",
    "DriverName": "DriverName",
    "DriverOccupationalLicenseNumber": "DriverOccupationalLicenseNumber",
    "DriverLicenseNumber": "DriverVehicleLicenseNumber",
    "VehicleMake": "VehicleMake",
    "VehicleModel": "VehicleModel",
    "VehicleLicensePlateNumber": "VehicleLicensePlateNumber",
}


def done() -> Response:
    """Metrc's answer to these writes: an empty 200."""
    return Response(status_code=200)


async def _resync(tx: Transaction, template: Record) -> None:
    """Match a template's deliveries to its destinations after an update."""
    existing = {record.id: record for record in await template_deliveries(tx, template)}
    for destination in posted_template(template)["Destinations"]:
        document = template_delivery_document(destination["RecipientLicenseNumber"], destination)
        record = existing.pop(destination.get("TransferDestinationId") or 0, None)
        if record is None:
            label = f"transfertemplate:{template.id}"
            await tx.insert(Record(template.license, "templatedelivery", "active", document,
                                   label=label))  # fmt: skip
        else:
            record.data = document
            await tx.save(record)
    for record in existing.values():
        record.state = "inactive"
        await tx.save(record)


@router.put("/transfers/v2/templates/outgoing", **openapi.write(TEMPLATE_CHANGE, answer=None))
async def update_templates(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        changes = []
        for row, obj in enumerate(objects):
            template_id = int(obj["TransferTemplateId"])
            template = await tx.get("transfertemplate", template_id)
            if template is None or template.license != facility.license_number:
                errors.add(row, f"Transfer template {template_id} was not found.")
                continue
            if template.state != "active":
                errors.add(row, f"Transfer template {template_id} is archived.")
            await template_checks(tx, facility, obj, row, errors)
            known = {record.id for record in await template_deliveries(tx, template)}
            for destination in obj.get("Destinations") or []:
                wanted = (
                    destination.get("TransferDestinationId") if isinstance(destination, dict) else 0
                )
                if wanted and wanted not in known:
                    errors.add(
                        row, f"TransferDestinationId {wanted} is not one of this template's."
                    )
            changes.append((template, obj))
        errors.raise_if_any()
        for template, obj in changes:
            posted = {key: value for key, value in obj.items() if key != "TransferTemplateId"}
            template.data = template_document(facility, posted)
            template.name = obj["Name"].strip()
            await tx.save(template)
            await _resync(tx, template)
    return done()


async def _external(tx: Transaction, license_number: str, transfer_id: int) -> Record | None:
    """A manifest from a shipper outside Metrc to this facility."""
    transfer = await tx.get("transfer", transfer_id)
    if transfer is None or transfer.partner != license_number or transfer.license in FACILITIES:
        return None
    return transfer


def _open_problem(transfer: Record) -> str | None:
    if transfer.state == "voided":
        return f"Transfer {transfer.id} is voided."
    if transfer.state != "pending":
        return f"Transfer {transfer.id} has been received and can no longer change."
    return None


@router.put("/transfers/v2/external/incoming", **openapi.write(EXTERNAL_CHANGE, answer=None))
async def update_external_incoming(request: Request) -> Response:
    facility = writing(request, *EXTERNAL)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            transfer = await _external(tx, facility.license_number, int(obj["TransferId"]))
            if transfer is None:
                errors.add(row, f"External incoming transfer {obj['TransferId']} was not found.")
                continue
            if problem := _open_problem(transfer):
                errors.add(row, problem)
            destination = obj["Destinations"][0]
            if destination.get("RecipientLicenseNumber") != facility.license_number:
                errors.add(row, "Destinations[0].RecipientLicenseNumber must be this facility.")
            kind = destination.get("TransferTypeName")
            if kind and canonical(kind, TRANSFER_TYPE_NAMES) is None:
                errors.add(row, f"TransferTypeName must be one of {sorted(TRANSFER_TYPE_NAMES)}.")
            delivery = await tx.get("delivery", transfer.data["DeliveryId"])
            assert delivery is not None
            shipped, wanted = delivery.data["_Packages"], destination["Packages"]
            if len(wanted) != len(shipped):
                errors.add(row, f"Packages lists {len(wanted)}; the manifest has {len(shipped)} "
                                "(the sandbox changes packages in place).")  # fmt: skip
            for entry, new in zip(shipped, wanted, strict=False):
                if str(new["ItemName"]).casefold() != str(entry["ItemName"]).casefold():
                    errors.add(row, f"Package {entry['PackageLabel']} is {entry['ItemName']!r}; "
                                    "its item cannot change.")  # fmt: skip
            shipper = text(obj, "ShipperLicenseNumber", row, errors)
            if shipper in FACILITIES:
                errors.add(row, "ShipperLicenseNumber is a licence in Metrc, not an external one.")
            plans.append((transfer, delivery, obj, destination))
        errors.raise_if_any()
        for transfer, delivery, obj, destination in plans:
            await _apply_external(tx, transfer, delivery, obj, destination)
    return done()


async def _apply_external(tx: Transaction, transfer: Record, delivery: Record,
                          obj: dict[str, Any], destination: dict[str, Any]) -> None:  # fmt: skip
    carrier = (destination.get("Transporters") or [obj])[0]
    shipper = obj["ShipperLicenseNumber"].strip()
    kind = canonical(destination.get("TransferTypeName"), TRANSFER_TYPE_NAMES)
    moved = {key: destination.get(key) for key in _TIMES if key in destination}
    transfer.license = delivery.license = shipper
    transfer.data.update(
        {
            "ShipperFacilityLicenseNumber": shipper,
            "ShipperFacilityName": obj["ShipperName"].strip(),
            **{key: value for key, value in moved.items() if key in transfer.data},
            **({"ShipmentTypeName": kind} if kind else {}),
            **{mine: carrier.get(theirs) for theirs, mine in _CARRIER.items() if theirs in carrier},
        }
    )
    delivery.data.update({**moved, **({"ShipmentTypeName": kind} if kind else {})})
    labels = [entry["PackageLabel"] for entry in delivery.data["_Packages"]]
    packages = await tx.by_labels("package", labels)
    for entry, new in zip(delivery.data["_Packages"], destination["Packages"], strict=True):
        package = packages[entry["PackageLabel"]]
        quantity = float(new.get("Quantity", entry["ShippedQuantity"]))
        unit = canonical(new.get("UnitOfMeasureName"), [entry["ShippedUnitOfMeasureName"]]) or \
            new.get("UnitOfMeasureName") or entry["ShippedUnitOfMeasureName"]  # fmt: skip
        day = str(new["PackagedDate"])[:10]
        package.data.update({"Quantity": quantity, "UnitOfMeasureName": unit, "PackagedDate": day})
        entry.update(
            {
                "ShippedQuantity": quantity,
                "ShippedUnitOfMeasureName": unit,
                "PackagedDate": day,
                "_ShipperWholesalePrice": new.get("WholesalePrice"),
            }
        )
        await tx.save(package)
    await tx.save(delivery)
    await tx.save(transfer)


@router.delete("/transfers/v2/external/incoming/{transfer_id:int}", **openapi.action())
async def void_external_incoming(request: Request, transfer_id: ObjectId) -> Response:
    facility = writing(request, *EXTERNAL)
    async with store(request).transaction() as tx:
        transfer = await _external(tx, facility.license_number, transfer_id)
        if transfer is None:
            raise message(404, f"External incoming transfer {transfer_id} was not found.")
        if problem := _open_problem(transfer):
            raise message(400, problem)
        delivery = await tx.get("delivery", transfer.data["DeliveryId"])
        assert delivery is not None
        labels = [entry["PackageLabel"] for entry in delivery.data["_Packages"]]
        for package in (await tx.by_labels("package", labels)).values():
            package.state = "voided"  # never arrived: in no list any more
            await tx.save(package)
        transfer.state = delivery.state = "voided"
        transfer.data["IsVoided"] = True
        await tx.save(delivery)
        await tx.save(transfer)
    return done()


def leg_problem(transfer: Record, delivery: Record, direction: str, step: str) -> str | None:
    """Why a hub step cannot be recorded now (None when it can)."""
    name = f"Delivery {delivery.id}"
    if transfer.state == "voided":
        return f"{name} is on a voided transfer."
    if direction == OUTBOUND and delivery.state != "pending":
        return f"{name} has been received; its outbound trip is over."
    if direction == RETURN and not has_rejections(delivery):
        return f"{name} has no rejected packages to return."
    done_steps = delivery.data.get("_Legs", {}).get(direction, {})
    if step in done_steps:
        return f"{name} has already recorded {step} ({direction})."
    needs = {"checkin": "depart", "checkout": "checkin", "arrive": "depart"}.get(step)
    if needs and needs not in done_steps:
        return f"{name} must {needs} ({direction}) before {step}."
    if step in ("checkin", "checkout") and "arrive" in done_steps:
        return f"{name} has already arrived ({direction})."
    if step == "arrive" and "checkin" in done_steps and "checkout" not in done_steps:
        return f"{name} is checked in at a hub; check it out before it arrives."
    return None


def _stamp(transfer: Record, delivery: Record, direction: str, step: str, now: str) -> None:
    delivery.data.setdefault("_Legs", {}).setdefault(direction, {})[step] = now
    field = {
        (OUTBOUND, "depart"): "ActualDepartureDateTime",
        (OUTBOUND, "arrive"): "ActualArrivalDateTime",
        (RETURN, "depart"): "ActualReturnDepartureDateTime",
        (RETURN, "arrive"): "ActualReturnArrivalDateTime",
    }.get((direction, step))
    if field:
        transfer.data[field] = delivery.data[field] = now
    if (direction, step) == (RETURN, "arrive"):
        delivery.data["RejectedPackagesReturned"] = True
        for entry in delivery.data["_Packages"]:
            if entry["ShipmentPackageState"] == "Rejected":
                entry["ShipmentPackageState"] = "Returned"


def _hub_route(step: str) -> Any:
    async def hub_step(request: Request) -> Response:
        facility = writing(request)
        objects = await written(request)
        errors = RowErrors()
        now = documents.moment(utcnow()) or ""
        async with store(request).transaction() as tx:
            touched: dict[int, tuple[Record, Record]] = {}
            for row, obj in enumerate(objects):
                delivery_id = int(obj["ShipmentDeliveryId"])
                direction = canonical(obj["TransporterDirection"], (OUTBOUND, RETURN)) or OUTBOUND
                pair = touched.get(delivery_id) or await _carried(tx, delivery_id)
                if pair is None or pair[1].data.get("TransporterFacilityLicenseNumber") != (
                    facility.license_number
                ):
                    errors.add(row, f"Delivery {delivery_id} is not among this facility's "
                                    "hub shipments.")  # fmt: skip
                    continue
                delivery, transfer = pair
                if problem := leg_problem(transfer, delivery, direction, step):
                    errors.add(row, problem)
                    continue
                _stamp(transfer, delivery, direction, step, now)
                touched[delivery_id] = pair
            errors.raise_if_any()
            for delivery, transfer in touched.values():
                await tx.save(delivery)
                await tx.save(transfer)
        return done()

    hub_step.__name__ = f"hub_{step}"
    return hub_step


async def _carried(tx: Transaction, delivery_id: int) -> tuple[Record, Record] | None:
    delivery = await tx.get("delivery", delivery_id)
    transfer = await tx.get("transfer", delivery.data["_TransferId"]) if delivery else None
    return (delivery, transfer) if delivery and transfer else None


for _step in HUB_STEPS:
    router.add_api_route(
        f"/transfers/v2/hub/{_step}", _hub_route(_step), methods=["POST"],
        **openapi.write(HUB_LEG, answer=None),
    )  # fmt: skip
