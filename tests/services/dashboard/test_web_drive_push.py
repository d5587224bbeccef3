"""Google Drive's push notifications, against the local Google: with a public HTTPS
dashboard address a `changes.watch` channel is opened once the folder has synced; Google's
`sync` message is acknowledged, a `change` starts the incremental sync in the background
(the answer does not wait for it), a change during a sync is taken up after it; a wrong
token or an unknown channel does nothing; the token is stored only hashed and never logged;
a channel near its end is replaced and the old one stopped; disconnecting stops it; without
an HTTPS address nothing is watched and the endpoint says push is off."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import anyio
import httpx
import pytest
from sqlalchemy import update

from tests.conftest import reconfigured
from tests.documents.test_drive_client import drive_settings
from tests.services.dashboard.test_web_drive import settled
from tests.services.dashboard.test_web_login import csrf_of, sign_in
from tests.support.asgi import running_app
from tests.support.google_drive import GoogleServer, Notification, google_server
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import DriveConnection, utcnow
from trichome.documents.drive_channels import WEBHOOK_PATH, DriveChannels, webhook_address
from trichome.documents.wiring import open_drive_sync, open_file_service
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard
from trichome.services.dashboard.drive_syncs import BackgroundSyncs
from trichome.services.dashboard.drive_upkeep import DriveUpkeep

pytestmark = pytest.mark.anyio
PUBLIC = "https://dashboard.example"


@pytest.fixture
def google() -> Iterator[GoogleServer]:
    with google_server() as served:
        served.redirect_uris.add(f"{PUBLIC}/documents/drive/callback")
        yield served


@pytest.fixture
def push_config(settings: Settings, google: GoogleServer, tmp_path: Path) -> Settings:
    return reconfigured(
        drive_settings(google, tmp_path),
        database_url=settings.database_url,
        dashboard_url=PUBLIC,
        # The dashboard's own upkeep runs once at start and then not again during a test:
        # the tests run the other worker's upkeep themselves, however long a loaded machine takes.
        google_drive_upkeep_seconds=3600.0,
    )


@dataclass
class Worker:
    """Another dashboard worker's Drive parts over the same database (its upkeep)."""

    channels: DriveChannels
    upkeep: DriveUpkeep
    syncs: BackgroundSyncs


@asynccontextmanager
async def other_worker(settings: Settings) -> AsyncIterator[Worker]:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    async with AsyncExitStack() as stack:
        files = open_file_service(settings, sessions, stack)
        drive = open_drive_sync(settings, sessions, files, stack, utcnow)
        address = webhook_address(settings)
        assert drive is not None and address == f"{PUBLIC}{WEBHOOK_PATH}"
        channels = DriveChannels(sessions, drive, address)
        syncs = BackgroundSyncs(drive)
        stack.push_async_callback(syncs.aclose)
        yield Worker(channels, DriveUpkeep(sessions, utcnow, syncs, channels), syncs)
    await engine.dispose()


async def _connections(settings: Settings) -> list[DriveConnection]:
    from tests.services.dashboard.test_web_drive import _connections as rows

    return await rows(settings)


async def _deliver(web: httpx.AsyncClient, message: Notification) -> httpx.Response:
    """POST a notification as Google would, to the address the channel was given."""
    address = urlsplit(message.address)
    assert f"{address.scheme}://{address.netloc}" == PUBLIC
    return await web.post(address.path, headers=message.headers)


async def _connected(web: httpx.AsyncClient, settings: Settings, folder: str) -> httpx.Response:
    await sign_in(web, settings, org="Grower Co", tier=Tier.PRO)
    at_google = httpx.get(
        (await web.get("/documents/drive/connect")).headers["location"], follow_redirects=False
    )
    back = urlsplit(at_google.headers["location"])
    assert (await web.get(f"{back.path}?{back.query}")).status_code == 303
    page = await web.get("/documents")
    await web.post(
        "/documents/drive/folder", data={"csrf_token": csrf_of(page), "folder_id": folder}
    )
    return await settled(web)


@asynccontextmanager
async def public_dashboard(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with (
        running_app(dashboard.create_app(settings)) as asgi,
        httpx.AsyncClient(transport=httpx.ASGITransport(app=asgi), base_url=PUBLIC) as web,
    ):
        yield web


async def test_a_pushed_change_starts_the_incremental_sync_at_once(
    push_config: Settings, google: GoogleServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    folder = google.add_folder("Compliance")
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    async with public_dashboard(push_config) as web, other_worker(push_config) as worker:
        first = await _connected(web, push_config, folder)
        assert '<dd id="drive-push">polled: read at each sync</dd>' in first.text
        assert await worker.channels.renew_due() == 1
        [channel] = google.channels.values()
        assert channel.address == f"{PUBLIC}{WEBHOOK_PATH}" and channel.token is not None
        assert channel.drive_id is None
        watch = google.hits("/drive/v3/changes/watch")[-1]
        assert watch.query["supportsAllDrives"] == "true" and watch.query["pageToken"]
        [row] = await _connections(push_config)
        assert row.channel_id == channel.id and channel.token not in str(vars(row))
        assert row.channel_token_hash == hashlib.sha256(channel.token.encode()).hexdigest()
        assert await worker.channels.renew_due() == 0  # open, and far from its end

        [opening] = google.outbox
        assert opening.headers["X-Goog-Resource-State"] == "sync"
        acknowledged = await _deliver(web, opening)
        assert acknowledged.status_code == 200
        assert acknowledged.json() == {"received": True, "outcome": "ignored"}

        google.add_file(folder, "waste.txt", b"Waste is ground with litter.", "text/plain")
        change = google.outbox[-1]
        assert change.headers["X-Goog-Resource-State"] == "change"
        google.gate.clear()  # Google answers nothing until the gate opens
        try:
            with anyio.fail_after(5):  # the answer does not wait on the sync
                pushed = await _deliver(web, change)
            again = await _deliver(web, change)  # during the sync
        finally:
            google.gate.set()
        assert pushed.json() == {"received": True, "outcome": "sync_started"}
        assert again.json() == {"received": True, "outcome": "sync_pending"}
        done = await settled(web)
        assert "waste.txt" in done.text and '<dd id="drive-files">2</dd>' in done.text
        assert "(only the changes since the sync before" in done.text
        assert '<dd id="drive-push">pushed: Google notifies this server' in done.text
        # The change that came during the sync is synced after it, by the upkeep.
        [row] = await _connections(push_config)
        assert row.notified_at is not None
        kept = await worker.upkeep.run_once()
        await worker.syncs.wait()
        assert kept.started == 1
        [row] = await _connections(push_config)
        assert row.notified_at is None and row.last_sync_from_changes is True

        forged = dict(change.headers, **{"X-Goog-Channel-Token": "guessed"})
        refused = await _deliver(web, Notification(change.address, forged))
        unknown = dict(change.headers, **{"X-Goog-Channel-ID": "not-a-channel"})
        stray = await _deliver(web, Notification(change.address, unknown))
        tokenless = {k: v for k, v in change.headers.items() if k != "X-Goog-Channel-Token"}
        bare = await _deliver(web, Notification(change.address, tokenless))
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "token_mismatch"
    assert bare.status_code == 403
    assert stray.status_code == 404 and stray.json()["error"]["code"] == "unknown_channel"
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert channel.token not in logged


async def test_a_channel_near_its_end_is_replaced_and_the_old_one_stopped(
    push_config: Settings, google: GoogleServer
) -> None:
    shared = google.add_shared_drive("Team")
    folder = google.add_folder("Compliance", parent=shared)
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    async with public_dashboard(push_config) as web, other_worker(push_config) as worker:
        page = await _connected(web, push_config, folder)
        assert '<dd id="drive-shared">a shared drive</dd>' in page.text
        await worker.channels.renew_due()
        [old] = google.channels.values()
        assert old.drive_id == shared  # the shared drive's changes are watched
        watch = google.hits("/drive/v3/changes/watch")[-1].query
        assert (watch["driveId"], watch["includeItemsFromAllDrives"]) == (shared, "true")
        engine = create_engine(push_config)
        async with create_sessionmaker(engine)() as session:
            await session.execute(
                update(DriveConnection).values(channel_expires_at=utcnow() + timedelta(minutes=30))
            )
            await session.commit()
        await engine.dispose()
        assert await worker.channels.renew_due() == 1
        [new] = google.channels.values()
        assert new.id != old.id and new.token != old.token
        stopped = google.hits("/drive/v3/channels/stop")[-1]
        assert stopped.method == "POST"
        [row] = await _connections(push_config)
        assert row.channel_id == new.id
        assert row.channel_expires_at is not None
        assert row.channel_expires_at > utcnow() + timedelta(hours=20)
        google.outbox.clear()
        google.add_file(folder, "waste.txt", b"Waste is ground with litter.", "text/plain")
        [change] = google.outbox  # only the new channel is told
        assert change.headers["X-Goog-Channel-ID"] == new.id
        stale = dict(change.headers, **{"X-Goog-Channel-ID": old.id})
        late = await _deliver(web, Notification(change.address, stale))
        assert late.status_code == 404
        assert (await _deliver(web, change)).json()["outcome"] == "sync_started"
        page = await settled(web)
        assert "waste.txt" in page.text
        gone = await web.post("/documents/drive/disconnect", data={"csrf_token": csrf_of(page)})
        assert gone.status_code == 303
    assert google.channels == {}  # disconnecting stopped it


async def test_without_a_public_https_address_folders_are_polled(
    settings: Settings, google: GoogleServer, tmp_path: Path
) -> None:
    local = reconfigured(drive_settings(google, tmp_path), database_url=settings.database_url)
    assert webhook_address(local) is None
    assert (
        webhook_address(reconfigured(local, dashboard_url=PUBLIC, google_drive_push=False)) is None
    )
    async with (
        running_app(dashboard.create_app(local)) as asgi,
        httpx.AsyncClient(transport=httpx.ASGITransport(app=asgi), base_url="http://t") as web,
    ):
        off = await web.post(
            WEBHOOK_PATH,
            headers={"X-Goog-Channel-ID": "c", "X-Goog-Resource-State": "change"},
        )
    assert off.status_code == 404 and off.json()["error"]["code"] == "push_not_enabled"
    assert google.hits("/drive/v3/changes/watch") == []


async def test_a_notification_without_google_s_headers_is_a_400(
    push_config: Settings, google: GoogleServer
) -> None:
    async with public_dashboard(push_config) as web:
        bare = await web.post(WEBHOOK_PATH)
        long_id = await web.post(
            WEBHOOK_PATH,
            headers={"X-Goog-Channel-ID": "c" * 65, "X-Goog-Resource-State": "change"},
        )
    assert bare.status_code == 400 and bare.json()["error"]["code"] == "missing_required_field"
    assert long_id.status_code == 400
