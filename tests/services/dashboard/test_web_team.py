"""The team page: inviting (a link shown once, emailed when SMTP is set up), cancelling,
and members."""

from __future__ import annotations

import logging
import re
from urllib.parse import urlsplit

import httpx
import pytest
from sqlalchemy import select

from tests.conftest import reconfigured, started
from tests.services.dashboard.test_web_login import csrf_of, sign_in
from tests.support.servers import free_port
from tests.support.smtp import smtp_server
from trichome.accounts.service import find_organization
from trichome.accounts.sessions import hash_token
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Invitation
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio

LINK = re.compile(r'id="invitation-link" class="secret" value="(http[^"]+/invitations/([\w-]+))"')


async def invite(
    web: httpx.AsyncClient, email: str, role: str = "member"
) -> tuple[httpx.Response, str]:
    """Invite from the team page; the result page and the link it shows."""
    csrf = csrf_of(await web.get("/team"))
    page = await web.post(
        "/team/invitations", data={"email": email, "role": role, "csrf_token": csrf}
    )
    found = LINK.search(page.text)
    assert page.status_code == 200 and found, page.text
    return page, found.group(1)


async def invitations(settings: Settings) -> list[Invitation]:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        found = list(await session.scalars(select(Invitation)))
    await engine.dispose()
    return found


async def test_an_invitation_link_is_shown_once_and_stored_as_a_hash(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Big team", tier=Tier.TEAM)
        page, link = await invite(web, "New@Example.com")
        assert "This server sends no email, so send them the link yourself" in page.text
        assert "shown only this once" in page.text
        assert link.startswith("http://127.0.0.1:8003/invitations/")
        team = await web.get("/team")
        assert "new@example.com" in team.text and "works until" in team.text
        assert link not in team.text and urlsplit(link).path not in team.text
        assert re.search(r'action="/team/members/usr_\w+/remove"', team.text) is None  # not you
        csrf = csrf_of(team)
        again = await web.post(
            "/team/invitations",
            data={"email": "new@example.com", "role": "member", "csrf_token": csrf},
        )
        assert again.status_code == 400 and "already invited" in again.text
        bad = await web.post(
            "/team/invitations", data={"email": "nope", "role": "admin", "csrf_token": csrf}
        )
        assert bad.status_code == 400
    [stored] = await invitations(settings)
    token = urlsplit(link).path.rsplit("/", 1)[1]
    assert stored.email == "new@example.com" and stored.token_hash == hash_token(token)
    assert (stored.expires_at - stored.created_at).days == 7


async def test_owners_cancel_invitations_and_the_link_stops_working(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Crew", tier=Tier.TEAM)
        _, link = await invite(web, "gone@example.com")
        [invitation] = await invitations(settings)
        team = await web.get("/team")
        assert "> the invitation of gone@example.com</span>" in team.text
        forged = await web.post(f"/team/invitations/{invitation.id}/cancel", data={})
        assert forged.status_code == 403
        cancelled = await web.post(
            f"/team/invitations/{invitation.id}/cancel", data={"csrf_token": csrf_of(team)}
        )
        assert cancelled.status_code == 303 and cancelled.headers["location"] == "/team"
        assert "gone@example.com" not in (await web.get("/team")).text
        opened = await web.get(urlsplit(link).path)
        assert opened.status_code == 404 and "does not work" in opened.text
        missing = await web.post(
            f"/team/invitations/{invitation.id}/cancel", data={"csrf_token": csrf_of(team)}
        )
        assert missing.status_code == 404
    assert await invitations(settings) == []


async def test_members_and_other_tiers_cannot_invite(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings)
        page = await web.get("/team")
        assert "available on the Team tier" in page.text
        refused = await web.post(
            "/team/invitations",
            data={"email": "a@example.com", "role": "member", "csrf_token": csrf_of(page)},
        )
    assert refused.status_code == 403 and await invitations(settings) == []


async def test_the_invitation_is_emailed_through_smtp(settings: Settings) -> None:
    with smtp_server() as server:
        mailing = reconfigured(
            settings, smtp_url=server.url, mail_from="Trichome <team@example.test>"
        )
        async with started(dashboard.create_app(mailing)) as web:
            await sign_in(web, mailing, org="Mailers", tier=Tier.TEAM)
            page, link = await invite(web, "dana@example.com", role="owner")
    assert "We emailed them the link below" in page.text
    [message] = server.messages
    assert message["To"] == "dana@example.com"
    assert message["From"] == "Trichome <team@example.test>"
    assert message["Subject"] == "You are invited to Mailers on Trichome"
    body = message.get_content()
    assert link in body and "as owner" in body and "7 days" in body


async def test_a_failed_email_still_shows_the_link_and_logs_no_secret(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    password = "s3cret-pass"
    unreachable = f"smtp://mailer:{password}@127.0.0.1:{free_port()}"
    with caplog.at_level(logging.DEBUG):
        async with started(
            dashboard.create_app(reconfigured(settings, smtp_url=unreachable))
        ) as web:
            await sign_in(web, settings, org="Offline", tier=Tier.TEAM)
            page, link = await invite(web, "erin@example.com")
    assert "The email was not sent: the mail server could not be reached" in page.text
    assert "send them the link yourself" in page.text.lower()
    token = urlsplit(link).path.rsplit("/", 1)[1]
    logged = caplog.text
    assert "not sent" in logged
    assert token not in logged and password not in logged
    assert [i.email for i in await invitations(settings)] == ["erin@example.com"]


async def test_owners_remove_members_but_not_the_last_owner(settings: Settings) -> None:
    from trichome.accounts.team import TeamError, remove_member
    from trichome.db.models import Membership, User

    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Crew", tier=Tier.TEAM)
        engine = create_engine(settings)
        async with create_sessionmaker(engine)() as session:
            organization = await find_organization(session, "Crew")
            assert organization is not None
            session.add(
                User(
                    id="usr_member",
                    subject="google|7",
                    email="m@example.com",
                    default_organization_id=organization.id,
                )
            )
            await session.flush()
            session.add(
                Membership(user_id="usr_member", organization_id=organization.id, role="member")
            )
            await session.commit()
            [owner] = [
                m.user_id
                for m in await session.scalars(select(Membership).where(Membership.role == "owner"))
            ]
            with pytest.raises(TeamError, match="last owner"):
                await remove_member(session, organization.id, owner)
        await engine.dispose()
        page = await web.get("/team")
        assert "m@example.com" in page.text
        removed = await web.post(
            "/team/members/usr_member/remove", data={"csrf_token": csrf_of(page)}
        )
        assert removed.status_code == 303
        assert "m@example.com" not in (await web.get("/team")).text
