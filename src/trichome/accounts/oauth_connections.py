"""The MCP clients connected to an organisation (its OAuth grants), as the dashboard lists them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.db.models import OAuthClient, OAuthGrant, User


@dataclass(frozen=True, slots=True)
class Connection:
    """A grant as the dashboard lists it."""

    grant: OAuthGrant
    client: OAuthClient
    email: str | None

    def status(self, now: datetime) -> str:
        """`active`, `revoked`, or `expired` (its last token expired: sign in again)."""
        if self.grant.revoked_at is not None:
            return "revoked"
        return "expired" if self.grant.expires_at <= now else "active"


async def list_connections(session: AsyncSession, organization_id: str) -> list[Connection]:
    """The organisation's grants (connected MCP clients), newest first."""
    rows = await session.execute(
        select(OAuthGrant, OAuthClient, User.email)
        .join(OAuthClient, OAuthClient.id == OAuthGrant.client_id)
        .join(User, User.id == OAuthGrant.user_id)
        .where(OAuthGrant.organization_id == organization_id)
        .order_by(OAuthGrant.created_at.desc())
    )
    return [Connection(grant, client, email) for grant, client, email in rows]


async def find_connection(
    session: AsyncSession, organization_id: str, grant_id: str
) -> Connection | None:
    """One of the organisation's grants, or None (another organisation's is None too)."""
    row = (
        await session.execute(
            select(OAuthGrant, OAuthClient, User.email)
            .join(OAuthClient, OAuthClient.id == OAuthGrant.client_id)
            .join(User, User.id == OAuthGrant.user_id)
            .where(OAuthGrant.id == grant_id, OAuthGrant.organization_id == organization_id)
        )
    ).first()
    return None if row is None else Connection(*row)
