"""Dashboard sign-in: login links, access tokens, sessions, cookies and logout."""

from __future__ import annotations

import re
from datetime import timedelta

import httpx
import pytest
from sqlalchemy import select

from tests.accounts.test_tokens import AUDIENCE, ISSUER, SECRET, hs256
from tests.conftest import reconfigured, started
from trichome.accounts.service import get_or_create_organization
from trichome.accounts.sessions import create_login_link, hash_token, owner_of
from trichome.accounts.users import user_for_email
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import DashboardSession, LoginLink, utcnow
from trichome.plans import Tier
from trichome.services.dashboard.app import create_app
from trichome.services.dashboard.session import LOGIN_CSRF_COOKIE, SESSION_COOKIE

pytestmark = pytest.mark.anyio


async def login_token(settings: Settings, org: str = "Acme", tier: Tier = Tier.OPERATOR) -> str:
    """A one-time login-link token for the owner of `org` (created on `tier`)."""
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, org, tier)
            owner = await owner_of(session, organization)
            token = await create_login_link(session, owner.id, organization.id, utcnow())
            await session.commit()
            return token
    finally:
        await engine.dispose()


async def login_token_for(settings: Settings, email: str) -> str:
    """A one-time login-link token for the user with `email` (new, with a personal org)."""
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            user = await user_for_email(session, email)
            token = await create_login_link(
                session, user.id, user.default_organization_id, utcnow()
            )
            await session.commit()
            return token
    finally:
        await engine.dispose()


async def sign_in_as(client: httpx.AsyncClient, settings: Settings, email: str) -> str:
    """Sign the client in as the user with `email`; returns where the sign-in went."""
    response = await client.get(
        "/login/link", params={"token": await login_token_for(settings, email)}
    )
    assert response.status_code == 303
    return str(response.headers["location"])


async def sign_in(client: httpx.AsyncClient, settings: Settings, **kwargs: object) -> None:
    """Sign the client in through a login link."""
    response = await client.get(
        "/login/link", params={"token": await login_token(settings, **kwargs)}
    )  # type: ignore[arg-type]
    assert response.status_code == 303 and response.headers["location"] == "/keys"


def csrf_of(page: httpx.Response) -> str:
    found = re.search(r'name="csrf_token" value="([0-9a-f]{64})"', page.text)
    assert found, page.text
    return found.group(1)


async def test_a_login_link_signs_in_once(settings: Settings) -> None:
    token = await login_token(settings)
    async with started(create_app(settings)) as client:
        first = await client.get("/login/link", params={"token": token})
        assert first.status_code == 303 and first.headers["location"] == "/keys"
        cookie = first.headers["set-cookie"]
        assert cookie.startswith(f"{SESSION_COOKIE}=")
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
        assert "Secure" not in cookie  # served on loopback
        assert first.headers["referrer-policy"] == "no-referrer"
        keys = await client.get("/keys")
        assert keys.status_code == 200 and "<h1>API keys</h1>" in keys.text
        assert 'aria-current="page"' in keys.text
        client.cookies.clear()
        second = await client.get("/login/link", params={"token": token})
    assert second.status_code == 400
    assert "no longer works" in second.text and SESSION_COOKIE not in second.headers.get(
        "set-cookie", ""
    )


async def test_only_hashes_are_stored(settings: Settings) -> None:
    token = await login_token(settings)
    async with started(create_app(settings)) as client:
        response = await client.get("/login/link", params={"token": token})
        session_token = response.cookies[SESSION_COOKIE]
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        links = list(await session.scalars(select(LoginLink.token_hash)))
        sessions = list(await session.scalars(select(DashboardSession.token_hash)))
    await engine.dispose()
    assert links == [hash_token(token)] and sessions == [hash_token(session_token)]


async def test_expired_links_and_sessions_are_refused(settings: Settings) -> None:
    token = await login_token(settings)
    later = utcnow() + timedelta(hours=13)
    async with started(create_app(settings, clock=lambda: later)) as client:
        assert (await client.get("/login/link", params={"token": token})).status_code == 400
    async with started(create_app(settings)) as client:
        await sign_in(client, settings, org="Other")
        session_cookie = client.cookies[SESSION_COOKIE]
    async with started(create_app(settings, clock=lambda: later)) as client:
        client.cookies.set(SESSION_COOKIE, session_cookie)
        response = await client.get("/keys")
    assert response.status_code == 303 and response.headers["location"] == "/login"


@pytest.mark.parametrize(
    "path", ["/", "/keys", "/usage", "/endpoints", "/subscription", "/feedback", "/team"]
)
async def test_pages_without_a_session_redirect_to_sign_in(settings: Settings, path: str) -> None:
    async with started(create_app(settings)) as client:
        client.cookies.set(SESSION_COOKIE, "forged")
        response = await client.get(path)
    assert response.status_code == 303 and response.headers["location"] == "/login"


async def test_the_login_page_without_and_with_google(settings: Settings) -> None:
    async with started(create_app(settings)) as client:
        page = await client.get("/login")
    assert page.status_code == 200 and "not configured" in page.text
    assert ".venv/bin/trichome dashboard login-link" in page.text
    configured = reconfigured(
        settings, jwt_secret=SECRET, jwt_issuer=ISSUER, jwt_audience=AUDIENCE,
        auth_provider_url="https://auth.example.test", auth_public_key="pk_test_1",
    )  # fmt: skip
    async with started(create_app(configured)) as client:
        page = await client.get("/login")
    assert "https://auth.example.test/authorize?provider=google" in page.text
    assert "apikey=pk_test_1" in page.text
    assert "form-action 'self' https://auth.example.test" in page.headers["content-security-policy"]


async def test_an_access_token_becomes_a_session(settings: Settings) -> None:
    configured = reconfigured(settings, jwt_secret=SECRET, jwt_issuer=ISSUER, jwt_audience=AUDIENCE)
    async with started(create_app(configured)) as client:
        callback = await client.get("/login/callback")
        assert '<script src="/static/login.js">' in callback.text
        login_csrf = client.cookies[LOGIN_CSRF_COOKIE]
        for other in ("other", "ötherś"):
            forged = await client.post("/login/token", data={"token": hs256(), "login_csrf": other})
            assert forged.status_code == 403 and SESSION_COOKIE not in client.cookies
        expired = await client.post(
            "/login/token", data={"token": hs256(exp=1), "login_csrf": login_csrf}
        )
        assert expired.status_code == 401 and "expired" in expired.text
        response = await client.post(
            "/login/token", data={"token": hs256(), "login_csrf": login_csrf}
        )
        assert response.status_code == 303 and response.headers["location"] == "/keys"
        page = await client.get("/keys")
    assert page.status_code == 200 and "grower@example.test" in page.text


async def test_tokens_are_refused_when_not_configured(settings: Settings) -> None:
    async with started(create_app(settings)) as client:
        response = await client.post("/login/token", data={"token": "a.b.c", "login_csrf": "x"})
    assert response.status_code == 503


async def test_secure_cookies_outside_loopback(settings: Settings) -> None:
    public = reconfigured(settings, dashboard_url="https://dashboard.example.com")
    async with started(create_app(public)) as client:
        response = await client.get("/login/link", params={"token": await login_token(settings)})
    assert "Secure" in response.headers["set-cookie"]


async def test_logout_needs_csrf_and_ends_the_session(settings: Settings) -> None:
    async with started(create_app(settings)) as client:
        await sign_in(client, settings)
        cookie = client.cookies[SESSION_COOKIE]
        refused = await client.post("/logout", data={"csrf_token": "0" * 64})
        assert refused.status_code == 403
        assert (await client.get("/keys")).status_code == 200
        csrf = csrf_of(await client.get("/keys"))
        response = await client.post("/logout", data={"csrf_token": csrf})
        assert response.status_code == 303 and response.headers["location"] == "/login"
        client.cookies.set(SESSION_COOKIE, cookie)  # the old cookie is worthless now
        assert (await client.get("/keys")).status_code == 303


async def _member_of(settings: Settings, email: str, org: str, role: str = "member") -> str:
    """Make the user with `email` a member of `org` (a Team org with a key); its id."""
    from trichome.accounts.service import create_api_key
    from trichome.db.models import Membership

    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization, _ = await get_or_create_organization(session, org, Tier.TEAM)
            await create_api_key(session, organization, f"{org} key")
            user = await user_for_email(session, email)
            session.add(Membership(user_id=user.id, organization_id=organization.id, role=role))
            await session.commit()
            return organization.id
    finally:
        await engine.dispose()


async def test_switching_organisation_shows_its_pages(settings: Settings) -> None:
    crew = await _member_of(settings, "bob@example.com", "Crew")
    other = await _member_of(settings, "carol@example.com", "Elsewhere")
    async with started(create_app(settings)) as client:
        await sign_in_as(client, settings, "bob@example.com")
        personal = await client.get("/keys")
        assert "No keys yet" in personal.text and "Crew key" not in personal.text
        assert 'id="organization-switch"' in personal.text and ">Crew</option>" in personal.text
        assert "Elsewhere" not in personal.text
        csrf = csrf_of(personal)
        forged = await client.post("/organization", data={"organization_id": crew})
        assert forged.status_code == 403
        switched = await client.post(
            "/organization",
            data={"organization_id": crew, "next": "/usage", "csrf_token": csrf},
        )
        assert switched.status_code == 303 and switched.headers["location"] == "/usage"
        keys = await client.get("/keys")
        assert "Crew key" in keys.text and "· Crew (Team)" in keys.text
        refused = await client.post(
            "/organization", data={"organization_id": other, "csrf_token": csrf}
        )
        assert refused.status_code == 404 and "not a member" in refused.text
        assert "Crew key" in (await client.get("/keys")).text
        # Only the dashboard's own pages are places to return to.
        for sneaky in ("https://evil.example/keys", "//evil.example", "/keys/x/revoke"):
            back = await client.post(
                "/organization", data={"organization_id": crew, "next": sneaky, "csrf_token": csrf}
            )
            assert back.headers["location"] == "/keys"
        cookie = client.cookies[SESSION_COOKIE]
    async with started(create_app(settings)) as later:  # the session remembers the choice
        later.cookies.set(SESSION_COOKIE, cookie)
        assert "Crew key" in (await later.get("/keys")).text


async def test_one_organisation_means_no_switcher(settings: Settings) -> None:
    async with started(create_app(settings)) as client:
        await sign_in(client, settings)
        page = await client.get("/keys")
    assert "organization-switch" not in page.text


async def test_signing_in_deletes_expired_sessions_and_links(settings: Settings) -> None:
    from trichome.accounts.invitations import invite
    from trichome.db.models import Invitation

    token = await login_token(settings, org="Crew", tier=Tier.TEAM)
    now = utcnow()
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        [link] = await session.scalars(select(LoginLink))
        expired_link = await create_login_link(
            session, link.user_id, link.organization_id, now - timedelta(hours=1)
        )
        for days, email in ((-1, "recent@example.com"), (-31, "old@example.com")):
            await invite(
                session, link.organization_id, email, "member", link.user_id,
                now + timedelta(days=days) - timedelta(days=7),
            )  # fmt: skip
        session.add(
            DashboardSession(
                token_hash="stale", user_id=link.user_id, organization_id=link.organization_id,
                created_at=now - timedelta(days=1), expires_at=now - timedelta(hours=1),
            )
        )  # fmt: skip
        await session.commit()
    async with started(create_app(settings)) as client:
        response = await client.get("/login/link", params={"token": token})
        assert response.status_code == 303
    async with create_sessionmaker(engine)() as session:
        sessions = list(await session.scalars(select(DashboardSession.token_hash)))
        links = list(await session.scalars(select(LoginLink.token_hash)))
        invited = list(await session.scalars(select(Invitation.email)))
    await engine.dispose()
    assert sessions == [hash_token(response.cookies[SESSION_COOKIE])]
    assert links == [hash_token(token)] and hash_token(expired_link) not in links
    # Expired invitations stay 30 days, so the invitee still reads "expired".
    assert invited == ["recent@example.com"]
