"""Who may use the tools, and through which track-and-trace connection: the gate in front of
`/api/mcp` and the check `/api/chat` makes. An Operator or Team API key, or an OAuth access
token the dashboard issued (see `routes/protected_resource.py`); then the connection: Metrc
(the default) with the caller's keys from `X-Metrc-Vendor-Key` and `X-Metrc-User-Key`, or
stored for the organisation, or the sandbox's; or BioTrack (`X-Tracking-System: biotrack`)
with `X-Tracking-State`, `X-BioTrack-License`, `X-BioTrack-Username` and
`X-BioTrack-Password`."""

from __future__ import annotations

import logging
import math
from dataclasses import asdict, dataclass, replace
from typing import Any

import orjson
from fastapi import Request
from mcp.server.transport_security import TransportSecuritySettings
from sqlalchemy.exc import SQLAlchemyError
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from trichome.accounts.biotrack_logins import load_biotrack_login
from trichome.accounts.metrc_keys import load_metrc_keys
from trichome.accounts.oauth import ACCESS_TOKEN_PREFIX
from trichome.accounts.principal import Principal
from trichome.accounts.secrets import SecretBox, SecretUnreadable
from trichome.accounts.tracking_connections import System, record_connection_use
from trichome.config import Settings
from trichome.db.models import utcnow
from trichome.http.auth import Authenticator, bearer_credential, unauthorized
from trichome.http.errors import (
    ApiError,
    database_unavailable,
    invalid_request,
)
from trichome.http.state import core_of
from trichome.metrc import MetrcCredentials
from trichome.metrc.errors import MetrcRateLimited
from trichome.metrc.tools import Access, MetrcAccess, load_all, using, watching_use
from trichome.plans import Tier
from trichome.services.toolserver.biotrack_access import BioTrackClients, BioTrackLogin
from trichome.services.toolserver.mcp_body import body_within, replaying, too_large
from trichome.services.toolserver.mcp_server import (
    SelectionError,
    ToolSelection,
    selection_from_headers,
    set_request_selection,
)
from trichome.services.toolserver.metrc_access import MetrcClients, sandbox_credentials
from trichome.services.toolserver.routes.protected_resource import token_caller, with_challenge
from trichome.tracking.biotrack import BioTrackInputError

logger = logging.getLogger(__name__)


MCP_PATH = "/api/mcp"
TOOL_TIERS = (Tier.OPERATOR, Tier.TEAM)
VENDOR_HEADER = "x-metrc-vendor-key"
USER_HEADER = "x-metrc-user-key"
SYSTEM_HEADER = "x-tracking-system"
STATE_HEADER = "x-tracking-state"
BIOTRACK_HEADERS = {
    "license_number": "x-biotrack-license",
    "username": "x-biotrack-username",
    "password": "x-biotrack-password",
}
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "[::1]")


@dataclass(frozen=True, slots=True)
class Caller:
    """An authorised caller of the tools, and how they reach Metrc."""

    principal: Principal
    access: Access
    selection: ToolSelection | None
    stored: System | None = None  # the organisation's stored connection, when it is used


class Gatekeeper:
    """Decides who may use the tools and with which Metrc keys."""

    def __init__(
        self,
        settings: Settings,
        authenticator: Authenticator,
        sessions: Any,
        box: SecretBox,
        clients: MetrcClients,
        biotrack: BioTrackClients | None = None,
    ) -> None:
        self._settings = settings
        self._auth = authenticator
        self._sessions = sessions
        self._box = box
        self._clients = clients
        self._biotrack = biotrack or BioTrackClients(settings)

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
            access, stored = await self._connection(request, principal)
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
            selection = selection_from_headers(request.headers, load_all(), access.system)
        except SelectionError as error:
            raise invalid_request(f"X-MCP headers: {error}.", code="unknown_tool") from None
        if read_only:  # a token granted without `tools:write`
            selection = replace(selection, read_only=True)
        return Caller(principal, access, selection, stored)

    async def record_use(self, caller: Caller) -> None:
        """Note a successful call through the caller's stored connection, for the dashboard
        (a database that cannot be written is logged; the answer already went out)."""
        organization_id = caller.principal.organization_id
        if caller.stored is None or organization_id is None:
            return
        try:
            async with self._sessions() as session:
                await record_connection_use(session, organization_id, caller.stored, utcnow())
                await session.commit()
        except (SQLAlchemyError, OSError):
            logger.warning(
                "could not note the use of the stored %s connection of %s",
                caller.stored,
                organization_id,
                exc_info=True,
            )

    async def _connection(
        self, request: Request, principal: Principal
    ) -> tuple[Access, System | None]:
        """The caller's connection: the system the headers name (Metrc when none), with the
        keys or login sent, else stored for the organisation. With no system named and no
        Metrc keys sent or stored, a stored BioTrack login is the connection. Also which
        stored connection it is (None: sent in the headers, or the sandbox's keys)."""
        system = request.headers.get(SYSTEM_HEADER, "").strip().lower()
        if system == "biotrack":
            if any(request.headers.get(h) for h in (STATE_HEADER, *BIOTRACK_HEADERS.values())):
                return self._biotrack_access(request), None
            stored_login = await self._stored(principal, load_biotrack_login, "BioTrack login")
            if stored_login is None:
                return self._biotrack_access(request), None  # says what is missing
            return self._biotrack_login(BioTrackLogin(**asdict(stored_login))), "biotrack"
        if system not in ("", "metrc"):
            raise invalid_request(
                f"X-Tracking-System: {system!r} is not a tracking system (metrc or biotrack).",
                code="unknown_tracking_system",
            )
        sends_keys = request.headers.get(VENDOR_HEADER) or request.headers.get(USER_HEADER)
        if not system and not sends_keys:
            stored = await self._stored(principal, load_metrc_keys, "Metrc keys")
            if stored is None:
                stored_login = await self._stored(principal, load_biotrack_login, "BioTrack login")
                if stored_login is not None:
                    login = BioTrackLogin(**asdict(stored_login))
                    return self._biotrack_login(login), "biotrack"
        credentials, base_url, stored = await self._metrc_keys(request, principal)
        return MetrcAccess(self._clients.for_url(base_url), credentials), stored

    def _biotrack_login(self, login: BioTrackLogin) -> Access:
        try:
            return self._biotrack.access(login)
        except BioTrackInputError as error:
            raise invalid_request(
                f"BioTrack connection: {error}", code="invalid_biotrack_login"
            ) from None

    def _biotrack_access(self, request: Request) -> Access:
        sent = {
            key: request.headers.get(name, "").strip() for key, name in BIOTRACK_HEADERS.items()
        }
        state = request.headers.get(STATE_HEADER, "").strip()
        missing = [
            header
            for header, value in (
                ("X-Tracking-State", state),
                *((BIOTRACK_HEADERS[key].title(), sent[key]) for key in sent),
            )
            if not value
        ]
        if missing:
            raise unauthorized(
                f"A BioTrack connection needs {', '.join(missing).replace('Biotrack', 'BioTrack')}"
                " (the state, the licence number or UBI, and a BioTrack user's login).",
                "missing_biotrack_login",
            )
        try:
            return self._biotrack_login(BioTrackLogin(state, **sent))
        except ValueError as error:
            raise invalid_request(
                f"BioTrack connection: {error}", code="invalid_biotrack_login"
            ) from None

    async def _metrc_keys(
        self, request: Request, principal: Principal
    ) -> tuple[MetrcCredentials, str, System | None]:
        vendor = request.headers.get(VENDOR_HEADER, "").strip()
        user = request.headers.get(USER_HEADER, "").strip()
        default_url = self._settings.metrc_url
        if vendor and user:
            try:
                return MetrcCredentials(vendor, user), default_url, None
            except ValueError as error:
                raise unauthorized(f"Invalid Metrc keys: {error}", "invalid_metrc_keys") from None
        if vendor or user:
            missing = "X-Metrc-User-Key" if vendor else "X-Metrc-Vendor-Key"
            raise unauthorized(
                f"Missing the Metrc {'user' if vendor else 'vendor'} key: send {missing} "
                "together with the other key.",
                "missing_metrc_key",
            )
        stored = await self._stored(principal, load_metrc_keys, "Metrc keys")
        if stored is not None:
            return stored.credentials, (stored.base_url or default_url).rstrip("/"), "metrc"
        if self._settings.uses_sandbox:
            return sandbox_credentials(self._settings), default_url, None
        raise unauthorized(
            "Missing the Metrc vendor key and user key: send X-Metrc-Vendor-Key and "
            "X-Metrc-User-Key, or store them for your organisation "
            f"(`.venv/bin/trichome metrc connect --org {principal.organization_name!r}`).",
            "missing_metrc_keys",
        )

    async def _stored(self, principal: Principal, load: Any, what: str) -> Any:
        """What `load` reads of the organisation's stored keys or login (None: nothing)."""
        assert principal.organization_id is not None
        try:
            async with self._sessions() as session:
                return await load(session, self._box, principal.organization_id)
        except SecretUnreadable as error:
            logger.error("stored %s of %s: %s", what, principal.organization_id, error)
            raise ApiError(
                503,
                f"Your organisation's stored {what} cannot be read; store them again.",
                type="service_unavailable_error",
                code="metrc_keys_unreadable"
                if what == "Metrc keys"
                else "biotrack_login_unreadable",
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
        limit = core_of(request).settings.toolserver_max_request_bytes
        gatekeeper: Gatekeeper = request.state.toolserver.gatekeeper
        try:
            # A declared size is refused before anything is read or looked up.
            declared = request.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > limit:
                raise too_large(limit)
            caller = await gatekeeper.caller(request)
            body = await body_within(request, limit)
        except ApiError as error:
            await _error_response(error, scope, receive, send)
            return
        set_request_selection(caller.selection)
        with using(caller.access), watching_use() as use:
            await self.app(scope, replaying(body, receive), send)
        if use.succeeded:
            await gatekeeper.record_use(caller)


def transport_security(settings: Settings) -> TransportSecuritySettings:
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
