"""Dashboard sign-in: sessions and one-time login links, both stored only as hashes.

A session's CSRF token is derived from its secret (an HMAC), so it is tied to that
session, needs no storage, and changes whenever the session does.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.users import OWNER
from trichome.db.models import (
    DashboardSession,
    Invitation,
    LoginLink,
    Membership,
    Organization,
    User,
)
from trichome.ids import new_id

SESSION_LIFETIME = timedelta(hours=12)
LOGIN_LINK_LIFETIME = timedelta(minutes=15)
INVITATION_KEPT = timedelta(days=30)
TOKEN_BYTES = 32


def hash_token(token: str) -> str:
    """SHA-256 of a session or link token (256 random bits: a fast hash is enough)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def csrf_token_for(session_token: str) -> str:
    """The synchroniser token of a session, for its forms."""
    return hmac.new(session_token.encode("utf-8"), b"trichome-csrf", hashlib.sha256).hexdigest()


def csrf_matches(session_token: str, submitted: str) -> bool:
    """Whether a form's CSRF token belongs to this session (constant-time; any text a
    form sends is compared, which `compare_digest` refuses for non-ASCII `str`)."""
    expected = csrf_token_for(session_token).encode()
    return hmac.compare_digest(expected, submitted.encode("utf-8", "surrogatepass"))


@dataclass(frozen=True, slots=True)
class OrganizationChoice:
    """An organisation the signed-in user belongs to (for switching between them)."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class SignedIn:
    """Who a valid session belongs to, in which organisation, and their other ones."""

    user_id: str
    email: str | None
    organization: Organization
    role: str
    organizations: tuple[OrganizationChoice, ...] = ()


@dataclass(frozen=True, slots=True)
class Purged:
    """How many expired rows a clean-up deleted."""

    sessions: int
    login_links: int
    invitations: int


async def create_session(
    session: AsyncSession, user_id: str, organization_id: str, now: datetime
) -> str:
    """A new session; returns the cookie's secret token (only its hash is stored)."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    session.add(
        DashboardSession(
            token_hash=hash_token(token),
            user_id=user_id,
            organization_id=organization_id,
            created_at=now,
            expires_at=now + SESSION_LIFETIME,
        )
    )
    await session.flush()
    return token


async def find_session(session: AsyncSession, token: str, now: datetime) -> SignedIn | None:
    """The signed-in user of an unexpired session who is still a member of its organisation."""
    row = (
        await session.execute(
            select(User, Organization, Membership.role)
            .select_from(DashboardSession)
            .join(User, User.id == DashboardSession.user_id)
            .join(Organization, Organization.id == DashboardSession.organization_id)
            .join(
                Membership,
                (Membership.user_id == User.id) & (Membership.organization_id == Organization.id),
            )
            .where(DashboardSession.token_hash == hash_token(token))
            .where(DashboardSession.expires_at > now)
        )
    ).first()
    if row is None:
        return None
    user, organization, role = row
    choices = await session.execute(
        select(Organization.id, Organization.name)
        .join(Membership, Membership.organization_id == Organization.id)
        .where(Membership.user_id == user.id)
        .order_by(Organization.name)
    )
    return SignedIn(
        user_id=user.id,
        email=user.email,
        organization=organization,
        role=role,
        organizations=tuple(OrganizationChoice(org_id, name) for org_id, name in choices),
    )


async def switch_organization(
    session: AsyncSession, token: str, user_id: str, organization_id: str
) -> bool:
    """Point the session at another organisation of its user; False if they are not a member."""
    member = await session.scalar(
        select(Membership.role).where(
            Membership.user_id == user_id, Membership.organization_id == organization_id
        )
    )
    if member is None:
        return False
    await session.execute(
        update(DashboardSession)
        .where(DashboardSession.token_hash == hash_token(token))
        .where(DashboardSession.user_id == user_id)
        # A playground token was minted for the other organisation: it ends here.
        .values(
            organization_id=organization_id,
            playground_token_hash=None,
            playground_expires_at=None,
        )
    )
    return True


async def purge_expired(session: AsyncSession, now: datetime) -> Purged:
    """Delete expired sessions and login links, and invitations expired for a while.

    Invitations stay INVITATION_KEPT past their expiry, so the invitee's link still says
    "expired" and the owner sees it expired, rather than both finding it gone.
    """
    counts = []
    for statement in (
        delete(DashboardSession).where(DashboardSession.expires_at <= now),
        delete(LoginLink).where(LoginLink.expires_at <= now),
        delete(Invitation).where(Invitation.expires_at <= now - INVITATION_KEPT),
    ):
        result = await session.execute(statement)
        counts.append(int(getattr(result, "rowcount", 0) or 0))
    return Purged(*counts)


async def end_session(session: AsyncSession, token: str) -> None:
    """Sign out: the session's row is deleted, so its cookie is worthless everywhere."""
    await session.execute(
        delete(DashboardSession).where(DashboardSession.token_hash == hash_token(token))
    )


async def owner_of(session: AsyncSession, organization: Organization) -> User:
    """An owner of the organisation; a local owner user is created when it has none."""
    found: User | None = await session.scalar(
        select(User)
        .join(Membership, Membership.user_id == User.id)
        .where(Membership.organization_id == organization.id, Membership.role == OWNER)
        .order_by(Membership.created_at)
        .limit(1)
    )
    if found is not None:
        return found
    user = User(
        id=new_id("usr"),
        subject=f"local:owner:{organization.id}",
        email=None,
        default_organization_id=organization.id,
    )
    session.add(user)
    await session.flush()
    session.add(Membership(user_id=user.id, organization_id=organization.id, role=OWNER))
    await session.flush()
    return user


async def create_login_link(
    session: AsyncSession, user_id: str, organization_id: str, now: datetime
) -> str:
    """A one-time sign-in token, valid for LOGIN_LINK_LIFETIME (only its hash is stored)."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    session.add(
        LoginLink(
            token_hash=hash_token(token),
            user_id=user_id,
            organization_id=organization_id,
            created_at=now,
            expires_at=now + LOGIN_LINK_LIFETIME,
        )
    )
    await session.flush()
    return token


async def redeem_login_link(session: AsyncSession, token: str, now: datetime) -> str | None:
    """A new session token for an unused, unexpired link, which is used up; else None.

    The conditional UPDATE lets exactly one of two concurrent visits win, in any worker.
    """
    token_hash = hash_token(token)
    claimed = await session.execute(
        update(LoginLink)
        .where(LoginLink.token_hash == token_hash)
        .where(LoginLink.used_at.is_(None))
        .where(LoginLink.expires_at > now)
        .values(used_at=now)
        .returning(LoginLink.user_id, LoginLink.organization_id)
    )
    row = claimed.first()
    if row is None:
        return None
    user_id, organization_id = row
    return await create_session(session, user_id, organization_id, now)
