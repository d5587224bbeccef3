"""The Google client against a local Google that answers as Google documents: the
authorization-code exchange and refresh, a folder listed page by page without trashed
files, a Google Doc exported, a PDF downloaded, and refusals that name no secret."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import httpx
import pytest

from tests.documents.samples import docx_file, pdf
from tests.support.google_drive import GoogleServer, google_server
from trichome.config import Settings
from trichome.documents import drive_changes
from trichome.documents.drive_client import SCOPE, GoogleDriveClient
from trichome.documents.drive_errors import (
    ContentTooLarge,
    DriveAuthorizationError,
    DriveNotFound,
    DriveUnavailable,
    TokenRejected,
)
from trichome.documents.drive_items import DOCX, DriveItem, folder_id_from
from trichome.documents.drive_pkce import code_challenge, new_code_verifier

pytestmark = pytest.mark.anyio
NOW = datetime(2026, 11, 27, 12, tzinfo=UTC)
REDIRECT = "http://127.0.0.1:8003/documents/drive/callback"
# The PKCE verifier of the tests' consents (a connection makes its own).
VERIFIER = new_code_verifier()


def drive_settings(google: GoogleServer, tmp_path: Path, **changes: object) -> Settings:
    """Settings whose Google is the local one."""
    return Settings(
        data_dir=tmp_path,
        google_client_id=google.client_id,
        google_client_secret=google.client_secret,
        google_auth_url=google.auth_url,
        google_token_url=google.token_url,
        google_revoke_url=google.revoke_url,
        google_drive_url=google.drive_url,
        google_drive_sync_minutes=0,
        **changes,
    )


@pytest.fixture
def google() -> Iterator[GoogleServer]:
    with google_server() as served:
        served.redirect_uris.add(REDIRECT)
        yield served


@pytest.fixture
async def client(google: GoogleServer, tmp_path: Path) -> AsyncIterator[GoogleDriveClient]:
    made = GoogleDriveClient(drive_settings(google, tmp_path), clock=lambda: NOW)
    try:
        yield made
    finally:
        await made.aclose()


def consent(
    client: GoogleDriveClient, state: str = "s1", verifier: str = VERIFIER
) -> dict[str, str]:
    """What Google sends back to the redirect URI after the user's consent (the code bound
    to `verifier`'s challenge)."""
    url = client.authorization_url(REDIRECT, state, code_challenge(verifier))
    answer = httpx.get(url, follow_redirects=False)
    assert answer.status_code == 302
    location = urlsplit(answer.headers["location"])
    assert f"{location.scheme}://{location.netloc}{location.path}" == REDIRECT
    return dict(parse_qsl(location.query))


async def test_the_code_is_exchanged_once_and_the_refresh_token_gives_new_access(
    client: GoogleDriveClient, google: GoogleServer
) -> None:
    url = client.authorization_url(REDIRECT, "s1", code_challenge(VERIFIER))
    asked = dict(parse_qsl(urlsplit(url).query))
    assert asked == {
        "client_id": google.client_id,
        "redirect_uri": REDIRECT,
        "response_type": "code",
        "scope": SCOPE,
        "access_type": "offline",
        "prompt": "consent",
        "state": "s1",
        "code_challenge": code_challenge(VERIFIER),
        "code_challenge_method": "S256",
    }
    back = consent(client)
    assert back["state"] == "s1"
    tokens = await client.exchange_code(back["code"], REDIRECT, VERIFIER)
    assert tokens.refresh_token in google.refresh_tokens
    assert tokens.expires_at == NOW + timedelta(seconds=3599)
    assert tokens.scope == SCOPE
    exchange = google.hits("/token")[0].form
    assert exchange["grant_type"] == "authorization_code"
    assert exchange["code_verifier"] == VERIFIER
    assert exchange["client_secret"] == google.client_secret
    assert tokens.access_token not in repr(tokens) and str(tokens.refresh_token) not in repr(tokens)
    with pytest.raises(DriveAuthorizationError, match="invalid_grant"):
        await client.exchange_code(back["code"], REDIRECT, VERIFIER)  # a code works once

    assert tokens.refresh_token is not None
    refreshed = await client.refresh(tokens.refresh_token)
    assert refreshed.access_token != tokens.access_token and refreshed.refresh_token is None
    assert google.hits("/token")[-1].form["grant_type"] == "refresh_token"
    google.revoke_everything()
    with pytest.raises(DriveAuthorizationError, match="Connect Google Drive again") as refused:
        await client.refresh(tokens.refresh_token)
    assert tokens.refresh_token not in str(refused.value)


async def test_a_consent_without_the_drive_scope_is_refused(
    client: GoogleDriveClient, google: GoogleServer
) -> None:
    google.granted_scope = "openid"
    with pytest.raises(DriveAuthorizationError, match="did not grant read access"):
        await client.exchange_code(consent(client)["code"], REDIRECT, VERIFIER)


async def test_a_folder_is_listed_page_by_page_without_trashed_files_or_other_folders(
    client: GoogleDriveClient, google: GoogleServer
) -> None:
    folder = google.add_folder("SOPs")
    other = google.add_folder("Elsewhere")
    names = [f"sop-{n}.txt" for n in range(5)]
    for name in names:
        google.add_file(folder, name, b"text", "text/plain")
    google.add_file(folder, "old.txt", b"gone", "text/plain").trashed = True
    google.add_file(other, "not-here.txt", b"x", "text/plain")
    google.page_size = 2
    tokens = await client.exchange_code(consent(client)["code"], REDIRECT, VERIFIER)
    items = (await client.list_tree(tokens.access_token, folder)).files
    assert [item.name for item in items] == names
    assert all(item.size == 4 and item.modified_time.endswith("Z") for item in items)
    listings = google.hits("/drive/v3/files")
    assert len(listings) == 3  # 2 + 2 + 1
    assert listings[0].query["q"] == f"'{folder}' in parents and trashed = false"
    assert "pageToken" not in listings[0].query and listings[1].query["pageToken"]
    assert listings[0].headers["authorization"] == f"Bearer {tokens.access_token}"
    assert "nextPageToken" in listings[0].query["fields"]
    assert (await client.folder(tokens.access_token, folder)).name == "SOPs"
    with pytest.raises(DriveNotFound):
        await client.folder(tokens.access_token, items[0].id)  # a file, not a folder
    with pytest.raises(TokenRejected):
        await client.list_tree("ya29.not-a-token", folder)


async def test_a_doc_is_exported_and_a_pdf_downloaded_within_the_limit(
    client: GoogleDriveClient, google: GoogleServer
) -> None:
    folder = google.add_folder("SOPs")
    handbook = docx_file("Employees wear badges at all times.", [["Zone", "Badge"]])
    google.add_doc(folder, "Handbook", {DOCX: handbook})
    sop = pdf("Transport SOP. Vehicles stay locked.")
    google.add_file(folder, "Transport SOP", sop, "application/pdf")
    tokens = await client.exchange_code(consent(client)["code"], REDIRECT, VERIFIER)
    doc, binary = (await client.list_tree(tokens.access_token, folder)).files
    assert doc.size is None  # Google's own formats have no size
    assert await client.content(tokens.access_token, doc, 10**6) == ("Handbook.docx", handbook)
    assert await client.content(tokens.access_token, binary, 10**6) == ("Transport SOP.pdf", sop)
    export, download = (
        google.hits(f"/drive/v3/files/{doc.id}/export"),
        google.hits(f"/drive/v3/files/{binary.id}"),
    )
    assert export[0].query == {"mimeType": DOCX}
    assert download[0].query == {"alt": "media", "supportsAllDrives": "true"}
    with pytest.raises(ContentTooLarge):
        await client.content(tokens.access_token, binary, 100)
    gone = DriveItem("1Fkmissing0000", "gone.pdf", "application/pdf", "", None)
    with pytest.raises(DriveNotFound, match="NOT_FOUND"):
        await client.content(tokens.access_token, gone, 10**6)
    form = DriveItem("1Fkform000000", "Survey", "application/vnd.google-apps.form", "", None)
    with pytest.raises(DriveNotFound, match="cannot be exported"):
        await client.content(tokens.access_token, form, 10**6)


async def test_an_unreachable_google_is_unavailable(tmp_path: Path) -> None:
    with google_server() as google:
        settings = drive_settings(google, tmp_path)
    client = GoogleDriveClient(settings)  # the server is stopped: nothing listens
    try:
        with pytest.raises(DriveUnavailable, match="could not be reached"):
            await client.refresh("1//refresh")
    finally:
        await client.aclose()


def test_a_folder_is_named_by_its_id_or_its_address() -> None:
    folder = "1AbCdEfGhIjKlMnOpQrStUv"
    assert folder_id_from(folder) == folder
    assert folder_id_from(f" https://drive.google.com/drive/folders/{folder}?usp=sharing ") == (
        folder
    )
    assert folder_id_from(f"https://drive.google.com/drive/u/0/folders/{folder}") == folder
    assert folder_id_from("' in parents or '1") is None
    assert folder_id_from("short") is None


async def test_a_code_is_worth_tokens_only_with_its_verifier(
    client: GoogleDriveClient, google: GoogleServer
) -> None:
    other = new_code_verifier()
    with pytest.raises(DriveAuthorizationError, match="invalid_grant"):
        await client.exchange_code(consent(client)["code"], REDIRECT, other)
    assert google.refresh_tokens == set()
    # Google checks S256: the challenge it saw is the hash of the verifier we keep.
    authorize = google.hits("/o/oauth2/v2/auth")[-1].query
    assert authorize["code_challenge_method"] == "S256"
    assert authorize["code_challenge"] == code_challenge(VERIFIER) != VERIFIER
    assert 43 <= len(VERIFIER) <= 128 and len(authorize["code_challenge"]) == 43
    tokens = await client.exchange_code(consent(client)["code"], REDIRECT, VERIFIER)
    assert tokens.refresh_token in google.refresh_tokens


async def test_changes_are_read_page_by_page_from_the_start_page_token(
    client: GoogleDriveClient, google: GoogleServer
) -> None:
    folder = google.add_folder("SOPs")
    kept = google.add_file(folder, "kept.txt", b"kept", "text/plain")
    binned = google.add_file(folder, "binned.txt", b"binned", "text/plain")
    erased = google.add_file(folder, "erased.txt", b"erased", "text/plain")
    tokens = await client.exchange_code(consent(client)["code"], REDIRECT, VERIFIER)
    start = await drive_changes.start_page_token(client, tokens.access_token)
    google.change(kept, b"kept, revised")
    google.trash(binned)
    google.delete(erased)
    added = google.add_file(folder, "added.txt", b"added", "text/plain")
    google.page_size = 3

    listed = await drive_changes.list_changes(client, tokens.access_token, start)
    by_file = {change.file_id: change for change in listed.changes}
    assert list(by_file) == [kept.id, binned.id, erased.id, added.id]
    assert by_file[erased.id] == drive_changes.DriveChange(erased.id, removed=True)
    assert by_file[binned.id].trashed and not by_file[binned.id].removed
    assert by_file[kept.id].parents == (folder,) and by_file[kept.id].entry is not None
    assert by_file[kept.id].entry["modifiedTime"] == "2026-11-01T00:05:00.000Z"
    pages = google.hits("/drive/v3/changes")
    assert [page.query["pageToken"] for page in pages] == [start, str(int(start) + 3)]
    assert all(page.query["includeRemoved"] == "true" for page in pages)
    assert "newStartPageToken" in pages[0].query["fields"]
    assert listed.new_start_page_token == await drive_changes.start_page_token(
        client, tokens.access_token
    )
    nothing = await drive_changes.list_changes(
        client, tokens.access_token, listed.new_start_page_token
    )
    assert nothing.changes == [] and nothing.new_start_page_token == listed.new_start_page_token
    with pytest.raises(drive_changes.ChangesUnusable):
        await drive_changes.list_changes(client, tokens.access_token, "not-a-token")


def test_changes_are_placed_in_the_tree_or_ask_for_a_full_listing() -> None:
    folders = {"1Fkroot00000": "", "1Fksub000000": "SOPs"}

    def change(file_id: str, parent: str, **kinds: bool) -> drive_changes.DriveChange:
        mime = "application/vnd.google-apps.folder" if kinds.pop("folder", False) else "text/plain"
        entry = {"id": file_id, "name": f"{file_id}.txt", "mimeType": mime, "modifiedTime": "t"}
        return drive_changes.DriveChange(
            file_id,
            removed=False,
            parents=(parent,),
            entry=entry,
            is_folder=mime.endswith("folder"),
            **kinds,
        )

    planned = drive_changes.plan(
        [
            change("a", "1Fksub000000"),
            change("b", "elsewhere"),  # outside (or moved out of) the tree
            change("c", "1Fkroot00000", trashed=True),
            drive_changes.DriveChange("d", removed=True),
            change("1Fkroot00000", "root", folder=True),  # the synced folder renamed
        ],
        folders,
    )
    assert [item.shown_name for item in planned.present] == ["SOPs/a.txt"]
    assert planned.gone == {"b", "c", "d"} and not planned.relist
    # The last change of a file counts: trashed, then restored.
    restored = drive_changes.plan(
        [change("a", "1Fksub000000", trashed=True), change("a", "1Fksub000000")], folders
    )
    assert [item.id for item in restored.present] == ["a"] and restored.gone == set()
    for moved in (
        change("new", "1Fksub000000", folder=True),  # a new subfolder
        change("1Fksub000000", "elsewhere", folder=True),  # a subfolder moved out
        change("1Fksub000000", "1Fkroot00000", folder=True),  # renamed
        drive_changes.DriveChange("1Fksub000000", removed=True),
        change("1Fkroot00000", "root", folder=True, trashed=True),
    ):
        assert drive_changes.plan([moved], folders).relist, moved
    assert not drive_changes.plan([change("x", "elsewhere", folder=True)], folders).relist
