"""Organisations and who acts for them: API keys, users, memberships, endpoints, and the
encrypted Metrc keys and BioTrack logins of the tool server."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from trichome.db.models.base import Base, UTCDateTime, utcnow


class Organization(Base):
    """A customer account; its tier fixes the models and quotas of all its keys."""

    __tablename__ = "organizations"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    tier: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # The subscription's current billing period, when it has one; quotas count within it.
    billing_period_start: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    billing_period_end: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)

    api_keys: Mapped[list[ApiKey]] = relationship(back_populates="organization")


class ApiKey(Base):
    """An API key, stored only as a SHA-256 hash plus its prefix and last 4 characters."""

    __tablename__ = "api_keys"
    __table_args__ = (Index("ix_api_keys_organization_id", "organization_id"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(200), default="")
    prefix: Mapped[str] = mapped_column(String(16))
    last4: Mapped[str] = mapped_column(String(4))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    revoked_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # The endpoint whose model assignments serve this key; None means the default endpoint.
    endpoint_id: Mapped[str | None] = mapped_column(
        ForeignKey("endpoints.id", ondelete="SET NULL"), nullable=True
    )

    organization: Mapped[Organization] = relationship(back_populates="api_keys")


class User(Base):
    """A person who signs in through the auth provider; known by the token's subject."""

    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    subject: Mapped[str] = mapped_column(String(255), unique=True)
    email: Mapped[str | None] = mapped_column(String(320), nullable=True)
    # The name the team page shows (the sign-in token's, or `login-link --name`).
    name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    default_organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE")
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Membership(Base):
    """A user's place in an organisation: `owner` or `member`."""

    __tablename__ = "memberships"

    user_id: Mapped[str] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    role: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Endpoint(Base):
    """Where an organisation's clients call, and the upstream model behind each public model."""

    __tablename__ = "endpoints"
    __table_args__ = (UniqueConstraint("organization_id", "name"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))
    url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    upstream_models: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    is_default: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class MetrcConnection(Base):
    """An organisation's Metrc keys for the tool server, encrypted (never stored in clear)."""

    __tablename__ = "metrc_connections"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    # None: the server's TRICHOME_METRC_BASE_URL (or the local sandbox).
    base_url: Mapped[str | None] = mapped_column(String(200), nullable=True)
    vendor_key_encrypted: Mapped[str] = mapped_column(Text)
    user_key_encrypted: Mapped[str] = mapped_column(Text)
    # The last four characters of each key, to tell them apart in listings.
    vendor_key_last4: Mapped[str] = mapped_column(String(4))
    user_key_last4: Mapped[str] = mapped_column(String(4))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # The tool server's last successful call through these keys (None: none since stored).
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class BioTrackConnection(Base):
    """An organisation's BioTrack login for the tool server: the state and licence in clear,
    the username and password encrypted."""

    __tablename__ = "biotrack_connections"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    state: Mapped[str] = mapped_column(String(2))
    license_number: Mapped[str] = mapped_column(String(40))
    username_encrypted: Mapped[str] = mapped_column(Text)
    password_encrypted: Mapped[str] = mapped_column(Text)
    # The username's last four characters, to tell logins apart in listings.
    username_last4: Mapped[str] = mapped_column(String(4))
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # The tool server's last successful call through this login (None: none since stored).
    last_used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
