"""fefo: is stock that expires first used first?

Beside fifo (first in, first out), first-expired-first-out orders each item's usable
packages by the day they stop being sellable: the earliest of the product's expiration,
use-by and sell-by dates and its lab result's expiry. The draws are fifo's (sales,
shipments, processing and repackaging in the look-back window). An on-hand package is
bypassed when it was not drawn while a package of the same item that expires later was
drawn after the first one came in. Packages already expired are left to
expiration_tracker; packages without any expiry date cannot be ordered and are counted.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.fifo import Draw, draws_of, usable
from trichome.metrc.skills.records import (
    arrived_on,
    item_name,
    lab_expiry,
    label,
    plural,
    product_expiry,
    quantity,
    unit,
)
from trichome.tracking import Package
from trichome.tracking.source import FacilitySource


def sellable_until(package: Package) -> tuple[date, str] | None:
    """The first day a package can no longer be sold, and why (product date or lab result)."""
    dates = []
    product = product_expiry(package)
    if product is not None:
        dates.append(product)
    lab = lab_expiry(package)
    if lab is not None:
        dates.append((lab, "lab_result"))
    return min(dates) if dates else None


def _row(package: Package, as_of: date) -> dict[str, Any]:
    until = sellable_until(package)
    came = arrived_on(package)
    return {
        "label": label(package),
        "expires": until[0].isoformat() if until else None,
        "expires_by": until[1] if until else None,
        "days_left": (until[0] - as_of).days if until else None,
        "arrived": came.isoformat() if came else None,
        "quantity": quantity(package),
        "unit": unit(package),
        "location": package.location_name,
    }


def fifo_first(held: list[Package]) -> Package:
    """The package fifo would draw next: the one that came in first."""
    return min(held, key=lambda p: (arrived_on(p) or date.min, p.id or 0))


async def fefo(
    data: FacilitySource,
    *,
    lookback_days: int = 30,
    expiry_risk_days: int = 30,
) -> SkillResult:
    """Find packages passed over for ones of the same item that expire later."""
    as_of = data.as_of
    since = as_of - timedelta(days=lookback_days)
    packages = await data.packages(inactive_since=since)
    known = packages.by_label()
    draws = await draws_of(data, since)
    drawn = {draw.label for draw in draws}
    held_by_item: dict[str, list[Package]] = defaultdict(list)
    undated: list[Package] = []
    expired: list[Package] = []
    for package in packages.on_hand:
        if not usable(package):
            continue
        until = sellable_until(package)
        if until is None:
            undated.append(package)
        elif until[0] < as_of:
            expired.append(package)
        else:
            held_by_item[item_name(package)].append(package)
    draws_by_item: dict[str, list[tuple[Draw, date]]] = defaultdict(list)
    for draw in draws:
        source = known.get(draw.label)
        until = sellable_until(source) if source else None
        if until is not None:
            draws_by_item[draw.item].append((draw, until[0]))
    findings: list[Finding] = []
    violations: list[dict[str, Any]] = []
    pull_next: list[dict[str, Any]] = []
    bypassed: set[str] = set()
    for item, held in sorted(held_by_item.items()):
        held.sort(key=lambda p: (sellable_until(p) or (date.max, ""), arrived_on(p) or date.min))
        first_in = fifo_first(held)
        pull_next.append(
            {
                "item": item,
                **_row(held[0], as_of),
                "fifo_would_pull": label(first_in),
                "orders_differ": label(first_in) != label(held[0]),
            }
        )
        skipped: list[Package] = []
        later: dict[str, date] = {}
        for waiting in held:
            if label(waiting) in drawn:
                continue
            ends = sellable_until(waiting)
            came = arrived_on(waiting) or date.min
            ahead = [
                (draw, until)
                for draw, until in draws_by_item.get(item, [])
                if draw.label != label(waiting) and ends and until > ends[0] and draw.day >= came
            ]
            if ahead:
                skipped.append(waiting)
                later |= {draw.label: until for draw, until in ahead}
        if not skipped:
            continue
        bypassed |= {label(p) for p in skipped}
        at_risk = [
            p
            for p in skipped
            if (until := sellable_until(p)) and (until[0] - as_of).days <= expiry_risk_days
        ]
        first = sellable_until(skipped[0])
        findings.append(
            Finding(
                severity=Severity.HIGH if at_risk else Severity.MEDIUM,
                check="fefo_violation",
                message=(
                    f"{item}: {plural(len(skipped), 'package')} expiring sooner (the first on "
                    f"{first[0] if first else '?'}) left while "
                    f"{plural(len(later), 'package')} expiring later were drawn"
                    + (f"; {len(at_risk)} within {expiry_risk_days} days" if at_risk else "")
                    + "; draw the ones that expire first."
                ),
                packages=[label(p) for p in skipped],
            )
        )
        violations.append(
            {
                "item": item,
                "bypassed": [_row(p, as_of) for p in skipped],
                "drawn_instead": [
                    {"label": tag, "expires": until.isoformat()}
                    for tag, until in sorted(later.items())
                ],
            }
        )
    if undated:
        findings.append(
            Finding(
                severity=Severity.INFO,
                check="no_expiry_date",
                message=(
                    f"{plural(len(undated), 'usable package')} "
                    f"{'carries' if len(undated) == 1 else 'carry'} no product or lab expiry "
                    "date, so expiry-first cannot order "
                    f"{'it' if len(undated) == 1 else 'them'} (fifo does)."
                ),
                packages=[label(p) for p in undated],
            )
        )
    differ = sum(1 for row in pull_next if row["orders_differ"])
    verdict = (
        f"{plural(len(violations), 'item')} break FEFO ({plural(len(bypassed), 'package')} "
        "bypassed)"
        if violations
        else "no FEFO violations"
    )
    summary = (
        f"{data.license_number}, {since} to {as_of}: {verdict}; for {plural(differ, 'item')} "
        f"the package to pull next by expiry is not the oldest; {plural(len(draws), 'draw')} "
        "checked."
    )
    return SkillResult(
        skill="fefo",
        license_number=data.license_number,
        as_of=as_of,
        parameters={"lookback_days": lookback_days, "expiry_risk_days": expiry_risk_days},
        summary=summary,
        counts={
            "items_checked": len(held_by_item),
            "dated_packages": sum(len(held) for held in held_by_item.values()),
            "undated_packages": len(undated),
            "expired_packages": len(expired),
            "draws": len(draws),
            "items_violating": len(violations),
            "bypassed_packages": len(bypassed),
            "items_fifo_differs": differ,
        },
        findings=findings,
        details={
            "window": {"start": since.isoformat(), "end": as_of.isoformat()},
            "violations": violations,
            "pull_next": pull_next,
        },
    )
