"""The documents page's Google Drive connection, against the local Google: connect (the
OAuth redirect and callback, its `state` tied to the session), choose a folder, see the
synced documents with the last sync and their count, sync again after a file is trashed
(in the background: the page answers at once and shows the sync under way), the refused
files with their reasons, disconnect; a refused code or revoked authorisation is said
plainly and stores nothing; a member who is not an owner changes nothing; another
organisation sees none of it. Every connection uses PKCE (S256): the verifier is sealed in
the database per state, sent only to the token endpoint, used once and never logged."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import TypeVar
from urllib.parse import parse_qsl, urlsplit

import anyio
import httpx
import pytest
from sqlalchemy import select

from tests.conftest import reconfigured, started
from tests.documents.samples import docx_file, pdf
from tests.documents.test_drive_client import REDIRECT, drive_settings
from tests.services.dashboard.test_web_login import csrf_of, sign_in
from tests.support.google_drive import GoogleServer, google_server
from trichome.accounts.secrets import SecretBox
from trichome.accounts.service import find_organization
from trichome.accounts.sessions import create_login_link
from trichome.accounts.users import user_for_email
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import DriveAuthorization, DriveConnection, Membership, utcnow
from trichome.documents.drive_items import DOCX
from trichome.documents.drive_pkce import code_challenge
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard
from trichome.services.dashboard.drive_upkeep import DriveUpkeep

pytestmark = pytest.mark.anyio
T = TypeVar("T")
SOP = pdf("Transport SOP. Vehicles stay locked in transit.")


@pytest.fixture
def google() -> Iterator[GoogleServer]:
    with google_server() as served:
        served.redirect_uris.add(REDIRECT)
        yield served


@pytest.fixture
def drive_config(settings: Settings, google: GoogleServer, tmp_path: Path) -> Settings:
    return reconfigured(drive_settings(google, tmp_path), database_url=settings.database_url)


async def _consent(web: httpx.AsyncClient, google: GoogleServer) -> httpx.Response:
    """Start connecting, consent at Google, and bring Google's answer to the callback."""
    started_at = await web.get("/documents/drive/connect")
    assert started_at.status_code == 303
    assert started_at.headers["location"].startswith(f"{google.auth_url}?")
    at_google = httpx.get(started_at.headers["location"], follow_redirects=False)
    assert at_google.status_code == 302
    back = urlsplit(at_google.headers["location"])
    assert f"{back.scheme}://{back.netloc}{back.path}" == REDIRECT
    return await web.get(f"{back.path}?{back.query}")


async def settled(web: httpx.AsyncClient) -> httpx.Response:
    """The documents page once the sync under way (if any) has finished, as a user
    reloading it would see it (reloading again when a reload is refused)."""
    for _ in range(1200):  # a minute and more: extraction is slow on a busy machine
        page = await web.get("/documents")
        # Only a page that shows the folder's state counts: on a loaded machine a reload
        # can be refused for a moment (the database busy), and that page shows no sync.
        shown = page.status_code == 200 and 'id="drive-last-sync"' in page.text
        if shown and 'id="drive-syncing"' not in page.text:
            return page
        await anyio.sleep(0.05)
    raise AssertionError("the sync never finished")


async def _syncing(
    web: httpx.AsyncClient, settings: Settings, google: GoogleServer, folder: str
) -> httpx.Response:
    """Sign in as Grower Co's owner, connect Drive, choose the folder, and wait for its first
    sync: the documents page as it then reads."""
    await sign_in(web, settings, org="Grower Co", tier=Tier.PRO)
    await _consent(web, google)
    page = await web.get("/documents")
    await web.post(
        "/documents/drive/folder", data={"csrf_token": csrf_of(page), "folder_id": folder}
    )
    return await settled(web)


async def _rows(settings: Settings, model: type[T]) -> list[T]:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        rows = list(await session.scalars(select(model)))
    await engine.dispose()
    return rows


async def _connections(settings: Settings) -> list[DriveConnection]:
    return await _rows(settings, DriveConnection)


async def test_connect_choose_a_folder_sync_and_disconnect(
    drive_config: Settings, google: GoogleServer
) -> None:
    folder = google.add_folder("Compliance")
    google.add_file(folder, "Transport SOP", SOP, "application/pdf")
    handbook = google.add_doc(folder, "Handbook", {DOCX: docx_file("Badges on.", [["a"]])})
    async with started(dashboard.create_app(drive_config)) as web:
        await sign_in(web, drive_config, org="Grower Co", tier=Tier.PRO)
        before = await web.get("/documents")
        assert 'href="/documents/drive/connect">Connect Google Drive</a>' in before.text
        connected = await _consent(web, google)
        assert connected.status_code == 303
        assert connected.headers["location"] == "/documents?drive=connected"
        page = await web.get(connected.headers["location"])
        assert "Google Drive is connected. Choose the folder to sync." in page.text
        assert "none chosen yet" in page.text and 'name="folder_id"' in page.text

        chosen = await web.post(
            "/documents/drive/folder",
            data={
                "csrf_token": csrf_of(page),
                "folder_id": f"https://drive.google.com/drive/folders/{folder}?usp=sharing",
            },
        )
        assert chosen.status_code == 303 and chosen.headers["location"] == "/documents?drive=folder"
        synced = await settled(web)
        assert "Transport SOP.pdf" in synced.text and "Handbook.docx" in synced.text
        assert '<dd id="drive-files">2</dd>' in synced.text
        assert "just now</time>" in synced.text.split('id="drive-last-sync"')[1][:400]
        assert f"<code>{folder}</code>" in synced.text
        # The first sync listed the folder whole; without a public HTTPS address, polled.
        assert '<span id="drive-last-sync-kind">(the whole folder listed)</span>' in synced.text
        assert '<dd id="drive-push">polled: read at each sync</dd>' in synced.text

        google.trash(handbook)
        again = await web.post("/documents/drive/sync", data={"csrf_token": csrf_of(synced)})
        assert again.status_code == 303 and again.headers["location"] == "/documents?drive=started"
        after = await settled(web)
        assert "Handbook.docx" not in after.text and "Transport SOP.pdf" in after.text
        assert '<dd id="drive-files">1</dd>' in after.text
        assert (
            '<span id="drive-last-sync-kind">(only the changes since the sync before, from '
            "Drive's Changes API)</span>"
        ) in after.text

        gone = await web.post("/documents/drive/disconnect", data={"csrf_token": csrf_of(after)})
        assert gone.status_code == 303
        final = await web.get(gone.headers["location"])
    assert "Google Drive is disconnected; the documents synced from it stay." in final.text
    assert "Transport SOP.pdf" in final.text and "Connect Google Drive" in final.text
    assert google.refresh_tokens == set()  # revoked at Google too
    assert await _connections(drive_config) == []


async def test_refused_answers_say_why_and_store_nothing(
    drive_config: Settings, google: GoogleServer
) -> None:
    async with started(dashboard.create_app(drive_config)) as web:
        await sign_in(web, drive_config, org="Grower Co", tier=Tier.PRO)
        made_up = await web.get(
            "/documents/drive/callback", params={"code": "4/0Amadeup", "state": "1.2.3"}
        )
        assert made_up.status_code == 400 and "does not belong to this session" in made_up.text
        assert google.hits("/token") == []  # the code was never sent to Google

        google.deny = True
        denied = await _consent(web, google)
        assert denied.status_code == 400
        assert "Google Drive was not connected: access was denied." in denied.text

        google.deny = False
        connect = await web.get("/documents/drive/connect")
        at_google = httpx.get(connect.headers["location"], follow_redirects=False)
        back = urlsplit(at_google.headers["location"])
        google.codes.pop(dict(parse_qsl(back.query))["code"])  # it expired at Google
        refused = await web.get(f"{back.path}?{back.query}")
        assert refused.status_code == 400
        assert "Google refused the authorisation (invalid_grant)" in refused.text
        assert google.client_secret not in refused.text

        google.granted_scope = "openid"
        unticked = await _consent(web, google)
        assert unticked.status_code == 400 and "did not grant read access" in unticked.text
    assert await _connections(drive_config) == []


async def test_a_state_from_another_session_is_refused(
    drive_config: Settings, google: GoogleServer
) -> None:
    async with started(dashboard.create_app(drive_config)) as attacker:
        await sign_in(attacker, drive_config, org="Rival Co", tier=Tier.PRO)
        connect = await attacker.get("/documents/drive/connect")
        at_google = httpx.get(connect.headers["location"], follow_redirects=False)
        back = urlsplit(at_google.headers["location"])
    async with started(dashboard.create_app(drive_config)) as victim:
        await sign_in(victim, drive_config, org="Grower Co", tier=Tier.PRO)
        planted = await victim.get(f"{back.path}?{back.query}")
    assert planted.status_code == 400 and "does not belong to this session" in planted.text
    assert await _connections(drive_config) == []


async def test_a_revoked_authorisation_is_shown_and_changes_nothing(
    drive_config: Settings, google: GoogleServer
) -> None:
    folder = google.add_folder("Compliance")
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    async with started(dashboard.create_app(drive_config)) as web:
        page = await _syncing(web, drive_config, google, folder)
        google.revoke_everything()
        google.add_file(folder, "new.txt", b"New rules.", "text/plain")
        started_sync = await web.post("/documents/drive/sync", data={"csrf_token": csrf_of(page)})
        shown = await settled(web)
    assert started_sync.status_code == 303
    assert (
        "Google refused the authorisation (invalid_grant). Connect Google Drive again."
        in (shown.text.split('id="drive-last-error"')[1][:300])
    )
    assert "new.txt" not in shown.text
    assert "rules.txt" in shown.text and '<dd id="drive-files">1</dd>' in shown.text


async def test_another_organisation_sees_no_synced_document_and_cannot_sync_them(
    drive_config: Settings, google: GoogleServer
) -> None:
    folder = google.add_folder("Compliance")
    google.add_file(folder, "Transport SOP", SOP, "application/pdf")
    async with started(dashboard.create_app(drive_config)) as web:
        assert "Transport SOP.pdf" in (await _syncing(web, drive_config, google, folder)).text
    async with started(dashboard.create_app(drive_config)) as other:
        await sign_in(other, drive_config, org="Rival Co", tier=Tier.PRO)
        theirs = await other.get("/documents")
        sync = await other.post("/documents/drive/sync", data={"csrf_token": csrf_of(theirs)})
        gone = await other.post("/documents/drive/disconnect", data={"csrf_token": csrf_of(theirs)})
    assert "Transport SOP.pdf" not in theirs.text and "Connect Google Drive" in theirs.text
    assert sync.status_code == 400 and "No Drive folder to sync" in sync.text
    assert gone.status_code == 404
    assert len(await _connections(drive_config)) == 1


async def test_without_a_google_client_the_page_says_so(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Grower Co", tier=Tier.PRO)
        page = await web.get("/documents")
        connect = await web.get("/documents/drive/connect")
    assert "Syncing a Google Drive folder is not set up on this server" in page.text
    assert connect.status_code == 404


async def test_sync_now_answers_at_once_and_shows_the_sync_under_way(
    drive_config: Settings, google: GoogleServer
) -> None:
    folder = google.add_folder("Compliance")
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    async with started(dashboard.create_app(drive_config)) as web:
        page = await _syncing(web, drive_config, google, folder)
        google.add_file(folder, "waste.txt", b"Waste is ground with cat litter.", "text/plain")
        google.gate.clear()  # Google answers nothing until the gate opens
        try:
            started_sync = await web.post(
                "/documents/drive/sync", data={"csrf_token": csrf_of(page)}
            )
            under_way = await web.get(started_sync.headers["location"])
            second = await web.post("/documents/drive/sync", data={"csrf_token": csrf_of(page)})
        finally:
            google.gate.set()
        done = await settled(web)
    assert started_sync.status_code == 303
    assert started_sync.headers["location"] == "/documents?drive=started"
    assert "The sync has started." in under_way.text
    assert 'id="drive-syncing"' in under_way.text and "Sync now</button>" not in under_way.text
    assert "waste.txt" not in under_way.text
    assert second.status_code == 400 and "a sync of it is under way" in second.text
    assert "waste.txt" in done.text and '<dd id="drive-files">2</dd>' in done.text
    assert "Sync now</button>" in done.text


async def test_refused_files_are_listed_with_their_reasons(
    drive_config: Settings, google: GoogleServer
) -> None:
    folder = google.add_folder("Compliance")
    labs = google.add_folder("Lab results", parent=folder)
    google.add_file(labs, "plate.gif", b"GIF89a\x01\x00\x01\x00", "image/gif")
    google.add_file(folder, "notes.pdf", b"plain words, not a PDF", "application/pdf")
    google.add_file(labs, "coa.txt", b"Total THC 21.4 %", "text/plain")
    async with started(dashboard.create_app(drive_config)) as web:
        shown = await _syncing(web, drive_config, google, folder)
    refused = shown.text.split('id="drive-refused"')[1].split("</details>")[0]
    assert "Not synced: 2 files refused" in refused
    assert "<strong>Lab results/plate.gif</strong>: not a type documents accept" in refused
    assert "<strong>notes.pdf</strong>: " in refused
    assert "coa.txt" in shown.text and "coa.txt" not in refused


async def _member_of(settings: Settings, organization_name: str, email: str) -> str:
    """A login-link token for a new member (not an owner) of the organisation."""
    engine = create_engine(settings)
    try:
        async with create_sessionmaker(engine)() as session:
            organization = await find_organization(session, organization_name)
            assert organization is not None
            user = await user_for_email(session, email)
            session.add(Membership(user_id=user.id, organization_id=organization.id, role="member"))
            await session.flush()
            token = await create_login_link(session, user.id, organization.id, utcnow())
            await session.commit()
            return token
    finally:
        await engine.dispose()


async def test_a_member_who_is_not_an_owner_gets_403_and_changes_nothing(
    drive_config: Settings, google: GoogleServer
) -> None:
    folder, other = google.add_folder("Compliance"), google.add_folder("Elsewhere")
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    async with started(dashboard.create_app(drive_config)) as owner:
        await sign_in(owner, drive_config, org="Grower Co", tier=Tier.TEAM)
        await _consent(owner, google)
        page = await owner.get("/documents")
        await owner.post(
            "/documents/drive/folder", data={"csrf_token": csrf_of(page), "folder_id": folder}
        )
        await settled(owner)
    token = await _member_of(drive_config, "Grower Co", "member@example.com")
    tokens_at_google = set(google.refresh_tokens)
    [before] = await _connections(drive_config)
    async with started(dashboard.create_app(drive_config)) as member:
        signed_in = await member.get("/login/link", params={"token": token})
        assert signed_in.status_code == 303
        page = await member.get("/documents")
        assert "rules.txt" in page.text and "Sync now</button>" in page.text
        assert "Disconnect Google Drive" not in page.text and 'name="folder_id"' not in page.text
        csrf = csrf_of(page)
        token_requests = len(google.hits("/token"))
        refused = [
            await member.get("/documents/drive/connect"),
            await member.get(
                "/documents/drive/callback", params={"code": "4/0Aplanted", "state": "1.2.3"}
            ),
            await member.post(
                "/documents/drive/folder", data={"csrf_token": csrf, "folder_id": other}
            ),
            await member.post("/documents/drive/disconnect", data={"csrf_token": csrf}),
        ]
        # Any member may sync now (the README's table says so).
        synced = await member.post("/documents/drive/sync", data={"csrf_token": csrf})
        await settled(member)
    assert [answer.status_code for answer in refused] == [403, 403, 403, 403]
    assert all("Only owners of the organisation" in answer.text for answer in refused)
    assert len(google.hits("/token")) == token_requests  # nothing was sent to Google
    assert google.refresh_tokens == tokens_at_google  # nothing revoked
    [after] = await _connections(drive_config)
    assert after.folder_id == before.folder_id == folder
    assert after.refresh_token_encrypted == before.refresh_token_encrypted
    assert synced.status_code == 303


async def test_the_connection_uses_pkce_with_a_sealed_single_use_verifier(
    drive_config: Settings, google: GoogleServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with started(dashboard.create_app(drive_config)) as web:
        await sign_in(web, drive_config, org="Grower Co", tier=Tier.PRO)
        started_at = await web.get("/documents/drive/connect")
        asked = dict(parse_qsl(urlsplit(started_at.headers["location"]).query))
        [pending] = await _rows(drive_config, DriveAuthorization)
        verifier = SecretBox(drive_config).open(pending.code_verifier_encrypted)
        assert asked["code_challenge_method"] == "S256"
        assert asked["code_challenge"] == code_challenge(verifier)
        assert verifier not in started_at.headers["location"]
        assert verifier not in pending.code_verifier_encrypted and asked["state"] not in str(
            vars(pending)
        )
        at_google = httpx.get(started_at.headers["location"], follow_redirects=False)
        back = urlsplit(at_google.headers["location"])
        connected = await web.get(f"{back.path}?{back.query}")
        assert connected.status_code == 303
        assert google.hits("/token")[-1].form["code_verifier"] == verifier
        assert await _rows(drive_config, DriveAuthorization) == []  # used once
        again = await web.get(f"{back.path}?{back.query}")  # the same answer brought back
    assert again.status_code == 400 and "used already" in again.text
    assert len(google.hits("/token")) == 1  # the replay never reached Google
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert verifier not in logged and dict(parse_qsl(back.query))["code"] not in logged


async def test_a_verifier_whose_time_is_up_is_not_used(
    drive_config: Settings, google: GoogleServer
) -> None:
    async with started(dashboard.create_app(drive_config)) as web:
        await sign_in(web, drive_config, org="Grower Co", tier=Tier.PRO)
        started_at = await web.get("/documents/drive/connect")
        engine = create_engine(drive_config)
        async with create_sessionmaker(engine)() as session:
            [pending] = list(await session.scalars(select(DriveAuthorization)))
            pending.expires_at = utcnow() - timedelta(seconds=1)
            await session.commit()
        await engine.dispose()
        at_google = httpx.get(started_at.headers["location"], follow_redirects=False)
        back = urlsplit(at_google.headers["location"])
        late = await web.get(f"{back.path}?{back.query}")
    assert late.status_code == 400 and "Connection not accepted" in late.text
    assert google.hits("/token") == [] and await _connections(drive_config) == []


async def test_the_upkeep_deletes_expired_verifiers_and_no_request_waits_on_it(
    drive_config: Settings, google: GoogleServer
) -> None:
    async with started(dashboard.create_app(drive_config)) as web:
        await sign_in(web, drive_config, org="Grower Co", tier=Tier.PRO)
        for _ in range(3):
            await web.get("/documents/drive/connect")
        engine = create_engine(drive_config)
        sessions = create_sessionmaker(engine)
        async with sessions() as session:
            pending = list(await session.scalars(select(DriveAuthorization)))
            for row in pending[:2]:
                row.expires_at = utcnow() - timedelta(seconds=1)
            await session.commit()
        # Connecting again leaves them be: the cleanup is the upkeep's, not the request's.
        await web.get("/documents/drive/connect")
        assert len(await _rows(drive_config, DriveAuthorization)) == 4
        kept = await DriveUpkeep(sessions, utcnow).run_once()
        await engine.dispose()
    assert kept.purged == 2
    left = await _rows(drive_config, DriveAuthorization)
    assert len(left) == 2 and all(row.expires_at > utcnow() for row in left)
