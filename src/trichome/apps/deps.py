"""Request dependencies shared by the services: settings, the caller, the request body."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from trichome.accounts.principal import Principal
from trichome.apps.auth import Authenticator
from trichome.apps.errors import ApiError
from trichome.config import Settings


# Dependencies are `async def` even when they do not await: FastAPI runs plain `def`
# dependencies in its thread pool, a hop that costs more than the function itself.
async def get_settings(request: Request) -> Settings:
    """The settings the app was created with."""
    settings: Settings = request.app.state.settings
    return settings


async def get_principal(request: Request) -> Principal:
    """The caller (see `Authenticator.principal`)."""
    authenticator: Authenticator = request.app.state.auth
    return await authenticator.principal(request)


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
