"""Organisations' Metrc keys are stored encrypted and read back only with the same key."""

import os
import stat
from pathlib import Path

import pytest
from sqlalchemy import select

from tests.conftest import reconfigured
from trichome.accounts.metrc_keys import (
    forget_metrc_keys,
    list_metrc_keys,
    load_metrc_keys,
    store_metrc_keys,
)
from trichome.accounts.secrets import KEY_FILE, SecretBox, SecretUnreadable
from trichome.accounts.service import get_or_create_organization
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import MetrcConnection
from trichome.metrc import MetrcCredentials
from trichome.plans import Tier

pytestmark = pytest.mark.anyio

VENDOR = "vendor-key-0123456789abcdef"
USER = "user-key-fedcba9876543210"


def test_without_a_configured_key_one_is_made_once_readable_only_by_the_owner(
    tmp_path: Path,
) -> None:
    settings = Settings(data_dir=tmp_path)
    sealed = SecretBox(settings).seal(VENDOR)
    key_file = tmp_path / KEY_FILE
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert VENDOR not in sealed
    assert SecretBox(settings).open(sealed) == VENDOR  # a second process reads the same key
    assert [p.name for p in tmp_path.iterdir()] == [KEY_FILE]  # no drafts left behind


def test_a_different_key_or_an_altered_value_cannot_be_read(tmp_path: Path) -> None:
    first = Settings(data_dir=tmp_path, secret_key="a" * 32)
    second = Settings(data_dir=tmp_path, secret_key="b" * 32)
    sealed = SecretBox(first).seal(USER)
    assert SecretBox(first).open(sealed) == USER
    with pytest.raises(SecretUnreadable, match="TRICHOME_SECRET_KEY"):
        SecretBox(second).open(sealed)
    with pytest.raises(SecretUnreadable):
        SecretBox(first).open(sealed[:-4] + "AAAA")
    assert not (tmp_path / KEY_FILE).exists()  # a configured key needs no file


def test_a_short_secret_key_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="32"):
        Settings(data_dir=tmp_path, secret_key="short")


async def test_stored_keys_round_trip_encrypted_and_masked(settings: Settings) -> None:
    box = SecretBox(reconfigured(settings, secret_key="k" * 40))
    engine = create_engine(settings)
    try:
        sessions = create_sessionmaker(engine)
        async with sessions() as session:
            org, _ = await get_or_create_organization(session, "Grower Co", Tier.OPERATOR)
            other, _ = await get_or_create_organization(session, "Other", Tier.TEAM)
            await store_metrc_keys(session, box, org.id, MetrcCredentials(VENDOR, USER))
            await store_metrc_keys(
                session,
                box,
                org.id,
                MetrcCredentials(VENDOR, USER + "-new"),
                base_url="https://api-co.metrc.com",
            )
            await session.commit()
        async with sessions() as session:
            row = (await session.execute(select(MetrcConnection))).scalar_one()
            stored = await load_metrc_keys(session, box, org.id)
            listed = await list_metrc_keys(session)
            none = await load_metrc_keys(session, box, other.id)
        assert VENDOR not in row.vendor_key_encrypted and USER not in row.user_key_encrypted
        assert stored is not None and stored.credentials == MetrcCredentials(VENDOR, USER + "-new")
        assert stored.base_url == "https://api-co.metrc.com"
        assert none is None
        assert [(e.organization, e.vendor_key_last4, e.user_key_last4) for e in listed] == [
            ("Grower Co", "cdef", "-new")
        ]
        async with sessions() as session:
            assert await forget_metrc_keys(session, org.id)
            assert not await forget_metrc_keys(session, org.id)
            await session.commit()
            assert await load_metrc_keys(session, box, org.id) is None
    finally:
        await engine.dispose()


def test_the_key_file_is_shared_by_workers_starting_together(tmp_path: Path) -> None:
    # Two boxes made "at once" in forked workers end with one key both can use.
    children = []
    for _ in range(4):
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the child process
            try:
                SecretBox(Settings(data_dir=tmp_path)).seal("x")
            finally:
                os._exit(0)
        children.append(pid)
    for pid in children:
        os.waitpid(pid, 0)
    sealed = SecretBox(Settings(data_dir=tmp_path)).seal(VENDOR)
    assert SecretBox(Settings(data_dir=tmp_path)).open(sealed) == VENDOR
    assert [p.name for p in tmp_path.iterdir()] == [KEY_FILE]
