"""The documents page, `/documents`: the organisation's own files (SOPs, COAs, licences)
uploaded by drag and drop or a file field, listed with their size, type, upload time and
what extraction found, downloaded, deleted after a confirmation step, and a certificate of
analysis shown read and checked against a state's limits. Members of the organisation
only: another organisation's file is as absent as one never uploaded."""

from __future__ import annotations

import functools
import logging
from collections.abc import AsyncGenerator
from typing import Annotated

import anyio
from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import Response
from starlette.datastructures import UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser

from trichome.accounts.sessions import csrf_matches
from trichome.accounts.users import OWNER
from trichome.db.models import StoredFile
from trichome.documents.coa import parse_certificate
from trichome.documents.coa_check import check_certificate
from trichome.documents.drive_store import drive_status
from trichome.documents.errors import FileRejected, StoreUnavailable
from trichome.documents.overview import list_summaries, used_bytes
from trichome.documents.service import Upload, clean_filename
from trichome.documents.types import ACCEPTED, KINDS
from trichome.http.deps import read_body
from trichome.http.errors import ApiError
from trichome.knowledge.jurisdictions import JURISDICTION_NAMES
from trichome.knowledge.retrieval import KnowledgeBase
from trichome.plans import STORAGE_QUOTA_BYTES, Tier
from trichome.services.chat.routes.coa import STATE_CODES
from trichome.services.chat.routes.files import FILE_ID, attachment
from trichome.services.dashboard.session import (
    SESSION_COOKIE,
    CsrfFailed,
    FormDep,
    UserDep,
    redirect,
    render,
)
from trichome.services.dashboard.state import dashboard_of

logger = logging.getLogger(__name__)
router = APIRouter(include_in_schema=False)
FileId = Annotated[str, Path(max_length=64)]
# The files the page lists (newest first); the API pages through more.
LISTED = 200
# Room for the multipart framing and the CSRF field around the largest file.
_FORM_OVERHEAD = 64 * 1024
KIND_LABELS = {
    kind.name: kind.name.upper() if kind.name != "markdown" else "Markdown" for kind in KINDS
}
DRIVE_NOTICES = {
    "connected": "Google Drive is connected. Choose the folder to sync.",
    "folder": "The folder is chosen; its first sync has started.",
    "started": "The sync has started. Its result shows here once it has finished.",
    "disconnected": "Google Drive is disconnected; the documents synced from it stay.",
}
ACCEPT = ",".join(extension for kind in KINDS for extension in kind.extensions if extension)


@functools.cache
def _knowledge() -> KnowledgeBase:
    from trichome.knowledge.packs import load_packs  # read once, on the first COA shown

    return KnowledgeBase(load_packs())


def _not_found(request: Request) -> Response:
    return render(
        request,
        "message.html",
        {"title": "No such document", "message": "This organisation has no such document."},
        status_code=404,
    )


def _size(size: int) -> str:
    """A size as people read it: "512 bytes", "2.6 KB", "20 MB", "20 GB" (binary units)."""
    if size < 1024:
        return f"{size:,} bytes"
    scale, unit = next(
        (s, u) for s, u in ((1024**3, "GB"), (1024**2, "MB"), (1024, "KB")) if size >= s
    )
    return f"{size / scale:,.1f}".removesuffix(".0") + f" {unit}"


async def _page(
    request: Request,
    user: UserDep,
    *,
    error: str | None = None,
    drive_error: str | None = None,
    status_code: int = 200,
) -> Response:
    sessions = dashboard_of(request).core.sessions
    organization = user.organization
    summaries = await list_summaries(sessions, organization.id, LISTED)
    uploaded = request.query_params.get("uploaded")
    deleted = request.query_params.get("deleted")
    async with sessions() as session:
        drive = await drive_status(session, organization.id, dashboard_of(request).core.clock())
    return render(
        request,
        "documents.html",
        {
            "summaries": summaries,
            "error": error,
            "uploaded": next((s.record for s in summaries if s.record.id == uploaded), None),
            "deleted": deleted is not None,
            "used": _size(await used_bytes(sessions, organization.id)),
            "quota": _size(STORAGE_QUOTA_BYTES[Tier(organization.tier)]),
            "largest": _size(dashboard_of(request).files.max_bytes),
            "accepted": ACCEPTED,
            "accept": ACCEPT,
            "kinds": KIND_LABELS,
            "size": _size,
            "drive_enabled": dashboard_of(request).drive is not None,
            "drive": drive,
            "drive_error": drive_error,
            "drive_notice": DRIVE_NOTICES.get(request.query_params.get("drive", "")),
            "is_owner": user.role == OWNER,
        },
        status_code=status_code,
    )


show_documents = _page


@router.get("/documents")
async def documents_page(request: Request, user: UserDep) -> Response:
    """The organisation's documents and the upload form."""
    return await _page(request, user)


class _FormRefused(Exception):
    """An upload form that cannot be read: the status and a message for the page."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


async def _read_upload(request: Request, limit: int) -> Upload:
    """The uploaded file.

    Raises:
        CsrfFailed: the form's token is missing or not this session's.
        _FormRefused: the form is not multipart, too large, too slow or malformed, or
            holds no file.
    """
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise _FormRefused(400, "Send the form as it is on the page (multipart/form-data).")
    try:
        raw = await read_body(request, limit + _FORM_OVERHEAD)
    except ApiError as error:
        if error.status == 413:
            raise _FormRefused(
                413, f"The file is larger than the {_size(limit)} accepted."
            ) from None
        raise _FormRefused(error.status, error.message) from None

    async def chunks() -> AsyncGenerator[bytes, None]:
        yield raw

    parser = MultiPartParser(
        request.headers, chunks(), max_files=1, max_fields=4, max_part_size=1024
    )
    try:
        form = await parser.parse()
    except MultiPartException as error:
        raise _FormRefused(400, f"The form could not be read: {error.message}") from None
    try:
        token = form.get("csrf_token")
        if not isinstance(token, str) or not csrf_matches(
            request.cookies.get(SESSION_COOKIE, ""), token
        ):
            raise CsrfFailed
        upload = form.get("file")
        if not isinstance(upload, UploadFile) or not upload.filename:
            raise _FormRefused(400, "Choose a file to upload.")
        content = await upload.read()
        return Upload(clean_filename(upload.filename), content, "assistants")
    finally:
        await form.close()


@router.post("/documents")
async def upload_document(request: Request, user: UserDep) -> Response:
    """Upload a file from the page (the drop zone fills the same form's file field)."""
    files = dashboard_of(request).files
    try:
        upload = await _read_upload(request, files.max_bytes)
    except _FormRefused as refused:
        return await _page(request, user, error=refused.message, status_code=refused.status)
    try:
        record = await files.upload(user.organization.id, Tier(user.organization.tier), upload)
    except FileRejected as error:
        return await _page(request, user, error=error.message, status_code=error.status)
    except StoreUnavailable as error:
        logger.error("file store unavailable: %s", error)
        message = "The file store is unavailable; nothing was kept. Try again shortly."
        return await _page(request, user, error=message, status_code=503)
    return redirect(request, f"/documents?uploaded={record.id}")


async def _find(request: Request, user: UserDep, file_id: str) -> StoredFile | None:
    if not FILE_ID.match(file_id):
        return None
    return await dashboard_of(request).files.get(user.organization.id, file_id)


@router.get("/documents/{file_id}/content")
async def download(request: Request, user: UserDep, file_id: FileId) -> Response:
    """A document's bytes, as an attachment (the link answers cite, for members)."""
    if not FILE_ID.match(file_id):
        return _not_found(request)
    try:
        found = await dashboard_of(request).files.content(user.organization.id, file_id)
    except StoreUnavailable as error:
        logger.error("file store unavailable: %s", error)
        found = None
    return _not_found(request) if found is None else attachment(*found)


@router.get("/documents/{file_id}/delete")
async def confirm_delete(request: Request, user: UserDep, file_id: FileId) -> Response:
    """Ask before deleting a document."""
    record = await _find(request, user, file_id)
    if record is None:
        return _not_found(request)
    return render(request, "document_delete.html", {"record": record})


@router.post("/documents/{file_id}/delete")
async def delete(request: Request, user: UserDep, _: FormDep, file_id: FileId) -> Response:
    """Delete a document: its stored bytes, its text and its passages in the index."""
    if not FILE_ID.match(file_id):
        return _not_found(request)
    try:
        deleted = await dashboard_of(request).files.delete(user.organization.id, file_id)
    except StoreUnavailable as error:
        logger.error("file store unavailable: %s", error)
        message = "The file store is unavailable; the document was not deleted. Try again."
        return await _page(request, user, error=message, status_code=503)
    if not deleted:
        return _not_found(request)
    return redirect(request, "/documents?deleted=1")


@router.get("/documents/{file_id}/coa")
async def coa_findings(
    request: Request,
    user: UserDep,
    file_id: FileId,
    state: Annotated[str | None, Query(max_length=8)] = None,
) -> Response:
    """A certificate of analysis read into its results and checked against a state's
    limits (the state on the certificate unless another is chosen)."""
    if not FILE_ID.match(file_id):
        return _not_found(request)
    found = await dashboard_of(request).files.text(user.organization.id, file_id)
    if found is None:
        return _not_found(request)
    record, text = found
    chosen = (state or "").strip().upper() or None
    if chosen is not None and chosen not in STATE_CODES:
        chosen = None
    certificate = await anyio.to_thread.run_sync(parse_certificate, text)
    knowledge = await anyio.to_thread.run_sync(_knowledge)
    check = check_certificate(certificate, knowledge, chosen) if certificate.results else None
    return render(
        request,
        "document_coa.html",
        {
            "record": record,
            "certificate": certificate,
            "check": check,
            "states": [(code, JURISDICTION_NAMES[code]) for code in STATE_CODES],
            "state_name": JURISDICTION_NAMES.get(check.state or "", None) if check else None,
        },
    )
