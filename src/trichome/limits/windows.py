"""Which window a request counts in, for each limit of spec section 8."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from trichome.limits.base import Window
from trichome.plans import Tier

MONTHLY_CALLS: dict[Tier, int] = {
    Tier.FREE: 100,
    Tier.PRO: 1_000,
    Tier.OPERATOR: 5_000,
    Tier.TEAM: 50_000,
}
ANONYMOUS_DAILY_MESSAGES = 500
FEEDBACK_PER_WINDOW = 5
FEEDBACK_WINDOW = timedelta(minutes=15)


def month_bounds(now: datetime) -> tuple[datetime, datetime]:
    """The calendar month in UTC that contains `now`."""
    start = now.astimezone(UTC).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
    end = (
        start.replace(year=start.year + 1, month=1)
        if start.month == 12
        else start.replace(month=start.month + 1)
    )
    return start, end


def quota_period(
    now: datetime, billing_start: datetime | None, billing_end: datetime | None
) -> tuple[datetime, datetime]:
    """The quota period: the subscription's billing period while it runs, else the UTC month."""
    if billing_start is not None and billing_end is not None and billing_start <= now < billing_end:
        return billing_start, billing_end
    return month_bounds(now)


def day_of_period(at: datetime, period_start: datetime) -> datetime:
    """The start of the quota period's day (a whole number of days from its start) `at` is in."""
    days = (at - period_start) // timedelta(days=1)
    return period_start + timedelta(days=days)


def monthly_calls(
    organization_id: str,
    tier: Tier,
    now: datetime,
    billing_start: datetime | None = None,
    billing_end: datetime | None = None,
) -> Window:
    """An organisation's calls in its current quota period (durable: billing)."""
    start, end = quota_period(now, billing_start, billing_end)
    key = f"calls:{organization_id}:{start:%Y%m%dT%H%M%S}"
    return Window(key, MONTHLY_CALLS[tier], end, durable=True)


def anonymous_daily(client: str, now: datetime) -> Window:
    """An anonymous client's messages today (the UTC day)."""
    start = now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    return Window(
        f"anon:{client}:{start:%Y%m%d}", ANONYMOUS_DAILY_MESSAGES, start + timedelta(days=1)
    )


def fixed_window(name: str, client: str, limit: int, length: timedelta, now: datetime) -> Window:
    """`limit` per `length`, in windows aligned to the Unix epoch (e.g. 5 per quarter hour)."""
    seconds = int(length.total_seconds())
    start = int(now.timestamp()) // seconds * seconds
    return Window(f"{name}:{client}:{start}", limit, datetime.fromtimestamp(start + seconds, UTC))


def feedback(client: str, now: datetime) -> Window:
    """A client's feedback submissions in the current quarter hour."""
    return fixed_window("feedback", client, FEEDBACK_PER_WINDOW, FEEDBACK_WINDOW, now)
