"""Login, session expiry and re-login, the request envelope, and secrecy."""

from __future__ import annotations

import asyncio
import logging

import httpx
import pytest

from tests.tracking.biotrack.conftest import URL
from tests.tracking.biotrack.fake_biotrack import FakeBioTrack
from trichome.tracking.biotrack import (
    BioTrackClient,
    BioTrackCredentials,
    BioTrackInputError,
    BioTrackLoginError,
    BioTrackSessionExpired,
)

pytestmark = pytest.mark.anyio


async def test_first_call_logs_in_and_carries_the_session(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    await client.sync_sales()
    await client.sync_plants()
    assert fake.actions() == ["login", "sync_sale", "sync_plant"]
    login, first, second = fake.calls
    assert login["license_number"] == fake.license_number and "sessionid" not in login
    assert first["sessionid"] == second["sessionid"] and first["sessionid"] in fake.sessions


async def test_every_request_is_the_documented_envelope(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    await client.sync_sales()
    await client.plant_destroy(["6033000000000402"])
    assert all(call["API"] == "4.0" and call["training"] == 1 for call in fake.calls)
    nonces = [call["nonce"] for call in fake.calls]
    assert len(set(nonces)) == len(nonces) == 3
    assert {kind.lower() for kind in fake.content_types} == {"text/json"}


async def test_an_expired_session_is_renewed_once_and_the_action_sent_again(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    await client.sync_sales()
    old = fake.calls[-1]["sessionid"]
    fake.expire_sessions()
    result = await client.plant_destroy(["6033000000000402"])
    assert result.transaction_id is not None
    assert fake.actions() == ["login", "sync_sale", "plant_destroy", "login", "plant_destroy"]
    retried = fake.calls[-1]
    assert retried["sessionid"] != old and retried["sessionid"] in fake.sessions
    assert retried["nonce"] != fake.calls[2]["nonce"]
    assert client.sessions.logins == 2


async def test_concurrent_calls_share_one_login_and_one_renewal(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    await asyncio.gather(*(client.sync_sales() for _ in range(4)))
    fake.expire_sessions()
    await asyncio.gather(*(client.sync_plants() for _ in range(4)))
    assert fake.actions().count("login") == 2 and client.sessions.logins == 2


async def test_a_session_that_stays_expired_raises_after_one_new_login(
    client: BioTrackClient, fake: FakeBioTrack
) -> None:
    fake.always_expired = True
    with pytest.raises(BioTrackSessionExpired) as caught:
        await client.sync_sales()
    assert fake.actions() == ["login", "sync_sale", "login", "sync_sale"]
    assert caught.value.errorcode == 63
    assert "session ended during sync_sale" in caught.value.message


async def test_a_refused_login_is_a_login_error_without_the_password(
    fake: FakeBioTrack,
) -> None:
    wrong = BioTrackCredentials(fake.license_number, fake.username, "not-the-Passw0rd")
    client = BioTrackClient.for_state(
        "NM", wrong, url=URL, transport=httpx.ASGITransport(app=fake.app())
    )
    with pytest.raises(BioTrackLoginError) as caught:
        await client.sync_sales()
    await client.aclose()
    assert fake.actions() == ["login"]
    assert "Invalid username or password" in caught.value.message
    assert "not-the-Passw0rd" not in str(caught.value) + repr(caught.value)


async def test_secrets_stay_out_of_logs_and_reprs(
    client: BioTrackClient, fake: FakeBioTrack, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    await client.sync_sales()
    fake.expire_sessions()
    await client.sync_sales()
    fake.queue("plant_destroy", {"success": 0, "error": f"Bad {fake.password}", "errorcode": 1})
    with pytest.raises(Exception) as caught:
        await client.plant_destroy(["6033000000000402"])
    sessionid = fake.calls[-1]["sessionid"]
    shown = " ".join(
        (
            caplog.text,
            repr(client),
            repr(client.sessions),
            repr(client.sessions.session),
            repr(client.sessions.credentials),
            str(caught.value),
            repr(caught.value),
        )
    )
    assert "BioTrack login for licence 990000100" in caplog.text
    assert fake.password not in shown and sessionid not in shown and fake.username not in shown
    assert "<redacted>" in str(caught.value)


def test_credentials_need_every_part() -> None:
    with pytest.raises(ValueError, match="licence number"):
        BioTrackCredentials(" ", "user", "pass")
    with pytest.raises(ValueError, match="username and the password"):
        BioTrackCredentials("990000100", "user", "")


def test_unknown_states_and_states_without_a_url_are_clear_errors() -> None:
    credentials = BioTrackCredentials("990000100", "user", "pass")
    with pytest.raises(BioTrackInputError, match="No BioTrack system is known for 'ZZ'"):
        BioTrackClient.for_state("ZZ", credentials)
    with pytest.raises(BioTrackInputError, match="No BioTrack API URL is known for Florida"):
        BioTrackClient.for_state("FL", credentials)
