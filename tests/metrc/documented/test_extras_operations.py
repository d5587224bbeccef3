"""The client against Metrc's documented shapes for item brands, files and photos, Retail ID,
webhooks and the sandbox's integrator setup, without the sandbox: each call sends the
documented method, path, query and body exactly and reads the documented answer. The fixtures
(tests/metrc/fixtures/documented/extras) name the operation and where its documentation was
captured; webhooks and IntegratorSetup are documented without an answer (`response` null)."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from starlette.responses import JSONResponse, Response

from tests.metrc.conftest import ClientFactory
from tests.metrc.documented.conftest import FIXTURES
from tests.metrc.fake_metrc import Call, FakeMetrc
from trichome.metrc import ItemBrandCreate, ItemFileUpload, RetailIdAssociation
from trichome.metrc.list_queries import paged
from trichome.metrc.operations import match

pytestmark = pytest.mark.anyio
EXTRAS = FIXTURES / "extras"
GROWER, STORE = "403R-00101", "402R-00207"
LABEL = "1A4060300003B01000000311"

# Each fixture, the client method that sends it and its arguments (None: the fixture's body).
CALLS: dict[str, tuple[str, dict[str, Any]]] = {
    "items_brands": ("item_brands", {"license_number": GROWER}),
    "items_file": ("item_file", {"license_number": GROWER, "file_id": 7301}),
    "items_photo": ("item_photo", {"license_number": GROWER, "photo_id": 7302}),
    "items_brand_create": ("create_item_brands", {"license_number": GROWER, "brands": None}),
    "items_brand_update": ("update_item_brands", {"license_number": GROWER, "brands": None}),
    "items_brand_archive": ("archive_item_brand", {"license_number": GROWER, "brand_id": 5102}),
    "items_file_upload": ("upload_item_files", {"license_number": GROWER, "files": None}),
    "items_photo_upload": ("upload_item_photos", {"license_number": GROWER, "photos": None}),
    "retailid_allotment": ("retail_id_allotment", {"license_number": STORE}),
    "retailid_receive_label": ("retail_id_by_label", {"license_number": STORE, "label": LABEL}),
    "retailid_receive_qr": (
        "retail_id_by_short_code", {"license_number": STORE, "short_code": "7QK2M9X4PLR8A"},
    ),
    "retailid_associate": ("associate_retail_ids", {"license_number": STORE, "associations": None}),
    "retailid_generate": (
        "generate_retail_ids", {"license_number": STORE, "package_label": LABEL, "quantity": 2},
    ),
    "retailid_merge": (
        "merge_retail_id_packages",
        {"license_number": STORE, "package_labels": [LABEL, "1A4060300003B01000000312"]},
    ),
    "retailid_packages_info": (
        "retail_id_packages_info",
        {"license_number": STORE, "package_labels": [LABEL, "1A4060300003B01000000313"]},
    ),
    "webhooks_get": ("webhook_subscriptions", {}),
    "webhooks_set": ("set_webhook_subscription", {"subscription": None}),
    "webhooks_enable": ("enable_webhook_subscription", {"subscription_id": "sub-7"}),
    "webhooks_disable": ("disable_webhook_subscription", {"subscription_id": "sub-7"}),
    "webhooks_delete": ("delete_webhook_subscription", {"subscription_id": "sub-7"}),
    "sandbox_integrator_setup": ("sandbox_integrator_setup", {"user_key": "an-existing-user-key"}),
}  # fmt: skip


def extra(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((EXTRAS / f"{name}.json").read_text("utf-8"))
    return document


def test_every_fixture_is_called_and_follows_a_documented_operation() -> None:
    assert sorted(p.stem for p in EXTRAS.glob("*.json")) == sorted(CALLS)
    for name in CALLS:
        document = extra(name)
        method, template = document["operation"].split(" ", 1)
        (request,) = document["requests"]
        (operation,) = match(method, request.get("path", template))
        assert operation.path == template, name


@pytest.mark.parametrize("name", sorted(CALLS))
async def test_a_call_sends_the_documented_request_and_reads_the_answer(
    name: str, fake: FakeMetrc, make_client: ClientFactory
) -> None:
    document = extra(name)
    method, path = document["operation"].split(" ", 1)
    (request,) = document["requests"]
    documented = request["response"]

    def answer(call: Call) -> Response:
        if documented is None:
            return Response(status_code=200)  # "No response", or none documented
        return JSONResponse(documented)

    fake.script = answer
    function, arguments = CALLS[name]
    arguments = {k: request["body"] if v is None else v for k, v in arguments.items()}
    result = await getattr(make_client(), function)(**arguments)

    (call,) = fake.calls
    sent = dict(call.params)
    if method == "GET" and paged(path):
        # Metrc documents paging on this read: the client asks for pages of 20.
        assert (sent.pop("pageNumber"), sent.pop("pageSize")) == ("1", "20")
    assert (call.method, call.path, sent) == (
        method,
        request.get("path", path),
        {k: v for k, v in request["query"].items() if k not in ("pageNumber", "pageSize")},
    )
    assert call.body == request.get("body")
    if documented is None:
        assert result in (None, [], {"Ids": [], "Warnings": None})
    elif "Ids" in documented:
        assert result == {"Ids": documented["Ids"], "Warnings": None}
    elif "Data" in documented:
        assert result == documented["Data"]
    else:
        assert result == documented


async def test_typed_bodies_send_the_documented_fields(
    fake: FakeMetrc, make_client: ClientFactory
) -> None:
    fake.script = lambda call: JSONResponse({"Ids": [1], "Warnings": None})
    client = make_client()
    await client.create_item_brands(GROWER, [ItemBrandCreate(name="Front Range Reserve")])
    png = extra("items_photo_upload")["requests"][0]["body"][0]
    content = base64.b64decode(png["EncodedImageBase64"])
    await client.upload_item_photos(
        GROWER, [ItemFileUpload.from_bytes("blue-dream-jar.png", content)]
    )
    association = extra("retailid_associate")["requests"][0]["body"][0]
    await client.associate_retail_ids(
        STORE,
        [RetailIdAssociation(package_label=LABEL, qr_urls=association["QrUrls"])],
    )
    brand, photo, associated = (call.body for call in fake.calls)
    assert brand == [{"Name": "Front Range Reserve"}]
    assert photo == [png]
    assert associated == [association]


async def test_eleven_brands_go_in_two_writes_of_at_most_ten(
    fake: FakeMetrc, make_client: ClientFactory
) -> None:
    fake.script = lambda call: JSONResponse({"Ids": list(range(len(call.body))), "Warnings": None})
    brands = [{"Name": f"Brand {n}"} for n in range(11)]
    result = await make_client().create_item_brands(GROWER, brands)
    assert [len(call.body) for call in fake.calls] == [10, 1]
    assert len(result["Ids"]) == 11


async def test_a_blank_label_or_subscription_is_refused_before_sending(
    fake: FakeMetrc, make_client: ClientFactory
) -> None:
    client = make_client()
    with pytest.raises(ValueError):
        await client.retail_id_by_label(STORE, " ")
    with pytest.raises(ValueError):
        await client.delete_webhook_subscription("")
    with pytest.raises(ValueError):
        await client.generate_retail_ids(STORE, package_label=LABEL, quantity=0)
    assert fake.calls == []
