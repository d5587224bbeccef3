"""Counters in Redis: Lua scripts make check-and-increment, and each hold's fate, atomic.

Redis is the fast path; the database holds the truth of durable windows (an
organisation's calls in its quota period). A call's settlement charges its unit in the
database (`usage_counters`) in the same transaction as its usage and ad impression, and a
durable key Redis no longer has (a restart without persistence, an eviction) is reseeded
from that count before anything is reserved in it. Rate-limit windows (per-IP days and
hours, feedback) live in Redis alone: a Redis that restarts empty starts them afresh.

Holds on calls in flight sit in one sorted set, scored by their deadline; a sweep gives
back the units of those past it. The scripts touch keys they read from the set, so the
counters need one Redis server (not a cluster).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from sqlalchemy.ext.asyncio import AsyncEngine

from trichome.limits.base import Count, CountersUnavailable, Hold, Record, Window
from trichome.limits.sql import (
    DATABASE_ERRORS,
    SETTLEMENT_MEMORY,
    charge,
    charged,
    first_settlement,
    transaction,
)

logger = logging.getLogger(__name__)

KEY_PREFIX = "trichome:limits:"
HOLDS_KEY = KEY_PREFIX + "holds"
# A settled call's mark, by its hold's id: settling it again changes nothing.
SETTLED_PREFIX = KEY_PREFIX + "settled:"
# Seconds to connect and to wait for an answer: an unreachable Redis is a quick 503.
TIMEOUT = 2.0
SWEEP_BATCH = 500
# The seed of a durable window's missing key is not known yet: the script asks for it.
SEED_UNKNOWN = "?"

# KEYS: counter, holds. ARGV: limit, expiry (Unix ms), seed ("" = 0, "?" = ask),
# hold member ("" = none), hold deadline (Unix ms). Returns {granted, used}, or {-1, 0}
# when the durable key is missing and its seed is asked for.
_RESERVE = """
local value = redis.call('GET', KEYS[1])
if not value then
  if ARGV[3] == '?' then
    return {-1, 0}
  end
  value = tonumber(ARGV[3]) or 0
  if value > 0 then
    redis.call('SET', KEYS[1], value)
    redis.call('PEXPIREAT', KEYS[1], ARGV[2])
  end
end
local used = tonumber(value)
if used >= tonumber(ARGV[1]) then
  return {0, used}
end
used = redis.call('INCR', KEYS[1])
if used == 1 then
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
if ARGV[4] ~= '' then
  redis.call('ZADD', KEYS[2], ARGV[5], ARGV[4])
end
return {1, used}
"""
# KEYS: counter, holds, the call's settled mark. ARGV: hold member, seconds the mark is
# kept. A call settled before (a retry) changes nothing; a hold already swept (or lost
# with the data) is charged again, if the key is there to count it (a missing key is
# reseeded later).
_SETTLE = """
if not redis.call('SET', KEYS[3], '1', 'NX', 'EX', ARGV[2]) then
  return 2
end
if redis.call('ZREM', KEYS[2], ARGV[1]) == 1 then
  return 1
end
if redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('INCR', KEYS[1])
end
return 0
"""
# KEYS: counter, holds. ARGV: hold member ("" = none). A hold already gone gives nothing back.
_RELEASE = """
if ARGV[1] ~= '' and redis.call('ZREM', KEYS[2], ARGV[1]) == 0 then
  return 0
end
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
"""
# KEYS: holds. ARGV: now (Unix ms), batch. Members are "<hold id> <counter key>".
_SWEEP = """
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, member in ipairs(expired) do
  redis.call('ZREM', KEYS[1], member)
  local key = string.sub(member, string.find(member, ' ', 1, true) + 1)
  local used = tonumber(redis.call('GET', key) or '0')
  if used > 0 then
    redis.call('DECR', key)
  end
end
return #expired
"""


def _ms(moment: datetime) -> int:
    return int(moment.timestamp() * 1000)


def _member(window: Window, hold: Hold) -> str:
    return f"{hold.id} {KEY_PREFIX}{window.key}"


class RedisCounterStore:
    """Counters shared through one Redis server, durable windows backed by the database."""

    def __init__(self, url: str, engine: AsyncEngine) -> None:
        # One retry, on a fresh connection, when a pooled one turns out dead (Redis
        # restarted); never after a timeout, when the script may have run.
        retry = Retry(NoBackoff(), 1, supported_errors=(RedisConnectionError,))
        self._redis: Redis = Redis.from_url(
            url, socket_timeout=TIMEOUT, socket_connect_timeout=TIMEOUT, retry=retry
        )
        self._engine = engine
        self._reserve: Any = self._redis.register_script(_RESERVE)
        self._settle: Any = self._redis.register_script(_SETTLE)
        self._release: Any = self._redis.register_script(_RELEASE)
        self._sweep: Any = self._redis.register_script(_SWEEP)

    async def reserve(self, window: Window, hold: Hold | None = None) -> Count:
        keys = [KEY_PREFIX + window.key, HOLDS_KEY]
        member, deadline = (_member(window, hold), _ms(hold.deadline)) if hold else ("", 0)
        args = [window.limit, _ms(window.resets_at), SEED_UNKNOWN if window.durable else ""]
        try:
            granted, used = await self._reserve(keys=keys, args=[*args, member, deadline])
            if granted == -1:  # Redis lost the key: the database's count is the floor
                async with transaction(self._engine) as connection:
                    seed = await charged(connection, window.key)
                args[2] = str(seed)
                granted, used = await self._reserve(keys=keys, args=[*args, member, deadline])
        except (RedisError, OSError) as error:
            raise CountersUnavailable("redis", error) from error
        return Count(bool(granted), int(used))

    async def settle(self, window: Window, hold: Hold, record: Record | None = None) -> None:
        if window.durable or record is not None:
            async with transaction(self._engine) as connection:
                # A retry after a lost acknowledgement finds the first one's mark and
                # writes nothing twice; Redis's hold is settled below either way.
                if await first_settlement(connection, hold):
                    if window.durable:
                        await charge(connection, window)
                    if record is not None:
                        await record(connection)
        try:
            keys = [KEY_PREFIX + window.key, HOLDS_KEY, SETTLED_PREFIX + hold.id]
            memory = int(SETTLEMENT_MEMORY.total_seconds())
            await self._settle(keys=keys, args=[_member(window, hold), memory])
        except (RedisError, OSError):
            # Charged in the database already; Redis's hold expires and its sweep gives the
            # unit back there alone, until the key is reseeded from the database.
            logger.warning("could not settle hold %s in Redis", hold.id, exc_info=True)

    async def release(self, window: Window, hold: Hold | None = None) -> None:
        member = _member(window, hold) if hold else ""
        try:
            await self._release(keys=[KEY_PREFIX + window.key, HOLDS_KEY], args=[member])
        except (RedisError, OSError) as error:
            raise CountersUnavailable("redis", error) from error

    async def sweep(self, now: datetime) -> int:
        swept = 0
        try:
            while True:
                batch = int(await self._sweep(keys=[HOLDS_KEY], args=[_ms(now), SWEEP_BATCH]))
                swept += batch
                if batch < SWEEP_BATCH:
                    return swept
        except (RedisError, OSError) as error:
            raise CountersUnavailable("redis", error) from error

    async def used(self, window: Window) -> int:
        try:
            value = await self._redis.get(KEY_PREFIX + window.key)
        except (RedisError, OSError) as error:
            if not window.durable:
                raise CountersUnavailable("redis", error) from error
            value = None  # the database's count of a durable window is still known
        if value is not None:
            return int(value)
        if not window.durable:
            return 0
        try:
            async with self._engine.connect() as connection:
                return await charged(connection, window.key)
        except DATABASE_ERRORS as error:
            raise CountersUnavailable("database", error) from error

    async def check(self) -> str | None:
        try:
            await self._redis.ping()
        except (RedisError, OSError) as error:
            return str(CountersUnavailable("redis", error))
        return None

    async def aclose(self) -> None:
        await self._redis.aclose()
