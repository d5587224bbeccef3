"""Who is calling: an API key or an access token, and the client's address."""

from __future__ import annotations

import sqlite3

from fastapi import Request
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.lookup import KeyLookup
from trichome.accounts.playground import looks_like_playground_token, playground_principal
from trichome.accounts.principal import ANONYMOUS, Principal
from trichome.accounts.service import authenticate_key
from trichome.accounts.tokens import AccessTokenVerifier, InvalidAccessToken, looks_like_jwt
from trichome.accounts.users import principal_for_claims
from trichome.config import Settings
from trichome.db.models import utcnow
from trichome.http.errors import ApiError, database_unavailable
from trichome.limits.clients import client_address, parse_networks

_BEARER_CHALLENGE = {"WWW-Authenticate": 'Bearer realm="trichome"'}


def unauthorized(message: str, code: str) -> ApiError:
    """A 401 with the bearer challenge."""
    return ApiError(401, message, type="authentication_error", code=code, headers=_BEARER_CHALLENGE)


def bearer_credential(request: Request) -> str | None:
    """The credential of an `Authorization: Bearer` header, None when the header is absent.

    Raises:
        ApiError: 401 when the header is present but not a bearer credential.
    """
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, credential = header.strip().partition(" ")
    credential = credential.strip()
    if scheme.lower() != "bearer" or not credential:
        raise unauthorized(
            "The Authorization header must be 'Bearer <API key or access token>'.",
            "invalid_authorization_header",
        )
    return credential


class Authenticator:
    """Turns a request's credential into a principal: API keys always, access tokens when
    an auth provider is configured, and no credential in anonymous mode."""

    def __init__(
        self,
        settings: Settings,
        key_lookup: KeyLookup,
        sessions: async_sessionmaker[AsyncSession],
        tokens: AccessTokenVerifier | None,
    ) -> None:
        self._anonymous = settings.anonymous
        self._key_lookup = key_lookup
        self._sessions = sessions
        self._tokens = tokens
        self._proxies = parse_networks(settings.trusted_proxies)

    def client(self, request: Request) -> str:
        """The client's address for per-IP limits (trusted proxies honoured)."""
        peer = request.client.host if request.client else None
        return client_address(peer, request.headers.getlist("x-forwarded-for"), self._proxies)

    async def principal(self, request: Request) -> Principal:
        """The caller.

        Raises:
            ApiError: 401 for a missing or invalid credential, 503 when the database is down.
        """
        found = await self.optional_principal(request)
        if found is not None:
            return found
        if self._anonymous:
            return ANONYMOUS
        raise unauthorized(
            "Missing credential: send the header 'Authorization: Bearer <API key>'.",
            "missing_api_key",
        )

    async def chat_principal(self, request: Request) -> Principal:
        """The caller of `/v1/chat/completions`, the one route that also takes the
        dashboard playground's short-lived token (see `accounts/playground.py`).

        Raises:
            ApiError: 401 for a missing or invalid credential or an expired playground
                token, 503 when the database is down.
        """
        credential = bearer_credential(request)
        if credential is None or not looks_like_playground_token(credential):
            return await self.principal(request)
        try:
            async with self._sessions() as session:
                found = await playground_principal(session, credential, utcnow())
        except (SQLAlchemyError, sqlite3.Error, OSError) as error:
            raise database_unavailable() from error
        if found is None:
            raise unauthorized(
                "The playground token is unknown or has expired (they last 10 minutes and "
                "end when you sign out): reload the dashboard's playground page.",
                "invalid_playground_token",
            )
        return found

    async def key_principal(self, secret: str) -> Principal:
        """The principal of an API key sent outside `Authorization` (e.g. `X-API-Key`).

        Raises:
            ApiError: 401 for an unknown or revoked key, 503 when the database is down.
        """
        try:
            principal = await authenticate_key(self._key_lookup, self._sessions, secret.strip())
        except (SQLAlchemyError, sqlite3.Error, OSError) as error:
            raise database_unavailable() from error
        if principal is None:
            raise unauthorized("Invalid API key.", "invalid_api_key")
        return principal

    async def optional_principal(self, request: Request) -> Principal | None:
        """The caller if a credential is sent (and it must then be valid), else None."""
        credential = bearer_credential(request)
        if credential is None:
            return None
        try:
            if self._tokens is not None and looks_like_jwt(credential):
                try:
                    claims = await self._tokens.verify(credential)
                except InvalidAccessToken as error:
                    raise unauthorized(
                        f"Invalid access token: {error}.", "invalid_access_token"
                    ) from None
                return await principal_for_claims(self._sessions, claims)
            principal = await authenticate_key(self._key_lookup, self._sessions, credential)
        except (SQLAlchemyError, sqlite3.Error, OSError) as error:
            raise database_unavailable() from error
        if principal is None:
            raise unauthorized("Invalid API key.", "invalid_api_key")
        return principal
