"""An app run in process the way a server runs it: lifespan started, its state per request."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send


@contextlib.asynccontextmanager
async def running_app(app: Any) -> AsyncIterator[ASGIApp]:
    """The app with its lifespan started; each request gets a copy of the lifespan state,
    as uvicorn passes it (httpx's ASGI transport runs no lifespan)."""
    async with app.router.lifespan_context(app) as state:

        async def with_state(scope: Scope, receive: Receive, send: Send) -> None:
            if scope["type"] in ("http", "websocket"):
                scope = {**scope, "state": dict(state or {})}
            await app(scope, receive, send)

        yield with_state
