"""When and how long to wait before retrying a Metrc request."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

import httpx

# Failures that happen before any byte of the request left: safe to retry even for writes.
NOTHING_SENT: tuple[type[httpx.TransportError], ...] = (
    httpx.ConnectError,
    httpx.ConnectTimeout,
    httpx.PoolTimeout,
)


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Exponential backoff with jitter, capped in attempts and in total time."""

    max_attempts: int = 4
    base_delay: float = 0.5  # seconds before the second attempt (before jitter)
    max_delay: float = 30.0  # longest computed backoff; Retry-After may ask for more
    max_total: float = 60.0  # seconds all attempts and waits of one request may take
    jitter: float = 0.5  # fraction of each backoff that is random (0 = none)

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be at least 1.")
        if not 0 <= self.jitter <= 1:
            raise ValueError("jitter must be between 0 and 1.")

    def backoff(self, attempt: int, rng: Callable[[], float] = random.random) -> float:
        """The wait after failed attempt number `attempt` (1-based)."""
        delay = min(self.max_delay, self.base_delay * 2.0 ** (attempt - 1))
        return delay * (1 - self.jitter) + delay * self.jitter * rng()


def parse_retry_after(value: str | None, now: datetime | None = None) -> float | None:
    """Seconds to wait from a Retry-After header: delta-seconds or an HTTP date."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


def retryable_status(status: int, method: str) -> bool:
    """429 always (nothing was done); 5xx only for reads, which are idempotent."""
    return status == 429 or (status >= 500 and method == "GET")


def retryable_failure(error: httpx.TransportError, method: str) -> bool:
    """Connection failures: any for reads; for writes only those before anything was sent."""
    return method == "GET" or isinstance(error, NOTHING_SENT)
