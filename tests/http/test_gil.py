"""A service's worker hands the GIL between threads every millisecond while it runs, so a
request prepared in a worker thread keeps the event loop waiting only briefly, and the
interpreter's own interval is back once the service stops."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi import FastAPI

from tests.support.asgi import running_app
from trichome.config import Settings
from trichome.db.migrate import upgrade_database
from trichome.http.gil import WORKER_SWITCH_INTERVAL, switch_interval
from trichome.services.chat.app import create_app as create_chat_app
from trichome.services.kb.app import create_app as create_kb_app

pytestmark = pytest.mark.anyio


def test_the_interval_is_restored_after_the_block() -> None:
    before = sys.getswitchinterval()
    with switch_interval(0.002):
        assert sys.getswitchinterval() == pytest.approx(0.002)
    assert sys.getswitchinterval() == before


def test_the_interval_is_restored_when_the_block_fails() -> None:
    before = sys.getswitchinterval()
    with pytest.raises(RuntimeError), switch_interval():
        raise RuntimeError("stopped")
    assert sys.getswitchinterval() == before


@pytest.fixture
def sqlite_settings(tmp_path: Path) -> Settings:
    settings = Settings(
        data_dir=tmp_path,
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'trichome.db'}",
        kb_sample=False,
    )
    upgrade_database(settings)
    return settings


@pytest.mark.parametrize("create_app", [create_chat_app, create_kb_app])
async def test_a_running_service_hands_the_gil_over_every_millisecond(
    create_app: Callable[[Settings], FastAPI], sqlite_settings: Settings
) -> None:
    settings = sqlite_settings
    before = sys.getswitchinterval()
    async with running_app(create_app(settings)):
        assert sys.getswitchinterval() == pytest.approx(WORKER_SWITCH_INTERVAL)
    assert sys.getswitchinterval() == before
