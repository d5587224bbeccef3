"""The authorization endpoint in a browser's shoes: signing in first and coming back, the
consent page, choosing the organisation, CSRF, denying, and requests that cannot proceed."""

from __future__ import annotations

import base64
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from sqlalchemy import select

from tests.conftest import started
from tests.services.dashboard.test_web_login import login_token, sign_in, sign_in_as
from tests.support.oauth import (
    REDIRECT_URI,
    Pkce,
    authorization_url,
    consent,
    exchange,
    page_form,
    redirect_params,
    register,
)
from trichome.accounts.service import get_or_create_organization
from trichome.accounts.users import MEMBER
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Membership, OAuthCode, OAuthGrant, User
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard
from trichome.services.dashboard.session import AUTHORIZE_COOKIE, SESSION_COOKIE

pytestmark = pytest.mark.anyio


async def _codes(settings: Settings) -> list[OAuthCode]:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        found = list(await session.scalars(select(OAuthCode)))
    await engine.dispose()
    return found


async def test_a_signed_out_visitor_signs_in_and_comes_back_to_the_consent(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        client = await register(web, client_name="Claude Desktop")
        url = authorization_url("", client["client_id"], Pkce.new())
        page = await web.get(url)
        assert page.status_code == 200
        assert "Sign in to connect Claude Desktop" in page.text
        assert ".venv/bin/trichome dashboard login-link" in page.text
        cookie = page.headers["set-cookie"]
        assert cookie.startswith(f"{AUTHORIZE_COOKIE}=") and "Path=/login" in cookie
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie
        back = await web.get(
            "/login/link", params={"token": await login_token(settings, "Grower Co")}
        )
        assert back.status_code == 303 and back.headers["location"] == url
        [cleared] = [c for c in back.headers.get_list("set-cookie") if AUTHORIZE_COOKIE in c]
        assert "Max-Age=0" in cleared and "Path=/login" in cleared
        consent_page = await web.get(back.headers["location"])
    assert consent_page.status_code == 200
    assert "<h1>Connect Claude Desktop to Trichome</h1>" in consent_page.text
    assert REDIRECT_URI in consent_page.text  # where the browser will return
    assert "http://127.0.0.1:8001/api/mcp" in consent_page.text  # the resource
    assert "Also let it change Metrc records" in consent_page.text
    policy = consent_page.headers["content-security-policy"]
    assert "form-action 'self' http://127.0.0.1:33418;" in policy


async def test_a_forged_return_cookie_goes_nowhere_else(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        forged = base64.urlsafe_b64encode(b"x=1\r\nLocation: https://evil.example").decode()
        web.cookies.set(AUTHORIZE_COOKIE, forged, path="/login")
        back = await web.get("/login/link", params={"token": await login_token(settings)})
    assert back.status_code == 303 and back.headers["location"] == "/keys"


async def test_consenting_redirects_with_a_code_state_and_issuer(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        client = await register(web)
        url = authorization_url("", client["client_id"], Pkce.new(), state="my-state")
        answer = await consent(web, url)
    params = redirect_params(answer)
    assert answer.status_code == 303
    assert answer.headers["location"].startswith(REDIRECT_URI + "?")
    assert params["state"] == "my-state" and params["iss"] == "http://127.0.0.1:8003"
    assert params["code"].startswith("mcp_code_")
    [code] = await _codes(settings)
    assert code.code_hash != params["code"] and params["code"] not in code.code_hash


async def test_the_consent_post_needs_the_sessions_csrf_token(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        client = await register(web)
        page = await web.get(authorization_url("", client["client_id"], Pkce.new()))
        fields = {**page_form(page.text).fields, "decision": "allow"}
        missing = await web.post("/oauth/authorize", data={**fields, "csrf_token": ""})
        other = await web.post("/oauth/authorize", data={**fields, "csrf_token": "0" * 64})
    for refused in (missing, other):
        assert refused.status_code == 403 and "location" not in refused.headers
        assert "nothing was changed" in refused.text
    assert await _codes(settings) == []


async def test_denying_tells_the_client_access_denied(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        client = await register(web)
        url = authorization_url("", client["client_id"], Pkce.new(), state="s1")
        answer = await consent(web, url, decision="deny")
    params = redirect_params(answer)
    assert params["error"] == "access_denied" and params["state"] == "s1" and "code" not in params
    assert await _codes(settings) == []


async def test_the_user_chooses_among_their_organisations(settings: Settings) -> None:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        team, _ = await get_or_create_organization(session, "Crew", Tier.TEAM)
        await get_or_create_organization(session, "Pro Shop", Tier.PRO)
        await session.commit()
    async with started(dashboard.create_app(settings)) as web:
        await sign_in_as(web, settings, "dana@example.com")
        async with create_sessionmaker(engine)() as session:
            dana = await session.scalar(select(User).where(User.email == "dana@example.com"))
            assert dana is not None
            session.add(Membership(user_id=dana.id, organization_id=team.id, role=MEMBER))
            await session.commit()
        client = await register(web)
        pkce = Pkce.new()
        url = authorization_url("", client["client_id"], pkce)
        page = await web.get(url)
        form = page_form(page.text)
        radios = dict(form.radios["organization_id"])
        # The personal Free organisation is listed but cannot be chosen; Crew is preselected.
        assert radios[team.id] is False and list(radios.values()).count(True) == 1
        assert form.fields["organization_id"] == team.id
        assert "the tools need the Operator or Team tier" in page.text
        personal = next(org for org, disabled in radios.items() if disabled)
        forced = await consent(web, url, organization_id=personal)
        assert forced.status_code == 400 and "Operator or Team" in forced.text
        answer = await consent(web, url, organization_id=team.id, allow_write=False)
        tokens = await exchange(web, client["client_id"], redirect_params(answer)["code"],
                                pkce.verifier)  # fmt: skip
    assert tokens.json()["scope"] == "tools:read"  # write access unticked
    async with create_sessionmaker(engine)() as session:
        [grant] = list(await session.scalars(select(OAuthGrant)))
    await engine.dispose()
    assert grant.organization_id == team.id and grant.user_id == dana.id


async def test_a_user_without_an_operator_organisation_cannot_connect(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Tiny", tier=Tier.FREE)
        client = await register(web)
        page = await web.get(authorization_url("", client["client_id"], Pkce.new()))
        assert "None of your organisations can use the tools" in page.text
        assert ">Allow<" not in page.text and ">Deny<" in page.text
        form = page_form(page.text)
        answer = await web.post(
            "/oauth/authorize",
            data={**form.fields, "decision": "allow", "organization_id": "org_whatever"},
        )
    assert answer.status_code == 400 and await _codes(settings) == []


async def test_unknown_clients_and_unregistered_redirects_are_shown_not_redirected(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        client = await register(web, redirect_uris=[REDIRECT_URI, "cursor://app/cb"])
        pkce = Pkce.new()
        unknown = await web.get(authorization_url("", "mcpc_nope", pkce))
        elsewhere = await web.get(
            authorization_url("", client["client_id"], pkce, redirect_uri="https://evil.example/cb")
        )
        near_miss = await web.get(
            authorization_url("", client["client_id"], pkce, redirect_uri=REDIRECT_URI + "/")
        )
        unnamed = await web.get(authorization_url("", client["client_id"], pkce, redirect_uri=""))
        doubled = await web.get(
            authorization_url("", client["client_id"], pkce) + "&client_id=mcpc_other"
        )
    for page in (unknown, elsewhere, near_miss, unnamed, doubled):
        assert page.status_code == 400 and "location" not in page.headers, page.text[:300]
        assert "This sign-in request cannot be completed" in page.text
    assert "not registered here" in unknown.text
    assert "not one this client registered" in elsewhere.text


@pytest.mark.parametrize(
    ("change", "error"),
    [
        ({"code_challenge": ""}, "invalid_request"),
        ({"code_challenge_method": "plain"}, "invalid_request"),
        ({"code_challenge_method": ""}, "invalid_request"),
        ({"code_challenge": "too-short"}, "invalid_request"),
        ({"response_type": "token"}, "unsupported_response_type"),
        ({"resource": "https://elsewhere.example/api/mcp"}, "invalid_target"),
        ({"resource": "http://127.0.0.1:8001/api/mcp#frag"}, "invalid_target"),
        ({"resource": "http://[::1"}, "invalid_target"),
        ({"state": "s2", "scope": "x" * 3000}, "invalid_request"),
    ],
)
async def test_other_bad_requests_go_back_to_the_client_with_the_error(
    settings: Settings, change: dict[str, str], error: str
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        client = await register(web)
        url = authorization_url("", client["client_id"], Pkce.new(), state="s2")
        parts = urlsplit(url)
        query = {**dict(parse_qsl(parts.query)), **change}
        answer = await web.get(f"{parts.path}?{urlencode(query)}")
    params = redirect_params(answer)
    assert answer.status_code == 302
    assert params["error"] == error and params["state"] == "s2"
    assert params["iss"] == "http://127.0.0.1:8003" and params["error_description"]


async def test_a_single_registered_redirect_uri_may_be_left_out(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.OPERATOR)
        client = await register(web)
        pkce = Pkce.new()
        answer = await consent(
            web, authorization_url("", client["client_id"], pkce, redirect_uri="")
        )
        code = redirect_params(answer)["code"]
        without = await exchange(web, client["client_id"], code, pkce.verifier, redirect_uri=None)
    assert answer.headers["location"].startswith(REDIRECT_URI)
    assert without.status_code == 200, without.text


async def test_the_session_cookie_is_what_signs_in(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        client = await register(web)
        web.cookies.set(SESSION_COOKIE, "forged")
        page = await web.get(authorization_url("", client["client_id"], Pkce.new()))
    assert page.status_code == 200 and "Sign in to connect" in page.text
