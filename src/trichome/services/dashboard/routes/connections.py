"""The MCP clients page, `/connections`: the organisation's connected MCP clients (OAuth
grants) with who connected them, what they may do and when they were last used, and a
revoke button (after a confirmation step, as for API keys)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.oauth import mcp_url
from trichome.accounts.oauth_connections import find_connection, list_connections
from trichome.accounts.oauth_grants import revoke_grant
from trichome.http.state import core_of
from trichome.services.dashboard.session import FormDep, UserDep, redirect, render

router = APIRouter(include_in_schema=False)
GrantId = Annotated[str, Path(max_length=64)]
REVOKED_BECAUSE = {
    "user": "revoked in the dashboard",
    "client": "the client signed out",
    "refresh_reused": "a refresh token was used twice (a copy may have leaked)",
    "code_reused": "a sign-in code was used twice (a copy may have leaked)",
    "member_left": "the person who connected it left the organisation",
}


def _sessions(request: Request) -> async_sessionmaker[AsyncSession]:
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    return sessions


def _not_found(request: Request) -> Response:
    return render(
        request,
        "message.html",
        {"title": "No such connection", "message": "This organisation has no such MCP client."},
        status_code=404,
    )


@router.get("/connections")
async def connections_page(request: Request, user: UserDep) -> Response:
    """The organisation's connected MCP clients."""
    now: datetime = core_of(request).clock()
    async with _sessions(request)() as session:
        connections = await list_connections(session, user.organization.id)
    return render(
        request,
        "connections.html",
        {
            "connections": connections,
            "now": now,
            "reasons": REVOKED_BECAUSE,
            "mcp_url": mcp_url(core_of(request).settings),
        },
    )


@router.get("/connections/{grant_id}/revoke")
async def confirm_revoke(request: Request, user: UserDep, grant_id: GrantId) -> Response:
    """Ask before disconnecting a client."""
    async with _sessions(request)() as session:
        connection = await find_connection(session, user.organization.id, grant_id)
    if connection is None:
        return _not_found(request)
    return render(request, "connection_revoke.html", {"connection": connection})


@router.post("/connections/{grant_id}/revoke")
async def revoke(request: Request, user: UserDep, _: FormDep, grant_id: GrantId) -> Response:
    """Disconnect a client: its tokens stop working in every worker at once."""
    now: datetime = core_of(request).clock()
    async with _sessions(request)() as session:
        connection = await find_connection(session, user.organization.id, grant_id)
        if connection is None:
            return _not_found(request)
        await revoke_grant(session, grant_id, "user", now)
        await session.commit()
    return redirect(request, "/connections")
