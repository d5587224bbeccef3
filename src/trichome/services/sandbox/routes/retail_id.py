"""Retail ID: QR codes for a package's units (Metrc v2 `RetailId`).

Metrc's collections have these seven operations in every state but AK, CO, GU, ME and MO
(`trichome.metrc.operations`); the sandbox answers as the state `TRICHOME_SANDBOX_STATE`
names (Colorado by default) and, where Metrc has no Retail ID, answers 404 as for an
unknown endpoint. Shapes follow Metrc's documentation (ThunkMetrc bruno RetailId/*.bru):
GetFacilityRetailItemIDAllotment `{FacilityId, Allotment, FacilityLicenseNumber}`;
GenerateQrCodeFromPackage takes `{PackageLabel, Quantity}` and answers `{CoaBl, IssuanceId,
Manifest: {Qrs, Ranges}, StackBl, Url}`; AssociateQrCodes takes up to 10 `{PackageLabel,
QrUrls}` and answers `{Ids, Warnings}` (the packages' Ids); PackagesInfo takes
`{packageLabels}`; MergePackages takes `{packageLabels}` (the first is the target) and needs a
package adjustment reason whose name contains "Merge", which the sandbox's state list lacks,
so it refuses after checking the packages; the two receive reads answer `{Eaches,
SiblingTags, RequiresVerification, Ranges, QrCount, ChildTag, LabelSource}`.

Package staging: generating QR codes for an unused package tag of the facility (rather than
a package) stages the tag; Tags GetStagedTags (`GET /tags/v2/staged`, a premium endpoint
needing Retail ID package staging) lists such tags until a package is made with them, which
then carries the codes.
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.db.models import utcnow
from trichome.metrc.operations import catalogue
from trichome.sandbox import retail_id
from trichome.sandbox.facilities import Facility, served
from trichome.sandbox.reference import ADJUST_REASON_NAMES
from trichome.sandbox.registers import facility_id
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import TEXT, shape
from trichome.services.sandbox.common import json, reading, store, text, writing, written
from trichome.services.sandbox.rules import RowErrors, message

router = APIRouter()
ASSOCIATION = shape(
    {"PackageLabel": TEXT, "QrUrls": {"type": "array", "minItems": 1, "items": TEXT}}
)
GENERATE = shape({"PackageLabel": TEXT, "Quantity": {"type": "integer", "minimum": 1}})
LABELS = shape({"packageLabels": {"type": "array", "minItems": 1, "items": TEXT}})


def _states() -> frozenset[str]:
    found = {op.states for op in catalogue().operations if op.category == "RetailId"}
    return frozenset(state for states in found for state in states)


def _available(request: Request) -> None:
    """Refuse as Metrc does in a state without Retail ID: no such endpoint.

    Raises:
        MetrcHttpError: 404.
    """
    state = request.state.sandbox.settings.sandbox_state
    if state not in _states():
        raise message(
            404,
            f"No such endpoint: {request.method} {request.url.path} (Metrc has no Retail ID "
            f"in {state}).",
        )


def _users_licences(request: Request) -> dict[str, Facility]:
    """Every licence the user holds in the state the sandbox is told it is in."""
    return served(request.state.sandbox.settings.sandbox_state)


def _documented(
    answer: dict[str, Any] | None, body: dict[str, Any] | None = None, *, read: bool = False
) -> dict[str, Any]:
    """The OpenAPI description of an operation whose body, if any, is one object."""
    extra = openapi.operation(openapi.LICENSE)
    if body is not None:
        extra["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": body}},
        }
    errors = (400, 401, 404, 429) if read else (400, 401, 404, 415)
    documented: dict[str, Any] = {
        "openapi_extra": extra,
        "responses": openapi.responses(answer, *errors, rows=not read),
    }
    if answer is None:
        documented["response_class"] = Response
    return documented


async def one_object(request: Request, schema: dict[str, Any]) -> dict[str, Any]:
    """A body that is one JSON object with the schema's required fields."""
    if "json" not in request.headers.get("content-type", ""):
        raise message(415, "The request body must be JSON (Content-Type: application/json).")
    try:
        body = orjson.loads(await request.body())
    except orjson.JSONDecodeError:
        raise message(400, "The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise message(400, "The request body must be a JSON object.")
    missing = [key for key in schema["required"] if key not in body]
    if missing:
        raise message(400, f"The request body lacks {', '.join(missing)}.")
    return body


def _labels(body: dict[str, Any]) -> list[str]:
    labels = body.get("packageLabels")
    if (
        not isinstance(labels, list)
        or not labels
        or not all(isinstance(label, str) and label.strip() for label in labels)
    ):
        raise message(400, "packageLabels must be a list of package labels.")
    return [label.strip() for label in labels]


async def _package(tx: Transaction, facility: Facility, label: str) -> Record:
    record = await tx.by_label("package", label)
    if record is None or record.license != facility.license_number:
        raise message(404, f"Package {label} was not found at this facility.")
    return record


async def _codes(tx: Transaction, license_number: str, label: str) -> Record:
    return await tx.by_label(retail_id.KIND, label) or retail_id.empty(license_number, label)


@router.get("/retailid/v2/allotment", **_documented({"type": "object"}, read=True))
async def allotment(request: Request) -> Response:
    _available(request)
    facility = reading(request)
    async with store(request).transaction() as tx:
        records = await tx.all(facility.license_number, retail_id.KIND)
    issued = sum(i["LabelQuantity"] for r in records for i in r.data["Issuances"])
    return json(
        {
            "FacilityId": facility_id(facility),
            "Allotment": max(0, retail_id.ALLOTMENT - issued),
            "FacilityLicenseNumber": facility.license_number,
        }
    )


@router.post("/retailid/v2/generate", **_documented({"type": "object"}, GENERATE))
async def generate(request: Request) -> Response:
    _available(request)
    facility = writing(request)
    body = await one_object(request, GENERATE)
    quantity = body["Quantity"]
    if not isinstance(quantity, int) or isinstance(quantity, bool) or quantity < 1:
        raise message(400, "Quantity must be a whole number of at least 1.")
    async with store(request).transaction() as tx:
        label = str(body["PackageLabel"]).strip()
        # An unused package tag of the facility is staged: its QR codes are made before its
        # package, and the package created with the tag later has them (GetStagedTags).
        tag = await tx.by_label("tag", label)
        staging = (
            tag is not None
            and tag.license == facility.license_number
            and tag.name == "package"
            and tag.state == "available"
        )
        package = None if staging else await _package(tx, facility, label)
        records = await tx.all(facility.license_number, retail_id.KIND)
        issued = sum(i["LabelQuantity"] for r in records for i in r.data["Issuances"])
        left = retail_id.ALLOTMENT - issued
        if quantity > left:
            raise message(400, f"Quantity {quantity} is more than the {left} QR codes left.")
        record = await _codes(tx, facility.license_number, label)
        answer = retail_id.issue(record, quantity, utcnow())
        await (tx.save(record) if record.id else tx.insert(record))
    item = package.data.get("Item", {}).get("Name", "") if package is not None else ""
    return json(
        {
            "CoaBl": f"{label}@Metrc Direct~COA",
            "IssuanceId": answer["IssuanceId"],
            "Manifest": answer["Manifest"],
            "StackBl": f"{item}@Metrc Direct",
            "Url": answer["Url"],
        }
    )


@router.post("/retailid/v2/associate", **openapi.write(ASSOCIATION, found=True))
async def associate(request: Request) -> Response:
    _available(request)
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        holders: dict[str, str] = {}
        for license_number in _users_licences(request):
            for held in await tx.all(license_number, retail_id.KIND):
                holders.update((url, str(held.label)) for url in held.data["Eaches"])
        plans: list[tuple[Record, list[str]]] = []
        for row, obj in enumerate(objects):
            label = text(obj, "PackageLabel", row, errors)
            package = await tx.by_label("package", label) if label else None
            if package is None or package.license != facility.license_number:
                errors.add(row, f"Package {label!r} was not found at this facility.")
                continue
            urls = list(dict.fromkeys(url.strip() for url in obj["QrUrls"]))
            for url in urls:
                holder = holders.get(url)
                if not retail_id.short_code(url):
                    errors.add(row, f"{url!r} is not a QR code URL.")
                elif holder not in (None, label):
                    errors.add(row, f"{url} is already associated with package {holder}.")
            plans.append((package, urls))
        errors.raise_if_any()
        for package, urls in plans:
            record = await _codes(tx, facility.license_number, str(package.label))
            record.data["Eaches"] = urls  # added or replaced, as Metrc describes
            await (tx.save(record) if record.id else tx.insert(record))
    return json({"Ids": [package.id for package, _ in plans], "Warnings": None})


@router.post("/retailid/v2/merge", **_documented(None, LABELS))
async def merge(request: Request) -> Response:
    _available(request)
    facility = writing(request)
    labels = _labels(await one_object(request, LABELS))
    if len(set(labels)) != 2 or len(labels) != 2:
        raise message(400, "Merging takes two different packages: the target, then the source.")
    async with store(request).transaction() as tx:
        target, source = [await _package(tx, facility, label) for label in labels]
    for package in (target, source):
        if package.state != "active":
            raise message(400, f"Package {package.label} is {package.state}; it must be active.")
    if target.data["Item"]["Name"] != source.data["Item"]["Name"]:
        raise message(400, "Only packages of the same item can be merged.")
    # Metrc merges only with an adjustment reason named for merging; the sandbox's state list
    # (GET /packages/v2/adjust/reasons, reference.ADJUST_REASONS) has none.
    raise message(
        400,
        "Merging needs a package adjustment reason whose name contains 'Merge'; this state's "
        f"reasons ({', '.join(sorted(ADJUST_REASON_NAMES))}) have none.",
    )


@router.post("/retailid/v2/packages/info", **_documented({"type": "object"}, LABELS))
async def packages_info(request: Request) -> Response:
    _available(request)
    facility = writing(request)
    labels = _labels(await one_object(request, LABELS))
    found = []
    async with store(request).transaction() as tx:
        for label in labels:
            package = await _package(tx, facility, label)
            each = package.data.get("UnitOfMeasureName") == "Each"
            balance = float(package.data.get("Quantity") or 0) if each else 0.0
            found.append(retail_id.info(label, await tx.by_label(retail_id.KIND, label), balance))
    return json({"Packages": found})


_TAGS = {"type": "array", "items": {"type": "object"}}


@router.get("/tags/v2/staged", **_documented(_TAGS, read=True))
async def staged_tags(request: Request) -> Response:
    """The facility's package tags staged with QR codes whose package is not made yet."""
    _available(request)
    facility = reading(request)
    async with store(request).transaction() as tx:
        tags = {
            tag.label: tag
            for tag in await tx.all(facility.license_number, "tag", ["available"])
            if tag.name == "package"
        }
        records = await tx.all(facility.license_number, retail_id.KIND)
    return json(
        [
            retail_id.staged_tag(tags[str(record.label)], record)
            for record in records
            if record.label in tags and record.data["Issuances"]
        ]
    )


@router.get("/retailid/v2/receive/qr/{short_code}", **_documented({"type": "object"}, read=True))
async def receive_by_short_code(request: Request, short_code: str) -> Response:
    _available(request)
    facility = reading(request)
    async with store(request).transaction() as tx:
        for record in await tx.all(facility.license_number, retail_id.KIND):
            if any(retail_id.short_code(url) == short_code for url in record.data["Eaches"]):
                return json(retail_id.received(str(record.label), record))
    raise message(404, f"No package at this facility has the QR code {short_code}.")


@router.get("/retailid/v2/receive/{label}", **_documented({"type": "object"}, read=True))
async def receive_by_label(request: Request, label: str) -> Response:
    _available(request)
    # Without a licence Metrc looks through all of the user's facilities.
    given = request.query_params.get("licenseNumber", "").strip()
    facilities = [reading(request)] if given else list(_users_licences(request).values())
    async with store(request).transaction() as tx:
        package = await tx.by_label("package", label)
        if package is None or package.license not in {f.license_number for f in facilities}:
            raise message(404, f"Package {label} was not found.")
        return json(retail_id.received(label, await tx.by_label(retail_id.KIND, label)))
