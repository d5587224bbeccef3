"""inventory_snapshot: what a facility holds, grouped every useful way, now or on a past day.

A past day is reconstructed from the packages the licence can still see: a package was on
hand at the end of day D if it came in (was packaged here or received) on or before D and
was not finished by D; its quantity then was today's, plus what its sales took after D,
less the adjustments recorded after D. See `LIMITS` for what that cannot see.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.params import MAX_RANGE_DAYS
from trichome.metrc.skills.records import (
    arrived_on,
    category,
    is_empty,
    item_name,
    lab_state,
    label,
    on_hold,
    plural,
    quantity,
    rounded,
    strain,
    to_grams,
    unit,
)
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import Package
from trichome.tracking.source import FacilitySource

LIMITS = (
    "Packages the licence shipped to another licence since the day are no longer in its "
    "lists, so they are missing (their manifests are counted under not_itemised).",
    "Quantity taken from a package without an adjustment (lab samples, ingredients of new "
    "packages, processing jobs, sales deliveries) is not added back, so such packages show "
    "less than they held.",
    "No location history is kept: locations are today's.",
    "Lab states that changed after the day are grouped as 'changed since'; holds then are "
    "unknown and not shown.",
)


def grouped(
    packages: Sequence[tuple[Package, float]], key: Callable[[Package], str | None], top: int
) -> list[dict[str, Any]]:
    """Packages and their quantities (per unit) grouped by a key, largest groups first."""
    groups: dict[str, dict[str, Any]] = {}
    for package, amount in packages:
        name = key(package) or "(none)"
        group = groups.setdefault(name, {"name": name, "packages": 0, "quantity": {}})
        group["packages"] += 1
        group["quantity"][unit(package)] = group["quantity"].get(unit(package), 0.0) + amount
    rows = sorted(groups.values(), key=lambda group: (-group["packages"], group["name"]))
    for group in rows:
        group["quantity"] = {name: rounded(total, 3) for name, total in group["quantity"].items()}
    return rows[:top]


def totals(packages: Sequence[tuple[Package, float]]) -> dict[str, float]:
    """Total quantity per unit."""
    summed: dict[str, float] = defaultdict(float)
    for package, amount in packages:
        summed[unit(package)] += amount
    return {name: rounded(total, 3) for name, total in sorted(summed.items())}


def grams_total(packages: Sequence[tuple[Package, float]]) -> float:
    """The weight of the weighed packages, in grams."""
    return rounded(sum(to_grams(amount, unit(package)) or 0.0 for package, amount in packages))


async def past_quantities(
    data: FacilitySource, day: date, today: date
) -> tuple[list[tuple[Package, float]], dict[str, Any]]:
    """The packages on hand at the end of `day` with their quantities then, and what is unseen."""
    packages, adjustments, outgoing = await asyncio.gather(
        # Packages on hand at the end of the day and finished since changed after it.
        data.packages(inactive_since=day),
        data.adjustments(),
        data.outgoing(),
    )
    change: dict[str, float] = defaultdict(float)  # quantity lost since the day
    for adjustment in adjustments:
        if (adjustment.day or date.min) > day:
            change[adjustment.package_label] += adjustment.quantity
    receipts = await data.receipts(day + timedelta(days=1), today)
    for receipt in receipts.sales:
        if receipt.day > day:
            for line in receipt.lines:
                change[line.package_label] -= line.quantity
    held = []
    for package in packages.everything():
        came, finished = arrived_on(package), package.finished_on
        if came is None or came > day or (finished is not None and finished <= day):
            continue
        held.append((package, max(0.0, quantity(package) - change[label(package)])))
    gone = [
        transfer
        for transfer in outgoing
        if (transfer.actual_departure.date() if transfer.actual_departure else date.min) > day
        and transfer.received is not None
    ]
    unseen = {
        "manifests": len(gone),
        "packages": sum(t.package_count for t in gone),
        "receipts_read": len(receipts.sales),
    }
    return held, unseen


def state_then(package: Package, day: date) -> str:
    """A package's lab state at the end of a past day, when it has not changed since."""
    changed = package.lab_state_changed
    return lab_state(package) if changed is None or changed <= day else "(changed since)"


async def inventory_snapshot(data: FacilitySource, *, top_items: int = 25) -> SkillResult:
    """Inventory by category, item, strain, location and lab state; now or on a past day.

    Raises:
        ToolProblem: the day is more than a year before today.
    """
    as_of = data.as_of
    today = data.today
    past = as_of < today
    if (today - as_of).days > MAX_RANGE_DAYS:
        # Rebuilding a past day reads every receipt since, about 2 requests a day.
        raise ToolProblem(
            f"A past inventory is rebuilt from the sales since that day; {as_of} is "
            f"{(today - as_of).days} days ago, and at most {MAX_RANGE_DAYS} days back can be "
            "rebuilt. Ask for a later day."
        )
    packages = await data.packages(inactive_since=None)
    unseen: dict[str, Any] = {}
    lab: Callable[[Package], str] = lab_state
    if past:
        held, unseen = await past_quantities(data, as_of, today)
        lab = lambda package: state_then(package, as_of)  # noqa: E731
    else:
        held = [(package, quantity(package)) for package in packages.on_hand]
    stocked = [(package, amount) for package, amount in held if amount > 1e-9]
    empty = len(held) - len(stocked)
    holds = [(p, quantity(p)) for p in packages.on_hand if on_hold(p)] if not past else []
    moving = [(p, quantity(p)) for p in packages.in_transit] if not past else []
    counts: dict[str, float] = {
        "packages": len(stocked),
        "items": len({item_name(p) for p, _ in stocked}),
        "weight_grams": grams_total(stocked),
        "empty_packages": empty,
        "on_hold": len(holds),
        "in_transit": len(moving),
    }
    counts |= {f"quantity_{name.lower()}": total for name, total in totals(stocked).items()}
    details: dict[str, Any] = {
        "mode": "reconstructed" if past else "current",
        "totals": totals(stocked),
        "by_category": grouped(stocked, category, top_items),
        "by_item": grouped(stocked, item_name, top_items),
        "by_strain": grouped(stocked, strain, top_items),
        "by_location": grouped(stocked, lambda p: p.location_name, top_items),
        "by_lab_state": grouped(stocked, lab, top_items),
    }
    findings: list[Finding] = []
    if past:
        details |= {"not_itemised": unseen, "method": __doc__, "limits": list(LIMITS)}
        findings.append(
            Finding(
                severity=Severity.INFO,
                check="reconstructed",
                message=(
                    f"Reconstructed for the end of {as_of} from today's data; "
                    f"{plural(unseen['manifests'], 'manifest')} ({unseen['packages']} packages) "
                    "left since and are not itemised; quantities drawn without an adjustment "
                    "are not added back."
                ),
            )
        )
    else:
        details |= {
            "on_hold": {"totals": totals(holds), "packages": [label(p) for p, _ in holds]},
            "in_transit": {"totals": totals(moving), "packages": [label(p) for p, _ in moving]},
        }
        if holds:
            findings.append(
                Finding(
                    severity=Severity.INFO,
                    check="on_hold",
                    message=f"{plural(len(holds), 'package')} on hold ({totals(holds)}).",
                    packages=[label(p) for p, _ in holds],
                )
            )
        if empty:
            findings.append(
                Finding(
                    severity=Severity.LOW,
                    check="zero_quantity_active",
                    message=f"{plural(empty, 'active package')} hold nothing; finish them.",
                    packages=[label(p) for p, _ in held if is_empty(p)],
                )
            )
    top = ", ".join(f"{group['name']} {group['packages']}" for group in details["by_category"][:4])
    summary = (
        f"{data.license_number} {'at the end of' if past else 'on'} {as_of}"
        f"{' (reconstructed)' if past else ''}: {plural(len(stocked), 'package')} of "
        f"{plural(int(counts['items']), 'item')}, {counts['weight_grams']:,.0f} g weighed "
        f"stock and {totals(stocked).get('Each', 0):,.0f} units; by category: {top or 'none'}"
        + (
            f"; {len(holds)} on hold, {len(moving)} in transit."
            if not past
            else f"; {unseen['packages']} shipped packages since not itemised."
        )
    )
    return SkillResult(
        skill="inventory_snapshot",
        license_number=data.license_number,
        as_of=as_of,
        parameters={"top_items": top_items},
        summary=summary,
        counts=counts,
        findings=findings,
        details=details,
    )
