"""Transfers: manifests, deliveries, templates, external incoming, and receiving.

Metrc's API cannot send a licensed transfer (only templates) or receive one; the sandbox
adds `POST /sandbox/v2/templates/{id}/send` and `POST /sandbox/v2/deliveries/{id}/receive`
so that packages really move between licences, as they do in Metrc's web app. Sending a
template makes ONE manifest with a delivery per destination, each with its own packages, as
Metrc does; the shipper's outgoing row is the manifest and each recipient's incoming row is
its own delivery.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.delivery_packages import shown, wholesale_row
from trichome.sandbox.facilities import FACILITIES, Facility
from trichome.sandbox.reference import TRANSFER_TYPE_NAMES
from trichome.sandbox.store import Record, Transaction
from trichome.sandbox.transfer_views import posted_template, template_document
from trichome.sandbox.transfers import (
    incoming_row,
    receive_delivery,
    recipients,
    ship,
    ship_manifest,
)
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    ObjectId,
    canonical,
    json,
    list_routes,
    owned,
    reading,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.routes.harvests import use_tag
from trichome.services.sandbox.routes.packages import own_package
from trichome.services.sandbox.routes.transfer_details import paged_rows
from trichome.services.sandbox.rules import (
    RowErrors,
    envelope,
    message,
    paging_of,
    window_of,
    writes,
)

router = APIRouter()


list_routes(
    router,
    "transfer",
    {
        "/transfers/v2/outgoing": ["pending", "received", "partial"],
        # Manifests with rejected packages: some (partial) or all of them.
        "/transfers/v2/rejected": ["partial", "rejected"],
    },
)


@router.get("/transfers/v2/incoming", **openapi.listing())
async def incoming(request: Request) -> Response:
    """The deliveries coming to the facility, each as its manifest's row with that
    delivery's fields: a manifest of several deliveries shows each recipient its own."""
    facility = reading(request)
    paging, window = paging_of(request), window_of(request)
    async with store(request).transaction() as tx:
        deliveries, total = await tx.page(
            facility.license_number,
            "delivery",
            ["pending", "received", "partial"],
            window=window,
            paging=paging,
            as_partner=True,
        )
        rows = []
        for delivery in deliveries:
            transfer = await tx.get("transfer", delivery.data["_TransferId"])
            assert transfer is not None
            rows.append(incoming_row(transfer, delivery))
    return paged_rows(request, rows, total)


list_routes(router, "transfertemplate", {"/transfers/v2/templates/outgoing": ["active"]})


async def _visible_transfer(tx: Transaction, facility: Facility, transfer_id: ObjectId) -> Record:
    transfer = await tx.get("transfer", transfer_id)
    if transfer is None or facility.license_number not in {transfer.license} | recipients(transfer):
        raise message(404, f"Transfer {transfer_id} was not found.")
    return transfer


@router.get("/transfers/v2/{transfer_id:int}/deliveries", **openapi.children(paged=False))
async def deliveries(request: Request, transfer_id: ObjectId) -> Response:
    facility = reading(request)
    async with store(request).transaction() as tx:
        await _visible_transfer(tx, facility, transfer_id)
        rows = await tx.children("delivery", "transfer", transfer_id)
    return json(envelope(rows, len(rows), None))


async def _delivery(request: Request, delivery_id: ObjectId) -> Record:
    facility = reading(request)
    async with store(request).transaction() as tx:
        delivery = await tx.get("delivery", delivery_id)
    if delivery is None or facility.license_number not in (delivery.license, delivery.partner):
        raise message(404, f"Delivery {delivery_id} was not found.")
    return delivery


@router.get("/transfers/v2/deliveries/{delivery_id:int}/packages", **openapi.children())
async def delivery_packages(request: Request, delivery_id: ObjectId) -> Response:
    delivery = await _delivery(request, delivery_id)
    return paged_rows(request, [shown(entry) for entry in delivery.data["_Packages"]])


@router.get("/transfers/v2/deliveries/{delivery_id:int}/packages/wholesale", **openapi.children())
async def delivery_packages_wholesale(request: Request, delivery_id: ObjectId) -> Response:
    delivery = await _delivery(request, delivery_id)
    return paged_rows(request, [wholesale_row(entry) for entry in delivery.data["_Packages"]])


async def template_checks(
    tx: Transaction, facility: Facility, obj: dict[str, Any], row: int, errors: RowErrors
) -> list[list[tuple[Record, float | None]]]:
    """Check a template's destinations; each one's packages (with their wholesale prices)."""
    text(obj, "Name", row, errors)
    destinations = obj.get("Destinations")
    if (
        not isinstance(destinations, list)
        or not destinations
        or not all(isinstance(destination, dict) for destination in destinations)
    ):
        errors.add(row, "Destinations must list at least one destination.")
        return []
    seen: set[str] = set()
    return [
        await _destination_checks(tx, facility, destination, row, errors, seen)
        for destination in destinations
    ]


async def _destination_checks(
    tx: Transaction,
    facility: Facility,
    destination: dict[str, Any],
    row: int,
    errors: RowErrors,
    seen: set[str],
) -> list[tuple[Record, float | None]]:
    recipient = text(destination, "RecipientLicenseNumber", row, errors)
    if recipient and (recipient not in FACILITIES or recipient == facility.license_number):
        errors.add(
            row, f"RecipientLicenseNumber {recipient!r} is not another licence in this state."
        )
    kind = text(destination, "TransferTypeName", row, errors)
    if kind and canonical(kind, TRANSFER_TYPE_NAMES) is None:
        errors.add(row, f"TransferTypeName must be one of {sorted(TRANSFER_TYPE_NAMES)}.")
    for key in ("EstimatedDepartureDateTime", "EstimatedArrivalDateTime"):
        value = destination.get(key)
        if not isinstance(value, str):
            errors.add(row, f"{key} is required.")
    # The body's schema requires the planned route and a transporter with its driver on every
    # destination, as Metrc does (bodies.TRANSFER_TEMPLATE); each carrier must be a licence.
    transporters = destination.get("Transporters")
    for transporter in transporters if isinstance(transporters, list) else []:
        carrier = transporter.get("TransporterFacilityLicenseNumber")
        if carrier not in FACILITIES:
            errors.add(row, f"TransporterFacilityLicenseNumber {carrier!r} is not a licence.")
    packages = destination.get("Packages")
    if not isinstance(packages, list) or not packages:
        errors.add(row, "Packages must list the packages to ship.")
        return []
    found = []
    for entry in packages:
        label = str((entry.get("PackageLabel") if isinstance(entry, dict) else None) or "")
        if label.strip() and label.strip() in seen:
            errors.add(row, f"Package {label.strip()} is in more than one destination.")
            continue
        seen.add(label.strip())
        package = await own_package(tx, facility, label, row, errors)
        if package is not None:
            found.append((package, entry.get("WholesalePrice")))
    return found


@router.post("/transfers/v2/templates/outgoing", **openapi.write(bodies.TRANSFER_TEMPLATE))
async def create_templates(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            await template_checks(tx, facility, obj, row, errors)
        errors.raise_if_any()
        created = [
            await tx.insert(
                Record(
                    facility.license_number,
                    "transfertemplate",
                    "active",
                    template_document(facility, obj),
                    name=obj["Name"].strip(),
                )
            )
            for obj in objects
        ]
    return json(writes(created))


@router.delete("/transfers/v2/templates/outgoing/{template_id:int}", **openapi.action())
async def delete_template(request: Request, template_id: ObjectId) -> Response:
    facility = writing(request)
    async with store(request).transaction() as tx:
        template = owned(
            await tx.get("transfertemplate", template_id), facility, f"Template {template_id}"
        )
        template.state = "inactive"
        await tx.save(template)
    return Response(status_code=200)


@router.post(
    "/sandbox/v2/templates/{template_id:int}/send", **openapi.action(openapi.WRITTEN, rows=True)
)
async def send_template(request: Request, template_id: ObjectId) -> Response:
    facility = writing(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        template = owned(
            await tx.get("transfertemplate", template_id), facility, f"Template {template_id}"
        )
        posted = posted_template(template)
        shipments = await template_checks(tx, facility, posted, 0, errors)
        errors.raise_if_any()
        # One manifest, with a delivery per destination, as Metrc makes it.
        stops = [
            (FACILITIES[destination["RecipientLicenseNumber"]], destination, packages)
            for destination, packages in zip(posted["Destinations"], shipments, strict=True)
        ]
        transfer = await ship_manifest(tx, facility, posted, stops)
    return json(writes([transfer]))


@router.post("/transfers/v2/external/incoming", **openapi.write(bodies.EXTERNAL_INCOMING))
async def external_incoming(request: Request) -> Response:
    facility = writing(
        request, "CanTransferFromExternalFacilities", "receive from external facilities"
    )
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        # Metrc's CreateExternalIncoming example names no package tag (bruno Transfers/
        # CreateIncomingExternal, every state): each package takes the next unused one.
        spare = [
            tag
            for tag in await tx.all(facility.license_number, "tag", ["available"])
            if tag.name == "package"
        ]
        for row, obj in enumerate(objects):
            shipper = {
                "License": text(obj, "ShipperLicenseNumber", row, errors),
                "Name": text(obj, "ShipperName", row, errors),
            }
            destination = (obj.get("Destinations") or [{}])[0]
            if (
                not isinstance(destination, dict)
                or destination.get("RecipientLicenseNumber") != facility.license_number
            ):
                errors.add(row, "Destinations[0].RecipientLicenseNumber must be this facility.")
                continue
            made = []
            for entry in destination.get("Packages") or []:
                tag = spare.pop(0) if spare else None
                if tag is None:
                    errors.add(row, "No unused package tag is left for an incoming package.")
                item = await tx.by_name(
                    facility.license_number, "item", str(entry.get("ItemName") or "")
                )
                if item is None:
                    errors.add(
                        row, f"Item {entry.get('ItemName')!r} does not exist at this facility."
                    )
                if not isinstance(entry.get("PackagedDate"), str):
                    errors.add(row, "Destinations[].Packages[].PackagedDate is required.")
                made.append((tag, item, entry))
            if not made:
                errors.add(row, "Destinations[0].Packages must list the incoming packages.")
            plans.append((shipper, destination, made, obj))
        errors.raise_if_any()
        created = []
        locations = await tx.all(facility.license_number, "location", ["active"])
        for shipper, destination, made, obj in plans:
            packages = []
            for tag, item, entry in made:
                assert tag is not None and item is not None
                package = documents.package(
                    facility,
                    tag.label or "",
                    item,
                    float(entry.get("Quantity", 1)),
                    str(entry.get("UnitOfMeasureName", item.data["UnitOfMeasureName"])),
                    locations[0],
                    datetime.fromisoformat(entry["PackagedDate"][:10]).date(),
                )
                packages.append((await tx.insert(package), entry.get("WholesalePrice")))
                await use_tag(tx, tag)
            transfer = await ship(tx, shipper, facility, obj, destination, packages)
            created.append(await tx.save(transfer))
    return json(writes(created))


@router.post(
    "/sandbox/v2/deliveries/{delivery_id:int}/receive", **openapi.write(bodies.RECEIPT, found=True)
)
async def receive(request: Request, delivery_id: ObjectId) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        delivery = await tx.get("delivery", delivery_id)
        if delivery is None or delivery.partner != facility.license_number:
            raise message(
                404, f"Delivery {delivery_id} was not found among this facility's incoming."
            )
        if delivery.state != "pending":
            raise message(400, f"Delivery {delivery_id} was already received.")
        shipped = {entry["PackageLabel"]: entry for entry in delivery.data["_Packages"]}
        decisions = {}
        for row, obj in enumerate(objects):
            label = text(obj, "PackageLabel", row, errors)
            if label and label not in shipped:
                errors.add(row, f"Package {label} is not on this delivery.")
            if not isinstance(obj.get("Accepted"), bool):
                errors.add(row, "Accepted must be true or false.")
            decisions[label] = obj
        missing = set(shipped) - set(decisions)
        if missing:
            errors.add(0, f"Every package must be accepted or rejected; missing {sorted(missing)}.")
        errors.raise_if_any()
        return json(writes([await receive_delivery(tx, facility, delivery, shipped, decisions)]))
