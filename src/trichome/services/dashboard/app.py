"""The dashboard (port 8003): its web pages, Stripe's webhooks and `/api/health`.

Each group of routes is its own `APIRouter` module included here: `login.py`
(sign-in, switching organisation), `pages.py` (keys, endpoints, subscription,
feedback), `usage.py` (calls by day, model and key), `playground.py` (trying the
models), `team.py` (members and invitations), `documents.py` (the
organisation's files: upload, list, delete, COA findings), `drive.py` (connecting a Google
Drive folder to sync into them), `drive_push.py` (Google Drive's change notifications,
`/api/webhooks/google-drive`), `invitations.py` (accepting an
invitation link), `webhooks.py` (`/api/webhooks/stripe`), and the OAuth authorization
server of MCP clients: `oauth.py` (metadata, registration, tokens, revocation),
`authorize.py` (sign-in and consent) and `connections.py` (the connected clients); and
`tracking.py` (the stored Metrc or BioTrack connection of the tool server).
Pages are server-rendered with Jinja2.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from trichome import __version__
from trichome.config import Settings
from trichome.db.models import utcnow
from trichome.http.apidocs import install_docs
from trichome.http.errors import install_error_handlers
from trichome.http.health import utc_timestamp
from trichome.http.middleware import RequestIdMiddleware
from trichome.http.openapi import PUBLIC, install_openapi
from trichome.services.dashboard.openapi import SECURITY_SCHEMES
from trichome.services.dashboard.routes import (
    authorize,
    connections,
    documents,
    drive,
    drive_push,
    invitations,
    login,
    oauth,
    pages,
    playground,
    team,
    tracking,
    usage,
    webhooks,
)
from trichome.services.dashboard.session import install_session_handlers, redact_logged_tokens
from trichome.services.dashboard.state import DashboardDep, dashboard_lifespan

STATIC_DIR = Path(__file__).resolve().parent / "static"


class DashboardHealth(BaseModel):
    """`GET /api/health` of the dashboard (no credentials)."""

    status: str = Field(description="`healthy`, or `degraded` with `reasons`.")
    uptime: int
    version: str
    timestamp: str
    stripe_webhooks: bool = Field(
        description="Whether Stripe webhooks are accepted (a signing secret is configured)."
    )
    reasons: list[str]


def create_app(
    settings: Settings | None = None, *, clock: Callable[[], datetime] = utcnow
) -> FastAPI:
    """The dashboard application; `clock` gives the time billing decisions are made at."""
    settings = settings or Settings()

    app = FastAPI(
        title="Trichome dashboard",
        version=__version__,
        description=(
            "The dashboard: its pages (HTML for browsers, signed in with the session "
            "cookie; their form posts need the page's `csrf_token`), Stripe subscription "
            "webhooks (`POST /api/webhooks/stripe`, signed with the endpoint's secret) and a "
            "health check. It is also the OAuth authorization server of MCP clients "
            "(`/.well-known/oauth-authorization-server`), whose endpoints follow their RFCs "
            "and are described in docs/api.md. The stylesheet and scripts under `/static/` "
            "are not listed."
        ),
        docs_url=None,
        redoc_url=None,
        lifespan=dashboard_lifespan(settings, clock),
    )
    app.add_middleware(oauth.OAuthCors)
    app.add_middleware(RequestIdMiddleware)
    install_error_handlers(app)
    install_docs(app)
    install_openapi(app, security_schemes=SECURITY_SCHEMES)
    install_session_handlers(app)
    redact_logged_tokens()
    app.include_router(webhooks.router)
    app.include_router(drive_push.router)
    app.include_router(login.router)
    app.include_router(pages.router)
    app.include_router(usage.router)
    app.include_router(playground.router)
    app.include_router(team.router)
    app.include_router(invitations.router)
    app.include_router(oauth.router)
    app.include_router(authorize.router)
    app.include_router(connections.router)
    app.include_router(tracking.router)
    app.include_router(drive.router)
    app.include_router(documents.router)
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get(
        "/api/health",
        response_model=DashboardHealth,
        summary="Health (no authentication)",
        openapi_extra=PUBLIC,
    )
    async def health(dashboard: DashboardDep) -> DashboardHealth:
        core = dashboard.core
        checks = [await core.database_check(), await core.counters_check()]
        reasons = [reason for reason in checks if reason]
        return DashboardHealth(
            status="degraded" if reasons else "healthy",
            uptime=core.uptime(),
            version=__version__,
            timestamp=utc_timestamp(),
            stripe_webhooks=settings.stripe_webhook_secret is not None,
            reasons=reasons,
        )

    return app
