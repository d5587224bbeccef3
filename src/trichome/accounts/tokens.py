"""Access tokens (JWTs) from the hosted auth provider, verified locally.

HS256 tokens are checked with the shared secret; RS256 and ES256 tokens with the
provider's public keys from its JWKS URL. The algorithm in a token's header only picks
which of those configured keys to try, and each key is tried only with its own
algorithm: `alg: none`, and HS256 signed with a public key, are refused.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass
from typing import Any

import httpx
import jwt

from trichome.config import Settings

LEEWAY_SECONDS = 30
# An unknown `kid` refreshes the JWKS, but no more often than this, so a flood of forged
# tokens cannot turn into a flood of requests to the provider.
MIN_REFRESH_INTERVAL = 30.0
JWKS_TIMEOUT = 5.0
ASYMMETRIC = {"RS256": "RSA", "ES256": "EC"}


MAX_NAME = 200


def _name(claims: dict[str, Any]) -> str | None:
    """The person's display name: OpenID Connect's `name` claim (OpenID Connect Core 1.0,
    section 5.1), else `full_name` or `name` in Supabase's `user_metadata` claim (where it
    keeps the sign-in provider's profile; Supabase docs, "JWT Claims Reference")."""
    metadata = claims.get("user_metadata")
    metadata = metadata if isinstance(metadata, dict) else {}
    for value in (claims.get("name"), metadata.get("full_name"), metadata.get("name")):
        if isinstance(value, str) and value.strip():
            return value.strip()[:MAX_NAME]
    return None


class InvalidAccessToken(Exception):
    """A token that must be refused; the message says why without echoing the token."""


@dataclass(frozen=True, slots=True)
class AccessClaims:
    """Who a verified token stands for."""

    subject: str
    email: str | None
    name: str | None = None


def looks_like_jwt(credential: str) -> bool:
    """Three dot-separated parts: a JWS compact serialisation."""
    return credential.count(".") == 2


class JwksCache:
    """The provider's signing keys by `kid`, fetched over HTTPS and refreshed when stale."""

    def __init__(self, url: str, ttl: float, client: httpx.AsyncClient) -> None:
        self._url = url
        self._ttl = ttl
        self._client = client
        self._keys: dict[str, jwt.PyJWK] = {}
        self._fetched_at = float("-inf")
        self._lock = asyncio.Lock()

    async def key(self, kid: str | None) -> jwt.PyJWK:
        """The key with this id, refreshing the set once if it is unknown or stale.

        Concurrent callers share one fetch: whoever waited for the lock while another
        fetched uses that result. A `kid` still unknown after a fetch is refused without
        another one for `MIN_REFRESH_INTERVAL` seconds, and without waiting on a fetch in
        progress (the negative cache), so forged tokens cannot queue up genuine users.

        Raises:
            InvalidAccessToken: no such key, even after a refresh.
        """
        if kid is None:
            raise InvalidAccessToken("the token names no signing key (kid)")
        seen = self._fetched_at
        age = time.monotonic() - seen
        stale = age > self._ttl
        if kid not in self._keys and not stale and age < MIN_REFRESH_INTERVAL:
            raise InvalidAccessToken("the token was signed with an unknown key")
        if kid not in self._keys or stale:
            await self._refresh(seen=seen, stale=stale)
        found = self._keys.get(kid)
        if found is None:
            raise InvalidAccessToken("the token was signed with an unknown key")
        return found

    async def _refresh(self, *, seen: float, stale: bool) -> None:
        async with self._lock:
            if self._fetched_at != seen:
                return  # fetched by another caller while this one waited: share it
            if not stale and time.monotonic() - self._fetched_at < MIN_REFRESH_INTERVAL:
                return
            try:
                response = await self._client.get(self._url, timeout=JWKS_TIMEOUT)
                response.raise_for_status()
                document: dict[str, Any] = response.json()
            except (httpx.HTTPError, ValueError) as error:
                self._fetched_at = time.monotonic()  # do not hammer a failing provider
                raise InvalidAccessToken("the auth provider's keys are unavailable") from error
            keys: dict[str, jwt.PyJWK] = {}
            for entry in document.get("keys", []):
                try:
                    key = jwt.PyJWK.from_dict(entry)
                except jwt.PyJWTError:
                    continue  # a key type this service does not use
                if key.key_id:
                    keys[key.key_id] = key
            self._keys = keys
            self._fetched_at = time.monotonic()


class AccessTokenVerifier:
    """Checks signature, `exp`, `nbf`, issuer and audience of access tokens."""

    def __init__(self, settings: Settings, client: httpx.AsyncClient | None = None) -> None:
        self._secret = settings.jwt_secret.get_secret_value() if settings.jwt_secret else None
        self._issuer = settings.jwt_issuer
        self._audience = settings.jwt_audience
        self._client = client or httpx.AsyncClient()
        self._jwks = (
            JwksCache(settings.jwks_url, settings.jwks_cache_ttl, self._client)
            if settings.jwks_url
            else None
        )

    async def verify(self, token: str) -> AccessClaims:
        """The claims of a valid token.

        Raises:
            InvalidAccessToken: the token is malformed, forged, expired, not yet valid, or
                for another issuer or audience.
        """
        try:
            header = jwt.get_unverified_header(token)
        except jwt.PyJWTError as error:
            raise InvalidAccessToken("the access token is malformed") from error
        algorithm = header.get("alg")
        key: Any
        if algorithm == "HS256" and self._secret is not None:
            key = self._secret
        elif algorithm in ASYMMETRIC and self._jwks is not None:
            jwk = await self._jwks.key(header.get("kid"))
            if jwk.key_type != ASYMMETRIC[algorithm]:
                raise InvalidAccessToken("the token's algorithm does not match its key")
            key = jwk.key
        else:
            raise InvalidAccessToken(f"access tokens signed with {algorithm!r} are not accepted")
        try:
            claims = jwt.decode(
                token,
                key,
                algorithms=[algorithm],
                audience=self._audience,
                issuer=self._issuer,
                leeway=LEEWAY_SECONDS,
                options={"require": ["exp", "sub", "iss", "aud"]},
            )
        except jwt.ExpiredSignatureError as error:
            raise InvalidAccessToken("the access token has expired") from error
        except jwt.ImmatureSignatureError as error:
            raise InvalidAccessToken("the access token is not valid yet") from error
        except jwt.InvalidAudienceError as error:
            raise InvalidAccessToken("the access token is for another audience") from error
        except jwt.InvalidIssuerError as error:
            raise InvalidAccessToken("the access token is from another issuer") from error
        except jwt.PyJWTError as error:
            raise InvalidAccessToken("the access token is invalid") from error
        subject = claims.get("sub")
        if not isinstance(subject, str) or not subject:
            raise InvalidAccessToken("the access token has no subject")
        email = claims.get("email")
        return AccessClaims(subject, email if isinstance(email, str) else None, _name(claims))

    async def aclose(self) -> None:
        """Close the JWKS client."""
        await self._client.aclose()
