"""The playground: a signed-in member tries the models of the organisation's tier in the
browser, streaming from the chat API's `/v1/chat/completions`.

The page holds no API key. Before each message its script POSTs `/playground/token`
(same origin, the session cookie and the page's CSRF token) for a short-lived token bound
to this session (`accounts/playground.py`) and sends that to the chat API, which lets the
dashboard's origin read its answers (CORS). Calls count against the organisation's quota
like any other and are logged as a signed-in member's, not a key's.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.playground import PLAYGROUND_TOKEN_LIFETIME, mint_playground_token
from trichome.config import Settings
from trichome.http.state import core_of
from trichome.plans import PUBLIC_MODELS, Tier
from trichome.services.dashboard.openapi import page, signed_in_form
from trichome.services.dashboard.session import (
    SESSION_COOKIE,
    FormDep,
    SignInRequired,
    UserDep,
    render,
)

router = APIRouter()

EXAMPLES = (
    "What is the decarboxylation factor for THCA?",
    "How much THC is in a 10 g batch at 22% THCA and 0.8% THC?",
    "Draft an SOP for receiving a cannabis delivery.",
)

_TOKEN_SCHEMA = {
    "type": "object",
    "required": ["token", "expires_at", "chat_url"],
    "properties": {
        "token": {
            "type": "string",
            "description": "`tpg_…`: send as `Authorization: Bearer` to the chat API's "
            "`/v1/chat/completions` only.",
        },
        "expires_at": {"type": "string", "format": "date-time"},
        "chat_url": {"type": "string", "description": "The chat API's base address."},
    },
}
_token_route: dict[str, Any] = signed_in_form(200, 303, 403)
_token_route["response_class"] = JSONResponse
_token_route["responses"][200] = {
    "description": "A token for this session (replacing its previous one).",
    "content": {"application/json": {"schema": _TOKEN_SCHEMA}},
}


@router.get("/playground", **page(200, 303))
async def playground_page(request: Request, user: UserDep) -> Response:
    settings: Settings = core_of(request).settings
    tier = Tier(user.organization.tier)
    models = [model.id for model in PUBLIC_MODELS.values() if model.allowed_for(tier)]
    return render(
        request,
        "playground.html",
        {
            "models": models,
            "chat_url": settings.chat_base_url.rstrip("/"),
            "examples": EXAMPLES,
            "minutes": int(PLAYGROUND_TOKEN_LIFETIME.total_seconds() // 60),
        },
    )


@router.post("/playground/token", **_token_route)
async def playground_token(request: Request, _: UserDep, __: FormDep) -> Response:
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    settings: Settings = core_of(request).settings
    async with sessions() as session:
        minted = await mint_playground_token(
            session, request.cookies.get(SESSION_COOKIE, ""), core_of(request).clock()
        )
        await session.commit()
    if minted is None:  # the session ended between the check and the write
        raise SignInRequired
    return JSONResponse(
        {
            "token": minted.token,
            "expires_at": minted.expires_at.isoformat(),
            "chat_url": settings.chat_base_url.rstrip("/"),
        },
        headers={"Cache-Control": "no-store"},
    )
