"""late_sales: sales recorded in the track-and-trace system later than the state allows.

A receipt's delay is the time from the sale to the moment the system recorded it. The
window comes from the knowledge-pack fact that states it (California: 24 hours, 4 CCR
§ 15049(b)(8)); for a state without one the caller gives the window. Sale times are the
facility's local time and recording times often carry an offset (Metrc writes them in
UTC): a local time is placed in the facility's time zone before the two are compared.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import date
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from trichome.knowledge.packs import load_packs
from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.facility import require
from trichome.metrc.skills.purchases import sources_of
from trichome.metrc.skills.records import plural, rounded
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import Capability, Receipt
from trichome.tracking.source import FacilitySource

# The states whose recording window a knowledge-pack fact states (its value: hours), with
# the zone their sale times are written in.
STATE_RULES: dict[str, tuple[str, str]] = {
    "CA": ("ca-track-and-trace-24-hours", "America/Los_Angeles"),
}


@dataclass(frozen=True, slots=True)
class Window:
    """How long a sale may wait to be recorded, and who says so."""

    hours: float
    state: str | None
    fact: str | None
    zone: str | None


def fact_value(fact_id: str) -> float:
    """The number a knowledge-pack fact gives (its value)."""
    for pack in load_packs():
        for fact in pack.facts:
            if fact.id == fact_id and fact.value is not None:
                return float(fact.value)
    raise ToolProblem(f"The knowledge-pack fact {fact_id} gives no number.")


def window_for(state: str | None, hours: float | None, zone: str | None) -> Window:
    """The window asked for, else the state's.

    Raises:
        ToolProblem: no window is given and none is recorded for the state, or the time
            zone is unknown.
    """
    code = state.strip().upper() if state else None
    rule = STATE_RULES.get(code or "")
    if zone is not None:
        try:
            ZoneInfo(zone)
        except (ZoneInfoNotFoundError, ValueError) as error:
            raise ToolProblem(f"Unknown time zone {zone!r}; give an IANA name.") from error
    if hours is not None:
        return Window(hours, code, None, zone or (rule[1] if rule else None))
    if rule is None:
        known = ", ".join(sorted(STATE_RULES))
        raise ToolProblem(
            f"No recording window for sales is recorded for {state or 'this licence'} (known: "
            f"{known}). Give window_hours from the state's rules."
        )
    return Window(fact_value(rule[0]), code, rule[0], zone or rule[1])


def delay_hours(receipt: Receipt, zone: str | None) -> float | None:
    """Hours from the sale to its recording (None when either time is missing).

    Raises:
        ToolProblem: one time has an offset and the other not, and no zone was given.
    """
    sold, recorded = receipt.sold_at, receipt.recorded_at
    if sold is None or recorded is None:
        return None
    if (sold.tzinfo is None) != (recorded.tzinfo is None):
        if zone is None:
            raise ToolProblem(
                "Sale times are local and recording times carry an offset: give the "
                "facility's time zone (IANA name, e.g. America/Denver)."
            )
        sold, recorded = (
            moment if moment.tzinfo else moment.replace(tzinfo=ZoneInfo(zone))
            for moment in (sold, recorded)
        )
    return (recorded - sold).total_seconds() / 3600


def _row(receipt: Receipt, hours: float) -> dict[str, Any]:
    return {
        "receipt": receipt.number or str(receipt.id),
        "sold_at": receipt.sold_at.isoformat() if receipt.sold_at else None,
        "recorded_at": receipt.recorded_at.isoformat() if receipt.recorded_at else None,
        "delay_hours": rounded(hours, 2),
        "packages": sorted({line.package_label for line in receipt.lines}),
        "total_price": rounded(receipt.total_price, 2),
    }


def _finding(rows: list[dict[str, Any]], severity: Severity, what: str) -> Finding:
    worst = max(rows, key=lambda row: row["delay_hours"])
    return Finding(
        severity=severity,
        check="sale_recorded_late",
        message=(
            f"Sales recorded late{what}: {plural(len(rows), 'receipt')} (worst "
            f"{worst['receipt']}, sold {worst['sold_at']}, recorded {worst['delay_hours']} "
            "hours later); record sales as they happen and find out why these waited."
        ),
        packages=sorted({tag for row in rows for tag in row["packages"]}),
    )


async def late_sales(
    data: FacilitySource,
    *,
    start: date,
    end: date,
    state: str | None = None,
    window_hours: float | None = None,
    timezone: str | None = None,
) -> SkillResult:
    """Receipts sold from `start` to `end` and recorded later than the window allows."""
    window = window_for(state, window_hours, timezone)
    await require(data, Capability.SELL_TO_CONSUMERS, "sell to consumers")
    receipts = (await data.receipts(start, end)).sales
    timed = [(r, hours) for r in receipts if (hours := delay_hours(r, window.zone)) is not None]
    late = sorted(
        (_row(r, hours) for r, hours in timed if hours > window.hours),
        key=lambda row: -row["delay_hours"],
    )
    very = [row for row in late if row["delay_hours"] > 2 * window.hours]
    late_only = [row for row in late if row["delay_hours"] <= 2 * window.hours]
    findings = []
    if very:
        what = f" over twice the {rounded(window.hours, 2)}-hour window"
        findings.append(_finding(very, Severity.HIGH, what))
    if late_only:
        what = f" past the {rounded(window.hours, 2)}-hour window"
        findings.append(_finding(late_only, Severity.MEDIUM, what))
    untimed = [r for r in receipts if r.sold_at is None or r.recorded_at is None]
    if untimed:
        findings.append(
            Finding(
                severity=Severity.INFO,
                check="sale_time_missing",
                message=(
                    f"{plural(len(untimed), 'receipt')} without a sale or recording time "
                    "could not be checked."
                ),
            )
        )
    delays = [hours for _, hours in timed]
    rule = f"{window.state}: {rounded(window.hours, 2)} hours" if window.fact else None
    basis = rule or f"the {rounded(window.hours, 2)}-hour window given"
    summary = (
        f"{data.license_number}, {start} to {end}: {plural(len(late), 'receipt')} of "
        f"{len(timed)} recorded later than {basis}"
        + (f" (worst {late[0]['delay_hours']} hours)." if late else ".")
    )
    return SkillResult(
        skill="late_sales",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={
            "start": start.isoformat(),
            "end": end.isoformat(),
            "state": window.state,
            "window_hours": window.hours,
            "timezone": window.zone,
        },
        summary=summary,
        counts={
            "receipts": len(receipts),
            "checked": len(timed),
            "late": len(late),
            "late_over_twice_window": len(very),
            "late_share": rounded(len(late) / len(timed), 4) if timed else 0.0,
            "median_delay_hours": rounded(statistics.median(delays), 2) if delays else 0.0,
            "max_delay_hours": rounded(max(delays), 2) if delays else 0.0,
        },
        findings=findings,
        details={
            "rule": {
                "fact": window.fact,
                "sources": list(sources_of(window.fact)) if window.fact else [],
            },
            "late": late,
        },
    )
