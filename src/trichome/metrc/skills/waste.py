"""waste_report: waste and destruction over a range of days, totalled in one unit.

Sources: plant waste and plant-batch waste (by waste day), harvest waste of the harvests
open during the range (by its day; one request per harvest), and package adjustments
whose reason records waste (Waste, Spoilage, Destruction, Damage, Expired; by
adjustment day). Count-based packages convert by their item's unit weight when the item
shows one, else they are reported as units. Theft is a loss, not waste: it is reported
apart, as are moisture and scale adjustments (Drying, Scale Variance, Entry Error).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.record_checks import adjustment_notes, destroyed_plants_recorded
from trichome.metrc.skills.records import (
    from_grams,
    plural,
    rounded,
    tally,
    to_grams,
)
from trichome.tracking import Adjustment, Item
from trichome.tracking.source import FacilitySource

WASTE_REASONS = frozenset({"Waste", "Spoilage", "Destruction", "Damage", "Expired"})


@dataclass(frozen=True, slots=True)
class Entry:
    """One waste record, in grams (None when it cannot convert)."""

    source: str  # plant, plant_batch, harvest, package
    day: date
    grams: float | None
    units: float
    reason: str
    method: str
    reference: str


def item_weights(items: list[Item]) -> dict[str, float]:
    """Grams per unit of count-based items that show a unit weight."""
    return {str(item.name): item.unit_weight_grams for item in items if item.unit_weight_grams}


def in_range(day: date | None, start: date, end: date) -> date | None:
    """A day when it falls in the range."""
    return day if day is not None and start <= day <= end else None


async def entries_of(
    data: FacilitySource, start: date, end: date
) -> tuple[list[Entry], list[Adjustment]]:
    """Every waste entry in the range, and the package adjustments that are losses, not waste."""
    plant_waste, batch_waste, harvests, adjustments, items = await asyncio.gather(
        data.plant_waste(),
        data.plant_batch_waste(),
        data.harvests(inactive_since=start),
        data.adjustments(),
        data.items(),
    )
    entries: list[Entry] = []
    for record in [*plant_waste, *batch_waste]:
        if (day := in_range(record.day, start, end)) is None:
            continue
        entries.append(
            Entry(
                record.source.value,
                day,
                to_grams(record.weight, str(record.unit or "")),
                0.0,
                record.reason or "(no reason)",
                record.method or "(no method)",
                record.plant_batch_name or plural(record.plant_count, "plant"),
            )
        )
    open_then = [
        h for h in harvests if (h.started or date.max) <= end and (h.finished or date.max) >= start
    ]
    for waste in await data.harvest_waste(open_then):
        if (day := in_range(waste.day, start, end)) is None:
            continue
        entries.append(
            Entry(
                "harvest",
                day,
                to_grams(waste.weight, str(waste.unit or "")),
                0.0,
                waste.waste_type or "(no type)",
                "(not recorded on harvest waste)",
                str(waste.harvest_name),
            )
        )
    weights = item_weights(items)
    losses = []
    for adjustment in adjustments:
        if (day := in_range(adjustment.day, start, end)) is None:
            continue
        reason = str(adjustment.reason)
        if reason not in WASTE_REASONS:
            losses.append(adjustment)
            continue
        amount = -adjustment.quantity
        grams = to_grams(amount, str(adjustment.unit or ""))
        per_unit = weights.get(str(adjustment.item_name))
        entries.append(
            Entry(
                "package",
                day,
                grams if grams is not None else (amount * per_unit if per_unit else None),
                0.0 if grams is not None or per_unit else amount,
                reason,
                "(package adjustment)",
                adjustment.package_label,
            )
        )
    return entries, losses


def totals(entries: list[Entry], key: Callable[[Entry], str], unit: str) -> dict[str, float]:
    """Converted weight per value of a key, largest first."""
    summed: dict[str, float] = defaultdict(float)
    for entry in entries:
        if entry.grams is not None:
            summed[key(entry)] += entry.grams
    ordered = sorted(summed.items(), key=lambda item: -item[1])
    return {name: rounded(from_grams(grams, unit), 3) for name, grams in ordered}


async def waste_report(
    data: FacilitySource, *, start: date, end: date, unit: str = "Kilograms"
) -> SkillResult:
    """Waste and destruction in a range: totals by source, reason, method and month."""
    entries, losses = await entries_of(data, start, end)
    plants, plant_waste, adjustments, reasons = await asyncio.gather(
        data.plants(inactive_since=start),
        data.plant_waste(),
        data.adjustments(),
        data.adjust_reasons(),
    )
    destroyed = [plant for plant in plants.inactive if in_range(plant.destroyed, start, end)]
    weighed = [entry for entry in entries if entry.grams is not None]
    total = rounded(from_grams(sum(entry.grams or 0.0 for entry in weighed), unit), 3)
    unweighed: dict[str, float] = defaultdict(float)
    for entry in entries:
        if entry.grams is None:
            unweighed[entry.reason] += entry.units
    by_source = totals(entries, lambda entry: entry.source, unit)
    loss_rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for adjustment in losses:
        loss_rows[str(adjustment.reason)][str(adjustment.unit)] += -adjustment.quantity
    packages_destroyed = sorted({entry.reference for entry in entries if entry.source == "package"})
    findings: list[Finding] = []
    for check in (
        adjustment_notes(
            [a for a in adjustments if in_range(a.day, start, end)],
            reasons,
            start,
        ),
        destroyed_plants_recorded(destroyed, plant_waste, start),
    ):
        if not check.passed:
            findings.append(check.finding())
    if "Theft" in loss_rows:
        stolen = ", ".join(f"{q:g} {u}" for u, q in loss_rows["Theft"].items())
        findings.append(
            Finding(
                severity=Severity.INFO,
                check="theft",
                message=f"Theft recorded in the range: {stolen} (a loss, not counted as waste).",
            )
        )
    short = unit.lower()
    sources = ", ".join(f"{name} {value:,.2f}" for name, value in by_source.items())
    summary = (
        f"{data.license_number}, {start} to {end}: {total:,.2f} {short} of waste in "
        f"{plural(len(entries), 'record')} ({sources or 'none'})"
        + (
            f", plus {', '.join(f'{q:g} units ({r})' for r, q in unweighed.items())} unweighed"
            if unweighed
            else ""
        )
        + f"; {plural(len(destroyed), 'plant')} destroyed, "
        f"{plural(len(packages_destroyed), 'package')} wasted by adjustment."
    )
    return SkillResult(
        skill="waste_report",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={"start": start.isoformat(), "end": end.isoformat(), "unit": unit},
        summary=summary,
        counts={
            f"total_{short}": total,
            "records": len(entries),
            "plants_destroyed": len(destroyed),
            "packages_wasted": len(packages_destroyed),
        }
        | {f"{name}_{short}": value for name, value in by_source.items()},
        findings=findings,
        details={
            "unit": unit,
            "by_source": by_source,
            "by_reason": totals(entries, lambda entry: entry.reason, unit),
            "by_method": totals(entries, lambda entry: entry.method, unit),
            "by_month": dict(
                sorted(totals(entries, lambda entry: entry.day.isoformat()[:7], unit).items())
            ),
            "unweighed_units_by_reason": {r: rounded(q, 3) for r, q in unweighed.items()},
            "other_losses": {
                reason: {u: rounded(q, 3) for u, q in per_unit.items()}
                for reason, per_unit in sorted(loss_rows.items())
            },
            "plants_destroyed": {
                "count": len(destroyed),
                "by_note": tally(p.destroyed_note or "(no note)" for p in destroyed),
            },
            "packages_wasted": packages_destroyed,
        },
    )
