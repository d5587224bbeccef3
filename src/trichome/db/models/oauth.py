"""OAuth for MCP clients: registrations, grants, authorization codes and tokens (hashed)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from trichome.db.models.base import Base, UTCDateTime, utcnow


class OAuthClient(Base):
    """An MCP client registered with the dashboard's authorization server (RFC 7591).

    Registration is open, so a client is who it says it is only as far as its redirect
    URIs go: codes are sent to those addresses alone. A confidential client's secret is
    stored as a SHA-256 hash; public clients (most editors) have none.
    """

    __tablename__ = "oauth_clients"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    client_name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    # Compared as exact strings at the authorization and token endpoints.
    redirect_uris: Mapped[list[str]] = mapped_column(JSON)
    grant_types: Mapped[list[str]] = mapped_column(JSON)
    token_endpoint_auth_method: Mapped[str] = mapped_column(String(32))
    secret_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # The registered metadata as the registration response echoes it (no secret).
    client_metadata: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, index=True)


class OAuthGrant(Base):
    """One consent: a user let a client use the tools for an organisation.

    Every token issued from it (its family) dies with it: revoking it in the dashboard,
    a refresh token used twice, or an authorization code used twice ends it.
    `expires_at` is when its newest token expires.
    """

    __tablename__ = "oauth_grants"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    client_id: Mapped[str] = mapped_column(
        ForeignKey("oauth_clients.id", ondelete="CASCADE"), index=True
    )
    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), index=True
    )
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    # The RFC 8707 resource the tokens are bound to (their audience).
    resource: Mapped[str] = mapped_column(String(500))
    scope: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # `user` (from the dashboard), `client` (RFC 7009), `refresh_reused`, `code_reused`.
    revoked_reason: Mapped[str | None] = mapped_column(String(32), nullable=True)


class OAuthCode(Base):
    """An authorization code (stored as a hash): one-time, short-lived, bound to the
    client, the redirect URI and the PKCE challenge; `grant_id` is the grant it became."""

    __tablename__ = "oauth_codes"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    client_id: Mapped[str] = mapped_column(ForeignKey("oauth_clients.id", ondelete="CASCADE"))
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    redirect_uri: Mapped[str] = mapped_column(Text)
    redirect_uri_given: Mapped[bool] = mapped_column(Boolean)
    code_challenge: Mapped[str] = mapped_column(String(128))
    resource: Mapped[str] = mapped_column(String(500))
    scope: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    grant_id: Mapped[str | None] = mapped_column(
        ForeignKey("oauth_grants.id", ondelete="SET NULL"), nullable=True
    )


class OAuthToken(Base):
    """An access or refresh token of a grant, stored only as its SHA-256 hash.

    A refresh token is used once: `used_at` marks it replaced, and presenting it again
    revokes the grant (a copy is being used by someone else).
    """

    __tablename__ = "oauth_tokens"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    grant_id: Mapped[str] = mapped_column(
        ForeignKey("oauth_grants.id", ondelete="CASCADE"), index=True
    )
    kind: Mapped[str] = mapped_column(String(8))  # `access` or `refresh`
    # The grant's scope, or less when a refresh asked for less (RFC 6749 section 6).
    scope: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
