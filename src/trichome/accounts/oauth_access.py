"""What an MCP client's access token stands for, as the tool server checks it on every call."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import and_, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.oauth import hash_secret
from trichome.accounts.oauth_grants import ACCESS
from trichome.db.models import Membership, OAuthGrant, OAuthToken, Organization
from trichome.plans import Tier

# last_used_at is for display; refreshed at most once a minute (as for API keys).
LAST_USED_RESOLUTION = timedelta(seconds=60)


class InvalidToken(Exception):
    """An access token the tool server must refuse; the message says why."""


@dataclass(frozen=True, slots=True)
class AccessGrant:
    """What a valid access token stands for, as the tool server needs it."""

    grant_id: str
    scope: frozenset[str]
    resource: str
    user_id: str
    organization_id: str
    organization_name: str
    tier: Tier
    billing_period_start: datetime | None
    billing_period_end: datetime | None
    last_used_at: datetime | None


async def find_access_grant(session: AsyncSession, token: str, now: datetime) -> AccessGrant:
    """What a valid access token stands for.

    Raises:
        InvalidToken: unknown, expired or revoked, or its user left the organisation.
    """
    row = (
        await session.execute(
            select(OAuthToken, OAuthGrant, Organization, Membership.role)
            .join(OAuthGrant, OAuthGrant.id == OAuthToken.grant_id)
            .join(Organization, Organization.id == OAuthGrant.organization_id)
            .outerjoin(
                Membership,
                and_(
                    Membership.user_id == OAuthGrant.user_id,
                    Membership.organization_id == OAuthGrant.organization_id,
                ),
            )
            .where(OAuthToken.token_hash == hash_secret(token))
        )
    ).first()
    if row is None or row[0].kind != ACCESS:
        raise InvalidToken("the access token is unknown or was revoked")
    record, grant, organization, role = row
    if grant.revoked_at is not None:
        raise InvalidToken("the access token was revoked")
    if record.expires_at <= now:
        raise InvalidToken("the access token has expired")
    if role is None:
        raise InvalidToken("the user who connected this client left the organisation")
    return AccessGrant(
        grant_id=grant.id,
        scope=frozenset(record.scope.split()),
        resource=grant.resource,
        user_id=grant.user_id,
        organization_id=organization.id,
        organization_name=organization.name,
        tier=Tier(organization.tier),
        billing_period_start=organization.billing_period_start,
        billing_period_end=organization.billing_period_end,
        last_used_at=grant.last_used_at,
    )


async def touch_grant(
    session: AsyncSession, grant_id: str, last_used_at: datetime | None, now: datetime
) -> None:
    """Record that a grant's token was used, at most once a minute."""
    if last_used_at is not None and now - last_used_at <= LAST_USED_RESOLUTION:
        return
    await session.execute(
        update(OAuthGrant)
        .where(OAuthGrant.id == grant_id)
        .where(
            (OAuthGrant.last_used_at.is_(None))
            | (OAuthGrant.last_used_at < now - LAST_USED_RESOLUTION)
        )
        .values(last_used_at=now)
    )
