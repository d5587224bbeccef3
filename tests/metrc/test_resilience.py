"""Retries, typed errors, per-facility limits and secrecy, against a real local HTTP server."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest
from starlette.responses import JSONResponse, Response

from tests.metrc.conftest import LICENCE, USER_KEY, VENDOR_KEY, ClientFactory, Sleeps
from tests.metrc.fake_metrc import Call, FakeMetrc, Script
from tests.support.servers import free_port
from trichome.metrc import (
    MetrcAuthError,
    MetrcClient,
    MetrcConnectionError,
    MetrcCredentials,
    MetrcError,
    MetrcNotFound,
    MetrcRateLimited,
    MetrcServerError,
    MetrcTooLarge,
    MetrcValidationError,
    RetryPolicy,
)

pytestmark = pytest.mark.anyio


def answers(*responses: Response) -> Script:
    """A script giving these responses in turn, then 200 `[]`."""
    queue = list(responses)
    return lambda call: queue.pop(0) if queue else JSONResponse([])


async def test_429_is_retried_honouring_retry_after(
    client: MetrcClient, fake: FakeMetrc, sleeps: Sleeps
) -> None:
    fake.script = answers(
        Response(status_code=429, headers={"Retry-After": "2"}),
        Response(status_code=429, headers={"Retry-After": "0.5"}),
    )
    assert await client.packages_active(LICENCE) == []
    assert len(fake.calls) == 3
    assert sleeps.calls == [2.0, 0.5]


async def test_retry_after_as_an_http_date(
    client: MetrcClient, fake: FakeMetrc, sleeps: Sleeps
) -> None:
    when = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    fake.script = answers(Response(status_code=429, headers={"Retry-After": when}))
    await client.packages_active(LICENCE)
    assert len(sleeps.calls) == 1 and 27 <= sleeps.calls[0] <= 30


async def test_5xx_on_reads_is_retried_with_exponential_backoff(
    client: MetrcClient, fake: FakeMetrc, sleeps: Sleeps
) -> None:
    fake.script = answers(Response(status_code=503), Response(status_code=502))
    assert await client.items_active(LICENCE) == []
    assert len(fake.calls) == 3
    assert sleeps.calls == [0.01, 0.02]  # base 0.01 s doubling, jitter off in the tests


async def test_5xx_after_the_last_attempt_is_a_server_error(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    fake.script = lambda call: JSONResponse({"Message": "An error has occurred."}, 500)
    with pytest.raises(MetrcServerError) as caught:
        await client.items_active(LICENCE)
    assert caught.value.status == 500
    assert len(fake.calls) == 4
    assert "An error has occurred." in caught.value.message
    assert "after 4 attempts" in caught.value.message


async def test_writes_are_not_retried_on_5xx_but_are_on_429(
    client: MetrcClient, fake: FakeMetrc, sleeps: Sleeps
) -> None:
    fake.script = lambda call: Response(status_code=500)
    with pytest.raises(MetrcServerError, match="may have applied"):
        await client.post("/strains/v2", LICENCE, body=[{"Name": "OG"}])
    assert len(fake.calls) == 1
    fake.calls.clear()
    fake.script = answers(
        Response(status_code=429, headers={"Retry-After": "1"}),
        JSONResponse({"Ids": [5], "Warnings": None}),
    )
    assert (await client.post("/strains/v2", LICENCE, body=[{"Name": "OG"}]))["Ids"] == [5]
    assert len(fake.calls) == 2 and sleeps.calls == [1.0]


async def test_final_429_raises_rate_limited_with_retry_after(
    make_client: ClientFactory, fake: FakeMetrc, sleeps: Sleeps
) -> None:
    client = make_client(retry=RetryPolicy(max_attempts=3, base_delay=0.01, jitter=0))
    fake.script = lambda call: Response(status_code=429, headers={"Retry-After": "1"})
    with pytest.raises(MetrcRateLimited) as caught:
        await client.packages_active(LICENCE)
    assert caught.value.retry_after == 1.0
    assert caught.value.status == 429
    assert len(fake.calls) == 3 and sleeps.calls == [1.0, 1.0]
    assert "wait 1 seconds" in caught.value.message


async def test_a_wait_beyond_the_total_time_cap_is_not_made(
    make_client: ClientFactory, fake: FakeMetrc, sleeps: Sleeps
) -> None:
    client = make_client(retry=RetryPolicy(max_attempts=5, max_total=5.0, jitter=0))
    fake.script = lambda call: Response(status_code=429, headers={"Retry-After": "120"})
    with pytest.raises(MetrcRateLimited) as caught:
        await client.packages_active(LICENCE)
    assert caught.value.retry_after == 120.0
    assert len(fake.calls) == 1 and sleeps.calls == []


async def test_400_row_errors_become_a_validation_error(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    fake.script = lambda call: JSONResponse(
        [{"row": 0, "message": "Location 'Vault' does not exist."},
         {"row": 1, "message": "Item is required."}], status_code=400,
    )  # fmt: skip
    with pytest.raises(MetrcValidationError) as caught:
        await client.post("/packages/v2", LICENCE, body=[{"Tag": "A"}, {"Tag": "B"}])
    error = caught.value
    assert [(r.row, r.message) for r in error.rows] == [
        (0, "Location 'Vault' does not exist."), (1, "Item is required."),
    ]  # fmt: skip
    assert error.message == (
        f"Metrc rejected POST /packages/v2 for licence {LICENCE} as invalid (HTTP 400 Bad "
        "Request). Metrc says: Row 0: Location 'Vault' does not exist. Row 1: Item is required."
    )
    assert len(fake.calls) == 1


async def test_400_message_body(client: MetrcClient, fake: FakeMetrc) -> None:
    fake.script = lambda call: JSONResponse({"Message": "No data was submitted."}, 400)
    with pytest.raises(
        MetrcValidationError, match=r"Metrc says: No data was submitted\."
    ) as caught:
        await client.post("/strains/v2", LICENCE, body=[{}])
    assert caught.value.rows == []


async def test_401_is_an_auth_error_keeping_metrc_s_message(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    fake.script = lambda call: JSONResponse(
        {"Message": "Facility does not have permission to record lab tests."}, 401
    )
    with pytest.raises(MetrcAuthError) as caught:
        await client.record_lab_test_results(LICENCE, [{"Label": "TAG1"}])
    assert caught.value.status == 401
    assert "Facility does not have permission to record lab tests." in caught.value.message
    assert "lacks the permission or the facility capability" in caught.value.message
    assert len(fake.calls) == 1


@pytest.mark.parametrize(
    ("status", "kind"),
    [(403, MetrcAuthError), (404, MetrcNotFound), (413, MetrcTooLarge), (415, MetrcError)],
)
async def test_statuses_map_to_typed_errors(
    client: MetrcClient, fake: FakeMetrc, status: int, kind: type[MetrcError]
) -> None:
    fake.script = lambda call: Response(status_code=status)
    with pytest.raises(kind) as caught:
        await client.get("/plants/v2/active", LICENCE)
    assert caught.value.status == status
    assert f"HTTP {status}" in caught.value.message
    assert len(fake.calls) == 1


async def test_connection_errors_on_reads_are_retried_then_typed(
    make_client: ClientFactory, sleeps: Sleeps
) -> None:
    client = make_client(base_url=f"http://127.0.0.1:{free_port()}")
    with pytest.raises(MetrcConnectionError, match="Could not reach Metrc") as caught:
        await client.packages_active(LICENCE)
    assert caught.value.status is None
    assert len(sleeps.calls) == 3  # four attempts
    sleeps.calls.clear()
    # Nothing was sent, so a write is retried too.
    with pytest.raises(MetrcConnectionError):
        await client.post("/strains/v2", LICENCE, body=[{"Name": "OG"}])
    assert len(sleeps.calls) == 3


async def test_read_timeouts_are_typed(make_client: ClientFactory, fake: FakeMetrc) -> None:
    client = make_client(read_timeout=0.05, retry=RetryPolicy(max_attempts=1))
    fake.delay = 0.5
    with pytest.raises(MetrcConnectionError, match="ReadTimeout"):
        await client.packages_active(LICENCE)
    with pytest.raises(MetrcConnectionError, match="may or may not have applied"):
        await client.post("/strains/v2", LICENCE, body=[{"Name": "OG"}])


# The hold tests wait for events (requests in flight), never for durations: these are
# safety nets only, generous so that a loaded machine makes the test slower, never red.
HOLD_SAFETY_NET = 120.0
PATIENT = {"connect_timeout": HOLD_SAFETY_NET, "read_timeout": HOLD_SAFETY_NET}


async def test_concurrency_is_capped_per_facility(
    make_client: ClientFactory, fake: FakeMetrc
) -> None:
    client = make_client(
        max_concurrency_per_facility=3, retry=RetryPolicy(max_attempts=1), **PATIENT
    )
    fake.hold_until = 6  # reachable only if each licence has a cap of its own
    fake.hold_timeout = HOLD_SAFETY_NET
    other = "SF-SBX-CO-24-8002"
    await asyncio.gather(
        *[client.packages_active(LICENCE) for _ in range(12)],
        *[client.packages_active(other) for _ in range(12)],
    )
    assert len(fake.calls) == 24
    assert fake.max_in_flight[LICENCE] == 3
    assert fake.max_in_flight[other] == 3
    assert fake.max_total_in_flight == 6  # each licence has its own cap


async def test_default_cap_is_ten(make_client: ClientFactory, fake: FakeMetrc) -> None:
    client = make_client(retry=RetryPolicy(max_attempts=1), **PATIENT)
    fake.hold_until = 10  # nothing is answered until ten are in flight at once
    fake.hold_timeout = HOLD_SAFETY_NET
    await asyncio.gather(*[client.packages_active(LICENCE) for _ in range(25)])
    assert fake.max_in_flight[LICENCE] == 10
    assert len(fake.calls) == 25


async def test_gets_are_capped_per_vendor_key_across_facilities(
    make_client: ClientFactory, fake: FakeMetrc
) -> None:
    client = make_client(
        max_concurrency_per_facility=3, max_concurrency_per_vendor=5,
        retry=RetryPolicy(max_attempts=1), **PATIENT,
    )  # fmt: skip
    fake.hold_until = 5  # three licences could hold nine at once; the vendor key allows five
    fake.hold_timeout = HOLD_SAFETY_NET
    licences = [LICENCE, "SF-SBX-CO-24-8002", "SF-SBX-CO-22-8002"]
    await asyncio.gather(*[client.packages_active(lic) for lic in licences for _ in range(6)])
    assert len(fake.calls) == 18
    assert fake.max_total_in_flight == 5
    assert max(fake.max_in_flight.values()) <= 3


async def test_default_vendor_cap_is_thirty(make_client: ClientFactory, fake: FakeMetrc) -> None:
    client = make_client(retry=RetryPolicy(max_attempts=1), **PATIENT)
    fake.hold_until = 30  # four licences of ten each could reach forty
    fake.hold_timeout = HOLD_SAFETY_NET
    licences = [f"SF-SBX-CO-2{n}-8002" for n in range(1, 5)]
    await asyncio.gather(*[client.packages_active(lic) for lic in licences for _ in range(12)])
    assert fake.max_total_in_flight == 30
    assert len(fake.calls) == 48


async def test_get_rate_is_capped_per_facility(make_client: ClientFactory, fake: FakeMetrc) -> None:
    client = make_client(max_gets_per_second_per_facility=50)
    started = time.monotonic()
    await asyncio.gather(*[client.packages_active(LICENCE) for _ in range(6)])
    assert time.monotonic() - started >= 5 / 50 - 0.005  # six GETs are five intervals apart


async def test_no_credentials_in_messages_or_reprs(
    client: MetrcClient, fake: FakeMetrc, credentials: MetrcCredentials
) -> None:
    # A server that echoes the Authorization header and the keys back in its error.
    def echo(call: Call) -> Response:
        return JSONResponse({"Message": f"Bad {call.authorization} {VENDOR_KEY} {USER_KEY}"}, 401)

    fake.script = echo
    with pytest.raises(MetrcAuthError) as caught:
        await client.packages_active(LICENCE)
    secrets = credentials.secrets()
    texts = [str(caught.value), repr(caught.value), caught.value.message, repr(credentials),
             str(credentials), repr(client)]  # fmt: skip
    for text in texts:
        for secret in secrets:
            assert secret not in text
    assert "<redacted>" in caught.value.message
    assert repr(credentials) == "MetrcCredentials(vendor_key=<hidden>, user_key=<hidden>)"


async def test_client_is_an_async_context_manager(
    fake: FakeMetrc, credentials: MetrcCredentials
) -> None:
    async with MetrcClient(fake.base_url, credentials=credentials) as client:
        await client.units_of_measure()
    assert fake.calls[0].path == "/unitsofmeasure/v2/active"
    with pytest.raises(RuntimeError):
        await client.units_of_measure()
