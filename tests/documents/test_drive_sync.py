"""Syncing a Drive folder into an organisation's documents, against the local Google: new
and changed files go through the upload path (types, limits, extraction), trashed ones are
deleted, unchanged ones are not fetched again, a refused authorisation changes nothing, and
one organisation's sync never touches or shows another's documents."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from tests.conftest import reconfigured
from tests.documents.samples import docx_file, encrypted_pdf, pdf, xlsx_file
from tests.documents.test_drive_client import REDIRECT, VERIFIER, consent, drive_settings
from tests.support.google_drive import SHEET, FakeFile, GoogleServer, google_server
from trichome.accounts.secrets import SecretBox
from trichome.accounts.service import get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import DriveConnection, utcnow
from trichome.documents import drive_store
from trichome.documents.drive_errors import DriveAuthorizationError, DriveNotFound
from trichome.documents.drive_items import DOCX, XLSX
from trichome.documents.drive_sync import DriveSync, SyncUnavailable
from trichome.documents.service import FileService
from trichome.documents.wiring import open_drive_sync, open_file_service
from trichome.plans import Tier

pytestmark = pytest.mark.anyio
SOP = pdf("Transport SOP. Vehicles stay locked in transit.")
HANDBOOK = docx_file("Employees wear badges in the canopy.", [["Zone", "Badge"]])
RESULTS = xlsx_file([["Analyte", "Result"], ["Lead", "0.9 ppm"]])


@dataclass
class World:
    settings: Settings
    google: GoogleServer
    files: FileService
    drive: DriveSync
    box: SecretBox
    stack: AsyncExitStack

    async def organization(self, name: str, folder: str) -> str:
        """A new organisation connected to `folder` through the consent flow."""
        sessions = self.drive._sessions
        async with sessions() as session:
            organization, _ = await get_or_create_organization(session, name, Tier.PRO)
            await session.commit()
            organization_id = organization.id
        tokens = await self.drive.client.exchange_code(
            consent(self.drive.client)["code"], REDIRECT, VERIFIER
        )
        async with sessions() as session:
            await drive_store.store_tokens(session, self.box, organization_id, tokens)
            assert await drive_store.choose_folder(session, organization_id, folder)
            await session.commit()
        return organization_id

    async def names(self, organization_id: str) -> list[str]:
        listed, _ = await self.files.list(
            organization_id, purpose=None, limit=100, newest_first=False, after=None
        )
        return sorted(record.filename for record in listed)

    async def status(self, organization_id: str) -> drive_store.DriveStatus:
        async with self.drive._sessions() as session:
            found = await drive_store.drive_status(session, organization_id, utcnow())
        assert found is not None
        return found


@pytest.fixture
def google() -> Iterator[GoogleServer]:
    with google_server() as served:
        served.redirect_uris.add(REDIRECT)
        yield served


@pytest.fixture
async def world(settings: Settings, google: GoogleServer, tmp_path: Path) -> AsyncIterator[World]:
    configured = reconfigured(
        drive_settings(google, tmp_path),
        database_url=settings.database_url,
        max_file_bytes=64 * 1024,
    )
    engine = create_engine(configured)
    sessions = create_sessionmaker(engine)
    async with AsyncExitStack() as stack:
        files = open_file_service(configured, sessions, stack)
        drive = open_drive_sync(configured, sessions, files, stack, utcnow)
        assert drive is not None
        yield World(configured, google, files, drive, SecretBox(configured), stack)
    await engine.dispose()


def _downloads(google: GoogleServer, item: FakeFile) -> int:
    return len(google.hits(f"/drive/v3/files/{item.id}")) + len(
        google.hits(f"/drive/v3/files/{item.id}/export")
    )


async def test_new_changed_and_trashed_files_are_mirrored_through_the_upload_path(
    world: World,
) -> None:
    google = world.google
    folder = google.add_folder("Compliance")
    sop = google.add_file(folder, "Transport SOP", SOP, "application/pdf")
    handbook = google.add_doc(folder, "Handbook", {DOCX: HANDBOOK})
    google.add_doc(folder, "Lab results", {XLSX: RESULTS}, mime_type=SHEET)
    photo = google.add_file(folder, "badge.gif", b"GIF89a\x01\x00", "image/gif")
    google.add_folder("Archive", parent=folder)
    organization = await world.organization("Grower Co", folder)

    first = await world.drive.sync_organization(organization)
    assert (first.added, first.updated, first.deleted) == (3, 0, 0)
    assert first.refused == ["badge.gif: not a type documents accept"] and first.skipped == []
    assert _downloads(google, photo) == 0  # left alone without downloading it
    assert await world.names(organization) == [
        "Handbook.docx",
        "Lab results.xlsx",
        "Transport SOP.pdf",
    ]
    listed, _ = await world.files.list(
        organization, purpose=None, limit=10, newest_first=False, after=None
    )
    by_name = {record.filename: record for record in listed}
    found = await world.files.text(organization, by_name["Handbook.docx"].id)
    assert found is not None and "badges in the canopy" in found[1]
    status = await world.status(organization)
    assert status.files_synced == 3 and status.last_sync_at is not None
    assert status.last_error is None
    assert status.refused == (drive_store.Refused("badge.gif", "not a type documents accept"),)

    again = await world.drive.sync_organization(organization)
    assert (again.added, again.updated, again.deleted, again.unchanged) == (0, 0, 0, 3)
    assert _downloads(google, sop) == 1 and _downloads(google, handbook) == 1

    google.change(sop, pdf("Transport SOP, revised. Two drivers on every run."))
    google.trash(handbook)
    changed = await world.drive.sync_organization(organization)
    assert (changed.added, changed.updated, changed.deleted) == (0, 1, 1)
    assert await world.names(organization) == ["Lab results.xlsx", "Transport SOP.pdf"]
    assert await world.files.get(organization, by_name["Handbook.docx"].id) is None
    assert await world.files.get(organization, by_name["Transport SOP.pdf"].id) is None
    listed, _ = await world.files.list(
        organization, purpose=None, limit=10, newest_first=False, after=None
    )
    revised = next(record for record in listed if record.filename == "Transport SOP.pdf")
    text = await world.files.text(organization, revised.id)
    assert text is not None and "Two drivers" in text[1]
    assert (await world.status(organization)).files_synced == 2


async def test_files_the_upload_path_refuses_are_skipped_and_named(world: World) -> None:
    google = world.google
    folder = google.add_folder("Mixed")
    google.add_file(folder, "notes.pdf", b"plain words, not a PDF", "application/pdf")
    big = google.add_file(folder, "scan.pdf", b"%PDF-" + b"0" * 70_000, "application/pdf")
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    organization = await world.organization("Grower Co", folder)
    report = await world.drive.sync_organization(organization)
    assert report.added == 1 and await world.names(organization) == ["rules.txt"]
    assert report.refused[0].startswith("notes.pdf: ") and "rename it" in report.refused[0]
    assert report.refused[1] == "scan.pdf: larger than the 0.1 MB accepted"
    assert _downloads(google, big) == 0  # its size said so before downloading


async def test_a_refused_file_is_not_downloaded_again_until_it_changes(world: World) -> None:
    google = world.google
    folder = google.add_folder("Mixed")
    locked = google.add_file(folder, "locked.pdf", encrypted_pdf(), "application/pdf")
    # A Google Doc has no size in the listing: only its export shows it is too large.
    huge = google.add_doc(folder, "Huge handbook", {DOCX: b"PK" + b"0" * 70_000})
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    organization = await world.organization("Grower Co", folder)
    first = await world.drive.sync_organization(organization)
    assert first.added == 1 and len(first.refused) == 2
    assert _downloads(google, locked) == 1 and _downloads(google, huge) == 1
    refused = (await world.status(organization)).refused
    assert [item.name for item in refused] == ["Huge handbook", "locked.pdf"]
    assert refused[0].reason == "larger than the 0.1 MB accepted"
    assert "password" in refused[1].reason or "encrypt" in refused[1].reason

    again = await world.drive.sync_organization(organization)
    assert (again.added, again.unchanged) == (0, 1)
    assert sorted(again.refused) == sorted(first.refused)
    assert _downloads(google, locked) == 1 and _downloads(google, huge) == 1
    assert (await world.status(organization)).refused == refused

    google.change(locked, pdf("Vault SOP, now without a password."))
    changed = await world.drive.sync_organization(organization)
    assert changed.added == 1 and _downloads(google, locked) == 2
    assert _downloads(google, huge) == 1
    assert await world.names(organization) == ["locked.pdf", "rules.txt"]
    assert [item.name for item in (await world.status(organization)).refused] == ["Huge handbook"]
    google.trash(huge)
    await world.drive.sync_organization(organization)
    assert (await world.status(organization)).refused == ()


async def test_subfolders_are_synced_page_by_page(world: World) -> None:
    google = world.google
    google.page_size = 1  # every folder takes several pages
    root = google.add_folder("Compliance")
    sops = google.add_folder("SOPs", parent=root)
    archive = google.add_folder("2025", parent=sops)
    google.add_file(root, "licence.txt", b"Licence C11-0000001 expires 2027-03-01.", "text/plain")
    google.add_file(sops, "transport.txt", b"Vehicles stay locked.", "text/plain")
    google.add_file(sops, "waste.txt", b"Waste is ground with cat litter.", "text/plain")
    google.add_file(archive, "old.txt", b"The 2025 transport rules.", "text/plain")
    google.add_file(archive, "photo.gif", b"GIF89a\x01\x00", "image/gif")
    organization = await world.organization("Grower Co", root)

    report = await world.drive.sync_organization(organization)
    assert report.added == 4
    assert await world.names(organization) == [
        "licence.txt",
        "old.txt",
        "transport.txt",
        "waste.txt",
    ]
    assert report.refused == ["SOPs/2025/photo.gif: not a type documents accept"]
    asked = [hit.query for hit in google.hits("/drive/v3/files")]
    for folder in (root, sops, archive):
        pages = [q for q in asked if q["q"] == f"'{folder}' in parents and trashed = false"]
        assert len(pages) >= 2 and any("pageToken" in q for q in pages)

    google.trash(archive)  # what was in it goes to the trash too
    after = await world.drive.sync_organization(organization)
    assert (after.deleted, after.unchanged) == (1, 3)
    assert await world.names(organization) == ["licence.txt", "transport.txt", "waste.txt"]
    assert (await world.status(organization)).refused == ()


async def test_an_expired_access_token_is_refreshed_and_kept_encrypted(world: World) -> None:
    google = world.google
    folder = google.add_folder("SOPs")
    google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    organization = await world.organization("Grower Co", folder)
    google.expire_access_tokens()
    report = await world.drive.sync_organization(organization)
    assert report.added == 1
    grants = [hit.form["grant_type"] for hit in google.hits("/token")]
    assert grants == ["authorization_code", "refresh_token"]
    (refresh_token,) = google.refresh_tokens
    access_tokens = set(google.access_tokens)
    async with world.drive._sessions() as session:
        row = await session.scalar(select(DriveConnection))
    assert row is not None
    stored = " ".join(str(value) for value in vars(row).values())
    assert refresh_token not in stored and not any(token in stored for token in access_tokens)
    assert world.box.open(row.refresh_token_encrypted) == refresh_token


async def test_a_revoked_authorisation_stops_the_sync_before_anything_changes(
    world: World,
) -> None:
    google = world.google
    folder = google.add_folder("SOPs")
    kept = google.add_file(folder, "rules.txt", b"Keep the vault locked.", "text/plain")
    google.add_file(folder, "old.txt", b"Old rules.", "text/plain")
    organization = await world.organization("Grower Co", folder)
    await world.drive.sync_organization(organization)
    synced_at = (await world.status(organization)).last_sync_at
    google.revoke_everything()
    google.change(kept, b"Changed rules.")
    google.add_file(folder, "new.txt", b"New rules.", "text/plain")
    with pytest.raises(DriveAuthorizationError, match="Connect Google Drive again"):
        await world.drive.sync_organization(organization)
    assert await world.names(organization) == ["old.txt", "rules.txt"]
    status = await world.status(organization)
    assert status.last_sync_at == synced_at and status.files_synced == 2
    assert status.last_error is not None and "Connect Google Drive again" in status.last_error
    # The claim was let go: the next sync is not told one is under way.
    with pytest.raises(DriveAuthorizationError):
        await world.drive.sync_organization(organization)


async def test_one_sync_at_a_time_and_none_without_a_folder(world: World) -> None:
    folder = world.google.add_folder("SOPs")
    organization = await world.organization("Grower Co", folder)
    async with world.drive._sessions() as session:
        assert await drive_store.claim(session, organization, utcnow()) == folder
        await session.commit()
    with pytest.raises(SyncUnavailable):
        await world.drive.sync_organization(organization)
    with pytest.raises(SyncUnavailable):
        await world.drive.sync_organization("org_without_a_connection")


async def test_another_organisation_neither_sees_nor_loses_synced_documents(
    world: World,
) -> None:
    google = world.google
    ours, theirs = google.add_folder("Ours"), google.add_folder("Theirs")
    google.add_file(ours, "our-sop.txt", b"Our vault stays locked.", "text/plain")
    google.add_file(theirs, "their-sop.txt", b"Their vault stays shut.", "text/plain")
    grower = await world.organization("Grower Co", ours)
    rival = await world.organization("Rival Co", theirs)
    await world.drive.sync_organization(grower)
    await world.drive.sync_organization(rival)
    assert await world.names(grower) == ["our-sop.txt"]
    assert await world.names(rival) == ["their-sop.txt"]
    listed, _ = await world.files.list(
        grower, purpose=None, limit=10, newest_first=False, after=None
    )
    assert await world.files.get(rival, listed[0].id) is None
    assert await world.files.text(rival, listed[0].id) is None
    # Rival's folder emptied: only Rival's copy goes.
    for item in list(google.files.values()):
        if item.parent == theirs:
            google.trash(item)
    report = await world.drive.sync_organization(rival)
    assert report.deleted == 1
    assert await world.names(rival) == [] and await world.names(grower) == ["our-sop.txt"]
    assert (await world.status(grower)).files_synced == 1


async def test_the_periodic_pass_syncs_only_the_folders_that_are_due(world: World) -> None:
    google = world.google
    recent, stale = google.add_folder("Recent"), google.add_folder("Stale")
    google.add_file(recent, "recent.txt", b"Synced a moment ago.", "text/plain")
    google.add_file(stale, "stale.txt", b"Never synced.", "text/plain")
    fresh = await world.organization("Fresh Co", recent)
    await world.drive.sync_organization(fresh)
    google.add_file(recent, "later.txt", b"Added since.", "text/plain")
    due = await world.organization("Due Co", stale)
    assert await world.drive.sync_due(timedelta(minutes=60)) == 1
    assert await world.names(due) == ["stale.txt"]
    assert await world.names(fresh) == ["recent.txt"]  # not due for another hour
    assert await world.drive.sync_due(timedelta(0)) == 2
    assert await world.names(fresh) == ["later.txt", "recent.txt"]


async def _cursor(world: World, organization_id: str) -> tuple[str | None, dict[str, str]]:
    async with world.drive._sessions() as session:
        cursor = await drive_store.sync_cursor(session, organization_id)
    return cursor.page_token, cursor.folders


async def test_later_syncs_read_only_the_changes_since_the_kept_page_token(
    world: World,
) -> None:
    google = world.google
    root = google.add_folder("Compliance")
    sops = google.add_folder("SOPs", parent=root)
    elsewhere = google.add_folder("Personal")
    sop = google.add_file(sops, "transport.txt", b"Vehicles stay locked.", "text/plain")
    binned = google.add_file(root, "binned.txt", b"Old waste rules.", "text/plain")
    erased = google.add_file(root, "erased.txt", b"Old badge rules.", "text/plain")
    leaving = google.add_file(root, "leaving.txt", b"Moved away later.", "text/plain")
    arriving = google.add_file(elsewhere, "arriving.txt", b"Moved in later.", "text/plain")
    organization = await world.organization("Grower Co", root)

    first = await world.drive.sync_organization(organization)
    assert (first.added, first.from_changes) == (4, False)
    token, folders = await _cursor(world, organization)
    assert folders == {root: "", sops: "SOPs"}
    # The start page token was taken before the folder was listed (Google's advice).
    order = [hit.path for hit in google.requests if hit.path.startswith("/drive/v3/")]
    assert order.index("/drive/v3/changes/startPageToken") < order.index("/drive/v3/files")
    assert token == str(len(google.change_log) + 1)
    listings = len(google.hits("/drive/v3/files"))

    quiet = await world.drive.sync_organization(organization)
    assert (quiet.from_changes, quiet.added, quiet.deleted, quiet.unchanged) == (True, 0, 0, 4)
    assert google.hits("/drive/v3/changes")[-1].query["pageToken"] == token

    google.change(sop, b"Vehicles stay locked. Two drivers on every run.")
    google.trash(binned)
    google.delete(erased)
    google.move(leaving, elsewhere)
    google.move(arriving, sops)
    google.add_file(elsewhere, "diary.txt", b"Not for the company.", "text/plain")
    changed = await world.drive.sync_organization(organization)
    assert changed.from_changes is True
    assert (changed.added, changed.updated, changed.deleted) == (1, 1, 3)
    assert changed.unchanged == 0
    assert len(google.hits("/drive/v3/files")) == listings  # nothing listed again
    assert await world.names(organization) == ["arriving.txt", "transport.txt"]
    listed, _ = await world.files.list(
        organization, purpose=None, limit=10, newest_first=False, after=None
    )
    revised = next(record for record in listed if record.filename == "transport.txt")
    text = await world.files.text(organization, revised.id)
    assert text is not None and "Two drivers" in text[1]
    assert (await _cursor(world, organization))[0] == str(len(google.change_log) + 1)
    assert (await world.status(organization)).files_synced == 2

    # Another folder chosen: its first sync lists it whole.
    other = google.add_folder("Other")
    async with world.drive._sessions() as session:
        await drive_store.choose_folder(session, organization, other)
        await session.commit()
    assert await _cursor(world, organization) == (None, {})
    moved_on = await world.drive.sync_organization(organization)
    assert moved_on.from_changes is False and moved_on.deleted == 2


async def test_a_changed_folder_or_a_refused_token_lists_the_folder_whole(world: World) -> None:
    google = world.google
    root = google.add_folder("Compliance")
    google.add_file(root, "licence.txt", b"Licence C11-0000001.", "text/plain")
    organization = await world.organization("Grower Co", root)
    await world.drive.sync_organization(organization)

    labs = google.add_folder("Lab results", parent=root)  # a new subfolder, then its file
    google.add_file(labs, "coa.txt", b"Total THC 21.4 %", "text/plain")
    grown = await world.drive.sync_organization(organization)
    assert (grown.from_changes, grown.added, grown.unchanged) == (False, 1, 1)
    assert (await _cursor(world, organization))[1] == {root: "", labs: "Lab results"}

    google.add_file(labs, "coa-2.txt", b"Total THC 19.0 %", "text/plain")
    inside = await world.drive.sync_organization(organization)  # the new folder is known now
    assert (inside.from_changes, inside.added) == (True, 1)

    google.trash(labs)
    binned = await world.drive.sync_organization(organization)
    assert (binned.from_changes, binned.deleted) == (False, 2)
    assert await world.names(organization) == ["licence.txt"]

    async with world.drive._sessions() as session:
        row = await session.get(DriveConnection, organization)
        assert row is not None
        row.page_token = "999999"  # one Google never handed out (or no longer takes)
        await session.commit()
    google.add_file(root, "waste.txt", b"Waste is ground.", "text/plain")
    recovered = await world.drive.sync_organization(organization)
    assert (recovered.from_changes, recovered.added) == (False, 1)
    assert (await _cursor(world, organization))[0] == str(len(google.change_log) + 1)
    assert await world.names(organization) == ["licence.txt", "waste.txt"]


async def test_a_file_google_would_not_give_is_tried_again_from_the_same_token(
    world: World,
) -> None:
    google = world.google
    root = google.add_folder("Compliance")
    organization = await world.organization("Grower Co", root)
    await world.drive.sync_organization(organization)
    token, _ = await _cursor(world, organization)

    handbook = google.add_doc(root, "Handbook", {})  # Google refuses to export it for now
    google.add_file(root, "rules.txt", b"Keep the vault locked.", "text/plain")
    first = await world.drive.sync_organization(organization)
    assert first.from_changes and first.added == 1 and len(first.skipped) == 1
    assert first.skipped[0].startswith("Handbook: ")
    assert (await _cursor(world, organization))[0] == token  # not moved on

    handbook.exports[DOCX] = HANDBOOK
    again = await world.drive.sync_organization(organization)
    assert again.from_changes and (again.added, again.unchanged) == (1, 1)
    assert await world.names(organization) == ["Handbook.docx", "rules.txt"]
    assert (await _cursor(world, organization))[0] == str(len(google.change_log) + 1)


async def test_a_folder_in_a_shared_drive_is_listed_and_followed_with_the_drive_flags(
    world: World,
) -> None:
    google = world.google
    shared = google.add_shared_drive("Compliance team")
    root = google.add_folder("SOPs", parent=shared)
    sub = google.add_folder("Transport", parent=root)
    google.add_file(root, "waste.txt", b"Waste is ground with litter.", "text/plain")
    sop = google.add_file(sub, "transport.txt", b"Vehicles stay locked.", "text/plain")
    mine = google.add_folder("Mine")
    organization = await world.organization("Grower Co", root)
    # An app that does not say it handles shared drives finds nothing there (as Google).
    access = await world.drive.access_token(organization)
    with pytest.raises(DriveNotFound):
        await world.drive.client.get_json(access, f"/files/{root}", {})

    first = await world.drive.sync_organization(organization)
    assert (first.added, first.from_changes) == (2, False)
    assert await world.names(organization) == ["transport.txt", "waste.txt"]
    for listing in google.hits("/drive/v3/files"):
        assert listing.query["supportsAllDrives"] == "true"
        assert listing.query["includeItemsFromAllDrives"] == "true"
        assert (listing.query["corpora"], listing.query["driveId"]) == ("drive", shared)
    assert google.hits("/drive/v3/changes/startPageToken")[-1].query["driveId"] == shared
    assert (await world.status(organization)).shared_drive is True

    google.change(sop, b"Vehicles stay locked. Two drivers.")
    google.add_file(mine, "diary.txt", b"My Drive, not the shared one.", "text/plain")
    google.add_file(sub, "keys.txt", b"Two keys, two people.", "text/plain")
    changed = await world.drive.sync_organization(organization)
    assert changed.from_changes is True and (changed.added, changed.updated) == (1, 1)
    asked = google.hits("/drive/v3/changes")[-1].query
    assert (asked["driveId"], asked["includeItemsFromAllDrives"]) == (shared, "true")
    assert asked["supportsAllDrives"] == "true"
    assert await world.names(organization) == ["keys.txt", "transport.txt", "waste.txt"]
    status = await world.status(organization)
    assert status.last_sync_from_changes is True and status.files_synced == 3


async def test_a_my_drive_folder_does_not_follow_shared_drive_changes(world: World) -> None:
    google = world.google
    root = google.add_folder("SOPs")
    shared = google.add_shared_drive("Elsewhere")
    google.add_file(root, "waste.txt", b"Waste is ground with litter.", "text/plain")
    organization = await world.organization("Grower Co", root)
    await world.drive.sync_organization(organization)
    assert "driveId" not in google.hits("/drive/v3/files")[-1].query
    google.add_file(google.add_folder("Team", parent=shared), "x.txt", b"Theirs.", "text/plain")
    quiet = await world.drive.sync_organization(organization)
    assert quiet.from_changes is True and quiet.added == 0
    asked = google.hits("/drive/v3/changes")[-1].query
    assert asked["supportsAllDrives"] == "true" and "driveId" not in asked
    assert (await world.status(organization)).shared_drive is False
