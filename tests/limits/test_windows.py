from datetime import UTC, datetime, timedelta

from trichome.limits import windows
from trichome.limits.service import duration, seconds_until
from trichome.plans import Tier


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def test_quotas_follow_the_calendar_month_in_utc() -> None:
    window = windows.monthly_calls("org_1", Tier.FREE, at("2026-12-31T23:59:59"))
    assert window.limit == 100
    assert window.resets_at == at("2027-01-01T00:00:00")
    january = windows.monthly_calls("org_1", Tier.FREE, at("2027-01-01T00:00:00"))
    assert january.key != window.key


def test_a_running_billing_period_replaces_the_month() -> None:
    start, end = at("2026-11-15T10:00:00"), at("2026-12-15T10:00:00")
    inside = windows.monthly_calls("org_1", Tier.PRO, at("2026-12-01T00:00:00"), start, end)
    assert inside.limit == 1000 and inside.resets_at == end
    after = windows.monthly_calls("org_1", Tier.PRO, at("2026-12-20T00:00:00"), start, end)
    assert after.resets_at == at("2027-01-01T00:00:00")


def test_tier_quotas() -> None:
    now = at("2026-11-21T12:00:00")
    assert [windows.monthly_calls("o", tier, now).limit for tier in Tier] == [
        100,
        1000,
        5000,
        50000,
    ]


def test_anonymous_clients_get_500_a_utc_day() -> None:
    window = windows.anonymous_daily("203.0.113.9", at("2026-11-21T23:00:00"))
    assert window.limit == 500 and window.resets_at == at("2026-11-22T00:00:00")


def test_feedback_windows_are_quarter_hours() -> None:
    first = windows.feedback("203.0.113.9", at("2026-11-21T12:14:59"))
    second = windows.feedback("203.0.113.9", at("2026-11-21T12:15:00"))
    assert first.limit == 5 and first.resets_at == at("2026-11-21T12:15:00")
    assert first.key != second.key and second.resets_at - first.resets_at == timedelta(minutes=15)


def test_reset_durations_read_like_openais() -> None:
    assert duration(0) == "0s" and duration(59) == "59s" and duration(360) == "6m0s"
    assert duration(30 * 3600 + 125) == "30h2m5s"
    assert seconds_until(at("2026-01-01T00:00:01"), at("2026-01-01T00:00:00.5")) == 1
    assert seconds_until(at("2026-01-01T00:00:00"), at("2026-01-02T00:00:00")) == 0
