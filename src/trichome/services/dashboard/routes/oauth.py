"""The dashboard as the OAuth 2.1 authorization server of MCP clients: its metadata
(RFC 8414), dynamic client registration (RFC 7591), the token endpoint (authorization
code with PKCE, refresh-token rotation) and revocation (RFC 7009).

These endpoints speak OAuth, not the chat API: errors are RFC 6749's
`{"error", "error_description"}`, which OAuth clients read. The authorization endpoint,
a page for people, is `web_authorize.py`. None of them are in `/openapi.json`: their
contracts are the RFCs'.
"""

from __future__ import annotations

import base64
import binascii
import logging
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import parse_qsl, unquote

import orjson
from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from trichome.accounts.oauth import SCOPES
from trichome.accounts.oauth_clients import (
    AUTH_METHODS,
    ClientRefused,
    RegistrationRefused,
    check_client_secret,
    find_client,
    register_client,
)
from trichome.accounts.oauth_grants import (
    IssuedTokens,
    Lifetimes,
    TokenRefused,
    exchange_code,
    refresh_tokens,
    revoke_token,
)
from trichome.config import Settings
from trichome.db.models import OAuthClient
from trichome.http.deps import read_body
from trichome.http.errors import ApiError
from trichome.http.state import core_of
from trichome.limits.base import CounterStore, CountersUnavailable, Window
from trichome.limits.clients import client_address, parse_networks
from trichome.limits.windows import fixed_window

logger = logging.getLogger(__name__)

router = APIRouter(include_in_schema=False)

METADATA_PATH = "/.well-known/oauth-authorization-server"
AUTHORIZE_PATH = "/oauth/authorize"
TOKEN_PATH = "/oauth/token"
REGISTER_PATH = "/oauth/register"
REVOKE_PATH = "/oauth/revoke"
# Endpoints a browser-based client (the MCP Inspector's web UI) calls across origins.
# They take no cookies, so any origin may read their answers.
CORS_PATHS = frozenset({METADATA_PATH, TOKEN_PATH, REGISTER_PATH, REVOKE_PATH})
NO_STORE = {"Cache-Control": "no-store", "Pragma": "no-cache"}
FORM_TYPE = "application/x-www-form-urlencoded"
MAX_OAUTH_BODY = 64 * 1024
# Registration is open and writes a row; this keeps one address from filling the table.
REGISTRATIONS_PER_HOUR = 60


def oauth_error(
    error: str, description: str, status: int = 400, headers: Mapping[str, str] | None = None
) -> Response:
    """An OAuth error response (RFC 6749 section 5.2)."""
    return Response(
        orjson.dumps({"error": error, "error_description": description}),
        status_code=status,
        media_type="application/json",
        headers={**NO_STORE, **(headers or {})},
    )


def _json(body: Mapping[str, Any], status: int = 200) -> Response:
    return Response(
        orjson.dumps(body), status_code=status, media_type="application/json", headers=NO_STORE
    )


def authorization_server_metadata(settings: Settings) -> dict[str, Any]:
    """RFC 8414 metadata of the dashboard's authorization server."""
    issuer = settings.dashboard_base_url
    return {
        "issuer": issuer,
        "authorization_endpoint": issuer + AUTHORIZE_PATH,
        "token_endpoint": issuer + TOKEN_PATH,
        "registration_endpoint": issuer + REGISTER_PATH,
        "revocation_endpoint": issuer + REVOKE_PATH,
        "scopes_supported": list(SCOPES),
        "response_types_supported": ["code"],
        "response_modes_supported": ["query"],
        "grant_types_supported": ["authorization_code", "refresh_token"],
        "token_endpoint_auth_methods_supported": list(AUTH_METHODS),
        "revocation_endpoint_auth_methods_supported": list(AUTH_METHODS),
        "code_challenge_methods_supported": ["S256"],
        "authorization_response_iss_parameter_supported": True,
        "service_documentation": settings.dashboard_base_url + "/connections",
    }


class OAuthCors:
    """ASGI middleware: the OAuth endpoints a browser client calls are readable from any
    origin (no credentials), and their preflights are answered."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] not in CORS_PATHS:
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope.get("headers", [])}
        if scope["method"] == "OPTIONS" and b"access-control-request-method" in headers:
            preflight = Response(
                status_code=204,
                headers={
                    "Access-Control-Allow-Origin": "*",
                    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
                    "Access-Control-Allow-Headers": "Authorization, Content-Type, "
                    "MCP-Protocol-Version",
                    "Access-Control-Max-Age": "600",
                },
            )
            await preflight(scope, receive, send)
            return

        async def send_with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [
                    *message.get("headers", []),
                    (b"access-control-allow-origin", b"*"),
                    (b"access-control-expose-headers", b"WWW-Authenticate"),
                ]
            await send(message)

        await self.app(scope, receive, send_with_cors)


class _BadForm(ValueError):
    """A token or revocation request that is not a well-formed form."""


async def _form(request: Request) -> dict[str, str]:
    """The request's form parameters (RFC 6749 section 3.2: urlencoded, none repeated)."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != FORM_TYPE:
        raise _BadForm(f"send the parameters as {FORM_TYPE}")
    try:
        body = await read_body(request, MAX_OAUTH_BODY)
    except ApiError as error:
        raise _BadForm(error.message) from None
    try:
        pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, strict_parsing=False)
    except (UnicodeDecodeError, ValueError):
        raise _BadForm("the body is not a valid form") from None
    fields: dict[str, str] = {}
    for name, value in pairs:
        if name in fields:
            raise _BadForm(f"{name} is given more than once")
        fields[name] = value
    return fields


def _basic_credentials(request: Request) -> tuple[str, str] | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, encoded = header.strip().partition(" ")
    if scheme.lower() != "basic":
        raise _BadForm("the Authorization header must be Basic client credentials")
    try:
        decoded = base64.b64decode(encoded.strip(), validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        raise _BadForm("the Basic credentials are not valid base64") from None
    client_id, separator, secret = decoded.partition(":")
    if not separator:
        raise _BadForm("the Basic credentials must be client_id:client_secret")
    # RFC 6749 section 2.3.1: both parts are form-urlencoded before encoding.
    return unquote(client_id), unquote(secret)


_CLIENT_CHALLENGE = {"WWW-Authenticate": 'Basic realm="trichome-oauth"'}


async def _client(session: AsyncSession, request: Request, form: dict[str, str]) -> OAuthClient:
    """The client making a token or revocation request, authenticated.

    Raises:
        _BadForm: malformed or doubled credentials.
        ClientRefused: an unknown client or a wrong secret.
    """
    basic = _basic_credentials(request)
    client_id = form.get("client_id")
    secret = form.get("client_secret")
    if basic is not None:
        if secret is not None or (client_id is not None and client_id != basic[0]):
            raise _BadForm("use one way of sending client credentials (Basic or the form)")
        client_id, secret = basic
    if not client_id:
        raise ClientRefused("client_id is required")
    client = await find_client(session, client_id)
    if client is None:
        raise ClientRefused("unknown client_id")
    check_client_secret(client, secret)
    return client


def _sessions(request: Request) -> async_sessionmaker[AsyncSession]:
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    return sessions


@router.get(METADATA_PATH)
async def metadata(request: Request) -> Response:
    """RFC 8414 authorization server metadata."""
    return Response(
        orjson.dumps(authorization_server_metadata(core_of(request).settings)),
        media_type="application/json",
        headers={"Cache-Control": "public, max-age=300"},
    )


@router.post(REGISTER_PATH)
async def register(request: Request) -> Response:
    """RFC 7591 dynamic client registration: 201 with the client's id (and secret)."""
    try:
        body = orjson.loads(await read_body(request, MAX_OAUTH_BODY))
    except ApiError as too_large:
        return oauth_error("invalid_client_metadata", too_large.message, too_large.status)
    except orjson.JSONDecodeError:
        return oauth_error("invalid_client_metadata", "the body must be a JSON object")
    now: datetime = core_of(request).clock()
    counters: CounterStore = core_of(request).counters
    window = registrations_window(request, now)
    try:
        if not (await counters.reserve(window)).granted:
            wait = max(1, int((window.resets_at - now).total_seconds()))
            return oauth_error(
                "too_many_registrations",
                f"At most {window.limit} registrations an hour from one address; "
                f"retry in {wait} s.",
                429,
                {"Retry-After": str(wait)},
            )
        try:
            async with _sessions(request)() as session:
                registered = await register_client(session, body, now)
                await session.commit()
        except RegistrationRefused as refused:
            await counters.release(window)  # only registrations made count
            return oauth_error(refused.error, refused.description)
    except CountersUnavailable as error:
        logger.warning("registering an OAuth client: %s", error)
        return oauth_error("temporarily_unavailable", f"the {error.store} is unavailable", 503)
    except (SQLAlchemyError, OSError):
        logger.exception("registering an OAuth client")
        return oauth_error("temporarily_unavailable", "the database is unavailable", 503)
    return _json(registered.response, 201)


def registrations_window(request: Request, now: datetime) -> Window:
    """Registrations from the request's client address this hour."""
    settings: Settings = core_of(request).settings
    peer = request.client.host if request.client else None
    client = client_address(
        peer, request.headers.getlist("x-forwarded-for"), parse_networks(settings.trusted_proxies)
    )
    return fixed_window("oauth_register", client, REGISTRATIONS_PER_HOUR, timedelta(hours=1), now)


@router.post(TOKEN_PATH)
async def token(request: Request) -> Response:
    """The token endpoint: `authorization_code` (with PKCE) and `refresh_token`."""
    settings: Settings = core_of(request).settings
    lifetimes = Lifetimes.from_settings(settings)
    now: datetime = core_of(request).clock()
    try:
        form = await _form(request)
        async with _sessions(request)() as session:
            try:
                client = await _client(session, request, form)
                issued = await _grant(session, client, form, lifetimes, now)
            except TokenRefused:
                await session.commit()  # a reuse revokes the grant, refused or not
                raise
            await session.commit()
    except _BadForm as bad:
        return oauth_error("invalid_request", str(bad))
    except ClientRefused as refused:
        return oauth_error("invalid_client", str(refused), 401, _CLIENT_CHALLENGE)
    except TokenRefused as refused:
        return oauth_error(refused.error, refused.description)
    except SQLAlchemyError:
        logger.exception("issuing OAuth tokens")
        return oauth_error("temporarily_unavailable", "the database is unavailable", 503)
    return _json(issued.body())


async def _grant(
    session: AsyncSession,
    client: OAuthClient,
    form: dict[str, str],
    lifetimes: Lifetimes,
    now: datetime,
) -> IssuedTokens:
    grant_type = form.get("grant_type")
    if not grant_type:
        raise TokenRefused("invalid_request", "grant_type is required")
    if grant_type not in ("authorization_code", "refresh_token"):
        raise TokenRefused(
            "unsupported_grant_type", "grant_type must be authorization_code or refresh_token"
        )
    if grant_type not in client.grant_types:
        raise TokenRefused(
            "unauthorized_client", f"this client did not register the {grant_type} grant"
        )
    if grant_type == "authorization_code":
        return await exchange_code(
            session,
            client=client,
            code=form.get("code", ""),
            redirect_uri=form.get("redirect_uri"),
            code_verifier=form.get("code_verifier"),
            resource=form.get("resource"),
            lifetimes=lifetimes,
            now=now,
        )
    refresh_token = form.get("refresh_token")
    if not refresh_token:
        raise TokenRefused("invalid_request", "refresh_token is required")
    return await refresh_tokens(
        session,
        client=client,
        refresh_token=refresh_token,
        scope=form.get("scope"),
        resource=form.get("resource"),
        lifetimes=lifetimes,
        now=now,
    )


@router.post(REVOKE_PATH)
async def revoke(request: Request) -> Response:
    """RFC 7009 revocation: 200 whether or not the token was known."""
    now: datetime = core_of(request).clock()
    try:
        form = await _form(request)
        token_value = form.get("token")
        if not token_value:
            raise _BadForm("token is required")
        hint = form.get("token_type_hint")
        if hint is not None and hint not in ("access_token", "refresh_token"):
            return oauth_error(
                "unsupported_token_type", "token_type_hint must be access_token or refresh_token"
            )
        async with _sessions(request)() as session:
            client = await _client(session, request, form)
            revoked = await revoke_token(session, client, token_value, now)
            await session.commit()
    except _BadForm as bad:
        return oauth_error("invalid_request", str(bad))
    except ClientRefused as refused:
        return oauth_error("invalid_client", str(refused), 401, _CLIENT_CHALLENGE)
    except SQLAlchemyError:
        logger.exception("revoking an OAuth token")
        return oauth_error("temporarily_unavailable", "the database is unavailable", 503)
    if not revoked:
        return oauth_error("unauthorized_client", "the token was not issued to this client")
    return Response(status_code=200, headers=NO_STORE)
