"""The webhook tools on Metrc's documented request bodies (the fixture server refuses any other
body, writes.py): SetSubscription is one object of text fields in camelCase, the licences
comma-separated; Enable, Disable and Delete name the subscription in the path and send no
body (bruno Webhooks/UpdateWebhooks, UpdateEnableBySubscriptionId,
UpdateDisableBySubscriptionId)."""

from __future__ import annotations

import pytest

from tests.metrc.conftest import USER_KEY, VENDOR_KEY
from tests.metrc.documented.conftest import GROWER, STORE, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.facilities import webhooks
from trichome.metrc.tools.registry import ToolProblem

pytestmark = pytest.mark.anyio
URL = "https://hooks.example.test/metrc"


async def test_a_subscription_sends_the_documented_fields_and_no_nulls(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        webhooks.subscribe_webhook, object_type="Package", url=f" {URL}",
        license_numbers=[GROWER, f"{STORE} "], verb="PUT", active=False,
    )  # fmt: skip

    body = {
        "objectType": "Package", "url": URL, "verb": "PUT", "status": "Inactive",
        "facilityLicenseNumbers": f"{GROWER},{STORE}", "userApiKey": USER_KEY,
        "tpiApiKey": VENDOR_KEY,
    }  # fmt: skip
    assert sent(documented) == [("PUT", "/webhooks/v2", body)]
    assert result["message"] == (
        f"Subscribed {URL} to Package changes of {GROWER}, {STORE} (Inactive)."
    )


async def test_a_template_is_sent_as_text(run: Run, documented: FakeMetrc) -> None:
    await run(
        webhooks.subscribe_webhook, object_type="Package", url=URL, license_numbers=[GROWER],
        template='{"label": "#DATA#"}',
    )  # fmt: skip

    ((_, _, body),) = sent(documented)
    assert (body["verb"], body["status"], body["template"]) == (
        "POST",
        "Active",
        '{"label": "#DATA#"}',
    )


async def test_a_licence_list_in_one_string_is_refused(run: Run, documented: FakeMetrc) -> None:
    with pytest.raises(ToolProblem, match="without commas"):
        await run(
            webhooks.subscribe_webhook, object_type="Package", url=URL,
            license_numbers=[f"{GROWER},{STORE}"],
        )  # fmt: skip
    assert sent(documented) == []


async def test_a_subscription_is_paused_and_resumed_without_a_body(
    run: Run, documented: FakeMetrc
) -> None:
    paused = await run(
        webhooks.set_webhook_subscription_active, subscription_id=" sub-7", active=False
    )
    await run(webhooks.set_webhook_subscription_active, subscription_id="sub-7", active=True)

    assert sent(documented) == [
        ("PUT", "/webhooks/v2/disable/sub-7", None),
        ("PUT", "/webhooks/v2/enable/sub-7", None),
    ]
    assert paused["message"] == "Paused webhook subscription sub-7."
