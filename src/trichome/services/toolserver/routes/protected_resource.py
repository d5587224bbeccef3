"""The tool server as an OAuth protected resource (RFC 9728, RFC 6750, RFC 8707).

It publishes protected-resource metadata naming the dashboard as its authorization
server, answers 401s with a `WWW-Authenticate` challenge that points there, and turns a
dashboard-issued access token into the caller it stands for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.oauth import MCP_PATH, SCOPES, WRITE_SCOPE, token_covers
from trichome.accounts.oauth_access import InvalidToken, find_access_grant, touch_grant
from trichome.accounts.principal import Principal
from trichome.config import Settings
from trichome.db.models import utcnow
from trichome.http.auth import unauthorized
from trichome.http.errors import ApiError, database_unavailable

WELL_KNOWN = "/.well-known/oauth-protected-resource"
# Codes of a 401 whose credential was sent but is not good (RFC 6750 section 3.1:
# `invalid_token`); without a credential the challenge carries no error.
BAD_CREDENTIAL_CODES = frozenset(
    {"invalid_api_key", "invalid_access_token", "invalid_token", "invalid_authorization_header"}
)
_CORS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, OPTIONS",
    "Access-Control-Allow-Headers": "MCP-Protocol-Version",
}

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True, slots=True)
class TokenCaller:
    """The caller an access token stands for, and whether it may only read."""

    principal: Principal
    read_only: bool


def metadata_url(settings: Settings) -> str:
    """Where the metadata of the MCP endpoint is (RFC 9728 section 3.1: the well-known
    path inserted before the resource's path)."""
    return f"{settings.toolserver_base_url}{WELL_KNOWN}{MCP_PATH}"


def resource_metadata(settings: Settings, resource: str) -> dict[str, Any]:
    """RFC 9728 metadata of one resource of the tool server."""
    return {
        "resource": resource,
        "authorization_servers": [settings.dashboard_base_url],
        "scopes_supported": list(SCOPES),
        "bearer_methods_supported": ["header"],
        "resource_name": "Trichome tool server (Metrc tools over MCP)",
        "resource_documentation": settings.dashboard_base_url + "/connections",
    }


def challenge(settings: Settings, error: str | None = None, description: str | None = None) -> str:
    """The `WWW-Authenticate` value of a 401 from the tool server."""
    parts = [
        'Bearer realm="trichome"',
        f'resource_metadata="{metadata_url(settings)}"',
        f'scope="{" ".join(SCOPES)}"',
    ]
    if error is not None:
        parts.append(f'error="{error}"')
    if description is not None:
        parts.append('error_description="{}"'.format(description.replace('"', "'")))
    return ", ".join(parts)


def with_challenge(error: ApiError, settings: Settings) -> ApiError:
    """A 401 with the challenge that sends MCP clients to the authorization server."""
    if error.status == 401:
        bad = error.code in BAD_CREDENTIAL_CODES
        error.headers["WWW-Authenticate"] = challenge(
            settings, "invalid_token" if bad else None, error.message if bad else None
        )
    return error


def _metadata_response(settings: Settings, resource: str) -> Response:
    return Response(
        orjson.dumps(resource_metadata(settings, resource)),
        media_type="application/json",
        headers={**_CORS, "Cache-Control": "public, max-age=300"},
    )


@router.get(WELL_KNOWN)
async def root_metadata(request: Request) -> Response:
    """Metadata of the whole tool server (its base URL is the resource)."""
    settings: Settings = request.state.core.settings
    return _metadata_response(settings, settings.toolserver_base_url)


@router.get(WELL_KNOWN + MCP_PATH)
async def mcp_metadata(request: Request) -> Response:
    """Metadata of the MCP endpoint, the URL the 401 challenge names."""
    settings: Settings = request.state.core.settings
    return _metadata_response(settings, settings.toolserver_base_url + MCP_PATH)


@router.options(WELL_KNOWN)
@router.options(WELL_KNOWN + MCP_PATH)
async def metadata_preflight() -> Response:
    """CORS preflight for browser-based clients (they send `MCP-Protocol-Version`)."""
    return Response(status_code=204, headers={**_CORS, "Access-Control-Max-Age": "600"})


async def token_caller(
    sessions: async_sessionmaker[AsyncSession], settings: Settings, token: str, path: str
) -> TokenCaller:
    """The caller of an access token sent to `path` of the tool server.

    Raises:
        ApiError: 401 `invalid_token` for an unknown, expired or revoked token, or one
            bound to another resource; 503 when the database is down.
    """
    now = utcnow()
    try:
        async with sessions() as session:
            grant = await find_access_grant(session, token, now)
            await touch_grant(session, grant.grant_id, grant.last_used_at, now)
            await session.commit()
    except InvalidToken as error:
        raise unauthorized(f"Invalid access token: {error}.", "invalid_token") from None
    except (SQLAlchemyError, OSError) as error:
        raise database_unavailable() from error
    requested = settings.toolserver_base_url + path
    if not token_covers(grant.resource, requested):
        raise unauthorized(
            f"Invalid access token: it was issued for {grant.resource}, not {requested}.",
            "invalid_token",
        )
    principal = Principal(
        tier=grant.tier,
        organization_id=grant.organization_id,
        organization_name=grant.organization_name,
        api_key_id=None,
        user_id=grant.user_id,
        billing_period_start=grant.billing_period_start,
        billing_period_end=grant.billing_period_end,
    )
    return TokenCaller(principal, read_only=WRITE_SCOPE not in grant.scope)
