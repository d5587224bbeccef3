"""sales_analysis: a store's sales over a range of days, and the trend against the one before.

Revenue is the sum of the sales receipts' totals: open (active) receipts and finalized
ones (inactive, closed to edits but still sales). Voided receipts (inactive and archived)
are counted apart. Days and hours are the store's local time as Metrc records the sale.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable
from datetime import date, timedelta
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.facility import require
from trichome.metrc.skills.records import plural, rounded, tally
from trichome.tracking import Capability, Receipt, ReceiptStatus, Sale
from trichome.tracking.source import FacilitySource, Receipts

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
Line = tuple[Receipt, Sale]  # a receipt and one of its transactions


def lines_of(receipts: Iterable[Receipt]) -> list[Line]:
    """Every transaction of some receipts, with its receipt."""
    return [(r, line) for r in receipts for line in r.lines]


def revenue_of(receipts: Iterable[Receipt]) -> float:
    """The total of some receipts."""
    return sum(receipt.total_price for receipt in receipts)


def by_line(lines: list[Line], key: Callable[[Line], str], top: int | None = None) -> list[Any]:
    """Revenue, lines and quantity (per unit) grouped by a key, highest revenue first."""
    groups: dict[str, dict[str, Any]] = {}
    for receipt, line in lines:
        name = key((receipt, line))
        group = groups.setdefault(name, {"name": name, "revenue": 0.0, "lines": 0, "quantity": {}})
        group["revenue"] += line.price
        group["lines"] += 1
        unit = line.unit or ""
        group["quantity"][unit] = group["quantity"].get(unit, 0.0) + line.quantity
    total = sum(group["revenue"] for group in groups.values()) or 1.0
    rows = sorted(groups.values(), key=lambda group: -group["revenue"])
    for group in rows:
        group["share"] = rounded(group["revenue"] / total, 4)
        group["revenue"] = rounded(group["revenue"])
        group["quantity"] = {u: rounded(q, 3) for u, q in group["quantity"].items()}
    return rows[:top] if top else rows


def period_figures(receipts: Receipts) -> dict[str, float]:
    """Revenue, receipts, average basket and voids of a period."""
    revenue = revenue_of(receipts.sales)
    count = len(receipts.sales)
    days = (receipts.end - receipts.start).days + 1
    return {
        "revenue": rounded(revenue),
        "receipts": count,
        "lines": len(lines_of(receipts.sales)),
        "average_basket": rounded(revenue / count) if count else 0.0,
        "revenue_per_day": rounded(revenue / days),
        "voided_receipts": len(receipts.voided),
        "voided_value": rounded(revenue_of(receipts.voided)),
    }


def pct(before: float, after: float) -> float | None:
    """The change from one figure to another, in percent."""
    return rounded((after - before) / before * 100, 1) if before else None


async def sales_analysis(
    data: FacilitySource,
    *,
    start: date,
    end: date,
    top_n: int = 10,
    compare_previous: bool = True,
    drop_alert_pct: float = 20.0,
    void_alert_pct: float = 2.0,
) -> SkillResult:
    """Revenue, receipts, units and baskets by category, product, strain, weekday and hour."""
    await require(data, Capability.SELL_TO_CONSUMERS, "sell to consumers")
    days = (end - start).days + 1
    before = start - timedelta(days=days)
    everything = await data.receipts(before if compare_previous else start, end)
    current = everything.within(start, end)
    figures = period_figures(current)
    lines = lines_of(current.sales)
    units: dict[str, float] = defaultdict(float)
    for _, line in lines:
        units[str(line.unit)] += line.quantity
    daily: dict[str, dict[str, float]] = {
        (start + timedelta(days=n)).isoformat(): {"receipts": 0, "revenue": 0.0}
        for n in range(days)
    }
    weekdays = {name: {"receipts": 0, "revenue": 0.0, "days": 0} for name in WEEKDAYS}
    hours: dict[int, dict[str, float]] = {}
    for n in range(days):
        weekdays[WEEKDAYS[(start + timedelta(days=n)).weekday()]]["days"] += 1
    for receipt in current.sales:
        day, moment = receipt.day, receipt.sold_at
        value = receipt.total_price
        daily[day.isoformat()]["receipts"] += 1
        daily[day.isoformat()]["revenue"] += value
        weekday = weekdays[WEEKDAYS[day.weekday()]]
        weekday["receipts"] += 1
        weekday["revenue"] += value
        if moment is not None:
            hour = hours.setdefault(moment.hour, {"receipts": 0, "revenue": 0.0})
            hour["receipts"] += 1
            hour["revenue"] += value
    for row in weekdays.values():
        row["revenue"] = rounded(row["revenue"])
        row["average_revenue"] = rounded(row["revenue"] / row["days"]) if row["days"] else 0.0
    for row in [*daily.values(), *hours.values()]:
        row["revenue"] = rounded(row["revenue"])
    closed = [day for day, row in daily.items() if not row["receipts"]]
    open_days = {day: row for day, row in daily.items() if row["receipts"]}
    best = max(open_days.items(), key=lambda entry: entry[1]["revenue"], default=None)
    worst = min(open_days.items(), key=lambda entry: entry[1]["revenue"], default=None)
    busiest_day = max(weekdays.items(), key=lambda entry: entry[1]["average_revenue"])[0]
    busiest_hour = max(hours.items(), key=lambda entry: entry[1]["receipts"], default=(None, {}))[0]
    categories = by_line(lines, lambda entry: str(entry[1].category))
    products = by_line(lines, lambda entry: str(entry[1].product_name), top_n)
    strains = by_line(lines, lambda entry: entry[1].strain or "(none)", top_n)
    void_rate = (
        figures["voided_receipts"] / (figures["receipts"] + figures["voided_receipts"]) * 100
        if figures["receipts"] + figures["voided_receipts"]
        else 0.0
    )
    counts: dict[str, float] = figures | {
        "days": days,
        "days_without_sales": len(closed),
        "finalized_receipts": sum(1 for r in current.sales if r.status is ReceiptStatus.FINALIZED),
        "void_rate_pct": rounded(void_rate, 2),
        "average_lines_per_receipt": rounded(figures["lines"] / figures["receipts"], 2)
        if figures["receipts"]
        else 0.0,
    }
    counts |= {f"units_{unit.lower()}": rounded(total, 3) for unit, total in sorted(units.items())}
    details: dict[str, Any] = {
        "by_category": categories,
        "top_products": products,
        "top_strains": strains,
        "by_weekday": weekdays,
        "by_hour": {f"{hour:02d}:00": row for hour, row in sorted(hours.items())},
        "daily": daily,
        "best_day": {"date": best[0], **best[1]} if best else None,
        "worst_open_day": {"date": worst[0], **worst[1]} if worst else None,
        "days_without_sales": closed,
        "customer_types": tally(str(r.customer_type) for r in current.sales),
    }
    findings: list[Finding] = []
    trend = ""
    if compare_previous:
        previous = period_figures(everything.within(before, start - timedelta(days=1)))
        change = {
            key: pct(previous[key], figures[key])
            for key in ("revenue", "receipts", "average_basket")
        }
        details["previous_period"] = {
            "start": before.isoformat(),
            "end": (start - timedelta(days=1)).isoformat(),
            **previous,
        }
        details["change_pct"] = change
        if change["revenue"] is not None:
            counts["revenue_change_pct"] = change["revenue"]
            direction = "up" if change["revenue"] >= 0 else "down"
            trend = f", {direction} {abs(change['revenue']):g}% on the {days} days before"
            if change["revenue"] <= -drop_alert_pct:
                findings.append(
                    Finding(
                        severity=Severity.MEDIUM,
                        check="revenue_drop",
                        message=(
                            f"Revenue fell {abs(change['revenue']):g}% against the previous "
                            f"{days} days (${previous['revenue']:,.2f} to "
                            f"${figures['revenue']:,.2f})."
                        ),
                    )
                )
    if void_rate > void_alert_pct:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="high_void_rate",
                message=(
                    f"{void_rate:.1f}% of receipts were voided "
                    f"({int(figures['voided_receipts'])}); review till practice."
                ),
            )
        )
    if closed:
        findings.append(
            Finding(
                severity=Severity.INFO,
                check="days_without_sales",
                message=f"No sales on {plural(len(closed), 'day')}: {', '.join(closed[:10])}.",
            )
        )
    top_category = categories[0] if categories else None
    top_product = products[0]["name"] if products else "none"
    summary = (
        f"{data.license_number}, {start} to {end}: ${figures['revenue']:,.2f} from "
        f"{plural(int(figures['receipts']), 'receipt')} (average basket "
        f"${figures['average_basket']:,.2f}){trend}"
        + (
            f"; top category {top_category['name']} ({top_category['share']:.0%})"
            if top_category
            else ""
        )
        + f", top product {top_product}"
        + (f"; busiest on {busiest_day}s" if figures["receipts"] else "")
        + (f" at {busiest_hour:02d}:00" if busiest_hour is not None else "")
        + f"; {int(figures['voided_receipts'])} voided ({void_rate:.1f}%)."
    )
    return SkillResult(
        skill="sales_analysis",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={
            "start": start.isoformat(),
            "end": end.isoformat(),
            "top_n": top_n,
            "compare_previous": compare_previous,
            "drop_alert_pct": drop_alert_pct,
            "void_alert_pct": void_alert_pct,
        },
        summary=summary,
        counts=counts,
        findings=findings,
        details=details,
    )
