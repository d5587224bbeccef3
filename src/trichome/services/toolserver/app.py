"""The tool server (port 8001): MCP over Streamable HTTP at `/api/mcp`, `/api/chat`, and
`/api/health`.

`/api/mcp` is the official SDK's Streamable HTTP transport, stateless with JSON responses, so
any worker answers any request. Both `/api/mcp` and `/api/chat` need a platform API key of
the Operator or Team tier, or an OAuth access token the dashboard issued to an MCP client
(see `protected_resource.py`), and the caller's Metrc keys: from `X-Metrc-Vendor-Key` and
`X-Metrc-User-Key`, or stored (encrypted) for the organisation. Without
`TRICHOME_METRC_BASE_URL` the tools use the local sandbox, with its development keys when
none are given.
"""

from __future__ import annotations

import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, replace
from typing import Any

import httpx
import orjson
from fastapi import FastAPI, Request
from mcp.server.transport_security import TransportSecuritySettings
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from trichome import __version__
from trichome.accounts.lookup import create_key_lookup
from trichome.accounts.metrc_keys import load_metrc_keys
from trichome.accounts.oauth import ACCESS_TOKEN_PREFIX
from trichome.accounts.principal import Principal
from trichome.accounts.secrets import SecretBox, SecretUnreadable
from trichome.accounts.tokens import AccessTokenVerifier
from trichome.agents.service import build_agent_service
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.http.auth import Authenticator, bearer_credential, unauthorized
from trichome.http.deps import read_body
from trichome.http.errors import (
    ApiError,
    database_unavailable,
    install_error_handlers,
    invalid_request,
)
from trichome.http.health import CachedCheck, check_database, utc_timestamp
from trichome.http.middleware import RequestIdMiddleware
from trichome.http.openai.answer import upstream_api_error
from trichome.http.openapi import BEARER_AUTH, BEARER_SCHEME, PUBLIC, install_openapi
from trichome.llm.base import UpstreamError
from trichome.metrc import MetrcClient, MetrcCredentials
from trichome.metrc.assistant import ChatAnswer, ask
from trichome.metrc.errors import MetrcRateLimited
from trichome.metrc.tools import MetrcAccess, load_all, using
from trichome.metrc.tools.registry import set_process_access
from trichome.plans import Tier
from trichome.services.toolserver.mcp_server import (
    SelectionError,
    ToolSelection,
    build_mcp_server,
    offered_tools,
    selection_from_headers,
    set_request_selection,
)
from trichome.services.toolserver.openapi import CHAT_RESPONSES, chat_openapi
from trichome.services.toolserver.routes.protected_resource import (
    router as protected_resource_router,
)
from trichome.services.toolserver.routes.protected_resource import token_caller, with_challenge

logger = logging.getLogger(__name__)

MCP_PATH = "/api/mcp"
TOOL_TIERS = (Tier.OPERATOR, Tier.TEAM)
VENDOR_HEADER = "x-metrc-vendor-key"
USER_HEADER = "x-metrc-user-key"
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


class MetrcReachability(BaseModel):
    """Whether the track-and-trace API answers."""

    base_url: str
    sandbox: bool = Field(description="True when the tools use the local sandbox.")
    reachable: bool
    reason: str | None = None


class ToolServerHealth(BaseModel):
    """`GET /api/health` (no credentials)."""

    status: str = Field(description="`healthy`, or `degraded` with `reasons`.")
    uptime: int
    version: str
    timestamp: str
    tools: int = Field(description="Tools this server offers (skills included).")
    skills: int = Field(description="Analysis skills among them.")
    toolsets: dict[str, int] = Field(description="Tools per toolset.")
    read_only: bool
    metrc: MetrcReachability
    reasons: list[str]


class ChatQuestion(BaseModel):
    """`POST /api/chat`: a question about the caller's track-and-trace data."""

    message: str = Field(min_length=1, max_length=4000)
    license_number: str | None = Field(
        None, min_length=3, max_length=40, description="The facility the question is about."
    )


def sandbox_credentials(settings: Settings) -> MetrcCredentials:
    """The local sandbox's development keys, used when a caller sends none."""
    return MetrcCredentials(
        settings.sandbox_vendor_key.get_secret_value(),
        settings.sandbox_user_key.get_secret_value(),
    )


def metrc_client(settings: Settings, base_url: str) -> MetrcClient:
    """A Metrc client for the tools, paced as configured."""
    pace = settings.metrc_gets_per_second or None
    return MetrcClient(base_url, max_gets_per_second_per_facility=pace)


class MetrcClients:
    """One Metrc client per base URL, shared by every caller (credentials go per call)."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._clients: dict[str, MetrcClient] = {}

    def for_url(self, base_url: str) -> MetrcClient:
        """The client of a base URL, made on first use."""
        client = self._clients.get(base_url)
        if client is None:
            client = self._clients[base_url] = metrc_client(self._settings, base_url)
        return client

    async def aclose(self) -> None:
        """Close every client."""
        for client in self._clients.values():
            await client.aclose()
        self._clients.clear()


@dataclass(frozen=True, slots=True)
class Caller:
    """An authorised caller of the tools, and how they reach Metrc."""

    principal: Principal
    access: MetrcAccess
    selection: ToolSelection | None


class Gatekeeper:
    """Decides who may use the tools and with which Metrc keys."""

    def __init__(
        self,
        settings: Settings,
        authenticator: Authenticator,
        sessions: Any,
        box: SecretBox,
        clients: MetrcClients,
    ) -> None:
        self._settings = settings
        self._auth = authenticator
        self._sessions = sessions
        self._box = box
        self._clients = clients

    async def caller(self, request: Request) -> Caller:
        """The caller of a tool-server request: an API key, or an OAuth access token the
        dashboard issued (bound to this server's URL), and the Metrc keys to use.

        Raises:
            ApiError: 401 for a missing or invalid credential (with the challenge that
                leads MCP clients to sign in), or, for an API key, missing Metrc keys; 403
                below the Operator tier, or for an access token without Metrc keys; 400 for
                an unknown toolset or tool in the headers.
        """
        try:
            return await self._caller(request)
        except ApiError as error:
            raise with_challenge(error, self._settings) from None

    async def _caller(self, request: Request) -> Caller:
        credential = bearer_credential(request)
        read_only = False
        if credential is not None and credential.startswith(ACCESS_TOKEN_PREFIX):
            path = MCP_PATH if request.url.path.rstrip("/") == MCP_PATH else request.url.path
            token = await token_caller(self._sessions, self._settings, credential, path)
            principal, read_only = token.principal, token.read_only
        else:
            principal = await self._auth.principal(request)
        if principal.is_anonymous:
            raise unauthorized(
                "Missing credential: send 'Authorization: Bearer <API key>' "
                "(an Operator or Team key), or sign in with an MCP client (OAuth).",
                "missing_api_key",
            )
        if principal.tier not in TOOL_TIERS:
            raise ApiError(
                403,
                "The track-and-trace tools need the Operator or Team tier; your organisation "
                f"is on the {principal.tier.label} tier. Upgrade at {self._settings.upgrade_url}.",
                type="permission_error",
                code="tier_lacks_tools",
            )
        try:
            credentials, base_url = await self._metrc_keys(request, principal)
        except ApiError as error:
            if (
                error.status == 401
                and credential is not None
                and credential.startswith(ACCESS_TOKEN_PREFIX)
            ):
                # The token is good; a 401 would send the client to sign in again for
                # nothing. What is missing is the organisation's Metrc keys.
                raise ApiError(
                    403, error.message, type="permission_error", code=error.code
                ) from None
            raise
        try:
            selection = selection_from_headers(request.headers, load_all())
        except SelectionError as error:
            raise invalid_request(f"X-MCP headers: {error}.", code="unknown_tool") from None
        if read_only:  # a token granted without `tools:write`
            selection = replace(selection, read_only=True)
        access = MetrcAccess(self._clients.for_url(base_url), credentials)
        narrowed = selection if selection != ToolSelection() else None
        return Caller(principal, access, narrowed)

    async def _metrc_keys(
        self, request: Request, principal: Principal
    ) -> tuple[MetrcCredentials, str]:
        vendor = request.headers.get(VENDOR_HEADER, "").strip()
        user = request.headers.get(USER_HEADER, "").strip()
        default_url = self._settings.metrc_url
        if vendor and user:
            try:
                return MetrcCredentials(vendor, user), default_url
            except ValueError as error:
                raise unauthorized(f"Invalid Metrc keys: {error}", "invalid_metrc_keys") from None
        if vendor or user:
            missing = "X-Metrc-User-Key" if vendor else "X-Metrc-Vendor-Key"
            raise unauthorized(
                f"Missing the Metrc {'user' if vendor else 'vendor'} key: send {missing} "
                "together with the other key.",
                "missing_metrc_key",
            )
        stored = await self._stored_keys(principal)
        if stored is not None:
            return stored.credentials, (stored.base_url or default_url).rstrip("/")
        if self._settings.uses_sandbox:
            return sandbox_credentials(self._settings), default_url
        raise unauthorized(
            "Missing the Metrc vendor key and user key: send X-Metrc-Vendor-Key and "
            "X-Metrc-User-Key, or store them for your organisation "
            f"(`trichome metrc connect --org {principal.organization_name!r}`).",
            "missing_metrc_keys",
        )

    async def _stored_keys(self, principal: Principal) -> Any:
        assert principal.organization_id is not None
        try:
            async with self._sessions() as session:
                return await load_metrc_keys(session, self._box, principal.organization_id)
        except SecretUnreadable as error:
            logger.error("stored Metrc keys of %s: %s", principal.organization_id, error)
            raise ApiError(
                503,
                "Your organisation's stored Metrc keys cannot be read; store them again.",
                type="service_unavailable_error",
                code="metrc_keys_unreadable",
            ) from None
        except (SQLAlchemyError, OSError) as error:
            raise database_unavailable() from error


async def _error_response(error: ApiError, scope: Scope, receive: Receive, send: Send) -> None:
    response = Response(
        orjson.dumps(error.body()),
        error.status,
        headers=error.headers,
        media_type="application/json",
    )
    await response(scope, receive, send)


class McpGate:
    """ASGI middleware in front of `/api/mcp`: authorises the caller and sets their access."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"].rstrip("/") != MCP_PATH:
            await self.app(scope, receive, send)
            return
        # One address, with or without the slash (no redirect for clients to mishandle).
        scope = {**scope, "path": MCP_PATH, "raw_path": MCP_PATH.encode()}
        if scope["method"] != "POST":
            # Stateless: no sessions to end (DELETE) and nothing for a server-sent stream
            # (GET), which would otherwise stay open forever.
            await _error_response(
                ApiError(
                    405,
                    f"{MCP_PATH} takes POST (MCP Streamable HTTP, stateless, JSON responses).",
                    type="invalid_request_error",
                    code="method_not_allowed",
                    headers={"Allow": "POST"},
                ),
                scope,
                receive,
                send,
            )
            return
        request = Request(scope, receive)
        gatekeeper: Gatekeeper = request.app.state.gatekeeper
        try:
            caller = await gatekeeper.caller(request)
        except ApiError as error:
            await _error_response(error, scope, receive, send)
            return
        set_request_selection(caller.selection)
        with using(caller.access):
            await self.app(scope, receive, send)


async def _metrc_problem(settings: Settings) -> str | None:
    """None when the track-and-trace API answers HTTP at all, else why it does not."""
    url = settings.metrc_url
    probe = f"{url}/api/health" if settings.uses_sandbox else url
    try:
        async with httpx.AsyncClient(timeout=3.0) as client:
            await client.get(probe)
    except httpx.HTTPError as error:
        return f"{type(error).__name__} reaching {url}"
    return None


def _transport_security(settings: Settings) -> TransportSecuritySettings:
    extra = settings.toolserver_allowed_hosts
    if "*" in extra:
        return TransportSecuritySettings(enable_dns_rebinding_protection=False)
    hosts = [*LOOPBACK_HOSTS, *extra]
    if settings.host not in ("0.0.0.0", "::"):
        hosts.append(settings.host)
    allowed_hosts = [entry for host in hosts for entry in (host, f"{host}:*")]
    origins = [f"{scheme}://{entry}" for entry in allowed_hosts for scheme in ("http", "https")]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True,
        allowed_hosts=allowed_hosts,
        allowed_origins=origins,
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    """The tool server application."""
    settings = settings or Settings()
    mcp = build_mcp_server(settings)
    mcp_app = mcp.streamable_http_app(
        streamable_http_path=MCP_PATH,
        json_response=True,
        stateless_http=True,
        max_request_body_size=settings.max_request_bytes,
        transport_security=_transport_security(settings),
    )
    offered = offered_tools(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = create_engine(settings)
        sessions = create_sessionmaker(engine)
        key_lookup = create_key_lookup(engine)
        tokens = AccessTokenVerifier(settings) if settings.accepts_access_tokens else None
        clients = MetrcClients(settings)
        authenticator = Authenticator(settings, key_lookup, sessions, tokens)
        # With an LLM, /api/chat answers through the agents' engine; offline it maps the
        # question to a tool itself and needs no agent service.
        agents = build_agent_service(settings) if settings.engine == "openai" else None
        app.state.agents = agents
        app.state.settings = settings
        app.state.auth = authenticator
        app.state.gatekeeper = Gatekeeper(
            settings, authenticator, sessions, SecretBox(settings), clients
        )
        app.state.started = time.monotonic()
        app.state.database_check = CachedCheck(lambda: check_database(engine), ttl=1.0)
        app.state.metrc_check = CachedCheck(
            lambda: _metrc_problem(settings), ttl=settings.health_check_ttl
        )
        try:
            async with mcp.session_manager.run():
                yield
        finally:
            if agents is not None:
                await agents.engine.aclose()
            await clients.aclose()
            if tokens is not None:
                await tokens.aclose()
            key_lookup.close()
            await engine.dispose()

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
        lifespan=lifespan,
    )
    app.include_router(protected_resource_router)
    app.add_middleware(McpGate)
    app.add_middleware(RequestIdMiddleware)
    install_error_handlers(app)
    install_openapi(
        app, security_schemes={BEARER_AUTH: BEARER_SCHEME}, security=[{BEARER_AUTH: []}]
    )

    @app.get("/api/health", response_model=ToolServerHealth, openapi_extra=PUBLIC)
    async def health(request: Request) -> ToolServerHealth:
        state = request.app.state
        reasons: list[str] = []
        database = await state.database_check()
        if database is not None:
            reasons.append(database)
        problem = await state.metrc_check()
        if problem is not None:
            reasons.append(f"track-and-trace unreachable: {problem}")
        metrc = MetrcReachability(
            base_url=settings.metrc_url,
            sandbox=settings.uses_sandbox,
            reachable=problem is None,
            reason=problem,
        )
        toolsets: dict[str, int] = {}
        for spec in offered:
            toolsets[spec.category] = toolsets.get(spec.category, 0) + 1
        return ToolServerHealth(
            status="degraded" if reasons else "healthy",
            uptime=int(time.monotonic() - state.started),
            version=__version__,
            timestamp=utc_timestamp(),
            tools=len(offered),
            skills=sum(1 for spec in offered if spec.skill),
            toolsets=toolsets,
            read_only=settings.mcp_read_only,
            metrc=metrc,
            reasons=reasons,
        )

    @app.post(
        "/api/chat",
        response_model=ChatAnswer,
        responses=CHAT_RESPONSES,
        openapi_extra=chat_openapi(load_all()),
    )
    async def chat(request: Request) -> ChatAnswer:
        gatekeeper: Gatekeeper = request.app.state.gatekeeper
        caller = await gatekeeper.caller(request)
        body = await read_body(request, settings.max_request_bytes)
        try:
            question = ChatQuestion.model_validate_json(body)
        except ValueError as error:
            raise invalid_request(
                f"The body must be JSON {{message, license_number?}}: {error}",
                code="invalid_body",
            ) from None
        allowed = [
            spec.name
            for spec in offered
            if spec.read_only and (caller.selection is None or caller.selection.allows(spec))
        ]
        try:
            with using(caller.access):
                return await ask(
                    question.message, question.license_number, allowed, request.app.state.agents
                )
        except MetrcRateLimited as limited:
            raise metrc_rate_limited(limited) from None
        except UpstreamError as error:  # the LLM of TRICHOME_ENGINE=openai
            raise upstream_api_error(error) from None

    app.router.routes.extend(mcp_app.routes)
    return app


def metrc_rate_limited(limited: MetrcRateLimited) -> ApiError:
    """The 429 of a question that ran into Metrc's rate limit, with Metrc's wait."""
    wait = max(1, math.ceil(limited.retry_after or 60))
    return ApiError(
        429,
        f"Metrc's rate limit for this facility was reached ({limited.message}); retry in {wait} s.",
        type="rate_limit_error",
        code="metrc_rate_limited",
        headers={"Retry-After": str(wait)},
    )


def stdio_access(settings: Settings) -> MetrcAccess:
    """The Metrc access of `trichome mcp`: the configured keys, or the sandbox's."""
    if settings.metrc_vendor_key is not None and settings.metrc_user_key is not None:
        credentials = MetrcCredentials(
            settings.metrc_vendor_key.get_secret_value(),
            settings.metrc_user_key.get_secret_value(),
        )
    elif settings.uses_sandbox:
        credentials = sandbox_credentials(settings)
    else:
        raise SystemExit(
            "trichome mcp: set TRICHOME_METRC_VENDOR_KEY and TRICHOME_METRC_USER_KEY "
            f"(the Metrc keys for {settings.metrc_url})."
        )
    return MetrcAccess(metrc_client(settings, settings.metrc_url), credentials)


async def serve_stdio(settings: Settings) -> None:
    """Serve the tools over stdio until the client closes the stream."""
    mcp = build_mcp_server(settings)
    access = stdio_access(settings)
    set_process_access(access)
    try:
        await mcp.run_stdio_async()
    finally:
        await access.client.aclose()
