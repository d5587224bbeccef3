"""The usage page (calls by day, by model and by key) and the period's calls per key that
the keys page shows on each key's row."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from trichome.accounts.service import list_api_keys
from trichome.db.models import SIGNED_IN, ApiKey, Organization
from trichome.http.state import core_of
from trichome.limits import windows
from trichome.limits.base import CounterStore
from trichome.limits.usage_log import UsageBreakdown, usage_breakdown
from trichome.plans import Tier
from trichome.services.dashboard.openapi import page
from trichome.services.dashboard.session import UserDep, render

router = APIRouter()

BEFORE_KEYS = "Before per-key tracking"
SIGNED_IN_LABEL = "Signed-in members (playground)"


@dataclass(frozen=True, slots=True)
class KeyUsage:
    """One bar of the by-key chart: what the credential is called and its calls."""

    label: str
    detail: str
    calls: int


@dataclass(frozen=True, slots=True)
class PeriodUsage:
    """The organisation's quota period: its bounds, the quota's count and the logged calls."""

    start: datetime
    end: datetime
    quota: int
    used: int
    breakdown: UsageBreakdown


async def period_usage(request: Request, organization: Organization) -> PeriodUsage:
    """The current quota period of an organisation and its calls."""
    now: datetime = core_of(request).clock()
    billing = (organization.billing_period_start, organization.billing_period_end)
    window = windows.monthly_calls(organization.id, Tier(organization.tier), now, *billing)
    start, end = windows.quota_period(now, *billing)
    counters: CounterStore = core_of(request).counters
    engine: AsyncEngine = core_of(request).engine
    used = await counters.used(window)
    breakdown = await usage_breakdown(engine, organization.id, start, end, now)
    return PeriodUsage(start, end, window.limit, used, breakdown)


def key_usage(breakdown: UsageBreakdown, keys: list[ApiKey]) -> list[KeyUsage]:
    """The period's calls per credential, most first, named as the keys page names them."""
    by_id = {key.id: key for key in keys}
    rows = []
    for key_id, calls in breakdown.by_key:
        key = by_id.get(key_id) if key_id is not None else None
        if key is not None:
            state = " (revoked)" if key.revoked_at is not None else ""
            rows.append(
                KeyUsage(key.name or "(no label)", f"{key.prefix}…{key.last4}{state}", calls)
            )
        elif key_id is None:
            rows.append(KeyUsage(BEFORE_KEYS, "calls logged before keys were", calls))
        elif key_id == SIGNED_IN:
            rows.append(KeyUsage(SIGNED_IN_LABEL, "no API key", calls))
        else:
            rows.append(KeyUsage(key_id, "a key no longer listed", calls))
    return rows


@router.get("/usage", **page(200, 303))
async def usage_page(request: Request, user: UserDep) -> Response:
    organization = user.organization
    usage = await period_usage(request, organization)
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    async with sessions() as session:
        keys = [key for key, _ in await list_api_keys(session, organization.id)]
    breakdown, start, end = usage.breakdown, usage.start, usage.end
    by_key = key_usage(breakdown, keys)
    quota, used = usage.quota, usage.used
    return render(
        request,
        "usage.html",
        {
            "used": used,
            "quota": quota,
            "percent": min(100, round(100 * used / quota)) if quota else 100,
            "start": start,
            "end": end,
            "billing_period": (start, end)
            == (organization.billing_period_start, organization.billing_period_end),
            # The chart's days start when the period does (midnight UTC in a calendar month).
            "days_start_at": start.strftime("%H:%M") if start.time() != time() else None,
            "by_day": breakdown.by_day,
            "by_model": breakdown.by_model,
            "by_key": by_key,
            "peak": max([calls for _, calls in breakdown.by_day] + [1]),
            "model_peak": max([calls for _, calls in breakdown.by_model] + [1]),
            "key_peak": max([row.calls for row in by_key] + [1]),
        },
    )
