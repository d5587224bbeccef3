from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from trichome.accounts.lookup import KeyLookup, create_key_lookup
from trichome.accounts.principal import Principal
from trichome.accounts.service import (
    CreatedKey,
    KeyNotFoundError,
    authenticate_key,
    create_api_key,
    get_or_create_organization,
    list_api_keys,
    revoke_api_key,
    set_tier,
)
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import ApiKey
from trichome.plans import Tier

pytestmark = pytest.mark.anyio


@dataclass
class Store:
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    lookup: KeyLookup

    async def new_key(
        self, organization: str = "Acme", tier: Tier = Tier.FREE, name: str = ""
    ) -> CreatedKey:
        async with self.sessions() as session:
            org, _ = await get_or_create_organization(session, organization, tier)
            key = await create_api_key(session, org, name)
            await session.commit()
            return key

    async def authenticate(self, secret: str) -> Principal | None:
        return await authenticate_key(self.lookup, self.sessions, secret)


@pytest.fixture
async def store(settings: Settings) -> AsyncIterator[Store]:
    engine = create_engine(settings)
    lookup = create_key_lookup(engine)
    yield Store(engine, create_sessionmaker(engine), lookup)
    lookup.close()
    await engine.dispose()


async def test_a_key_authenticates_as_its_organisation_and_tier(store: Store) -> None:
    key = await store.new_key("Acme", Tier.PRO, "ci")
    principal = await store.authenticate(key.secret)
    assert principal is not None
    assert principal.tier is Tier.PRO
    assert principal.organization_name == "Acme"
    assert principal.api_key_id == key.record.id


async def test_a_new_organisation_is_created_once(store: Store) -> None:
    async with store.sessions() as session:
        first, created = await get_or_create_organization(session, "Acme", Tier.PRO)
        again, created_again = await get_or_create_organization(session, "Acme", Tier.FREE)
    assert created and not created_again and first.id == again.id


async def test_the_secret_is_never_stored(store: Store) -> None:
    key = await store.new_key()
    async with store.sessions() as session:
        stored = (await session.scalars(select(ApiKey))).one()
    columns = [getattr(stored, column.key) for column in ApiKey.__table__.columns]
    assert all(key.secret not in str(value) for value in columns)


async def test_unknown_and_revoked_keys_do_not_authenticate(store: Store) -> None:
    key = await store.new_key(tier=Tier.OPERATOR)
    assert await store.authenticate(key.secret[:-1] + "x") is None
    assert await store.authenticate("not a key") is None
    async with store.sessions() as session:
        await revoke_api_key(session, key.record.id)
        await session.commit()
    assert await store.authenticate(key.secret) is None
    async with store.sessions() as session:
        with pytest.raises(KeyNotFoundError):
            await revoke_api_key(session, "key_missing")


async def test_a_tier_change_applies_to_the_next_authentication(store: Store) -> None:
    key = await store.new_key()
    async with store.sessions() as session:
        organization, _ = await get_or_create_organization(session, "Acme")
        await set_tier(session, organization, Tier.TEAM)
        await session.commit()
    principal = await store.authenticate(key.secret)
    assert principal is not None and principal.tier is Tier.TEAM


async def test_keys_list_newest_first_with_last_use(store: Store) -> None:
    first = await store.new_key(name="first")
    second = await store.new_key(name="second")
    await store.authenticate(first.secret)
    async with store.sessions() as session:
        rows = await list_api_keys(session, first.record.organization_id)
    assert [key.name for key, _ in rows] == ["second", "first"]
    by_name = {key.name: key for key, _ in rows}
    assert by_name["first"].last_used_at is not None
    assert by_name["second"].last_used_at is None
    assert second.record.id in {key.id for key, _ in rows}
