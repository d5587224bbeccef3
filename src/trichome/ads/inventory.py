"""The ad inventory: which sponsored line an answer ends with, and counting impressions.

An impression is counted as part of the settlement of the call that carried it, in the
same transaction as the call's charge and usage (`impression_record`), so a crash loses
none that went out.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession, async_sessionmaker

from trichome.db.models import Ad
from trichome.limits.base import Record
from trichome.limits.sql import DATABASE_ERRORS

logger = logging.getLogger(__name__)
# Ads change rarely; each worker re-reads the table at most this often.
RELOAD_SECONDS = 60.0
SPONSORED_MARK = "Sponsored"


@dataclass(frozen=True, slots=True)
class AdSpot:
    """One ad as shown: its id (for impressions), the agent it fits, its text and link."""

    id: str
    agent: str | None
    text: str
    url: str


def sponsored_line(ad: AdSpot) -> str:
    """The clearly marked line that ends an answer."""
    return f"---\n*{SPONSORED_MARK}:* {ad.text} {ad.url}"


class AdInventory:
    """Active ads, cached per worker."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], upgrade_url: str) -> None:
        self._sessions = sessions
        self._upgrade_url = upgrade_url
        self._ads: list[AdSpot] = []
        self._loaded_at = float("-inf")
        self._turn = itertools.count()
        self._lock = asyncio.Lock()

    async def _load(self) -> None:
        async with self._lock:
            if time.monotonic() - self._loaded_at < RELOAD_SECONDS:
                return
            async with self._sessions() as session:
                rows = await session.scalars(
                    select(Ad).where(Ad.active.is_(True)).order_by(Ad.created_at, Ad.id)
                )
                self._ads = [
                    AdSpot(ad.id, ad.agent, ad.text, ad.url or self._upgrade_url) for ad in rows
                ]
            self._loaded_at = time.monotonic()

    async def pick(self, agent: str) -> AdSpot | None:
        """An ad for the answering agent if there is one, else one for any agent; rotating."""
        if time.monotonic() - self._loaded_at >= RELOAD_SECONDS:
            try:
                await self._load()
            except DATABASE_ERRORS:  # the ads last read (if any) serve until it answers again
                logger.warning("could not read the ads", exc_info=True)
        matching = [ad for ad in self._ads if ad.agent == agent] or [
            ad for ad in self._ads if ad.agent is None
        ]
        if not matching:
            return None
        return matching[next(self._turn) % len(matching)]


def impression_record(ad: AdSpot) -> Record:
    """The write that counts one impression of `ad`."""

    async def write(connection: AsyncConnection) -> None:
        await connection.execute(
            update(Ad).where(Ad.id == ad.id).values(impressions=Ad.impressions + 1)
        )

    return write
