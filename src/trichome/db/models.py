"""Typed ORM models. Every schema change comes with an Alembic revision."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """Timezone-aware UTC datetimes on every backend (SQLite stores them naive)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to a UTC column")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


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


class UsageCounter(Base):
    """A quota or rate-limit counter for one key and window (when Redis is not configured)."""

    __tablename__ = "usage_counters"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class CallHold(Base):
    """A unit of a counter reserved for a call in flight (database counters only; Redis keeps
    its holds beside its counters). Settling or releasing the call deletes it; one past
    `expires_at` belonged to a worker that died mid-answer and is given back by a sweep."""

    __tablename__ = "call_holds"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    counter_key: Mapped[str] = mapped_column(String(200))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class Feedback(Base):
    """A rating of one answer, sent with or without a credential."""

    __tablename__ = "feedback"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    completion_id: Mapped[str] = mapped_column(String(100), index=True)
    rating: Mapped[str] = mapped_column(String(4))
    comment: Mapped[str | None] = mapped_column(Text, nullable=True)
    organization_id: Mapped[str | None] = mapped_column(
        ForeignKey("organizations.id", ondelete="SET NULL"), nullable=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Ad(Base):
    """A sponsored line for answers of ad-carrying models; `agent` None fits any agent."""

    __tablename__ = "ads"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    agent: Mapped[str | None] = mapped_column(String(32), nullable=True)
    text: Mapped[str] = mapped_column(String(300))
    url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    impressions: Mapped[int] = mapped_column(Integer, default=0)
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


class SandboxObject(Base):
    """One Metrc object of the track-and-trace sandbox: its document and the columns queried.

    `data` is the object in Metrc's PascalCase shape, without `Id` (the row id is it).
    `partner_license` is the other licence of a transfer (its recipient).
    """

    __tablename__ = "sandbox_objects"
    __table_args__ = (
        Index("ix_sandbox_objects_listing", "license", "kind", "state", "last_modified"),
        Index("ix_sandbox_objects_label", "kind", "label"),
        Index("ix_sandbox_objects_name", "license", "kind", "name"),
        Index("ix_sandbox_objects_partner", "partner_license", "kind", "state"),
    )

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    license: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(32))
    label: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    state: Mapped[str] = mapped_column(String(32))
    partner_license: Mapped[str | None] = mapped_column(String(40), nullable=True)
    last_modified: Mapped[datetime] = mapped_column(UTCDateTime())
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class KbThread(Base):
    """A forum thread of the knowledge base: its topic's metadata, as the forum gives it.

    `source` is the forum's host (`forum.example.com`); `topic_id` the forum's own id, so a
    re-ingested thread updates in place. The search index is built from these rows.
    """

    __tablename__ = "kb_threads"
    __table_args__ = (
        UniqueConstraint("source", "topic_id", name="uq_kb_threads_source_topic"),
        Index("ix_kb_threads_updated", "updated_at"),
    )

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    source: Mapped[str] = mapped_column(String(200))
    topic_id: Mapped[int] = mapped_column(BigInteger)
    title: Mapped[str] = mapped_column(Text)
    slug: Mapped[str] = mapped_column(String(300))
    url: Mapped[str] = mapped_column(String(600))
    category: Mapped[str] = mapped_column(String(200))
    tags: Mapped[list[str]] = mapped_column(JSON)
    author: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_activity_at: Mapped[datetime] = mapped_column(UTCDateTime())
    views: Mapped[int] = mapped_column(Integer)
    reply_count: Mapped[int] = mapped_column(Integer)
    # When this row last changed here (ingested or imported), for incremental indexing.
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)

    posts: Mapped[list[KbPost]] = relationship(
        back_populates="thread",
        cascade="all, delete-orphan",
        order_by="KbPost.post_number",
        lazy="raise",
    )


class KbPost(Base):
    """One post of a thread, its content as plain text."""

    __tablename__ = "kb_posts"
    __table_args__ = (UniqueConstraint("thread_id", "post_number", name="uq_kb_posts_number"),)

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    thread_id: Mapped[int] = mapped_column(
        ForeignKey("kb_threads.id", ondelete="CASCADE"), index=True
    )
    post_id: Mapped[int] = mapped_column(BigInteger)
    post_number: Mapped[int] = mapped_column(Integer)
    author: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
    content: Mapped[str] = mapped_column(Text)

    thread: Mapped[KbThread] = relationship(back_populates="posts")


class KbCrawl(Base):
    """Where a forum crawl stands, so an interrupted crawl resumes and the next one is
    incremental: the crawl's state as JSON (phase, next list page, topics still to fetch,
    the activity high-water mark of the last complete crawl)."""

    __tablename__ = "kb_crawls"

    base_url: Mapped[str] = mapped_column(String(300), primary_key=True)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Subscription(Base):
    """A Stripe subscription as the webhooks last described it, and whose it is.

    Stripe delivers events late, twice and out of order, so each part of the state records
    the `created` time of the event that set it: the subscription object's state
    (`state_event_at`) and the latest invoice's outcome (`payment_event_at`). An older event
    never overwrites a newer one. `organization_id` is None until the checkout that names
    the organisation arrives (a subscription's own events may come first).
    """

    __tablename__ = "subscriptions"

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    organization_id: Mapped[str | None] = mapped_column(
        ForeignKey("organizations.id", ondelete="SET NULL"), nullable=True, index=True
    )
    stripe_subscription_id: Mapped[str] = mapped_column(String(255), unique=True)
    stripe_customer_id: Mapped[str | None] = mapped_column(String(255), nullable=True, index=True)
    price_id: Mapped[str | None] = mapped_column(String(255), nullable=True)
    # The tier the price buys (TRICHOME_STRIPE_PRICE_TIERS); None for a price not listed.
    tier: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # Stripe's status (active, trialing, past_due, unpaid, canceled, ...); None until known.
    status: Mapped[str | None] = mapped_column(String(32), nullable=True)
    current_period_start: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    current_period_end: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    cancel_at_period_end: Mapped[bool] = mapped_column(Boolean, default=False)
    # When a canceled subscription stops giving its tier.
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # When the payment that is still outstanding first failed; the grace period counts from it.
    past_due_since: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    state_event_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    payment_event_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    last_invoice_id: Mapped[str | None] = mapped_column(String(255), nullable=True)
    last_paid_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # In the currency's smallest unit (cents), as Stripe gives it.
    last_amount_paid: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    currency: Mapped[str | None] = mapped_column(String(3), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow, onupdate=utcnow)


class BillingEvent(Base):
    """Every Stripe event received with a valid signature, once, for audit and idempotency.

    The unique event id makes a second delivery (a replay, or the same event reaching two
    workers at once) a no-op. `outcome`: `applied`, `ignored` (a type not handled, or
    nothing to apply it to; `detail` says why) or `stale` (older than what is stored).
    """

    __tablename__ = "billing_events"
    __table_args__ = (Index("ix_billing_events_received_at", "received_at"),)

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    stripe_event_id: Mapped[str] = mapped_column(String(255), unique=True)
    type: Mapped[str] = mapped_column(String(100))
    # The event's own `created` time at Stripe, which orders events (not their arrival).
    created: Mapped[datetime] = mapped_column(UTCDateTime())
    received_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    livemode: Mapped[bool] = mapped_column(Boolean, default=False)
    organization_id: Mapped[str | None] = mapped_column(
        ForeignKey("organizations.id", ondelete="SET NULL"), nullable=True, index=True
    )
    stripe_subscription_id: Mapped[str | None] = mapped_column(
        String(255), nullable=True, index=True
    )
    outcome: Mapped[str] = mapped_column(String(16))
    detail: Mapped[str | None] = mapped_column(Text, nullable=True)
    payload: Mapped[dict[str, Any]] = mapped_column(JSON)


class DashboardSession(Base):
    """A signed-in dashboard browser: only the SHA-256 of its cookie's token is stored."""

    __tablename__ = "dashboard_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class LoginLink(Base):
    """A one-time sign-in link (`trichome dashboard login-link`), stored as a hash."""

    __tablename__ = "login_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class Invitation(Base):
    """An invitation to join a Team-tier organisation, pending until the invitee accepts it.

    Its link carries a one-time token of which only the SHA-256 is stored; accepting deletes
    the row. Rows from before links existed have no token (the owner invites again).
    """

    __tablename__ = "invitations"
    __table_args__ = (UniqueConstraint("organization_id", "email"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    email: Mapped[str] = mapped_column(String(320))
    role: Mapped[str] = mapped_column(String(16))
    invited_by: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class UsageDay(Base):
    """Successful chat calls per organisation, day of its quota period and public model.

    A day starts at the quota period's start time plus whole days (midnight UTC for a
    calendar month), so the days of a period add up to what its quota counted.
    """

    __tablename__ = "usage_days"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime(), primary_key=True)
    model: Mapped[str] = mapped_column(String(64), primary_key=True)
    calls: Mapped[int] = mapped_column(Integer, default=0)


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
