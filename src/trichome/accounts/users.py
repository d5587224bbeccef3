"""People who sign in: each gets a personal Free organisation the first time they are seen."""

from __future__ import annotations

from sqlalchemy import and_, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.endpoints import default_endpoint
from trichome.accounts.principal import Principal
from trichome.accounts.tokens import AccessClaims
from trichome.db.models import Endpoint, Membership, Organization, User
from trichome.ids import new_id
from trichome.plans import Tier

OWNER = "owner"
MEMBER = "member"


async def _principal_of(session: AsyncSession, subject: str) -> tuple[Principal, str | None] | None:
    row = (
        await session.execute(
            select(User, Organization, Endpoint.id, Endpoint.upstream_models)
            .join(Organization, Organization.id == User.default_organization_id)
            .outerjoin(
                Endpoint,
                and_(Endpoint.organization_id == Organization.id, Endpoint.is_default.is_(True)),
            )
            .where(User.subject == subject)
            .limit(1)
        )
    ).first()
    if row is None:
        return None
    user, organization, endpoint_id, upstream_models = row
    principal = Principal(
        tier=Tier(organization.tier),
        organization_id=organization.id,
        organization_name=organization.name,
        api_key_id=None,
        user_id=user.id,
        billing_period_start=organization.billing_period_start,
        billing_period_end=organization.billing_period_end,
        endpoint_id=endpoint_id,
        upstream_models=dict(upstream_models or {}),
    )
    return principal, user.email


async def create_user(
    session: AsyncSession, subject: str, email: str | None, name: str | None = None
) -> User:
    """A new user and their personal Free organisation (flushed, not committed)."""
    user_id = new_id("usr")
    organization = Organization(
        id=new_id("org"), name=f"{email or subject} (personal, {user_id})", tier=Tier.FREE.value
    )
    session.add(organization)
    await session.flush()
    session.add(default_endpoint(organization.id))
    user = User(
        id=user_id,
        subject=subject,
        email=email,
        name=name,
        default_organization_id=organization.id,
    )
    session.add(user)
    await session.flush()
    session.add(Membership(user_id=user_id, organization_id=organization.id, role=OWNER))
    await session.flush()
    return user


async def user_for_email(session: AsyncSession, email: str, name: str | None = None) -> User:
    """The earliest user with this email address, or a new local one (with a personal
    organisation) for `trichome dashboard login-link --email`; `name`, when given, becomes
    their display name."""
    email = email.strip().lower()
    found: User | None = await session.scalar(
        select(User).where(func.lower(User.email) == email).order_by(User.created_at).limit(1)
    )
    if found is None:
        return await create_user(session, f"local:email:{email}", email, name)
    if name:
        found.name = name
    return found


async def principal_for_claims(
    sessions: async_sessionmaker[AsyncSession], claims: AccessClaims
) -> Principal:
    """The principal of a verified token; its user and personal organisation on first sight.

    The email and name claims are recorded, and updated when they change.
    """
    async with sessions() as session:
        found = await _principal_of(session, claims.subject)
        if found is None:
            try:
                await create_user(session, claims.subject, claims.email, claims.name)
                await session.commit()
            except IntegrityError:
                await session.rollback()  # another worker created this user just now
            found = await _principal_of(session, claims.subject)
            assert found is not None, "the user exists once created"
        principal, email = found
        if (claims.email and claims.email != email) or claims.name:
            user = await session.get(User, principal.user_id)
            if user is not None:
                user.email = claims.email or user.email
                user.name = claims.name or user.name
                await session.commit()  # nothing is written when nothing changed
        return principal
