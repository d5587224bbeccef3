"""The ad inventory: which sponsored line an answer ends with, and counting impressions."""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections import Counter
from dataclasses import dataclass

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.db.models import Ad

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
    """Active ads, cached per worker; impressions are buffered and added in batches."""

    def __init__(self, sessions: async_sessionmaker[AsyncSession], upgrade_url: str) -> None:
        self._sessions = sessions
        self._upgrade_url = upgrade_url
        self._ads: list[AdSpot] = []
        self._loaded_at = float("-inf")
        self._turn = itertools.count()
        self._pending: Counter[str] = Counter()
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
            await self._load()
        matching = [ad for ad in self._ads if ad.agent == agent] or [
            ad for ad in self._ads if ad.agent is None
        ]
        if not matching:
            return None
        return matching[next(self._turn) % len(matching)]

    def count_impression(self, ad: AdSpot) -> None:
        """Note that an answer carried the ad; `flush` writes the counts."""
        self._pending[ad.id] += 1

    async def flush(self) -> None:
        """Add the buffered impressions to the ads' counters."""
        pending, self._pending = self._pending, Counter()
        if not pending:
            return
        try:
            async with self._sessions() as session:
                for ad_id, count in pending.items():
                    await session.execute(
                        update(Ad).where(Ad.id == ad_id).values(impressions=Ad.impressions + count)
                    )
                await session.commit()
        except Exception:
            self._pending.update(pending)  # keep them for the next flush
            raise

    async def flush_periodically(self, interval: float) -> None:
        """Flush every `interval` seconds until cancelled."""
        while True:
            await asyncio.sleep(interval)
            try:
                await self.flush()
            except Exception:
                logger.exception("could not record ad impressions; will retry")
