"""The client against Metrc's documented shapes for the Transfers operations it added (delivery
and template transporters, required lab test batches, package states, the hub list, manifests,
template deliveries; template and external-manifest updates, voids and hub legs), without the
sandbox. Each read parses the documented example response (fixtures in
tests/metrc/fixtures/documented), each write sends the documented request, path, method and
query exactly and reads Metrc's documented answer, no body (fixtures/documented/transfer_writes,
each naming the operation and the bruno file of github.com/thunkier/ThunkMetrc it follows)."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.responses import Response

from tests.metrc.conftest import ClientFactory
from tests.metrc.documented.conftest import FIXTURES, GROWER, STORE, fixture, records
from tests.metrc.fake_metrc import Call, FakeMetrc

pytestmark = pytest.mark.anyio
WRITES = FIXTURES / "transfer_writes"

# Each write fixture, the client method that sends it and its arguments besides the rows.
WRITE_METHODS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "transfers_templates_update": ("update_outgoing_templates", GROWER, {}),
    "transfers_external_incoming_update": ("update_external_incoming_transfers", STORE, {}),
    "transfers_external_incoming_void": ("void_external_incoming_transfer", STORE,
                                         {"transfer_id": 9011}),
    "transfers_hub_depart": ("depart_transfer_hub", GROWER, {}),
    "transfers_hub_checkin": ("check_in_transfer_hub", GROWER, {}),
    "transfers_hub_checkout": ("check_out_transfer_hub", GROWER, {}),
    "transfers_hub_arrive": ("arrive_transfer_hub", GROWER, {}),
}  # fmt: skip


def write_fixture(name: str) -> dict[str, Any]:
    """One documented transfer write."""
    document: dict[str, Any] = json.loads((WRITES / f"{name}.json").read_text("utf-8"))
    return document


def test_every_transfer_write_fixture_has_a_client_method() -> None:
    assert sorted(p.stem for p in Path(WRITES).glob("*.json")) == sorted(WRITE_METHODS)


@pytest.mark.parametrize("name", sorted(WRITE_METHODS))
async def test_a_transfer_write_sends_the_documented_request(
    name: str, fake: FakeMetrc, make_client: ClientFactory
) -> None:
    document = write_fixture(name)
    method, path = document["operation"].split(" ", 1)
    (request,) = document["requests"]
    fake.script = lambda call: Response(status_code=200)  # Metrc's "No response"
    function_name, licence, arguments = WRITE_METHODS[name]
    if request["body"] is not None:
        arguments = {**arguments, "templates" if "template" in name else
                     "transfers" if "external" in name else "legs": request["body"]}  # fmt: skip

    result = await getattr(make_client(), function_name)(licence, **arguments)

    (call,) = fake.calls
    assert (call.method, call.path, call.params) == (method, request.get("path", path),
                                                     request["query"])  # fmt: skip
    assert call.body == request["body"]
    assert result["Ids"] == [] and result["Warnings"] is None


# Each read fixture, the client method reading it and the Id in its path.
READS: dict[str, tuple[str, dict[str, Any]]] = {
    "transfers_delivery_transporters": ("delivery_transporters", {"delivery_id": 9101}),
    "transfers_delivery_transporter_details": (
        "delivery_transporter_details", {"delivery_id": 9101}),
    "transfers_delivery_package_requiredlabtestbatches": (
        "delivery_package_required_lab_test_batches", {"package_id": 7201}),
    "transfers_template_deliveries": ("template_deliveries", {"template_id": 9251}),
    "transfers_template_delivery_packages": ("template_delivery_packages", {"delivery_id": 9301}),
    "transfers_template_delivery_transporters": (
        "template_delivery_transporters", {"delivery_id": 9301}),
    "transfers_template_delivery_transporter_details": (
        "template_delivery_transporter_details", {"delivery_id": 9301}),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(READS))
async def test_a_documented_read_by_id_parses_without_a_licence(
    name: str, documented: FakeMetrc, make_client: ClientFactory
) -> None:
    function_name, arguments = READS[name]
    found = await getattr(make_client(), function_name)(None, **arguments)

    response = fixture(name)["requests"][0]["response"]  # the one for the Id asked
    assert found == (response if isinstance(response, list) else response["Data"])
    (call,) = documented.calls
    assert "licenseNumber" not in call.params  # Metrc documents none for these


async def test_a_read_by_id_passes_a_licence_when_given(
    documented: FakeMetrc, make_client: ClientFactory
) -> None:
    rows = await make_client().delivery_transporters(GROWER, 9101, page_size=20)

    assert [r["TransporterDirection"] for r in rows] == ["Outbound", "Return"]
    assert documented.calls[0].params == {
        "licenseNumber": GROWER, "pageNumber": "1", "pageSize": "20"
    }  # fmt: skip


async def test_the_hub_states_and_manifest_file_read_as_documented(
    documented: FakeMetrc, make_client: ClientFactory
) -> None:
    client = make_client()
    hub = await client.transfer_hub(GROWER)
    states = await client.delivery_package_states()
    pdf = await client.transfer_manifest_pdf(GROWER, 9001)

    assert hub == records("transfers_hub", GROWER)
    assert hub[0]["ShipmentTransporterDetails"][0]["DriverName"] == "Luis Romero"
    assert states == ["Shipped", "Rejected", "Accepted", "Returned"]
    envelope = fixture("transfers_manifest_pdf")["requests"][0]["response"]
    # The documented envelope is read as the file: its bytes, and a PDF named as one though
    # Metrc's example declares application/octet-stream.
    assert pdf.content == base64.b64decode(envelope["FileContents"])
    assert pdf.content.startswith(b"%PDF-")
    assert (pdf.content_type, pdf.file_name) == ("application/pdf", envelope["FileDownloadName"])
    assert documented.calls[0].params["pageSize"] == "20"  # the hub list is paged
    assert "licenseNumber" not in documented.calls[1].params


async def test_the_manifest_page_is_read_as_html(
    fake: FakeMetrc, make_client: ClientFactory
) -> None:
    page = "<!doctype html><html><head><title>Transfer Manifest 0000090011</title></head></html>"

    def answer(call: Call) -> Response:
        return Response(page, media_type="text/html; charset=utf-8")

    fake.script = answer
    found = await make_client().transfer_manifest_html(GROWER, 9001)

    assert found == page
    (call,) = fake.calls
    assert (call.method, call.path, call.params) == (
        "GET", "/transfers/v2/manifest/9001/html", {"licenseNumber": GROWER}
    )  # fmt: skip
