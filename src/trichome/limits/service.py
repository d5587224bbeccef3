"""Applying the limits: reserve a unit or refuse with what the client needs to know."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncEngine

from trichome.accounts.principal import Principal
from trichome.config import Settings
from trichome.db.models import utcnow
from trichome.limits import windows
from trichome.limits.base import CounterStore, CountersUnavailable, Hold, Record, Window
from trichome.plans import PublicModel

logger = logging.getLogger(__name__)

# The OpenAI SDK waits out a Retry-After of up to 120 s; past that, retrying is pointless.
LONGEST_USEFUL_RETRY = 120
# How long a call's unit may stay held before a sweep gives it back (TRICHOME_CALL_HOLD_SECONDS).
DEFAULT_HOLD_SECONDS = 600.0
# Seconds between tries of the settlements the store could not take (it was unreachable).
SETTLE_RETRY_SECONDS = 1.0
# Settlements a worker keeps for retrying at most; past it the oldest are dropped (logged).
MAX_PENDING_SETTLEMENTS = 10_000


@dataclass(frozen=True, slots=True)
class Usage:
    """A window and how much of it is used, as the x-ratelimit headers report it."""

    window: Window
    used: int

    def headers(self, now: datetime) -> dict[str, str]:
        """`x-ratelimit-limit-requests`, `-remaining-requests` and `-reset-requests`."""
        return {
            "x-ratelimit-limit-requests": str(self.window.limit),
            "x-ratelimit-remaining-requests": str(max(0, self.window.limit - self.used)),
            "x-ratelimit-reset-requests": duration(seconds_until(self.window.resets_at, now)),
        }


@dataclass(frozen=True, slots=True)
class PendingSettlement:
    """An answered call whose settlement the store could not take yet."""

    window: Window
    hold: Hold
    record: Record | None


class LimitExceeded(Exception):
    """A request over a limit: 429 with its own code, the wait, and whether to retry."""

    def __init__(
        self, code: str, message: str, usage: Usage, retry_after: int, final: bool
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.usage = usage
        self.retry_after = retry_after
        self.final = final


def seconds_until(moment: datetime, now: datetime) -> int:
    """Whole seconds from now until a moment, rounded up, never negative."""
    return max(0, -int(-(moment - now).total_seconds() // 1))


def duration(seconds: int) -> str:
    """A duration the way OpenAI's rate-limit headers write it: `1s`, `6m0s`, `30h2m5s`."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes}m{secs}s"
    if minutes:
        return f"{minutes}m{secs}s"
    return f"{secs}s"


class Limiter:
    """Reserves calls against the caller's window and refuses what is over a limit."""

    def __init__(
        self,
        store: CounterStore,
        clock: Callable[[], datetime] = utcnow,
        hold_seconds: float = DEFAULT_HOLD_SECONDS,
    ) -> None:
        self.store = store
        self._clock = clock
        self.hold_seconds = hold_seconds
        self._pending: deque[PendingSettlement] = deque()

    def now(self) -> datetime:
        """The limiter's clock."""
        return self._clock()

    def calls_window(self, principal: Principal, client: str) -> Window:
        """The window a chat call counts in: the organisation's quota, or the client's day."""
        now = self._clock()
        if principal.organization_id is None:
            return windows.anonymous_daily(client, now)
        return windows.monthly_calls(
            principal.organization_id,
            principal.tier,
            now,
            principal.billing_period_start,
            principal.billing_period_end,
        )

    def new_hold(self) -> Hold:
        """A hold for a call starting now, open until its deadline."""
        deadline = self._clock() + timedelta(seconds=self.hold_seconds)
        return Hold(secrets.token_hex(12), deadline)

    async def reserve_call(self, window: Window, hold: Hold, *, anonymous: bool) -> Usage:
        """Take one call from the window, held until the call settles or is released.

        Raises:
            LimitExceeded: the window is used up (`insufficient_quota` for an organisation,
                `anonymous_limit_exceeded` for an anonymous client).
        """
        if anonymous:
            return await self.reserve(
                window,
                "anonymous_limit_exceeded",
                f"Anonymous use is limited to {window.limit} messages a day per client. "
                "Use an API key for more.",
                hold,
            )
        return await self.reserve(
            window,
            "insufficient_quota",
            f"Your organisation has used its {window.limit} calls for this period. "
            "Upgrade your plan for more, or wait for the period to renew.",
            hold,
        )

    async def reserve(
        self, window: Window, code: str, message: str, hold: Hold | None = None
    ) -> Usage:
        """Take one unit from a window (held, with a hold) or raise LimitExceeded with `code`.

        Raises:
            LimitExceeded: the window is used up.
            CountersUnavailable: the counter store cannot be reached.
        """
        count = await self.store.reserve(window, hold)
        usage = Usage(window, count.used)
        if not count.granted:
            wait = seconds_until(window.resets_at, self._clock())
            raise LimitExceeded(code, message, usage, wait, final=wait > LONGEST_USEFUL_RETRY)
        return usage

    async def settle(self, window: Window, hold: Hold, record: Record | None = None) -> None:
        """Charge a held call for good, `record` (its usage) in the same transaction.

        The call was answered, so it is charged even when the store cannot be reached: the
        settlement is then kept and tried again (`retry_settlements`) until the store takes
        it. Retrying is safe: a settlement whose COMMIT landed but whose acknowledgement was
        lost is recognised by its hold's id and charges nothing twice.
        """
        try:
            await self.store.settle(window, hold, record)
        except CountersUnavailable as error:
            if len(self._pending) >= MAX_PENDING_SETTLEMENTS:
                dropped = self._pending.popleft()
                logger.error("dropped the settlement of call %s: too many pending", dropped.hold.id)
            self._pending.append(PendingSettlement(window, hold, record))
            logger.warning("could not settle call %s (%s); it is tried again", hold.id, error)

    @property
    def pending_settlements(self) -> int:
        """Answered calls whose settlement waits for the store to come back."""
        return len(self._pending)

    async def retry_settlements(self) -> int:
        """Try the kept settlements again, oldest first, until one fails (the store is still
        away); how many landed.

        Raises:
            CountersUnavailable: the store still cannot be reached.
        """
        landed = 0
        while self._pending:
            pending = self._pending[0]
            await self.store.settle(pending.window, pending.hold, pending.record)
            self._pending.popleft()
            landed += 1
        return landed

    async def release(self, window: Window, hold: Hold | None = None) -> None:
        """Give back a unit (the request it paid for failed)."""
        await self.store.release(window, hold)

    async def sweep(self) -> int:
        """Give back the units of calls held past their deadline (their worker died)."""
        return await self.store.sweep(self._clock())

    async def usage(self, window: Window) -> Usage:
        """The window's usage, without taking any."""
        return Usage(window, await self.store.used(window))


def conversation_cap_exceeded(
    model: PublicModel, user_messages: int, usage: Usage
) -> LimitExceeded:
    """A model's conversation cap: a new conversation can start at once; retrying cannot help."""
    return LimitExceeded(
        "conversation_limit_exceeded",
        f"{model.id} answers at most {model.conversation_cap} user messages in one "
        f"conversation; this one has {user_messages}. Start a new conversation, or use "
        "pro-agent (Pro tier) for longer ones.",
        usage,
        retry_after=0,
        final=True,
    )


def sweep_interval(hold_seconds: float) -> float:
    """How often a worker sweeps expired holds: a quarter of their lifetime, 1 s to 60 s."""
    return max(1.0, min(60.0, hold_seconds / 4))


async def sweep_holds_periodically(limiter: Limiter, stop: asyncio.Event) -> None:
    """Sweep expired holds at once (a restart after a crash) and then periodically, until
    `stop` is set; a store that cannot be reached is tried again at the next turn.

    The stop event, not only cancellation, ends it: redis-py can swallow a cancellation
    that arrives while it connects.
    """
    while not stop.is_set():
        try:
            swept = await limiter.sweep()
        except CountersUnavailable as error:
            logger.warning("could not sweep the holds of calls in flight: %s", error)
        else:
            if swept:
                logger.warning("gave back %d calls held past their deadline", swept)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), sweep_interval(limiter.hold_seconds))


async def retry_settlements_periodically(limiter: Limiter, stop: asyncio.Event) -> None:
    """Try the settlements the store could not take again every `SETTLE_RETRY_SECONDS`
    until `stop` is set, and once more then; what still cannot land is logged (its hold is
    given back by a sweep: the call goes uncharged rather than charged twice)."""
    while True:
        stopping = stop.is_set()
        if limiter.pending_settlements:
            try:
                landed = await limiter.retry_settlements()
            except CountersUnavailable as error:
                logger.warning("%d settlements still wait: %s", limiter.pending_settlements, error)
            else:
                logger.warning("settled %d answered calls once the store was back", landed)
        if stopping:
            break
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), SETTLE_RETRY_SECONDS)
    if limiter.pending_settlements:
        logger.error("stopping with %d answered calls unsettled", limiter.pending_settlements)


def create_counter_store(settings: Settings, engine: AsyncEngine) -> CounterStore:
    """Redis counters when TRICHOME_REDIS_URL is set, else counters in the database."""
    if settings.redis_url:
        from trichome.limits.redis import RedisCounterStore

        return RedisCounterStore(settings.redis_url, engine)
    from trichome.limits.sql import SqlCounterStore

    return SqlCounterStore(engine)
