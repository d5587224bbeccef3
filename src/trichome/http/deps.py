"""Request dependencies shared by the services: settings, the caller, the request body."""

from __future__ import annotations

from typing import Annotated

import anyio
from fastapi import Depends, Request

from trichome.accounts.principal import Principal
from trichome.config import Settings
from trichome.http.errors import ApiError, invalid_request
from trichome.http.state import CoreDep, core_of
from trichome.plans import PUBLIC_MODELS, PublicModel, tiers_for


# Dependencies are `async def` even when they do not await: FastAPI runs plain `def`
# dependencies in its thread pool, a hop that costs more than the function itself.
async def get_settings(core: CoreDep) -> Settings:
    """The settings the app was created with."""
    return core.settings


async def get_principal(request: Request, core: CoreDep) -> Principal:
    """The caller (see `Authenticator.principal`)."""
    return await core.auth.principal(request)


async def get_chat_principal(request: Request, core: CoreDep) -> Principal:
    """The caller of chat completions (see `Authenticator.chat_principal`)."""
    return await core.auth.chat_principal(request)


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, read no further than `limit` bytes and within the service's
    `request_timeout` (a client trickling its body must not hold a connection for ever).

    Raises:
        ApiError: 413 when the body is larger than the limit, 408 when it comes too slowly.
    """
    timeout = core_of(request).settings.request_timeout
    try:
        with anyio.fail_after(timeout):
            return await _read_within(request, limit)
    except TimeoutError:
        raise ApiError(
            408,
            f"The request body did not arrive within {timeout:g} seconds.",
            type="invalid_request_error",
            code="request_timeout",
        ) from None


async def _read_within(request: Request, limit: int) -> bytes:
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
ChatPrincipalDep = Annotated[Principal, Depends(get_chat_principal)]


def resolve_model(model_id: str, principal: Principal, upgrade_url: str) -> PublicModel:
    """The public model a request names, if the caller's tier includes it.

    Raises:
        ApiError: 400 for an unknown model, 403 for a model above the caller's tier.
    """
    model = PUBLIC_MODELS.get(model_id)
    if model is None:
        raise invalid_request(
            f"The model '{model_id}' does not exist. Models: {', '.join(PUBLIC_MODELS)}.",
            code="model_not_found",
            param="model",
        )
    if not model.allowed_for(principal.tier):
        raise ApiError(
            403,
            f"The model '{model.id}' requires the {tiers_for(model)} tier; your organisation is "
            f"on the {principal.tier.label} tier. Upgrade at {upgrade_url}.",
            type="permission_error",
            code="model_not_in_tier",
            param="model",
        )
    return model
