"""The dashboard's OAuth endpoints for MCP clients: metadata, registration, the token
endpoint (codes with PKCE, refresh rotation and reuse detection) and revocation."""

from __future__ import annotations

import asyncio
import base64
from collections.abc import AsyncIterator
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select

from tests.conftest import started
from tests.services.dashboard.test_web_login import sign_in
from tests.support.oauth import (
    FORM,
    REDIRECT_URI,
    Pkce,
    authorization_url,
    connect,
    consent,
    exchange,
    redirect_params,
    refresh,
    register,
)
from trichome.accounts.oauth import hash_secret
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import OAuthClient, OAuthCode, OAuthGrant, OAuthToken, utcnow
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio
ISSUER = "http://127.0.0.1:8003"


@pytest.fixture
async def web(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    """The dashboard, signed in as the owner of an Operator organisation."""
    async with started(dashboard.create_app(settings)) as client:
        await sign_in(client, settings, org="Grower Co", tier=Tier.OPERATOR)
        yield client


async def _code(web: httpx.AsyncClient, client_id: str, pkce: Pkce, **extra: str) -> str:
    answer = await consent(web, authorization_url("", client_id, pkce, **extra))
    params = redirect_params(answer)
    assert params["iss"] == ISSUER
    return params["code"]


async def test_metadata_describes_the_authorization_server(web: httpx.AsyncClient) -> None:
    response = await web.get("/.well-known/oauth-authorization-server")
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == "*"
    metadata = response.json()
    assert metadata["issuer"] == ISSUER
    assert metadata["authorization_endpoint"] == f"{ISSUER}/oauth/authorize"
    assert metadata["token_endpoint"] == f"{ISSUER}/oauth/token"
    assert metadata["registration_endpoint"] == f"{ISSUER}/oauth/register"
    assert metadata["revocation_endpoint"] == f"{ISSUER}/oauth/revoke"
    assert metadata["code_challenge_methods_supported"] == ["S256"]
    assert metadata["grant_types_supported"] == ["authorization_code", "refresh_token"]
    assert metadata["scopes_supported"] == ["tools:read", "tools:write"]
    assert metadata["authorization_response_iss_parameter_supported"] is True
    preflight = await web.options(
        "/oauth/token",
        headers={"Origin": "http://localhost:6274", "Access-Control-Request-Method": "POST"},
    )
    assert preflight.status_code == 204 and preflight.headers["access-control-allow-origin"] == "*"


async def test_registration_echoes_the_client_and_keeps_secrets_hashed(
    web: httpx.AsyncClient, settings: Settings
) -> None:
    public = await register(web, client_name="Cursor", software_id="cursor", logo_uri="")
    assert public["client_id"].startswith("mcpc_") and "client_secret" not in public
    assert public["token_endpoint_auth_method"] == "none"
    assert public["redirect_uris"] == [REDIRECT_URI] and public["client_name"] == "Cursor"
    assert public["grant_types"] == ["authorization_code", "refresh_token"]
    assert public["scope"] == "tools:read tools:write"
    # RFC 7591's defaults: client_secret_basic and the authorization_code grant only.
    response = await web.post("/oauth/register", json={"redirect_uris": [REDIRECT_URI]})
    confidential = response.json()
    assert response.status_code == 201
    assert confidential["token_endpoint_auth_method"] == "client_secret_basic"
    assert confidential["grant_types"] == ["authorization_code"]
    assert confidential["client_secret"].startswith("mcp_cs_")
    assert confidential["client_secret_expires_at"] == 0
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        stored = await session.get(OAuthClient, confidential["client_id"])
    await engine.dispose()
    assert stored is not None
    assert stored.secret_hash == hash_secret(confidential["client_secret"])
    assert confidential["client_secret"] not in str(stored.client_metadata)


@pytest.mark.parametrize(
    ("body", "error", "words"),
    [
        ({"redirect_uris": ["http://example.com/cb"]}, "invalid_redirect_uri", "not loopback"),
        ({"redirect_uris": ["javascript:alert(1)"]}, "invalid_redirect_uri", "javascript"),
        ({"redirect_uris": ["https://a.example/cb#x"]}, "invalid_redirect_uri", "fragment"),
        ({"redirect_uris": []}, "invalid_redirect_uri", "non-empty"),
        ({"client_name": "no uris"}, "invalid_redirect_uri", "non-empty"),
        ({"redirect_uris": [REDIRECT_URI], "grant_types": ["client_credentials"]},
         "invalid_client_metadata", "client_credentials"),
        ({"redirect_uris": [REDIRECT_URI], "grant_types": ["refresh_token"]},
         "invalid_client_metadata", "authorization_code"),
        ({"redirect_uris": [REDIRECT_URI], "token_endpoint_auth_method": "private_key_jwt"},
         "invalid_client_metadata", "token_endpoint_auth_method"),
        ({"redirect_uris": [REDIRECT_URI], "response_types": ["token"]},
         "invalid_client_metadata", "response_types"),
        ({"redirect_uris": [REDIRECT_URI], "client_name": 7}, "invalid_client_metadata", "client_name"),
        ([REDIRECT_URI], "invalid_client_metadata", "JSON object"),
    ],
)  # fmt: skip
async def test_registration_refusals_say_what_is_wrong(
    web: httpx.AsyncClient, body: object, error: str, words: str
) -> None:
    response = await web.post("/oauth/register", json=body)
    assert response.status_code == 400
    assert response.json()["error"] == error
    assert words in response.json()["error_description"]


async def test_registration_of_something_not_json_is_a_400(web: httpx.AsyncClient) -> None:
    response = await web.post("/oauth/register", content=b"{nope", headers=FORM)
    assert response.status_code == 400 and response.json()["error"] == "invalid_client_metadata"


async def test_a_code_becomes_tokens_once(web: httpx.AsyncClient, settings: Settings) -> None:
    client = await register(web)
    pkce = Pkce.new()
    code = await _code(web, client["client_id"], pkce)
    first = await exchange(web, client["client_id"], code, pkce.verifier)
    assert first.status_code == 200, first.text
    assert first.headers["cache-control"] == "no-store"
    tokens = first.json()
    assert tokens["token_type"] == "Bearer" and tokens["expires_in"] == 3600
    assert tokens["scope"] == "tools:read tools:write"
    assert tokens["access_token"].startswith("mcp_at_")
    assert tokens["refresh_token"].startswith("mcp_rt_")
    # The same code again: refused, and what it was exchanged for is revoked.
    again = await exchange(web, client["client_id"], code, pkce.verifier)
    assert again.status_code == 400 and again.json()["error"] == "invalid_grant"
    assert "already used" in again.json()["error_description"]
    after = await refresh(web, client["client_id"], tokens["refresh_token"])
    assert after.status_code == 400 and after.json()["error"] == "invalid_grant"
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        [grant] = list(await session.scalars(select(OAuthGrant)))
        stored = list(await session.scalars(select(OAuthToken)))
        codes = list(await session.scalars(select(OAuthCode.code_hash)))
    await engine.dispose()
    assert grant.revoked_reason == "code_reused" and stored == []
    assert codes == [hash_secret(code)]


@pytest.mark.parametrize(
    ("verifier", "error"),
    [(None, "invalid_request"), ("wrong" * 10, "invalid_grant"), ("short", "invalid_grant")],
)
async def test_a_missing_or_wrong_pkce_verifier_is_refused(
    web: httpx.AsyncClient, verifier: str | None, error: str
) -> None:
    client = await register(web)
    pkce = Pkce.new()
    code = await _code(web, client["client_id"], pkce)
    refused = await exchange(web, client["client_id"], code, verifier)
    assert refused.status_code == 400 and refused.json()["error"] == error
    assert "code_verifier" in refused.json()["error_description"]
    # A failed verifier does not burn the code for its rightful holder.
    good = await exchange(web, client["client_id"], code, pkce.verifier)
    assert good.status_code == 200


async def test_the_code_is_bound_to_its_client_redirect_uri_and_resource(
    web: httpx.AsyncClient,
) -> None:
    client = await register(web, redirect_uris=[REDIRECT_URI, "http://127.0.0.1:9/other"])
    other = await register(web)
    pkce = Pkce.new()
    code = await _code(web, client["client_id"], pkce)
    stolen = await exchange(web, other["client_id"], code, pkce.verifier)
    moved = await exchange(
        web, client["client_id"], code, pkce.verifier, redirect_uri="http://127.0.0.1:9/other"
    )
    dropped = await exchange(web, client["client_id"], code, pkce.verifier, redirect_uri=None)
    elsewhere = await exchange(
        web, client["client_id"], code, pkce.verifier, resource="http://127.0.0.1:8001/api/chat"
    )
    broken = await exchange(web, client["client_id"], code, pkce.verifier, resource="http://[::1")
    for refused, error in ((stolen, "invalid_grant"), (moved, "invalid_grant"),
                           (dropped, "invalid_grant"), (elsewhere, "invalid_target"),
                           (broken, "invalid_target")):  # fmt: skip
        assert refused.status_code == 400 and refused.json()["error"] == error, refused.text
    assert (await exchange(web, client["client_id"], code, pkce.verifier)).status_code == 200


async def test_codes_expire_after_five_minutes(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        client = await register(web)
        pkce = Pkce.new()
        code = await _code(web, client["client_id"], pkce)
    later = utcnow() + timedelta(minutes=6)
    async with started(dashboard.create_app(settings, clock=lambda: later)) as web:
        refused = await exchange(web, client["client_id"], code, pkce.verifier)
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant"
    assert "expired" in refused.json()["error_description"]


async def test_refresh_tokens_rotate_and_a_reused_one_revokes_the_family(
    web: httpx.AsyncClient,
) -> None:
    client, tokens = await connect(web)
    rotated = await refresh(web, client["client_id"], tokens["refresh_token"])
    assert rotated.status_code == 200, rotated.text
    second = rotated.json()
    assert second["refresh_token"] != tokens["refresh_token"]
    assert second["access_token"] != tokens["access_token"]
    narrowed = await refresh(web, client["client_id"], second["refresh_token"], scope="tools:read")
    assert narrowed.status_code == 200 and narrowed.json()["scope"] == "tools:read"
    third = narrowed.json()
    wider = await refresh(web, client["client_id"], third["refresh_token"], scope="tools:write")
    assert wider.status_code == 400 and wider.json()["error"] == "invalid_scope"
    # The first refresh token, replaced long ago, comes back: someone holds a copy.
    reused = await refresh(web, client["client_id"], tokens["refresh_token"])
    assert reused.status_code == 400 and reused.json()["error"] == "invalid_grant"
    assert "already used" in reused.json()["error_description"]
    latest = await refresh(web, client["client_id"], third["refresh_token"])
    assert latest.status_code == 400 and "revoked" in latest.json()["error_description"]


async def test_refresh_tokens_expire(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        client, tokens = await connect(web)
    later = utcnow() + timedelta(days=31)
    async with started(dashboard.create_app(settings, clock=lambda: later)) as web:
        refused = await refresh(web, client["client_id"], tokens["refresh_token"])
    assert refused.status_code == 400 and "expired" in refused.json()["error_description"]


async def test_confidential_clients_authenticate_with_their_secret(
    web: httpx.AsyncClient,
) -> None:
    client = await register(web, token_endpoint_auth_method="client_secret_basic")
    client_id, secret = client["client_id"], client["client_secret"]
    pkce = Pkce.new()
    code = await _code(web, client_id, pkce)
    data = {"grant_type": "authorization_code", "code": code, "code_verifier": pkce.verifier,
            "redirect_uri": REDIRECT_URI}  # fmt: skip
    basic = "Basic " + base64.b64encode(f"{client_id}:{secret}".encode()).decode()
    wrong = "Basic " + base64.b64encode(f"{client_id}:nope".encode()).decode()
    missing = await web.post("/oauth/token", data={**data, "client_id": client_id})
    bad = await web.post("/oauth/token", data=data, headers={"Authorization": wrong})
    doubled = await web.post(
        "/oauth/token", data={**data, "client_secret": secret}, headers={"Authorization": basic}
    )
    for refused in (missing, bad):
        assert refused.status_code == 401 and refused.json()["error"] == "invalid_client"
        assert refused.headers["www-authenticate"].startswith("Basic")
    assert doubled.status_code == 400 and doubled.json()["error"] == "invalid_request"
    good = await web.post("/oauth/token", data=data, headers={"Authorization": basic})
    assert good.status_code == 200, good.text
    # The secret in the form (client_secret_post) is accepted as well.
    refresh_token = good.json()["refresh_token"]
    assert (await refresh(web, client_id, refresh_token)).status_code == 401
    refreshed = await refresh(web, client_id, refresh_token, client_secret=secret)
    assert refreshed.status_code == 200, refreshed.text


async def test_a_client_without_the_refresh_grant_gets_no_refresh_token(
    web: httpx.AsyncClient,
) -> None:
    client = await register(web, grant_types=["authorization_code"])
    pkce = Pkce.new()
    code = await _code(web, client["client_id"], pkce)
    tokens = (await exchange(web, client["client_id"], code, pkce.verifier)).json()
    assert "refresh_token" not in tokens and tokens["access_token"]
    refused = await refresh(web, client["client_id"], "mcp_rt_anything")
    assert refused.status_code == 400 and refused.json()["error"] == "unauthorized_client"


async def test_public_clients_send_no_secret_and_unknown_clients_are_refused(
    web: httpx.AsyncClient,
) -> None:
    client, tokens = await connect(web)
    with_secret = await refresh(
        web, client["client_id"], tokens["refresh_token"], client_secret="x"
    )
    unknown = await refresh(web, "mcpc_unknown", tokens["refresh_token"])
    nobody = await web.post("/oauth/token", data={"grant_type": "refresh_token"})
    for refused in (with_secret, unknown, nobody):
        assert refused.status_code == 401 and refused.json()["error"] == "invalid_client"


@pytest.mark.parametrize(
    ("content", "headers", "error"),
    [
        (b'{"grant_type": "refresh_token"}', {"Content-Type": "application/json"}, "invalid_request"),
        (b"grant_type=a&grant_type=b", FORM, "invalid_request"),
        (b"\xff\xfe", FORM, "invalid_request"),
        (b"grant_type=password&client_id=CLIENT", FORM, "unsupported_grant_type"),
        (b"client_id=CLIENT", FORM, "invalid_request"),
        (b"grant_type=refresh_token&client_id=CLIENT", FORM, "invalid_request"),
        (b"grant_type=authorization_code&client_id=CLIENT&code=nope&code_verifier=x",
         FORM, "invalid_grant"),
    ],
)  # fmt: skip
async def test_malformed_token_requests_are_400s(
    web: httpx.AsyncClient, content: bytes, headers: dict[str, str], error: str
) -> None:
    client = await register(web)
    body = content.replace(b"CLIENT", client["client_id"].encode())
    response = await web.post("/oauth/token", content=body, headers=headers)
    assert response.status_code == 400, response.text
    assert response.json()["error"] == error


async def test_revocation(web: httpx.AsyncClient) -> None:
    client, tokens = await connect(web)
    other, _ = await connect(web)
    revoke = {"client_id": client["client_id"]}
    not_theirs = await web.post(
        "/oauth/revoke", data={"client_id": other["client_id"], "token": tokens["refresh_token"]}
    )
    assert not_theirs.status_code == 400 and not_theirs.json()["error"] == "unauthorized_client"
    unknown = await web.post("/oauth/revoke", data={**revoke, "token": "mcp_rt_unknown"})
    assert unknown.status_code == 200
    hint = await web.post(
        "/oauth/revoke", data={**revoke, "token": "x", "token_type_hint": "id_token"}
    )
    assert hint.status_code == 400 and hint.json()["error"] == "unsupported_token_type"
    access = await web.post("/oauth/revoke", data={**revoke, "token": tokens["access_token"]})
    assert access.status_code == 200
    # Revoking the access token leaves the grant: the refresh token still works.
    rotated = await refresh(web, client["client_id"], tokens["refresh_token"])
    assert rotated.status_code == 200
    ended = await web.post(
        "/oauth/revoke",
        data={
            **revoke,
            "token": rotated.json()["refresh_token"],
            "token_type_hint": "refresh_token",
        },
    )
    assert ended.status_code == 200
    after = await refresh(web, client["client_id"], rotated.json()["refresh_token"])
    assert after.status_code == 400 and after.json()["error"] == "invalid_grant"


async def test_one_refresh_token_used_twice_at_once_is_a_reuse(web: httpx.AsyncClient) -> None:
    client, tokens = await connect(web)
    answers = await asyncio.gather(
        *(refresh(web, client["client_id"], tokens["refresh_token"]) for _ in range(2))
    )
    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [200, 400], [answer.text for answer in answers]
    winner = next(answer for answer in answers if answer.status_code == 200).json()
    # Two holders of one token: the family is revoked, the winner's new token included.
    after = await refresh(web, client["client_id"], winner["refresh_token"])
    assert after.status_code == 400 and after.json()["error"] == "invalid_grant"


async def test_registrations_are_limited_per_address_and_hour(settings: Settings) -> None:
    from trichome.services.dashboard.routes.oauth import REGISTRATIONS_PER_HOUR

    moment = utcnow().replace(minute=30)
    async with started(dashboard.create_app(settings, clock=lambda: moment)) as web:
        refused = await web.post("/oauth/register", json={"redirect_uris": ["http://x.example"]})
        assert refused.status_code == 400  # refusals do not count
        for _ in range(REGISTRATIONS_PER_HOUR):
            await register(web)
        over = await web.post("/oauth/register", json={"redirect_uris": [REDIRECT_URI]})
    assert over.status_code == 429 and over.json()["error"] == "too_many_registrations"
    assert 0 < int(over.headers["retry-after"]) <= 1800
    next_hour = moment + timedelta(hours=1)
    async with started(dashboard.create_app(settings, clock=lambda: next_hour)) as web:
        assert (await register(web))["client_id"]
