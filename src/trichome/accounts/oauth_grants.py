"""Grants, authorization codes and tokens of MCP clients, all stored as hashes.

A grant is one consent (a user let a client use the tools for an organisation). Its
tokens form a family: refresh tokens rotate on every use, and a refresh token or an
authorization code presented a second time revokes the whole grant (OAuth 2.1 section
4.3.1, RFC 6749 section 4.1.2), since a copy is in someone else's hands. Conditional
UPDATEs make "used once" hold across workers. What an access token stands for is read by
`oauth_access`; the dashboard's list of connections is `oauth_connections`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, delete, exists, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.oauth import (
    ACCESS_TOKEN_PREFIX,
    CODE_LIFETIME,
    CODE_PREFIX,
    REFRESH_TOKEN_PREFIX,
    canonical_resource,
    hash_secret,
    is_valid_verifier,
    new_secret,
    pkce_matches,
)
from trichome.config import Settings
from trichome.db.models import (
    Membership,
    OAuthClient,
    OAuthCode,
    OAuthGrant,
    OAuthToken,
)
from trichome.ids import new_id

ACCESS = "access"
REFRESH = "refresh"
# Revoked and long-expired grants stay listed this long, so the dashboard can say why a
# client was disconnected, before clean-up deletes them (as invitations).
GRANTS_KEPT = timedelta(days=30)
# A registration never used for a grant is deleted after this long.
UNUSED_CLIENT_KEPT = timedelta(days=30)


class TokenRefused(Exception):
    """A token request that is refused (RFC 6749 section 5.2): `error` is the OAuth code."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(description)
        self.error = error
        self.description = description


@dataclass(frozen=True, slots=True)
class Lifetimes:
    """How long access and refresh tokens live."""

    access: timedelta
    refresh: timedelta

    @classmethod
    def from_settings(cls, settings: Settings) -> Lifetimes:
        """The configured lifetimes."""
        return cls(
            timedelta(seconds=settings.oauth_access_token_ttl),
            timedelta(seconds=settings.oauth_refresh_token_ttl),
        )


@dataclass(frozen=True, slots=True)
class IssuedTokens:
    """A successful token response (RFC 6749 section 5.1)."""

    access_token: str
    expires_in: int
    scope: str
    refresh_token: str | None

    def body(self) -> dict[str, Any]:
        """The JSON body of the token response."""
        body: dict[str, Any] = {
            "access_token": self.access_token,
            "token_type": "Bearer",
            "expires_in": self.expires_in,
            "scope": self.scope,
        }
        if self.refresh_token is not None:
            body["refresh_token"] = self.refresh_token
        return body


@dataclass(frozen=True, slots=True)
class Purged:
    """How many OAuth rows a clean-up deleted."""

    codes: int
    tokens: int
    grants: int
    clients: int


async def issue_code(
    session: AsyncSession,
    *,
    client: OAuthClient,
    organization_id: str,
    user_id: str,
    redirect_uri: str,
    redirect_uri_given: bool,
    code_challenge: str,
    resource: str,
    scope: str,
    now: datetime,
) -> str:
    """A one-time authorization code for the consent just given (only its hash is kept)."""
    code = new_secret(CODE_PREFIX)
    session.add(
        OAuthCode(
            code_hash=hash_secret(code),
            client_id=client.id,
            organization_id=organization_id,
            user_id=user_id,
            redirect_uri=redirect_uri,
            redirect_uri_given=redirect_uri_given,
            code_challenge=code_challenge,
            resource=canonical_resource(resource),
            scope=scope,
            created_at=now,
            expires_at=now + CODE_LIFETIME,
        )
    )
    await session.flush()
    return code


async def _issue_tokens(
    session: AsyncSession,
    grant: OAuthGrant,
    client: OAuthClient,
    scope: str,
    lifetimes: Lifetimes,
    now: datetime,
) -> IssuedTokens:
    access = new_secret(ACCESS_TOKEN_PREFIX)
    session.add(
        OAuthToken(
            token_hash=hash_secret(access),
            grant_id=grant.id,
            kind=ACCESS,
            scope=scope,
            created_at=now,
            expires_at=now + lifetimes.access,
        )
    )
    refresh = None
    expires_at = now + lifetimes.access
    if "refresh_token" in client.grant_types:
        refresh = new_secret(REFRESH_TOKEN_PREFIX)
        expires_at = now + lifetimes.refresh
        session.add(
            OAuthToken(
                token_hash=hash_secret(refresh),
                grant_id=grant.id,
                kind=REFRESH,
                scope=scope,
                created_at=now,
                expires_at=expires_at,
            )
        )
    grant.expires_at = max(grant.expires_at, expires_at)
    await session.flush()
    return IssuedTokens(access, int(lifetimes.access.total_seconds()), scope, refresh)


async def revoke_grant(session: AsyncSession, grant_id: str, reason: str, now: datetime) -> None:
    """End a grant: its tokens are deleted, so every worker refuses them from now on."""
    await session.execute(
        update(OAuthGrant)
        .where(OAuthGrant.id == grant_id, OAuthGrant.revoked_at.is_(None))
        .values(revoked_at=now, revoked_reason=reason)
    )
    await session.execute(delete(OAuthToken).where(OAuthToken.grant_id == grant_id))


def _check_redirect_uri(code: OAuthCode, redirect_uri: str | None) -> None:
    # RFC 6749 section 4.1.3: the same redirect_uri as in the authorization request,
    # required when it was sent there.
    if redirect_uri is None and not code.redirect_uri_given:
        return
    if redirect_uri != code.redirect_uri:
        raise TokenRefused(
            "invalid_grant", "redirect_uri is not the one the authorization request used"
        )


async def exchange_code(
    session: AsyncSession,
    *,
    client: OAuthClient,
    code: str,
    redirect_uri: str | None,
    code_verifier: str | None,
    resource: str | None,
    lifetimes: Lifetimes,
    now: datetime,
) -> IssuedTokens:
    """Tokens for an authorization code, which is used up.

    Raises:
        TokenRefused: an unknown, expired or reused code (a reused code also revokes what
            it was exchanged for), another client's code, a different redirect URI, a
            missing or wrong PKCE verifier, or another resource.
    """
    row = await session.get(OAuthCode, hash_secret(code)) if code else None
    if row is None or row.client_id != client.id:
        raise TokenRefused("invalid_grant", "unknown authorization code")
    if row.used_at is not None:
        if row.grant_id is not None:
            await revoke_grant(session, row.grant_id, "code_reused", now)
        raise TokenRefused(
            "invalid_grant",
            "this authorization code was already used; the tokens issued for it are revoked",
        )
    if row.expires_at <= now:
        raise TokenRefused("invalid_grant", "the authorization code has expired")
    _check_redirect_uri(row, redirect_uri)
    if not code_verifier:
        raise TokenRefused("invalid_request", "code_verifier is required (PKCE, S256)")
    if not is_valid_verifier(code_verifier) or not pkce_matches(code_verifier, row.code_challenge):
        raise TokenRefused("invalid_grant", "code_verifier does not match the code_challenge")
    if resource is not None and canonical_resource(resource) != row.resource:
        raise TokenRefused("invalid_target", "resource is not the one the user authorised")
    claimed = await session.execute(
        update(OAuthCode)
        .where(OAuthCode.code_hash == row.code_hash, OAuthCode.used_at.is_(None))
        .values(used_at=now)
        .returning(OAuthCode.code_hash)
    )
    if claimed.first() is None:  # another worker exchanged it a moment ago
        raise TokenRefused("invalid_grant", "this authorization code was already used")
    grant = OAuthGrant(
        id=new_id("grant"),
        client_id=client.id,
        organization_id=row.organization_id,
        user_id=row.user_id,
        resource=row.resource,
        scope=row.scope,
        created_at=now,
        expires_at=now,
    )
    session.add(grant)
    await session.flush()
    row.grant_id = grant.id
    return await _issue_tokens(session, grant, client, row.scope, lifetimes, now)


async def _is_member(session: AsyncSession, grant: OAuthGrant) -> bool:
    role = await session.scalar(
        select(Membership.role).where(
            Membership.user_id == grant.user_id,
            Membership.organization_id == grant.organization_id,
        )
    )
    return role is not None


async def refresh_tokens(
    session: AsyncSession,
    *,
    client: OAuthClient,
    refresh_token: str,
    scope: str | None,
    resource: str | None,
    lifetimes: Lifetimes,
    now: datetime,
) -> IssuedTokens:
    """New tokens for a refresh token, which is replaced (rotation).

    Raises:
        TokenRefused: an unknown, expired or revoked refresh token, another client's, one
            already used (which revokes the grant), a scope beyond the grant's, another
            resource, or a user who left the organisation.
    """
    row = (
        await session.execute(
            select(OAuthToken, OAuthGrant)
            .join(OAuthGrant, OAuthGrant.id == OAuthToken.grant_id)
            .where(OAuthToken.token_hash == hash_secret(refresh_token))
            .where(OAuthToken.kind == REFRESH)
        )
    ).first()
    if row is None or row[1].client_id != client.id:
        raise TokenRefused("invalid_grant", "unknown or revoked refresh token")
    token, grant = row
    if grant.revoked_at is not None:
        raise TokenRefused("invalid_grant", "this connection was revoked; sign in again")
    if token.used_at is not None:
        await revoke_grant(session, grant.id, "refresh_reused", now)
        raise TokenRefused(
            "invalid_grant",
            "this refresh token was already used; the connection is revoked, sign in again",
        )
    if token.expires_at <= now:
        raise TokenRefused("invalid_grant", "the refresh token has expired; sign in again")
    if not await _is_member(session, grant):
        await revoke_grant(session, grant.id, "member_left", now)
        raise TokenRefused(
            "invalid_grant", "the user who connected this client left the organisation"
        )
    granted = token.scope.split()
    wanted = scope.split() if scope else granted
    if not wanted or not set(wanted) <= set(granted):
        raise TokenRefused("invalid_scope", f"the scope granted was {token.scope!r}")
    if resource is not None and canonical_resource(resource) != grant.resource:
        raise TokenRefused("invalid_target", "resource is not the one the user authorised")
    claimed = await session.execute(
        update(OAuthToken)
        .where(OAuthToken.token_hash == token.token_hash, OAuthToken.used_at.is_(None))
        .values(used_at=now)
        .returning(OAuthToken.token_hash)
    )
    if claimed.first() is None:  # used concurrently: two holders of one token
        await revoke_grant(session, grant.id, "refresh_reused", now)
        raise TokenRefused("invalid_grant", "this refresh token was already used")
    narrowed = " ".join(item for item in granted if item in wanted)
    return await _issue_tokens(session, grant, client, narrowed, lifetimes, now)


async def revoke_token(
    session: AsyncSession, client: OAuthClient, token: str, now: datetime
) -> bool:
    """RFC 7009: a refresh token ends its grant; an access token ends only itself.

    Returns False when the token belongs to another client (refused, nothing changes);
    an unknown token is fine (True), as the RFC asks.
    """
    row = (
        await session.execute(
            select(OAuthToken.kind, OAuthGrant.id, OAuthGrant.client_id)
            .join(OAuthGrant, OAuthGrant.id == OAuthToken.grant_id)
            .where(OAuthToken.token_hash == hash_secret(token))
        )
    ).first()
    if row is None:
        return True
    kind, grant_id, client_id = row
    if client_id != client.id:
        return False
    if kind == REFRESH:
        await revoke_grant(session, grant_id, "client", now)
    else:
        await session.execute(delete(OAuthToken).where(OAuthToken.token_hash == hash_secret(token)))
    return True


async def purge_expired_oauth(session: AsyncSession, now: datetime) -> Purged:
    """Delete expired codes and tokens, grants revoked or expired a while ago, and
    registrations never used for a grant."""
    kept_since = now - GRANTS_KEPT
    grant_is_old = (OAuthGrant.revoked_at <= kept_since) | (OAuthGrant.expires_at <= kept_since)
    unused_client = and_(
        OAuthClient.created_at <= now - UNUSED_CLIENT_KEPT,
        ~exists().where(OAuthGrant.client_id == OAuthClient.id),
        ~exists().where(OAuthCode.client_id == OAuthClient.id),
    )
    counts = []
    for statement in (
        delete(OAuthCode).where(OAuthCode.expires_at <= now),
        delete(OAuthToken).where(OAuthToken.expires_at <= now),
        delete(OAuthGrant).where(grant_is_old),
        delete(OAuthClient).where(unused_client),
    ):
        result = await session.execute(statement)
        counts.append(int(getattr(result, "rowcount", 0) or 0))
    return Purged(*counts)
