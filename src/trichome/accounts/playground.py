"""The dashboard playground's credential: a short-lived bearer token bound to one signed-in
dashboard session, which the chat API accepts at `/v1/chat/completions` only.

The page never holds an API key. It asks the dashboard for a token (a same-origin POST
carrying the session's CSRF token) and sends it to the chat API. Only the token's SHA-256
is stored, on the session's row: minting another replaces it, it expires after
PLAYGROUND_TOKEN_LIFETIME (or with the session, if sooner), and signing out, leaving the
organisation or switching to another one ends it. Calls made with it are charged to the
session's organisation and logged as made by a signed-in member, not by a key.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.principal import Principal
from trichome.accounts.sessions import TOKEN_BYTES, hash_token
from trichome.db.models import DashboardSession, Endpoint, Membership, Organization
from trichome.plans import Tier

PLAYGROUND_TOKEN_PREFIX = "tpg_"
PLAYGROUND_TOKEN_LIFETIME = timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class PlaygroundToken:
    """A minted token and when it stops working."""

    token: str
    expires_at: datetime


def looks_like_playground_token(credential: str) -> bool:
    """Whether a bearer credential is a playground token (not an API key)."""
    return credential.startswith(PLAYGROUND_TOKEN_PREFIX) and len(credential) <= 100


async def mint_playground_token(
    session: AsyncSession, session_token: str, now: datetime
) -> PlaygroundToken | None:
    """A new token for the dashboard session whose cookie is `session_token` (replacing its
    previous one); None when that session is unknown or expired."""
    token = PLAYGROUND_TOKEN_PREFIX + secrets.token_urlsafe(TOKEN_BYTES)
    session_expires = await session.scalar(
        select(DashboardSession.expires_at).where(
            DashboardSession.token_hash == hash_token(session_token),
            DashboardSession.expires_at > now,
        )
    )
    if session_expires is None:
        return None
    expires_at = min(now + PLAYGROUND_TOKEN_LIFETIME, session_expires)
    await session.execute(
        update(DashboardSession)
        .where(DashboardSession.token_hash == hash_token(session_token))
        .values(playground_token_hash=hash_token(token), playground_expires_at=expires_at)
    )
    return PlaygroundToken(token, expires_at)


async def playground_principal(
    session: AsyncSession, token: str, now: datetime
) -> Principal | None:
    """Who a playground token calls as: the member in their session's organisation, or
    None when the token is unknown, expired, its session over or the member gone."""
    row = (
        await session.execute(
            select(DashboardSession.user_id, Organization, Endpoint.id, Endpoint.upstream_models)
            .join(Organization, Organization.id == DashboardSession.organization_id)
            .join(
                Membership,
                and_(
                    Membership.user_id == DashboardSession.user_id,
                    Membership.organization_id == DashboardSession.organization_id,
                ),
            )
            .outerjoin(
                Endpoint,
                and_(Endpoint.organization_id == Organization.id, Endpoint.is_default.is_(True)),
            )
            .where(
                DashboardSession.playground_token_hash == hash_token(token),
                DashboardSession.playground_expires_at > now,
                DashboardSession.expires_at > now,
            )
            .limit(1)
        )
    ).first()
    if row is None:
        return None
    user_id, organization, endpoint_id, upstream_models = row
    return Principal(
        tier=Tier(organization.tier),
        organization_id=organization.id,
        organization_name=organization.name,
        api_key_id=None,
        user_id=user_id,
        billing_period_start=organization.billing_period_start,
        billing_period_end=organization.billing_period_end,
        endpoint_id=endpoint_id,
        upstream_models=dict(upstream_models or {}),
    )
