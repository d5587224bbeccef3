"""Request dependencies shared by the services: settings, runtime state, the caller."""

from __future__ import annotations

import sqlite3
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.lookup import KeyLookup
from trichome.accounts.principal import ANONYMOUS, Principal
from trichome.accounts.service import authenticate_key
from trichome.apps.errors import ApiError
from trichome.config import Settings

_BEARER_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="trichome"'}


def _unauthorized(message: str, code: str) -> ApiError:
    return ApiError(401, message, type="authentication_error", code=code, headers=_BEARER_CHALLENGE)


# Dependencies are `async def` even when they do not await: FastAPI runs plain `def`
# dependencies in its thread pool, a hop that costs more than the function itself.
async def get_settings(request: Request) -> Settings:
    """The settings the app was created with."""
    settings: Settings = request.app.state.settings
    return settings


async def get_sessionmaker(request: Request) -> async_sessionmaker[AsyncSession]:
    """The app's database session factory."""
    sessions: async_sessionmaker[AsyncSession] = request.app.state.sessions
    return sessions


def bearer_credential(request: Request) -> str | None:
    """The credential of an `Authorization: Bearer` header, None when the header is absent.

    Raises:
        ApiError: 401 when the header is present but not a bearer credential.
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, credential = header.strip().partition(" ")
    credential = credential.strip()
    if scheme.lower() != "bearer" or not credential:
        raise _unauthorized(
            "The Authorization header must be 'Bearer <API key>'.", "invalid_authorization_header"
        )
    return credential


async def get_principal(
    request: Request,
    settings: Annotated[Settings, Depends(get_settings)],
    sessions: Annotated[async_sessionmaker[AsyncSession], Depends(get_sessionmaker)],
) -> Principal:
    """The caller, from its API key; anonymous Free when allowed and no credential is sent.

    Raises:
        ApiError: 401 for a missing or invalid credential, 503 when the database is down.
    """
    credential = bearer_credential(request)
    if credential is None:
        if settings.anonymous:
            return ANONYMOUS
        raise _unauthorized(
            "Missing credential: send the header 'Authorization: Bearer <API key>'.",
            "missing_api_key",
        )
    lookup: KeyLookup = request.app.state.key_lookup
    try:
        principal = await authenticate_key(lookup, sessions, credential)
    except (SQLAlchemyError, sqlite3.Error, OSError) as error:
        raise ApiError(
            503,
            "The account database is unavailable; retry shortly.",
            type="service_unavailable_error",
            code="database_unavailable",
        ) from error
    if principal is None:
        raise _unauthorized("Invalid API key.", "invalid_api_key")
    return principal


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, read no further than `limit` bytes.

    Raises:
        ApiError: 413 when the body is larger than the limit.
    """
    too_large = ApiError(
        413,
        f"The request body is larger than {limit} bytes.",
        type="invalid_request_error",
        code="request_too_large",
    )
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


SettingsDep = Annotated[Settings, Depends(get_settings)]
PrincipalDep = Annotated[Principal, Depends(get_principal)]
