"""Webhook subscription tools: where Metrc posts a licence's changes (Metrc v2 `Webhooks`:
GetSubscription, SetSubscription, EnableSubscription, DisableSubscription,
DeleteSubscription).

Metrc's collection documents these operations' requests only (SetSubscription's body is
`{objectType, url, verb, status, userApiKey, tpiApiKey, serverPublicKeyFingerprint, template,
errorResponseJsonTemplate, facilityLicenseNumbers}`, all text), not their answers, nor what a
receiver is sent: no header or signature a receiver could check is documented, so these tools
promise none. Metrc serves them from its Connect server rather than the state's API server.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.media import WebhookSubscription
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import Count, Written, compact, shape

SubscriptionId = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="The subscription's id (subscriptionId in list_webhook_subscriptions).",
    ),
]
ObjectType = Annotated[
    str,
    Field(
        min_length=1,
        max_length=60,
        pattern=r"^[A-Za-z]+$",
        description="The kind of Metrc record whose changes are sent, e.g. Package, Plant, "
        "Harvest, Transfer, SalesReceipt, Item.",
    ),
]
ReceiverUrl = Annotated[
    str,
    Field(
        min_length=10,
        max_length=2000,
        pattern=r"^https?://\S+$",
        description="The address Metrc sends the changes to (https://...).",
    ),
]


@shape
class WebhookSubscriptionShown(TypedDict):
    """A webhook subscription (its API keys are never shown)."""

    subscriptionId: NotRequired[str | int]
    objectType: NotRequired[str]
    url: NotRequired[str]
    verb: NotRequired[str]
    status: NotRequired[str]
    license_numbers: Annotated[list[str], Field(description="The licences it covers.")]
    template: NotRequired[str | None]
    errorResponseJsonTemplate: NotRequired[str | None]
    errorMessage: NotRequired[str | None]


@shape
class WebhookSubscriptions(TypedDict):
    """The webhook subscriptions of these keys."""

    total: Count
    items: list[WebhookSubscriptionShown]


def _license_numbers(record: Mapping[str, Any]) -> list[str]:
    """The licences a subscription covers: Metrc's request names them as comma-separated
    text; an answer listing `facilities` objects is read too."""
    named = record.get("facilityLicenseNumbers")
    if isinstance(named, str):
        return [part.strip() for part in named.split(",") if part.strip()]
    if isinstance(named, list):
        return [str(part).strip() for part in named if str(part).strip()]
    facilities = record.get("facilities") or []
    return [
        str(facility["facilityLicenseNumber"])
        for facility in facilities
        if isinstance(facility, Mapping) and facility.get("facilityLicenseNumber")
    ]


def _shown(record: Mapping[str, Any]) -> dict[str, Any]:
    kept = ("subscriptionId", "objectType", "url", "verb", "status", "template")
    shown = compact(record, kept)
    for key in ("errorResponseJsonTemplate", "errorMessage"):
        if record.get(key):
            shown[key] = record[key]
    shown["license_numbers"] = _license_numbers(record)
    return shown


@tool("facilities", title="List webhook subscriptions", returns=WebhookSubscriptions)
async def list_webhook_subscriptions(
    object_type: Annotated[
        str | None, Field(max_length=60, description="Only subscriptions to this kind of record.")
    ] = None,
) -> dict[str, Any]:
    """List the webhook subscriptions of these Metrc keys: which kind of record's changes
    Metrc sends, to which address, for which licences, and whether each is Active or
    Inactive. Metrc serves webhooks from its Connect server, not the state's API server."""
    metrc = access()
    records = await metrc.client.webhook_subscriptions(credentials=metrc.credentials)
    wanted = (object_type or "").strip().lower()
    found = [
        _shown(record)
        for record in records
        if not wanted or str(record.get("objectType", "")).lower() == wanted
    ]
    return {"total": len(found), "items": found}


@tool(
    "facilities",
    title="Subscribe to Metrc webhooks",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def subscribe_webhook(
    object_type: ObjectType,
    url: ReceiverUrl,
    license_numbers: Annotated[
        list[Annotated[str, Field(min_length=3, max_length=40)]],
        Field(min_length=1, max_length=50, description="The licences whose changes are sent."),
    ],
    verb: Annotated[
        Literal["POST", "PUT"], Field(description="The HTTP method Metrc calls the url with.")
    ] = "POST",
    active: Annotated[bool, Field(description="False to create it paused.")] = True,
    template: Annotated[
        str | None,
        Field(
            max_length=4000,
            description="The body Metrc sends, with its placeholders (e.g. #DATA#); Metrc's "
            "default when left out.",
        ),
    ] = None,
) -> dict[str, Any]:
    """Ask Metrc to send a kind of record's changes (e.g. every Package change) for some
    licences to an address. A subscription with the same kind, method and address is changed
    rather than duplicated. Metrc documents no header or signature on what it sends, so the
    receiving address itself should be hard to guess."""
    metrc = access()
    licences = [number.strip() for number in license_numbers]
    if any("," in number or not number for number in licences):
        raise ToolProblem("Give each licence number on its own, without commas.")
    keys = metrc.credentials
    body = WebhookSubscription(
        object_type=object_type,
        url=url.strip(),
        verb=verb,
        status="Active" if active else "Inactive",
        facility_license_numbers=",".join(licences),
        user_api_key=keys.user_key if keys else None,
        tpi_api_key=keys.vendor_key if keys else None,
        template=template,
    )
    answer = await metrc.client.set_webhook_subscription(body, credentials=keys)
    first = answer[0] if isinstance(answer, list) and answer else answer
    ids = (
        [first["subscriptionId"]]
        if isinstance(first, Mapping) and first.get("subscriptionId")
        else []
    )
    return {
        "ok": True,
        "message": f"Subscribed {url.strip()} to {object_type} changes of "
        f"{', '.join(licences)} ({'Active' if active else 'Inactive'}).",
        "ids": ids,
        "warnings": None,
    }


@tool(
    "facilities",
    title="Pause or resume a webhook subscription",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def set_webhook_subscription_active(
    subscription_id: SubscriptionId,
    active: Annotated[bool, Field(description="True to resume sending, false to pause it.")],
) -> dict[str, Any]:
    """Pause a webhook subscription (Metrc stops sending, the subscription stays) or resume
    a paused one."""
    metrc = access()
    wanted = subscription_id.strip()
    if active:
        await metrc.client.enable_webhook_subscription(wanted, credentials=metrc.credentials)
    else:
        await metrc.client.disable_webhook_subscription(wanted, credentials=metrc.credentials)
    did = "Resumed" if active else "Paused"
    return {
        "ok": True,
        "message": f"{did} webhook subscription {wanted}.",
        "ids": [],
        "warnings": None,
    }


@tool(
    "facilities",
    title="Delete a webhook subscription",
    read_only=False,
    destructive=True,
    idempotent=False,
    returns=Written,
)
async def delete_webhook_subscription(subscription_id: SubscriptionId) -> dict[str, Any]:
    """Delete a webhook subscription for good; set_webhook_subscription_active pauses one
    instead."""
    metrc = access()
    wanted = subscription_id.strip()
    await metrc.client.delete_webhook_subscription(wanted, credentials=metrc.credentials)
    return {
        "ok": True,
        "message": f"Deleted webhook subscription {wanted}.",
        "ids": [],
        "warnings": None,
    }
