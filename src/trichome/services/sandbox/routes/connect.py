"""Webhook subscriptions (Metrc v2 `Webhooks`) and the sandbox's integrator setup (`Sandbox`).

Metrc serves the webhook operations from its Connect server; the sandbox serves them beside
the rest. Metrc's collection documents their requests only: SetSubscription takes `{objectType,
url, verb, status, userApiKey, tpiApiKey, serverPublicKeyFingerprint, template,
errorResponseJsonTemplate, facilityLicenseNumbers}`, all text (ThunkMetrc
specs/generated/schemas/public/Webhooks/WebhooksRequest.schema.json). The answers are the
sandbox's own, in the request's field names: a subscription is those fields without the two
API keys, plus its `subscriptionId`; setting one answers it; enabling, disabling and deleting
answer an empty body. A subscription is the vendor key's, for the licences it names (comma-
separated), each of which the user must hold; one with the same objectType, verb and url is
replaced. Nothing is delivered. `POST /sandbox/v2/integrator/setup` (IntegratorSetup, Metrc's
sandbox only, documented without an answer) answers `{UserKey, Status}`: the sandbox has one
user, so it gives that user's key, and refuses (401) a `userKey` that is not it.
"""

from __future__ import annotations

import hmac
import uuid
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.facilities import served
from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.common import json, store
from trichome.services.sandbox.routes.retail_id import one_object
from trichome.services.sandbox.rules import message

router = APIRouter()
KIND = "webhook"
VENDOR = ""  # subscriptions belong to the vendor key, not to a licence
FIELDS = (
    "objectType",
    "url",
    "verb",
    "status",
    "userApiKey",
    "tpiApiKey",
    "serverPublicKeyFingerprint",
    "template",
    "errorResponseJsonTemplate",
    "facilityLicenseNumbers",
)
REQUIRED = ("objectType", "url", "verb", "status", "facilityLicenseNumbers")
SECRET = frozenset({"userApiKey", "tpiApiKey"})
SUBSCRIPTION: dict[str, Any] = {
    "type": "object",
    "required": list(REQUIRED),
    "properties": {field: {"type": ["string", "null"]} for field in FIELDS},
}
SHOWN: dict[str, Any] = {
    "type": "object",
    "required": ["subscriptionId", *REQUIRED],
    "properties": {
        "subscriptionId": {"type": "string"},
        **{field: {"type": ["string", "null"]} for field in FIELDS if field not in SECRET},
    },
}


def _documented(
    answer: dict[str, Any] | None, *, body: bool = False, errors: tuple[int, ...] = (401,)
) -> dict[str, Any]:
    extra = openapi.operation()
    if body:
        extra["requestBody"] = {
            "required": True,
            "content": {"application/json": {"schema": SUBSCRIPTION}},
        }
    documented: dict[str, Any] = {
        "openapi_extra": extra,
        "responses": openapi.responses(answer, *errors),
    }
    if answer is None:
        documented["response_class"] = Response
    return documented


def _shown(record: Record) -> dict[str, Any]:
    return {"subscriptionId": record.label, **record.data}


@router.get("/webhooks/v2", **_documented({"type": "array", "items": SHOWN}))
async def subscriptions(request: Request) -> Response:
    async with store(request).transaction() as tx:
        records = await tx.all(VENDOR, KIND, ["active"])
    return json([_shown(record) for record in records])


@router.put("/webhooks/v2", **_documented(SHOWN, body=True, errors=(400, 401, 415)))
async def set_subscription(request: Request) -> Response:
    body = await one_object(request, SUBSCRIPTION)
    values: dict[str, Any] = {}
    for field in FIELDS:
        value = body.get(field)
        if value is not None and not isinstance(value, str):
            raise message(400, f"{field} must be text.")
        if field in REQUIRED and not (value or "").strip():
            raise message(400, f"{field} is required.")
        if field not in SECRET:
            values[field] = value.strip() if isinstance(value, str) else None
    if not values["url"].lower().startswith(("https://", "http://")):
        raise message(400, "url must be an http(s) URL.")
    licences = [part.strip() for part in values["facilityLicenseNumbers"].split(",")]
    held = served(request.state.sandbox.settings.sandbox_state)
    for licence in licences:
        if licence not in held:
            raise message(401, f"User does not have access to license {licence}.")
    values["facilityLicenseNumbers"] = ",".join(licences)
    key = (values["objectType"], values["verb"], values["url"])
    async with store(request).transaction() as tx:
        existing = [
            record
            for record in await tx.all(VENDOR, KIND, ["active"])
            if (record.data["objectType"], record.data["verb"], record.data["url"]) == key
        ]
        if existing:
            record = existing[0]
            record.data = values
            await tx.save(record)
        else:
            record = await tx.insert(Record(VENDOR, KIND, "active", values, label=uuid.uuid4().hex))
    return json(_shown(record))


async def _subscription(request: Request, subscription_id: str) -> Record:
    async with store(request).transaction() as tx:
        record = await tx.by_label(KIND, subscription_id)
    if record is None or record.state != "active":
        raise message(404, f"Webhook subscription {subscription_id} was not found.")
    return record


def _status(status: str) -> Any:
    async def change(request: Request, subscription_id: str) -> Response:
        record = await _subscription(request, subscription_id)
        record.data["status"] = status
        async with store(request).transaction() as tx:
            await tx.save(record)
        return Response(status_code=200)

    return change


router.add_api_route(
    "/webhooks/v2/enable/{subscription_id}", _status("Active"), methods=["PUT"],
    **_documented(None, errors=(401, 404)),
)  # fmt: skip
router.add_api_route(
    "/webhooks/v2/disable/{subscription_id}", _status("Inactive"), methods=["PUT"],
    **_documented(None, errors=(401, 404)),
)  # fmt: skip


@router.delete("/webhooks/v2/{subscription_id}", **_documented(None, errors=(401, 404)))
async def delete_subscription(request: Request, subscription_id: str) -> Response:
    record = await _subscription(request, subscription_id)
    record.state = "deleted"
    async with store(request).transaction() as tx:
        await tx.save(record)
    return Response(status_code=200)


SETUP: dict[str, Any] = {
    "type": "object",
    "required": ["UserKey", "Status"],
    "properties": {"UserKey": {"type": "string"}, "Status": {"type": "string"}},
}


@router.post(
    "/sandbox/v2/integrator/setup",
    openapi_extra=openapi.operation(
        openapi.query("userKey", {"type": "string"}, "An existing user key to reuse.")
    ),
    responses=openapi.responses(SETUP, 401),
)
async def integrator_setup(request: Request) -> Response:
    settings = request.state.sandbox.settings
    user_key: str = settings.sandbox_user_key.get_secret_value()
    given = request.query_params.get("userKey")
    if given and not hmac.compare_digest(given.encode(), user_key.encode()):
        raise message(401, "userKey is not a user key of this sandbox.")
    return json({"UserKey": user_key, "Status": "Ready"})
