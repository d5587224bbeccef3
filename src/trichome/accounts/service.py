"""Organisations and their API keys: create, list, revoke, authenticate."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.endpoints import default_endpoint
from trichome.accounts.keys import generate_key, hash_key, looks_like_key
from trichome.accounts.lookup import KeyLookup
from trichome.accounts.principal import Principal
from trichome.db.models import ApiKey, Organization, utcnow
from trichome.ids import new_id
from trichome.plans import Tier

# last_used_at is for display; writing it on every call would serialise all callers
# of a key on one row, so it is refreshed at most once per interval.
LAST_USED_RESOLUTION = timedelta(seconds=60)


class KeyNotFoundError(LookupError):
    """No API key with that id."""


@dataclass(frozen=True, slots=True)
class CreatedKey:
    """A key just created: its record and the secret, which is never available again."""

    record: ApiKey
    secret: str


async def find_organization(session: AsyncSession, name: str) -> Organization | None:
    """The organisation called `name`, if there is one."""
    found: Organization | None = await session.scalar(
        select(Organization).where(Organization.name == name)
    )
    return found


async def get_or_create_organization(
    session: AsyncSession, name: str, tier: Tier | None = None
) -> tuple[Organization, bool]:
    """The organisation called `name`, created on `tier` (Free if unset) when new."""
    existing = await find_organization(session, name)
    if existing is not None:
        return existing, False
    organization = Organization(id=new_id("org"), name=name, tier=(tier or Tier.FREE).value)
    session.add(organization)
    await session.flush()
    session.add(default_endpoint(organization.id))
    await session.flush()
    return organization, True


async def delete_organization(session: AsyncSession, organization: Organization) -> None:
    """Delete an organisation's row; the database deletes what belongs to it with it (keys,
    memberships, endpoints, sessions, file records, and users whose personal organisation
    it was). Its files' stored bytes are not the database's: delete them first
    (`FileService.delete_organization`); the files sweep removes any left over."""
    # A statement, not the ORM's delete: the database's cascades delete the dependants
    # (the ORM would set their organisation to NULL first).
    await session.execute(delete(Organization).where(Organization.id == organization.id))
    session.expunge(organization)


async def set_tier(session: AsyncSession, organization: Organization, tier: Tier) -> None:
    """Move an organisation to another tier; takes effect on its next request."""
    organization.tier = tier.value
    await session.flush()


async def create_api_key(
    session: AsyncSession,
    organization: Organization,
    name: str = "",
    endpoint_id: str | None = None,
) -> CreatedKey:
    """A new key for the organisation; only its hash, prefix and last 4 characters are stored."""
    material = generate_key()
    record = ApiKey(
        id=new_id("key"),
        organization_id=organization.id,
        name=name,
        prefix=material.prefix,
        last4=material.last4,
        key_hash=material.key_hash,
        endpoint_id=endpoint_id,
    )
    session.add(record)
    await session.flush()
    return CreatedKey(record=record, secret=material.secret)


async def list_api_keys(
    session: AsyncSession, organization_id: str | None = None
) -> list[tuple[ApiKey, Organization]]:
    """Keys with their organisations, newest first, optionally for one organisation."""
    query = select(ApiKey, Organization).join(Organization).order_by(ApiKey.created_at.desc())
    if organization_id is not None:
        query = query.where(ApiKey.organization_id == organization_id)
    rows = await session.execute(query)
    return [(key, organization) for key, organization in rows]


async def revoke_api_key(session: AsyncSession, key_id: str) -> ApiKey:
    """Revoke a key; every worker refuses it from its next request on.

    Raises:
        KeyNotFoundError: no key has that id.
    """
    record = await session.get(ApiKey, key_id)
    if record is None:
        raise KeyNotFoundError(key_id)
    if record.revoked_at is None:
        record.revoked_at = utcnow()
        await session.flush()
    return record


async def authenticate_key(
    lookup: KeyLookup, sessions: async_sessionmaker[AsyncSession], secret: str
) -> Principal | None:
    """The principal a key stands for, or None when it is unknown or revoked.

    Every call reads the database, so a revocation or tier change made by any process
    applies to the very next request in every worker.
    """
    if not looks_like_key(secret):
        return None
    record = await lookup.find(hash_key(secret))
    if record is None or record.revoked_at is not None:
        return None
    now = utcnow()
    if record.last_used_at is None or now - record.last_used_at > LAST_USED_RESOLUTION:
        async with sessions() as session:
            await _touch_last_used(session, record.key_id, now)
    return Principal(
        tier=Tier(record.tier),
        organization_id=record.organization_id,
        organization_name=record.organization_name,
        api_key_id=record.key_id,
        billing_period_start=record.billing_period_start,
        billing_period_end=record.billing_period_end,
        endpoint_id=record.endpoint_id,
        upstream_models=record.upstream_models,
    )


async def _touch_last_used(session: AsyncSession, key_id: str, now: datetime) -> None:
    cutoff = now - LAST_USED_RESOLUTION
    await session.execute(
        update(ApiKey)
        .where(ApiKey.id == key_id)
        .where((ApiKey.last_used_at.is_(None)) | (ApiKey.last_used_at < cutoff))
        .values(last_used_at=now)
    )
    await session.commit()
