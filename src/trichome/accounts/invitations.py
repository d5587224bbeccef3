"""Invitations to a Team-tier organisation: a one-time link for one email address.

Only the SHA-256 of a link's token is stored. A link works for INVITATION_LIFETIME, once,
and only for a signed-in user with the invited address: it was sent to that address, so
whoever else holds it (a forwarded mail, a shared screen) cannot join with it.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.sessions import TOKEN_BYTES, hash_token
from trichome.accounts.team import ROLES, TeamError
from trichome.db.models import Invitation, Membership, Organization, User
from trichome.ids import new_id
from trichome.plans import Tier

INVITATION_LIFETIME = timedelta(days=7)
# token_urlsafe's alphabet; anything else is not a token (and never goes into a URL).
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{20,100}")


class InvitationRefused(Exception):
    """An invitation link that cannot be accepted (the subclass says why)."""


class InvitationNotFound(InvitationRefused):
    """No invitation has this token: mistyped, already accepted, or cancelled."""


class InvitationExpired(InvitationRefused):
    """The invitation's link ran out."""


class WrongInvitee(InvitationRefused):
    """The signed-in user's email address is not the invited one."""


class NoLongerTeam(InvitationRefused):
    """The organisation left the Team tier after inviting."""


@dataclass(frozen=True, slots=True)
class CreatedInvitation:
    """An invitation just made, and its link's token (never available again)."""

    record: Invitation
    token: str


@dataclass(frozen=True, slots=True)
class FoundInvitation:
    """An invitation with the organisation it is to."""

    invitation: Invitation
    organization: Organization


def _valid_email(email: str) -> bool:
    local, _, domain = email.partition("@")
    too_long = len(email) > 320
    return bool(local) and "." in domain and not too_long and not any(c.isspace() for c in email)


async def invite(
    session: AsyncSession,
    organization_id: str,
    email: str,
    role: str,
    invited_by: str,
    now: datetime,
) -> CreatedInvitation:
    """An invitation with a new link; an expired invitation of the same address is replaced.

    Raises:
        TeamError: the address or role is invalid, they are a member, or invited already.
    """
    email = email.strip().lower()
    if role not in ROLES:
        raise TeamError(f"The role must be one of: {', '.join(ROLES)}.")
    if not _valid_email(email):
        raise TeamError("Enter a valid email address, like name@example.com.")
    member = await session.scalar(
        select(User.id)
        .join(Membership, Membership.user_id == User.id)
        .where(Membership.organization_id == organization_id, func.lower(User.email) == email)
        .limit(1)
    )
    if member is not None:
        raise TeamError(f"{email} is already a member.")
    existing = await session.scalar(
        select(Invitation).where(
            Invitation.organization_id == organization_id, Invitation.email == email
        )
    )
    if existing is not None:
        if existing.expires_at > now:
            raise TeamError(f"{email} is already invited. Cancel that invitation for a new link.")
        await session.delete(existing)
        await session.flush()
    token = secrets.token_urlsafe(TOKEN_BYTES)
    invitation = Invitation(
        id=new_id("inv"),
        organization_id=organization_id,
        email=email,
        role=role,
        invited_by=invited_by,
        created_at=now,
        token_hash=hash_token(token),
        expires_at=now + INVITATION_LIFETIME,
    )
    session.add(invitation)
    await session.flush()
    return CreatedInvitation(invitation, token)


async def list_invitations(session: AsyncSession, organization_id: str) -> list[Invitation]:
    """The organisation's invitations not yet accepted (expired ones too), newest first."""
    found = await session.scalars(
        select(Invitation)
        .where(Invitation.organization_id == organization_id)
        .order_by(Invitation.created_at.desc())
    )
    return list(found)


async def cancel_invitation(
    session: AsyncSession, organization_id: str, invitation_id: str
) -> bool:
    """Delete one of the organisation's invitations (its link stops working); False if none."""
    result = await session.execute(
        delete(Invitation).where(
            Invitation.organization_id == organization_id, Invitation.id == invitation_id
        )
    )
    return bool(getattr(result, "rowcount", 0))


async def find_invitation(session: AsyncSession, token: str) -> FoundInvitation | None:
    """The invitation whose link carries `token`, expired or not."""
    if not TOKEN_PATTERN.fullmatch(token):
        return None
    row = (
        await session.execute(
            select(Invitation, Organization)
            .join(Organization, Organization.id == Invitation.organization_id)
            .where(Invitation.token_hash == hash_token(token))
        )
    ).first()
    return None if row is None else FoundInvitation(*row)


def check_invitation(found: FoundInvitation | None, email: str | None, now: datetime) -> None:
    """Whether the user with `email` may accept the invitation now (None: not signed in yet).

    Raises:
        InvitationNotFound, InvitationExpired, NoLongerTeam, WrongInvitee: why not.
    """
    if found is None:
        raise InvitationNotFound
    if found.invitation.expires_at <= now:
        raise InvitationExpired
    if found.organization.tier != Tier.TEAM.value:
        raise NoLongerTeam
    if email is not None and email.strip().lower() != found.invitation.email:
        raise WrongInvitee


async def accept_invitation(
    session: AsyncSession,
    found: FoundInvitation | None,
    user_id: str,
    email: str | None,
    now: datetime,
) -> Organization:
    """Make the user a member with the invited role (an existing membership stays as it
    is) and use the invitation up; returns the organisation joined.

    Raises:
        InvitationRefused: the link is unknown, used, expired, or for another address.
    """
    check_invitation(found, email or "", now)
    assert found is not None
    # The conditional DELETE lets one of two concurrent acceptances win, in any worker.
    claimed = await session.execute(
        delete(Invitation)
        .where(Invitation.id == found.invitation.id, Invitation.expires_at > now)
        .returning(Invitation.role)
    )
    role = claimed.scalar()
    if role is None:
        raise InvitationNotFound
    organization = found.organization
    member = await session.get(Membership, (user_id, organization.id))
    if member is None:
        session.add(Membership(user_id=user_id, organization_id=organization.id, role=role))
        await session.flush()
    return organization
