"""Webhook subscription tools against the sandbox: subscribe, list, pause, resume, delete."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY
from trichome.metrc import MetrcAuthError, MetrcNotFound
from trichome.metrc.tools import MetrcAccess, using
from trichome.metrc.tools import facilities as facility_tools
from trichome.metrc.tools.facilities.webhooks import WebhookSubscriptionShown, _shown

pytestmark = pytest.mark.anyio
RECEIVER = "https://hooks.example.test/metrc/packages"


async def test_a_subscription_is_made_listed_paused_resumed_and_deleted(
    writer: MetrcAccess,
) -> None:
    with using(writer):
        before = await facility_tools.list_webhook_subscriptions()
        made = await facility_tools.subscribe_webhook(
            "Package", RECEIVER, [CULTIVATOR, f" {DISPENSARY} "]
        )
        first = await facility_tools.list_webhook_subscriptions()
        again = await facility_tools.subscribe_webhook(
            "Package", RECEIVER, [CULTIVATOR], active=False
        )
        await facility_tools.subscribe_webhook("Transfer", RECEIVER, [DISPENSARY])
        listed = await facility_tools.list_webhook_subscriptions(object_type="package")
        subscription_id = str(listed["items"][0]["subscriptionId"])
        resumed = await facility_tools.set_webhook_subscription_active(subscription_id, True)
        active = await facility_tools.list_webhook_subscriptions(object_type="Package")
        paused = await facility_tools.set_webhook_subscription_active(subscription_id, False)
        inactive = await facility_tools.list_webhook_subscriptions(object_type="Package")
        deleted = await facility_tools.delete_webhook_subscription(subscription_id)
        left = await facility_tools.list_webhook_subscriptions()
        with pytest.raises(MetrcNotFound):
            await facility_tools.delete_webhook_subscription(subscription_id)
    assert before == {"total": 0, "items": []}
    assert made["ok"] and first["items"][0]["license_numbers"] == [CULTIVATOR, DISPENSARY]
    assert first["items"][0]["status"] == "Active"
    assert made["ids"] == [first["items"][0]["subscriptionId"]]
    # The same kind, method and address changes the subscription rather than adding one.
    assert again["ids"] == made["ids"]
    assert listed["total"] == 1
    assert listed["items"][0]["license_numbers"] == [CULTIVATOR]
    assert listed["items"][0]["status"] == "Inactive"
    assert "Resumed" in resumed["message"] and active["items"][0]["status"] == "Active"
    assert "Paused" in paused["message"] and inactive["items"][0]["status"] == "Inactive"
    assert deleted["ok"]
    assert [item["objectType"] for item in left["items"]] == ["Transfer"]
    # The keys sent to Metrc in the body are never shown back.
    assert all("userApiKey" not in item and "tpiApiKey" not in item for item in left["items"])


async def test_a_licence_the_user_does_not_hold_is_refused(writer: MetrcAccess) -> None:
    with using(writer), pytest.raises(MetrcAuthError, match="NOT-A-LICENCE"):
        await facility_tools.subscribe_webhook("Package", RECEIVER, ["NOT-A-LICENCE"])


def test_a_subscription_naming_its_licences_as_objects_is_read_too() -> None:
    answer = {
        "subscriptionId": 123,
        "objectType": "Package",
        "url": RECEIVER,
        "verb": "POST",
        "status": "Active",
        "errorMessage": "The receiver answered 500.",
        "facilities": [
            {"facilityLicenseNumber": CULTIVATOR, "invalidPermission": False},
            {"facilityLicenseNumber": DISPENSARY, "invalidPermission": True},
        ],
    }
    shown = _shown(answer)
    TypeAdapter(WebhookSubscriptionShown).validate_python(shown)
    assert shown["license_numbers"] == [CULTIVATOR, DISPENSARY]
    assert shown["errorMessage"] == "The receiver answered 500."
