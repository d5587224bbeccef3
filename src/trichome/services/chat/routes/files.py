"""`/v1/files`: an organisation's own documents in OpenAI's Files shape (upload, list,
retrieve, content, delete). Content is served as an attachment that no browser renders."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncGenerator, Sequence
from typing import Annotated, Literal
from urllib.parse import quote

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, Field
from starlette.datastructures import FormData, UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser

from trichome.accounts.principal import Principal
from trichome.db.models import StoredFile
from trichome.documents.errors import FileRejected, StoreUnavailable
from trichome.documents.service import PURPOSES, Upload, clean_filename
from trichome.documents.types import KINDS
from trichome.http.deps import PrincipalDep, read_body
from trichome.http.errors import ApiError, error_responses, invalid_request
from trichome.services.chat.state import ChatDep

logger = logging.getLogger(__name__)
router = APIRouter()

# Our ids are `file_` and hex; anything else is unknown without asking the database
# (which may refuse some strings, a NUL for one, with an error rather than no rows).
FILE_ID = re.compile(r"^file_[0-9a-f]{1,40}$")

# Room for the multipart framing and the `purpose` field around the largest file.
_FORM_OVERHEAD = 64 * 1024


class FileObject(BaseModel):
    """An uploaded file (OpenAI's `file` object)."""

    id: str
    object: Literal["file"]
    bytes: int
    created_at: int = Field(description="Unix time in seconds.")
    filename: str
    purpose: str
    status: Literal["processed"]
    expires_at: int | None = None
    status_details: str | None = None


class FileList(BaseModel):
    """A page of the organisation's files, newest first unless `order=asc`."""

    object: Literal["list"]
    data: list[FileObject]
    has_more: bool
    first_id: str | None
    last_id: str | None


class FileDeleted(BaseModel):
    """The answer to a deletion."""

    id: str
    object: Literal["file"]
    deleted: bool


def _file_object(record: StoredFile) -> FileObject:
    return FileObject(
        id=record.id,
        object="file",
        bytes=record.size_bytes,
        created_at=int(record.created_at.timestamp()),
        filename=record.filename,
        purpose=record.purpose,
        status="processed",
    )


def attachment(record: StoredFile, content: bytes) -> Response:
    """A file's bytes as a download no browser renders or runs, nor any cache keeps (the
    chat API's `content` route and the dashboard's serve it alike)."""
    return Response(
        content,
        media_type=record.media_type,
        headers={
            "content-disposition": f"attachment; filename*=UTF-8''{quote(record.filename)}",
            "x-content-type-options": "nosniff",
            "content-security-policy": "default-src 'none'; sandbox",
            "cache-control": "private, no-store",
        },
    )


def organization_of(principal: Principal) -> str:
    if principal.organization_id is None:
        raise ApiError(
            401,
            "Files belong to an organisation: send 'Authorization: Bearer <API key>'.",
            type="authentication_error",
            code="missing_api_key",
        )
    return principal.organization_id


def not_found(file_id: str) -> ApiError:
    return ApiError(
        404,
        f"No file with id '{file_id[:80]}'.",
        type="invalid_request_error",
        code="file_not_found",
        param="file_id",
    )


def _store_down(error: StoreUnavailable) -> ApiError:
    logger.error("file store unavailable: %s", error)
    return ApiError(
        503,
        "The file store is unavailable; nothing was changed. Retry shortly.",
        type="service_unavailable_error",
        code="storage_unavailable",
    )


def _rejected(error: FileRejected) -> ApiError:
    kind = "permission_error" if error.status == 403 else "invalid_request_error"
    return ApiError(error.status, error.message, type=kind, code=error.code, param="file")


async def _read_form(request: Request, limit: int) -> Upload:
    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise ApiError(
            415,
            "Send the file as multipart/form-data with the fields 'file' and 'purpose'.",
            type="invalid_request_error",
            code="unsupported_media_type",
        )
    try:
        raw = await read_body(request, limit + _FORM_OVERHEAD)
    except ApiError as error:
        if error.status == 413:
            error.message = f"The file is larger than the {limit} bytes accepted."
            error.code, error.param = "file_too_large", "file"
        raise

    async def chunks() -> AsyncGenerator[bytes, None]:
        yield raw

    parser = MultiPartParser(
        request.headers, chunks(), max_files=1, max_fields=4, max_part_size=1024
    )
    try:
        form = await parser.parse()
    except MultiPartException as error:
        raise invalid_request(
            f"The multipart body is malformed: {error.message}", code="invalid_multipart"
        ) from None
    try:
        return await _upload_of(form)
    finally:
        await form.close()


async def _upload_of(form: FormData) -> Upload:
    unknown = sorted({name for name in form if name not in ("file", "purpose")})
    if unknown:
        raise invalid_request(
            f"The field '{unknown[0][:40]}' is not accepted here; send only 'file' and 'purpose'.",
            code="unsupported_parameter",
            param=unknown[0][:40],
        )
    upload, purpose = form.get("file"), form.get("purpose")
    if not isinstance(upload, UploadFile):
        raise invalid_request(
            "The field 'file' (a file) is missing.", code="missing_required_field", param="file"
        )
    if not isinstance(purpose, str) or not purpose:
        raise invalid_request(
            "The field 'purpose' is missing.", code="missing_required_field", param="purpose"
        )
    if purpose not in PURPOSES:
        raise invalid_request(
            f"The purpose '{purpose[:40]}' is not accepted here; "
            f"use one of: {', '.join(PURPOSES)}.",
            code="invalid_value",
            param="purpose",
        )
    content = await upload.read()
    return Upload(filename=clean_filename(upload.filename), content=content, purpose=purpose)


@router.post(
    "/v1/files",
    response_model=FileObject,
    responses=error_responses(400, 401, 403, 408, 413, 415, 503),
    summary="Upload a file (PDF, DOCX, XLSX, CSV, TXT, Markdown or an image of text)",
    openapi_extra={
        "requestBody": {
            "required": True,
            "content": {
                "multipart/form-data": {
                    "schema": {
                        "type": "object",
                        "additionalProperties": False,
                        "required": ["file", "purpose"],
                        "properties": {
                            "file": {"type": "string", "format": "binary"},
                            "purpose": {"type": "string", "enum": list(PURPOSES)},
                        },
                    }
                }
            },
        }
    },
)
async def create_file(request: Request, principal: PrincipalDep, chat: ChatDep) -> FileObject:
    organization_id = organization_of(principal)
    upload = await _read_form(request, chat.files.max_bytes)
    try:
        record = await chat.files.upload(organization_id, principal.tier, upload)
    except FileRejected as error:
        raise _rejected(error) from None
    except StoreUnavailable as error:
        raise _store_down(error) from None
    return _file_object(record)


@router.get(
    "/v1/files",
    response_model=FileList,
    responses=error_responses(400, 401, 503),
    summary="The organisation's files",
)
async def list_files(
    principal: PrincipalDep,
    chat: ChatDep,
    purpose: str | None = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 10_000,
    order: Literal["asc", "desc"] = "desc",
    after: str | None = None,
) -> FileList:
    organization_id = organization_of(principal)
    records: Sequence[StoredFile] = ()
    has_more = False
    if purpose is None or purpose in PURPOSES:  # no file has another purpose
        records, has_more = await chat.files.list(
            organization_id,
            purpose=purpose,
            limit=limit,
            newest_first=order == "desc",
            after=after if after and FILE_ID.match(after) else None,
        )
    data = [_file_object(record) for record in records]
    return FileList(
        object="list",
        data=data,
        has_more=has_more,
        first_id=data[0].id if data else None,
        last_id=data[-1].id if data else None,
    )


@router.get(
    "/v1/files/{file_id}",
    response_model=FileObject,
    responses=error_responses(401, 404, 503),
    summary="One of the organisation's files",
)
async def retrieve_file(file_id: str, principal: PrincipalDep, chat: ChatDep) -> FileObject:
    organization_id = organization_of(principal)
    record = await chat.files.get(organization_id, file_id) if FILE_ID.match(file_id) else None
    if record is None:
        raise not_found(file_id)
    return _file_object(record)


@router.get(
    "/v1/files/{file_id}/content",
    response_class=Response,
    responses={
        200: {
            "description": "The file's bytes, with the media type of its detected type.",
            "content": {
                kind.media_type: {"schema": {"type": "string", "format": "binary"}}
                for kind in KINDS
            },
        },
        **error_responses(401, 404, 503),
    },
    summary="A file's bytes, as an attachment",
)
async def file_content(file_id: str, principal: PrincipalDep, chat: ChatDep) -> Response:
    organization_id = organization_of(principal)
    try:
        found = (
            await chat.files.content(organization_id, file_id) if FILE_ID.match(file_id) else None
        )
    except StoreUnavailable as error:
        raise _store_down(error) from None
    if found is None:
        raise not_found(file_id)
    return attachment(*found)


@router.delete(
    "/v1/files/{file_id}",
    response_model=FileDeleted,
    responses=error_responses(401, 404, 503),
    summary="Delete a file: its stored bytes, its text and its record",
)
async def delete_file(file_id: str, principal: PrincipalDep, chat: ChatDep) -> FileDeleted:
    organization_id = organization_of(principal)
    try:
        deleted = FILE_ID.match(file_id) and await chat.files.delete(organization_id, file_id)
    except StoreUnavailable as error:
        raise _store_down(error) from None
    if not deleted:
        raise not_found(file_id)
    return FileDeleted(id=file_id, object="file", deleted=True)
