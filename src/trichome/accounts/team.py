"""Team-tier organisations: their members and roles (invitations: `invitations.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.users import MEMBER, OWNER
from trichome.db.models import Membership, User

ROLES = (OWNER, MEMBER)


class TeamError(ValueError):
    """A team change that is not allowed; the message says why."""


@dataclass(frozen=True, slots=True)
class Member:
    """A member as the team page lists them."""

    user_id: str
    email: str | None
    role: str
    joined: datetime
    name: str | None = None


async def list_members(session: AsyncSession, organization_id: str) -> list[Member]:
    """The organisation's members, owners first."""
    rows = await session.execute(
        select(User.id, User.email, Membership.role, Membership.created_at, User.name)
        .join(Membership, Membership.user_id == User.id)
        .where(Membership.organization_id == organization_id)
        .order_by(Membership.role.desc(), Membership.created_at)
    )
    return [Member(*row) for row in rows]


async def remove_member(session: AsyncSession, organization_id: str, user_id: str) -> None:
    """Remove a member; their sessions in this organisation stop working at once.

    Raises:
        TeamError: no such member, or they are the last owner.
    """
    role = await session.scalar(
        select(Membership.role).where(
            Membership.organization_id == organization_id, Membership.user_id == user_id
        )
    )
    if role is None:
        raise TeamError("That person is not a member of this organisation.")
    if role == OWNER:
        owners = await session.scalar(
            select(func.count())
            .select_from(Membership)
            .where(Membership.organization_id == organization_id, Membership.role == OWNER)
        )
        if (owners or 0) <= 1:
            raise TeamError("The last owner cannot be removed.")
    await session.execute(
        delete(Membership).where(
            Membership.organization_id == organization_id, Membership.user_id == user_id
        )
    )
