"""Opening and accepting an invitation link: signing in first, the invited address only,
once, within 7 days; accepting joins with the role and switches the session."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlsplit

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import select

from tests.services.dashboard.test_web_login import csrf_of, sign_in, sign_in_as
from tests.services.dashboard.test_web_team import invite
from tests.support.asgi import running_app
from trichome.accounts.service import find_organization, set_tier
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Invitation, Membership, User, utcnow
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard
from trichome.services.dashboard.session import INVITATION_COOKIE

pytestmark = pytest.mark.anyio


@dataclass
class Team:
    """A Team organisation's owner, signed in, and a second browser for the invitee."""

    app: FastAPI
    owner: httpx.AsyncClient
    invitee: httpx.AsyncClient


@pytest.fixture
async def team(settings: Settings) -> AsyncIterator[Team]:
    app = dashboard.create_app(settings)
    async with running_app(app) as asgi:
        transport = httpx.ASGITransport(app=asgi)
        async with (
            httpx.AsyncClient(transport=transport, base_url="http://testserver") as owner,
            httpx.AsyncClient(transport=transport, base_url="http://testserver") as other,
        ):
            await sign_in(owner, settings, org="Crew", tier=Tier.TEAM)
            yield Team(app, owner, other)


async def invited_path(team: Team, email: str = "dana@example.com", role: str = "member") -> str:
    _, link = await invite(team.owner, email, role)
    return urlsplit(link).path


async def memberships(settings: Settings, email: str) -> dict[str, str]:
    """The organisations (by name) the user with `email` belongs to, with their role."""
    from trichome.db.models import Organization

    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        rows = await session.execute(
            select(Organization.name, Membership.role)
            .join(Membership, Membership.organization_id == Organization.id)
            .join(User, User.id == Membership.user_id)
            .where(User.email == email)
        )
        found = {name: role for name, role in rows}
    await engine.dispose()
    return found


async def test_sign_in_then_accept_joins_with_the_role(settings: Settings, team: Team) -> None:
    path = await invited_path(team, role="owner")
    visitor = await team.invitee.get(path)
    assert visitor.status_code == 200 and "<h1>Join Crew</h1>" in visitor.text
    assert "as\n<strong>owner</strong>" in visitor.text and "Sign in to accept" in visitor.text
    assert ".venv/bin/trichome dashboard login-link --email dana@example.com" in visitor.text
    assert "Accept invitation" not in visitor.text
    cookie = visitor.headers["set-cookie"]
    assert cookie.startswith(f"{INVITATION_COOKIE}=") and "Path=/login" in cookie
    assert "HttpOnly" in cookie

    # Signing in returns to the invitation (the cookie carried it), then forgets it.
    assert await sign_in_as(team.invitee, settings, "dana@example.com") == path
    assert INVITATION_COOKIE not in team.invitee.cookies
    page = await team.invitee.get(path)
    assert "Accept invitation" in page.text and "Sign in to accept" not in page.text
    assert "· dana@example.com (personal" in page.text  # still in their own organisation
    forged = await team.invitee.post(path, data={"csrf_token": "0" * 64})
    assert forged.status_code == 403
    assert "Crew" not in await memberships(settings, "dana@example.com")
    accepted = await team.invitee.post(path, data={"csrf_token": csrf_of(page)})
    assert accepted.status_code == 303 and accepted.headers["location"] == "/team"
    joined = await team.invitee.get("/team")
    assert "· Crew (Team)" in joined.text and "dana@example.com" in joined.text
    assert 'id="organization-switch"' in joined.text
    assert (await memberships(settings, "dana@example.com"))["Crew"] == "owner"

    again = await team.invitee.get(path)  # used up
    assert again.status_code == 404 and "does not work" in again.text
    assert "dana@example.com" in (await team.owner.get("/team")).text


async def test_only_the_invited_address_can_accept(settings: Settings, team: Team) -> None:
    path = await invited_path(team, "dana@example.com")
    assert await sign_in_as(team.invitee, settings, "eve@example.com") == "/keys"
    page = await team.invitee.get(path)
    assert page.status_code == 403
    assert "for another email address" in page.text
    assert "sent to dana@example.com, but you are signed in as eve@example.com" in page.text
    assert "Accept invitation" not in page.text
    # After signing in as the right person, the browser comes back here.
    assert f"{INVITATION_COOKIE}=" in page.headers["set-cookie"]
    csrf = csrf_of(await team.invitee.get("/keys"))
    refused = await team.invitee.post(path, data={"csrf_token": csrf})
    assert refused.status_code == 403 and "Crew" not in await memberships(
        settings, "eve@example.com"
    )
    assert await sign_in_as(team.invitee, settings, "DANA@example.com") == path
    page = await team.invitee.get(path)
    assert "Accept invitation" in page.text


async def test_expired_unknown_and_no_longer_team_links(settings: Settings, team: Team) -> None:
    path = await invited_path(team)
    await sign_in_as(team.invitee, settings, "dana@example.com")
    unknown = await team.invitee.get("/invitations/" + "x" * 43)
    assert unknown.status_code == 404 and "invite you again" in unknown.text
    assert (await team.invitee.get("/invitations/<script>")).status_code == 404

    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        organization = await find_organization(session, "Crew")
        assert organization is not None
        await set_tier(session, organization, Tier.PRO)
        await session.commit()
    moved = await team.invitee.get(path)
    assert moved.status_code == 409 and "no longer on the Team tier" in moved.text

    async with create_sessionmaker(engine)() as session:
        await set_tier(session, await session.merge(organization), Tier.TEAM)
        [invitation] = await session.scalars(select(Invitation))
        invitation.expires_at = utcnow() - timedelta(minutes=1)
        await session.commit()
    await engine.dispose()
    expired = await team.invitee.get(path)
    assert expired.status_code == 410 and "work for 7 days" in expired.text
    page = await team.invitee.get("/keys")
    late = await team.invitee.post(path, data={"csrf_token": csrf_of(page)})
    assert late.status_code == 410 and "Crew" not in await memberships(settings, "dana@example.com")
    team_page = await team.owner.get("/team")
    assert "expired" in team_page.text
    # An expired invitation gives way to a new one with a new link.
    assert await invited_path(team) != path


async def test_accepting_without_a_session_goes_to_sign_in(team: Team) -> None:
    path = await invited_path(team)
    response = await team.invitee.post(path, data={"csrf_token": "x"})
    assert response.status_code == 303 and response.headers["location"] == "/login"
