"""Retail ID, webhooks and the integrator setup through the client against the sandbox, in the
shapes Metrc documents (RetailId: GetFacilityRetailItemIDAllotment, GenerateQrCodeFromPackage,
AssociateQrCodes, PackagesInfo, MergePackages, ReceiveQrCodesPackageLabel,
ReceiveQrCodesShortCode; Webhooks; Sandbox IntegratorSetup). Retail ID exists in every state
but AK, CO, GU, ME and MO, so the Colorado sandbox refuses it and the sandbox told it is in
California serves it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.metrc.documented.conftest import FIXTURES
from tests.support.sandbox import (
    CULTIVATOR,
    DISPENSARY,
    KEYS,
    remove_database,
    sandbox_client,
    seeded_database,
)
from trichome.config import Settings
from trichome.metrc import (
    MetrcAuthError,
    MetrcClient,
    MetrcNotFound,
    MetrcValidationError,
    RetailIdAssociation,
    WebhookSubscription,
)
from trichome.sandbox.reference import ADJUST_REASON_NAMES

pytestmark = pytest.mark.anyio


def documented(name: str) -> Any:
    document = json.loads((FIXTURES / "extras" / f"{name}.json").read_text("utf-8"))
    return document["requests"][0]


@pytest.fixture(scope="module")
def year(tmp_path_factory: pytest.TempPathFactory, template_dir: Path) -> Iterator[Settings]:
    settings = seeded_database(tmp_path_factory.mktemp("retail"), template_dir)
    yield settings
    remove_database(settings)


@pytest.fixture
async def colorado(year: Settings) -> AsyncIterator[MetrcClient]:
    async with sandbox_client(year) as sandbox:
        yield sandbox


@pytest.fixture
async def client(year: Settings) -> AsyncIterator[MetrcClient]:
    async with sandbox_client(year.model_copy(update={"sandbox_state": "CA"})) as sandbox:
        yield sandbox


async def _each_packages(client: MetrcClient, count: int) -> list[dict[str, Any]]:
    packages = await client.packages_active(DISPENSARY)
    each = [p for p in packages if p["UnitOfMeasureName"] == "Each" and p["Quantity"] >= 2]
    assert len(each) >= count
    return each[:count]


async def test_a_state_without_retail_id_answers_404_for_every_operation(
    colorado: MetrcClient,
) -> None:
    label = "1A4060300003B01000000311"
    calls = [
        colorado.retail_id_allotment(DISPENSARY),
        colorado.generate_retail_ids(DISPENSARY, package_label=label, quantity=1),
        colorado.associate_retail_ids(
            DISPENSARY, [RetailIdAssociation(package_label=label, qr_urls=["https://x.test/A"])]
        ),
        colorado.merge_retail_id_packages(DISPENSARY, [label, label]),
        colorado.retail_id_packages_info(DISPENSARY, [label]),
        colorado.retail_id_by_label(DISPENSARY, label),
        colorado.retail_id_by_short_code(DISPENSARY, "ABC"),
    ]
    for call in calls:
        with pytest.raises(MetrcNotFound, match="no Retail ID in CO"):
            await call


async def test_codes_are_generated_associated_and_read_back(client: MetrcClient) -> None:
    first, second = await _each_packages(client, 2)
    before = await client.retail_id_allotment(DISPENSARY)
    assert list(before) == list(documented("retailid_allotment")["response"])
    assert before["FacilityLicenseNumber"] == DISPENSARY

    issued = await client.generate_retail_ids(DISPENSARY, package_label=first["Label"], quantity=2)
    assert list(issued) == list(documented("retailid_generate")["response"])
    assert list(issued["Manifest"]) == ["Qrs", "Ranges"]
    assert len(issued["Manifest"]["Qrs"]) == 2 and issued["Manifest"]["Ranges"] == [[1, 2]]
    assert issued["CoaBl"].startswith(first["Label"])
    after = await client.retail_id_allotment(DISPENSARY)
    assert after["Allotment"] == before["Allotment"] - 2

    received = await client.retail_id_by_label(DISPENSARY, first["Label"])
    assert list(received) == list(documented("retailid_receive_label")["response"])
    assert received["Eaches"] == issued["Manifest"]["Qrs"]
    assert received["QrCount"] == 2 and received["ChildTag"] == first["Label"]
    # Without a licence, Metrc looks through all the user's facilities.
    assert await client.retail_id_by_label(None, first["Label"]) == received
    code = received["Eaches"][0].split("/")[1]
    assert await client.retail_id_by_short_code(DISPENSARY, code) == received

    urls = [f"https://{url}" for url in issued["Manifest"]["Qrs"]]
    with pytest.raises(MetrcValidationError, match="already associated"):
        await client.associate_retail_ids(
            DISPENSARY, [RetailIdAssociation(package_label=second["Label"], qr_urls=urls)]
        )
    own = ["https://id.example.test/SECONDPKG0001", "https://id.example.test/SECONDPKG0002"]
    answer = await client.associate_retail_ids(
        DISPENSARY, [{"PackageLabel": second["Label"], "QrUrls": own}]
    )
    assert answer["Ids"] == [second["Id"]]
    assert (await client.retail_id_by_short_code(DISPENSARY, "SECONDPKG0002"))["QrCount"] == 2

    info = await client.retail_id_packages_info(DISPENSARY, [first["Label"], second["Label"]])
    shape = documented("retailid_packages_info")["response"]["Packages"]
    assert [list(p) for p in info["Packages"]] == [list(shape[0])] * 2
    got = info["Packages"][0]
    assert got["Tag"] == first["Label"] and got["HasQrs"] and got["QrCount"] == 2
    assert got["IssuanceId"] == issued["IssuanceId"]
    assert got["EstimatedBalance"] == min(2, int(first["Quantity"]))


async def test_retail_id_is_scoped_to_the_facility(client: MetrcClient) -> None:
    (package,) = await _each_packages(client, 1)
    with pytest.raises(MetrcNotFound):
        await client.generate_retail_ids(CULTIVATOR, package_label=package["Label"], quantity=1)
    with pytest.raises(MetrcNotFound):
        await client.retail_id_packages_info(CULTIVATOR, [package["Label"]])
    with pytest.raises(MetrcNotFound):
        await client.retail_id_by_label(CULTIVATOR, package["Label"])
    with pytest.raises(MetrcValidationError, match="not found"):
        await client.associate_retail_ids(
            CULTIVATOR, [{"PackageLabel": package["Label"], "QrUrls": ["https://x.test/Q1"]}]
        )
    with pytest.raises(MetrcAuthError):
        await client.retail_id_allotment("SF-SBX-CO-99-0000")


async def test_merging_needs_a_merge_adjustment_reason(client: MetrcClient) -> None:
    first, second = await _each_packages(client, 2)
    with pytest.raises(MetrcValidationError, match="two different packages"):
        await client.merge_retail_id_packages(DISPENSARY, [first["Label"]])
    # Metrc merges only with a reason named for merging; the sandbox's reasons have none.
    assert not any("merge" in name.casefold() for name in ADJUST_REASON_NAMES)
    if first["Item"]["Name"] == second["Item"]["Name"]:
        with pytest.raises(MetrcValidationError, match="contains 'Merge'"):
            await client.merge_retail_id_packages(DISPENSARY, [first["Label"], second["Label"]])
    else:
        with pytest.raises(MetrcValidationError, match="same item"):
            await client.merge_retail_id_packages(DISPENSARY, [first["Label"], second["Label"]])


async def test_webhook_subscriptions_are_set_paused_and_deleted(client: MetrcClient) -> None:
    body = dict(documented("webhooks_set")["body"])
    body["facilityLicenseNumbers"] = f"{CULTIVATOR},{DISPENSARY}"
    shown = await client.set_webhook_subscription(body)
    subscription = shown["subscriptionId"]
    # The keys sent are not shown back.
    assert "userApiKey" not in shown and "tpiApiKey" not in shown
    assert shown["objectType"] == "Package" and shown["status"] == "Active"
    assert await client.webhook_subscriptions() == [shown]
    # Setting the same object type, verb and url again changes that subscription.
    typed = WebhookSubscription(
        object_type="Package",
        url=body["url"],
        verb="PUT",
        status="Active",
        facility_license_numbers=DISPENSARY,
    )
    again = await client.set_webhook_subscription(typed)
    assert again["subscriptionId"] == subscription
    assert again["facilityLicenseNumbers"] == DISPENSARY

    await client.disable_webhook_subscription(subscription)
    assert (await client.webhook_subscriptions())[0]["status"] == "Inactive"
    await client.enable_webhook_subscription(subscription)
    assert (await client.webhook_subscriptions())[0]["status"] == "Active"
    await client.delete_webhook_subscription(subscription)
    assert await client.webhook_subscriptions() == []
    with pytest.raises(MetrcNotFound):
        await client.enable_webhook_subscription(subscription)


async def test_a_webhook_for_a_licence_the_user_lacks_is_refused(client: MetrcClient) -> None:
    body = dict(documented("webhooks_set")["body"])  # the fixture's licences are not ours
    with pytest.raises(MetrcAuthError):
        await client.set_webhook_subscription(body)
    with pytest.raises(MetrcValidationError, match="url"):
        await client.set_webhook_subscription(
            body | {"url": "ftp://x", "facilityLicenseNumbers": DISPENSARY}
        )


async def test_integrator_setup_gives_the_sandbox_user_key(client: MetrcClient) -> None:
    answer = await client.sandbox_integrator_setup()
    assert answer == {"UserKey": KEYS.user_key, "Status": "Ready"}
    assert await client.sandbox_integrator_setup(user_key=KEYS.user_key) == answer
    with pytest.raises(MetrcAuthError):
        await client.sandbox_integrator_setup(user_key="someone-else")
