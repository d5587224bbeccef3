"""Transfers, in detail: a delivery's transporters and drivers, the lab test batches a
delivered package needs, the package states, a transporter's hub list, printable manifests,
and an outgoing template's deliveries, packages and transporters.

Metrc documents the reads by a delivery's, a package's or a template delivery's Id without a
licence number (ThunkMetrc postman collections): the user's keys decide. The sandbox's keys
hold every sandbox licence, so without one these reads see every licence's; given one, only
what that licence ships, receives or carries (a 404 otherwise, as for an unknown Id).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.delivery_packages import delivery_package, shown
from trichome.sandbox.facilities import FACILITIES
from trichome.sandbox.store import Record, Transaction
from trichome.sandbox.transfer_views import (
    OUTBOUND,
    PACKAGE_STATES,
    detail_rows,
    directions,
    hub_row,
    manifest_file,
    manifest_html,
    manifest_lines,
    manifest_transporters,
    posted_template,
    required_batches,
    template_delivery_document,
    transporter_rows,
)
from trichome.sandbox.transfers import recipients
from trichome.services.sandbox import openapi
from trichome.services.sandbox.common import ObjectId, json, reading, store
from trichome.services.sandbox.routes.reference import LAB_TEST_BATCHES
from trichome.services.sandbox.rules import message, paging_of, window_of

router = APIRouter()
_LICENCE = openapi.query(
    "licenseNumber",
    {"type": "string", "enum": sorted(FACILITIES)},
    "Optional (Metrc documents none): limits the read to what this licence ships, receives "
    "or carries.",
)
_BY_ID: dict[str, Any] = {
    "openapi_extra": openapi.operation(_LICENCE, *openapi.PAGING),
    "responses": openapi.responses(openapi.ENVELOPE, 400, 401, 404, 429),
}
_TEMPLATES = "/transfers/v2/templates/outgoing"
_FILE: dict[str, Any] = {
    "type": "object",
    "required": ["FileContents", "ContentType", "FileDownloadName"],
    "properties": {
        "FileContents": {"type": "string", "description": "The PDF, base64."},
        "ContentType": {"type": "string"},
        "FileDownloadName": {"type": "string"},
        "HttpStatusCode": {"type": "string"},
    },
}


def paged_rows(request: Request, rows: list[dict[str, Any]], total: int | None = None) -> Response:
    """Rows in Metrc's list envelope, paged when asked (`total`: the rows are that page's
    already, of that many)."""
    paging = paging_of(request)
    size = paging.size if paging else max(len(rows), 1)
    number = paging.number if paging else 1
    if total is None:
        total = len(rows)
        if paging is not None:
            rows = rows[(number - 1) * size : number * size]
    return json(
        {
            "Data": rows,
            "Total": total,
            "TotalRecords": total,
            "PageSize": size,
            "RecordsOnPage": len(rows),
            "Page": number,
            "CurrentPage": number,
            "TotalPages": max(1, -(-total // size)),
        }
    )


def scope(request: Request) -> set[str]:
    """The licences a licence-less read sees: the one named, or all the keys hold."""
    if request.query_params.get("licenseNumber", "").strip():
        return {reading(request).license_number}
    return set(FACILITIES)


async def visible_delivery(tx: Transaction, licences: set[str], delivery_id: int
                           ) -> tuple[Record, Record]:  # fmt: skip
    """A delivery and its manifest, when one of the licences ships, receives or carries it.

    Raises:
        MetrcHttpError: 404 otherwise.
    """
    delivery = await tx.get("delivery", delivery_id)
    transfer = await tx.get("transfer", delivery.data["_TransferId"]) if delivery else None
    if delivery is None or transfer is None or not licences & parties(transfer):
        raise message(404, f"Delivery {delivery_id} was not found.")
    return delivery, transfer


def parties(transfer: Record) -> set[str]:
    """Who may see a manifest: its shipper, the recipient of each delivery, and its
    transporter."""
    carrier = transfer.data.get("TransporterFacilityLicenseNumber")
    return ({transfer.license, carrier or ""} | recipients(transfer)) - {""}


@router.get("/transfers/v2/deliveries/packages/states", **openapi.state_list({"type": "string"}))
async def package_states() -> Response:
    return json(PACKAGE_STATES)


@router.get("/transfers/v2/deliveries/{delivery_id:int}/transporters", **_BY_ID)
async def delivery_transporters(request: Request, delivery_id: ObjectId) -> Response:
    async with store(request).transaction() as tx:
        delivery, transfer = await visible_delivery(tx, scope(request), delivery_id)
    carriers = manifest_transporters(transfer)
    return paged_rows(request, transporter_rows(delivery.id, carriers, directions(delivery)))


@router.get("/transfers/v2/deliveries/{delivery_id:int}/transporters/details", **_BY_ID)
async def delivery_transporter_details(request: Request, delivery_id: ObjectId) -> Response:
    async with store(request).transaction() as tx:
        delivery, transfer = await visible_delivery(tx, scope(request), delivery_id)
    started = delivery.data.get("_Legs", {}).get(OUTBOUND, {}).get("depart")
    return paged_rows(request, detail_rows(delivery.id, manifest_transporters(transfer), started))


@router.get("/transfers/v2/deliveries/package/{package_id:int}/requiredlabtestbatches", **_BY_ID)
async def required_lab_test_batches(request: Request, package_id: ObjectId) -> Response:
    licences = scope(request)
    entry = None
    async with store(request).transaction() as tx:
        for licence in sorted(licences):
            for partner in (False, True):
                deliveries, _ = await tx.page(licence, "delivery", None, as_partner=partner)
                for delivery in deliveries:
                    for shipped in delivery.data.get("_Packages", []):
                        if shipped["PackageId"] == package_id:
                            entry = shipped
    if entry is None:
        raise message(404, f"Delivery package {package_id} was not found.")
    return paged_rows(request, required_batches(package_id, entry, LAB_TEST_BATCHES))


@router.get(
    "/transfers/v2/hub",
    openapi_extra=openapi.operation(openapi.LICENSE, *openapi.WINDOW, *openapi.PAGING),
    responses=openapi.responses(openapi.ENVELOPE, 400, 401, 429),
)
async def hub(request: Request) -> Response:
    facility = reading(request)
    window, paging = window_of(request), paging_of(request)
    async with store(request).transaction() as tx:
        carried = []
        for shipper in sorted(FACILITIES):
            carried += [
                transfer
                for transfer in await tx.all(shipper, "transfer")
                if transfer.data.get("TransporterFacilityLicenseNumber") == facility.license_number
                and (not window or window[0] <= transfer.last_modified <= window[1])
            ]
        carried.sort(key=lambda transfer: transfer.id)
        # A row per delivery: a manifest's n-th, counted from its DeliveryCount.
        stops = [
            (transfer, position)
            for transfer in carried
            for position in range(max(1, int(transfer.data.get("DeliveryCount") or 1)))
        ]
        total = len(stops)
        if paging is not None:  # read the deliveries of this page only
            stops = stops[(paging.number - 1) * paging.size : paging.number * paging.size]
        rows = []
        for transfer, position in stops:
            deliveries = await tx.children("delivery", "transfer", transfer.id)
            if position < len(deliveries):
                rows.append(hub_row(transfer, deliveries[position]))
    return paged_rows(request, rows, total)


async def _manifest(request: Request, transfer_id: int) -> tuple[list[str], Record]:
    facility = reading(request)
    async with store(request).transaction() as tx:
        transfer = await tx.get("transfer", transfer_id)
        deliveries = await tx.children("delivery", "transfer", transfer_id) if transfer else []
        if transfer is None or not deliveries or facility.license_number not in parties(transfer):
            raise message(404, f"Transfer {transfer_id} was not found.")
    return manifest_lines(transfer, deliveries, facility), transfer


@router.get(
    "/transfers/v2/manifest/{transfer_id:int}/html",
    openapi_extra=openapi.operation(openapi.LICENSE),
    responses={
        **openapi.responses(None, 400, 401, 404, 429),
        200: {
            "description": "The manifest page.",
            "content": {"text/html": {"schema": {"type": "string"}}},
        },
    },
    response_class=Response,
)
async def manifest_page(request: Request, transfer_id: ObjectId) -> Response:
    lines, _ = await _manifest(request, transfer_id)
    return Response(manifest_html(lines), media_type="text/html; charset=utf-8")


@router.get(
    "/transfers/v2/manifest/{transfer_id:int}/pdf",
    openapi_extra=openapi.operation(openapi.LICENSE),
    responses=openapi.responses(_FILE, 400, 401, 404, 429),
)
async def manifest_pdf(request: Request, transfer_id: ObjectId) -> Response:
    lines, transfer = await _manifest(request, transfer_id)
    return json(manifest_file(transfer.id, lines))


async def template_deliveries(tx: Transaction, template: Record) -> list[Record]:
    """A template's deliveries, one per destination (made the first time they are read)."""
    made = await tx.children("templatedelivery", "transfertemplate", template.id)
    if not made:
        made = [
            await tx.insert(
                Record(
                    template.license, "templatedelivery", "active",
                    template_delivery_document(
                        str(destination.get("RecipientLicenseNumber")), destination
                    ),
                    label=f"transfertemplate:{template.id}",
                )
            )
            for destination in posted_template(template).get("Destinations") or []
        ]  # fmt: skip
    return [record for record in made if record.state == "active"]


def _template_delivery(record: Record) -> dict[str, Any]:
    return {"Id": record.id, **shown(record.data)}


@router.get(f"{_TEMPLATES}/{{template_id:int}}/deliveries", **_BY_ID)
async def template_delivery_list(request: Request, template_id: ObjectId) -> Response:
    licences = scope(request)
    async with store(request).transaction() as tx:
        template = await tx.get("transfertemplate", template_id)
        if template is None or template.license not in licences:
            raise message(404, f"Template {template_id} was not found.")
        rows = [_template_delivery(r) for r in await template_deliveries(tx, template)]
    return paged_rows(request, rows)


async def _template_destination(request: Request, delivery_id: int
                                ) -> tuple[Record, dict[str, Any], list[Record]]:  # fmt: skip
    licences = scope(request)
    async with store(request).transaction() as tx:
        record = await tx.get("templatedelivery", delivery_id)
        if record is None or record.state != "active" or record.license not in licences:
            raise message(404, f"Template delivery {delivery_id} was not found.")
        destination = record.data["_Destination"]
        labels = [str(p.get("PackageLabel")) for p in destination.get("Packages") or []]
        packages = await tx.by_labels("package", labels)
    return record, destination, [packages[label] for label in labels if label in packages]


def _carriers(record: Record, destination: dict[str, Any]) -> list[dict[str, Any]]:
    return destination.get("Transporters") or [{"TransporterFacilityLicenseNumber": record.license}]


@router.get(f"{_TEMPLATES}/deliveries/{{delivery_id:int}}/packages", **_BY_ID)
async def template_delivery_packages(request: Request, delivery_id: ObjectId) -> Response:
    _, destination, packages = await _template_destination(request, delivery_id)
    prices = {p.get("PackageLabel"): p.get("WholesalePrice") for p in destination["Packages"]}
    rows = [shown(delivery_package(p, prices.get(p.label))) for p in packages]
    return paged_rows(request, rows)


@router.get(f"{_TEMPLATES}/deliveries/{{delivery_id:int}}/transporters", **_BY_ID)
async def template_delivery_transporters(request: Request, delivery_id: ObjectId) -> Response:
    record, destination, _ = await _template_destination(request, delivery_id)
    rows = transporter_rows(record.id, _carriers(record, destination), [OUTBOUND])
    return paged_rows(request, rows)


@router.get(
    f"{_TEMPLATES}/deliveries/{{delivery_id:int}}/transporters/details",
    openapi_extra=openapi.operation(_LICENCE),
    responses=openapi.responses(openapi.ROWS, 400, 401, 404, 429),
)
async def template_delivery_details(request: Request, delivery_id: ObjectId) -> Response:
    record, destination, _ = await _template_destination(request, delivery_id)
    return json(detail_rows(record.id, _carriers(record, destination)))  # a plain list
