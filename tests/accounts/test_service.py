import pytest
from sqlalchemy import select

from trichome.accounts.lookup import create_key_lookup
from trichome.accounts.service import (
    KeyNotFoundError,
    authenticate_key,
    create_api_key,
    get_or_create_organization,
    list_api_keys,
    revoke_api_key,
    set_tier,
)
from trichome.accounts.tiers import Tier
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import ApiKey

pytestmark = pytest.mark.anyio


async def test_a_key_authenticates_as_its_organisation_and_tier(settings: Settings) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    async with sessions() as session:
        organization, created = await get_or_create_organization(session, "Acme", Tier.PRO)
        assert created
        key = await create_api_key(session, organization, "ci")
        await session.commit()
    principal = await authenticate_key(create_key_lookup(engine), sessions, key.secret)
    assert principal is not None
    assert principal.tier is Tier.PRO
    assert principal.organization_name == "Acme"
    assert principal.api_key_id == key.record.id
    await engine.dispose()


async def test_the_secret_is_never_stored(settings: Settings) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    async with sessions() as session:
        organization, _ = await get_or_create_organization(session, "Acme", Tier.FREE)
        key = await create_api_key(session, organization)
        await session.commit()
    async with sessions() as session:
        stored = (await session.scalars(select(ApiKey))).one()
    columns = [getattr(stored, column.key) for column in ApiKey.__table__.columns]
    assert all(key.secret not in str(value) for value in columns)
    assert stored.prefix + "…" + stored.last4 != key.secret
    await engine.dispose()


async def test_unknown_and_revoked_keys_do_not_authenticate(settings: Settings) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    async with sessions() as session:
        organization, _ = await get_or_create_organization(session, "Acme", Tier.OPERATOR)
        key = await create_api_key(session, organization)
        await session.commit()
    lookup = create_key_lookup(engine)
    assert await authenticate_key(lookup, sessions, key.secret[:-1] + "x") is None
    assert await authenticate_key(lookup, sessions, "not a key") is None
    async with sessions() as session:
        await revoke_api_key(session, key.record.id)
        await session.commit()
    assert await authenticate_key(lookup, sessions, key.secret) is None
    async with sessions() as session:
        with pytest.raises(KeyNotFoundError):
            await revoke_api_key(session, "key_missing")
    await engine.dispose()


async def test_a_tier_change_applies_to_the_next_authentication(settings: Settings) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    async with sessions() as session:
        organization, _ = await get_or_create_organization(session, "Acme", Tier.FREE)
        key = await create_api_key(session, organization)
        await session.commit()
        await set_tier(session, organization, Tier.TEAM)
        await session.commit()
    principal = await authenticate_key(create_key_lookup(engine), sessions, key.secret)
    assert principal is not None and principal.tier is Tier.TEAM
    await engine.dispose()


async def test_keys_list_newest_first_with_last_use(settings: Settings) -> None:
    engine = create_engine(settings)
    sessions = create_sessionmaker(engine)
    async with sessions() as session:
        organization, _ = await get_or_create_organization(session, "Acme", Tier.FREE)
        first = await create_api_key(session, organization, "first")
        await session.commit()
        second = await create_api_key(session, organization, "second")
        await session.commit()
    await authenticate_key(create_key_lookup(engine), sessions, first.secret)
    async with sessions() as session:
        rows = await list_api_keys(session, organization.id)
    assert [key.name for key, _ in rows] == ["second", "first"]
    by_name = {key.name: key for key, _ in rows}
    assert by_name["first"].last_used_at is not None
    assert by_name["second"].last_used_at is None
    assert second.record.id in {key.id for key, _ in rows}
    await engine.dispose()
