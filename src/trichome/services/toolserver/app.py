"""The tool server (port 8001): MCP over Streamable HTTP at `/api/mcp`, `/api/chat`, and
`/api/health`.

`/api/mcp` is the official SDK's Streamable HTTP transport, stateless with JSON responses, so
any worker answers any request. Both `/api/mcp` and `/api/chat` need a platform API key of
the Operator or Team tier, or an OAuth access token the dashboard issued to an MCP client
(see `routes/protected_resource.py`), and the caller's Metrc keys: from `X-Metrc-Vendor-Key`
and `X-Metrc-User-Key`, or stored (encrypted) for the organisation (`gate.py`). Without
`TRICHOME_METRC_BASE_URL` the tools use the local sandbox, with its development keys when
none are given.
"""

from __future__ import annotations

from fastapi import FastAPI

from trichome import __version__
from trichome.config import Settings
from trichome.http.apidocs import install_docs
from trichome.http.errors import install_error_handlers
from trichome.http.middleware import RequestIdMiddleware
from trichome.http.openapi import BEARER_AUTH, BEARER_SCHEME, install_openapi
from trichome.services.toolserver.gate import MCP_PATH, McpGate, transport_security
from trichome.services.toolserver.mcp_server import build_mcp_server, offered_tools
from trichome.services.toolserver.routes import chat, health, protected_resource
from trichome.services.toolserver.state import toolserver_lifespan

ROUTERS = (protected_resource, health, chat)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The tool server application."""
    settings = settings or Settings()
    mcp = build_mcp_server(settings)
    mcp_app = mcp.streamable_http_app(
        streamable_http_path=MCP_PATH,
        json_response=True,
        stateless_http=True,
        max_request_body_size=settings.toolserver_max_request_bytes,
        transport_security=transport_security(settings),
    )
    offered = tuple(offered_tools(settings))
    app = FastAPI(
        title="Trichome tool server",
        version=__version__,
        description=(
            "Metrc track-and-trace tools and analysis skills over MCP (`POST /api/mcp`, "
            "Streamable HTTP) and in plain language (`POST /api/chat`). Authenticate with "
            "`Authorization: Bearer <Operator or Team API key>`, or an OAuth access token an "
            "MCP client gets by signing in through the dashboard (see "
            "`/.well-known/oauth-protected-resource/api/mcp`), and your Metrc keys in "
            "`X-Metrc-Vendor-Key` and `X-Metrc-User-Key` (or stored for your organisation)."
        ),
        docs_url=None,
        redoc_url=None,
        lifespan=toolserver_lifespan(settings, mcp, offered, health.metrc_problem),
    )
    for module in ROUTERS:
        app.include_router(module.router)
    app.add_middleware(McpGate)
    app.add_middleware(RequestIdMiddleware)
    install_error_handlers(app)
    install_docs(app)
    install_openapi(
        app, security_schemes={BEARER_AUTH: BEARER_SCHEME}, security=[{BEARER_AUTH: []}]
    )
    app.router.routes.extend(mcp_app.routes)
    return app
