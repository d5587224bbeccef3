"""Counters in Redis: a Lua script makes check-and-increment one atomic step."""

from __future__ import annotations

from typing import Any

from redis.asyncio import Redis

from trichome.limits.base import Count, Window

# KEYS[1] counter; ARGV[1] limit; ARGV[2] expiry (Unix ms). Returns {granted, used}.
_RESERVE = """
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= tonumber(ARGV[1]) then
  return {0, used}
end
used = redis.call('INCR', KEYS[1])
if used == 1 then
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
return {1, used}
"""
_RELEASE = """
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0
"""
KEY_PREFIX = "trichome:limits:"


class RedisCounterStore:
    """Counters shared through one Redis server."""

    def __init__(self, url: str) -> None:
        self._redis: Redis = Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self._reserve: Any = self._redis.register_script(_RESERVE)
        self._release: Any = self._redis.register_script(_RELEASE)

    async def reserve(self, window: Window) -> Count:
        expires_ms = int(window.resets_at.timestamp() * 1000)
        granted, used = await self._reserve(
            keys=[KEY_PREFIX + window.key], args=[window.limit, expires_ms]
        )
        return Count(bool(granted), int(used))

    async def release(self, window: Window) -> None:
        await self._release(keys=[KEY_PREFIX + window.key])

    async def used(self, window: Window) -> int:
        value = await self._redis.get(KEY_PREFIX + window.key)
        return int(value) if value is not None else 0

    async def aclose(self) -> None:
        await self._redis.aclose()
