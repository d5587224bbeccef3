"""BioTrack's `success: 0` answers, HTTP failures and bad input, as typed errors."""

from __future__ import annotations

import json

import httpx
import pytest
from starlette.responses import Response

from tests.tracking.biotrack.conftest import Sleeps
from tests.tracking.biotrack.fake_biotrack import FakeBioTrack, fixture
from trichome.tracking.biotrack import (
    BioTrackClient,
    BioTrackConnectionError,
    BioTrackCredentials,
    BioTrackError,
    BioTrackInputError,
    BioTrackPermissionDenied,
    BioTrackRejected,
    BioTrackServerError,
    Item,
    Weight,
)

pytestmark = pytest.mark.anyio
ERRORS = fixture("errors")["answers"]


@pytest.mark.parametrize(
    ("name", "kind", "code", "said"),
    [
        ("privilege", BioTrackPermissionDenied, 62, "does not possess access"),
        ("waiting_period", BioTrackRejected, 602, "24 hour waiting period has not passed"),
        ("possession", BioTrackRejected, 602, "do not currently have possession"),
        ("lot_limit", BioTrackRejected, 202, "flower lots greater than 5 pounds"),
        ("bad_room", BioTrackRejected, 200, "valid room for the new plant"),
        # 63 also means an unknown location licence: the sentence, not the code, decides.
        ("bad_location", BioTrackRejected, 63, "invalid location license number"),
    ],
)
async def test_error_answers_become_typed_errors_with_biotracks_reason(
    client: BioTrackClient,
    fake: FakeBioTrack,
    name: str,
    kind: type[BioTrackError],
    code: int,
    said: str,
) -> None:
    fake.queue("plant_destroy", ERRORS[name])
    with pytest.raises(kind) as caught:
        await client.plant_destroy(["6033000000000402"])
    error = caught.value
    assert type(error) is kind
    assert error.errorcode == code and error.action == "plant_destroy"
    assert said in error.message and f"error code {code}" in error.message
    assert "licence 990000100" in error.message
    assert fake.actions() == ["login", "plant_destroy"]  # refusals are not retried


async def test_an_answer_without_a_reason_still_reads(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    fake.queue("sale_void", {"success": "0"})
    with pytest.raises(BioTrackRejected, match="BioTrack gave no reason"):
        await client.sale_void(5001)


async def test_server_errors_on_reads_are_retried_then_reported(
    client: BioTrackClient, fake: FakeBioTrack, sleeps: Sleeps
) -> None:
    fake.queue("sync_sale", Response(status_code=503), Response(status_code=502))
    page = await client.sync_sales()
    assert len(page) == 6 and len(sleeps.calls) == 2
    fake.queue("sync_sale", *[Response(status_code=500)] * 3)
    with pytest.raises(BioTrackServerError, match="HTTP 500 after 3 attempts"):
        await client.sync_sales()


async def test_server_errors_on_writes_are_not_retried(
    client: BioTrackClient, fake: FakeBioTrack, sleeps: Sleeps
) -> None:
    fake.queue("sale_dispense", Response(status_code=500))
    with pytest.raises(BioTrackServerError, match="HTTP 500"):
        await client.sale_dispense([Item("6033000000000101", 1, 20.0)], sold_at=1767236400)
    assert fake.actions() == ["login", "sale_dispense"] and sleeps.calls == []


async def test_an_answer_that_is_not_json_is_a_server_error(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    fake.queue("sync_sale", Response(b"<html>Service Unavailable</html>", status_code=200))
    with pytest.raises(BioTrackServerError, match="not with a JSON object"):
        await client.sync_sales()


async def test_a_header_line_leaking_into_the_body_is_tolerated(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    fake.queue("sync_sale", Response(b'Content-Type: text/plain\r\n{"success": 1, "sale": []}'))
    assert len(await client.sync_sales()) == 0


async def test_an_unreachable_server_is_a_connection_error(sleeps: Sleeps) -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused", request=request)

    client = BioTrackClient.for_state(
        "HI",
        BioTrackCredentials("990000100", "user", "pass"),
        transport=httpx.MockTransport(refuse),
        sleep=sleeps,
    )
    with pytest.raises(BioTrackConnectionError, match="Could not reach BioTrack for login"):
        await client.sync_sales()
    await client.aclose()
    assert len(sleeps.calls) == 2  # nothing was sent: retried up to the attempts


async def test_a_write_cut_off_after_sending_names_its_nonce(sleeps: Sleeps) -> None:
    def answer(request: httpx.Request) -> httpx.Response:
        if json.loads(request.content)["action"] == "login":
            return httpx.Response(200, json={"success": 1, "sessionid": "abc123def456"})
        raise httpx.ReadTimeout("timed out", request=request)

    client = BioTrackClient.for_state(
        "HI",
        BioTrackCredentials("990000100", "user", "pass"),
        transport=httpx.MockTransport(answer),
        sleep=sleeps,
    )
    with pytest.raises(BioTrackConnectionError) as caught:
        await client.plant_destroy(["6033000000000402"])
    await client.aclose()
    assert "may or may not have applied it" in caught.value.message
    assert "replay nonce" in caught.value.message and sleeps.calls == []


@pytest.mark.parametrize(
    "call",
    [
        lambda c: c.plant_destroy(["603300000000040"]),  # 15 digits
        lambda c: c.plant_destroy([]),
        lambda c: c.plant_move(["6033000000000401"], 0),
        lambda c: c.plant_harvest("6033000000000401", [Weight(10, 99)], 3),
        lambda c: c.plant_harvest("6033000000000401", [Weight(10, 29, "stone")], 3),
        lambda c: c.inventory_adjust("6033000000000101", 5, "g", 9, "why"),
        lambda c: c.sale_dispense([Item("6033000000000101", 0, 20.0)]),
        lambda c: c.sale_dispense([Item("6033000000000101", 1, -1.0)]),
        lambda c: c.plant_destroy_schedule(["6033000000000401"], "  "),
        lambda c: c.sync("nothing"),
    ],
)
async def test_bad_parameters_are_refused_before_sending(
    client: BioTrackClient, fake: FakeBioTrack, call: object
) -> None:
    with pytest.raises(BioTrackInputError) as caught:
        await call(client)  # type: ignore[operator]
    assert isinstance(caught.value, ValueError) and caught.value.message
    assert [action for action in fake.actions() if action != "login"] == []
