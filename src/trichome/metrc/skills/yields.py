"""yield_analysis: what harvests produced, per harvest, per plant, per strain and per month.

Harvests count by the day they started. Weights are converted to grams. The yield ratio is
packaged weight over wet weight, over packaged harvests only (a harvest still drying has
packaged nothing yet); what is neither packaged nor wasted is the harvest's remaining
weight, mostly moisture lost in drying.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.facility import require
from trichome.metrc.skills.records import plural, rounded
from trichome.tracking import Capability, Harvest
from trichome.tracking.source import FacilitySource


def day_text(day: date | None) -> str | None:
    """A day as YYYY-MM-DD (None stays None)."""
    return day.isoformat() if day is not None else None


def harvest_row(harvest: Harvest) -> dict[str, Any]:
    """One harvest's weights and ratios."""
    wet, waste = harvest.grams(harvest.wet_weight), harvest.grams(harvest.waste_weight)
    packaged, left = harvest.grams(harvest.packaged_weight), harvest.grams(harvest.current_weight)
    plants = harvest.plant_count
    done = harvest.package_count > 0
    return {
        "harvest": harvest.name,
        "started": day_text(harvest.started),
        "finished": day_text(harvest.finished),
        "strain": harvest.strain,
        "plants": plants,
        "wet_g": rounded(wet, 1),
        "waste_g": rounded(waste, 1),
        "packaged_g": rounded(packaged, 1),
        "remaining_g": rounded(left, 1),
        "packages": harvest.package_count,
        "packaged": done,
        "yield_ratio": rounded(packaged / wet, 4) if done and wet else None,
        "waste_ratio": rounded(waste / wet, 4) if wet else None,
        "wet_g_per_plant": rounded(wet / plants, 1) if plants else None,
        "packaged_g_per_plant": rounded(packaged / plants, 1) if done and plants else None,
    }


def aggregate(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Totals and ratios over some harvests (ratios over the packaged ones)."""
    rows = list(rows)
    done = [row for row in rows if row["packaged"]]
    wet = sum(row["wet_g"] for row in rows)
    done_wet = sum(row["wet_g"] for row in done)
    done_packaged = sum(row["packaged_g"] for row in done)
    done_plants = sum(row["plants"] for row in done)
    plants = sum(row["plants"] for row in rows)
    return {
        "harvests": len(rows),
        "packaged_harvests": len(done),
        "plants": plants,
        "wet_g": rounded(wet, 1),
        "waste_g": rounded(sum(row["waste_g"] for row in rows), 1),
        "packaged_g": rounded(sum(row["packaged_g"] for row in rows), 1),
        "remaining_g": rounded(sum(row["remaining_g"] for row in rows), 1),
        "yield_ratio": rounded(done_packaged / done_wet, 4) if done_wet else None,
        "waste_ratio": rounded(sum(row["waste_g"] for row in rows) / wet, 4) if wet else None,
        "wet_g_per_plant": rounded(wet / plants, 1) if plants else None,
        "packaged_g_per_plant": rounded(done_packaged / done_plants, 1) if done_plants else None,
    }


def change(before: float | None, after: float | None) -> float | None:
    """The relative change from one figure to another, in percent."""
    if before is None or after is None or before == 0:
        return None
    return rounded((after - before) / before * 100, 1)


async def yield_analysis(
    data: FacilitySource,
    *,
    start: date,
    end: date,
    low_yield_ratio: float = 0.15,
    outlier_share: float = 0.8,
) -> SkillResult:
    """Yields of the harvests started in a range: totals, ratios, per strain, per month, trend."""
    await require(data, Capability.GROW_PLANTS, "grow plants")
    harvests = await data.harvests(inactive_since=start)
    chosen = [h for h in harvests if start <= (h.started or date.min) <= end]
    rows = sorted((harvest_row(h) for h in chosen), key=lambda row: str(row["started"]))
    total = aggregate(rows)
    by_strain: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_month: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_strain[row["strain"]].append(row)
        by_month[str(row["started"])[:7]].append(row)
    strains = {name: aggregate(group) for name, group in sorted(by_strain.items())}
    months = {month: aggregate(group) for month, group in sorted(by_month.items())}
    half = len(rows) // 2
    first, second = aggregate(rows[:half]), aggregate(rows[half:])
    trend = {
        "first_half": {
            key: first[key] for key in ("harvests", "packaged_g_per_plant", "yield_ratio")
        },
        "second_half": {
            key: second[key] for key in ("harvests", "packaged_g_per_plant", "yield_ratio")
        },
        "packaged_per_plant_change_pct": change(
            first["packaged_g_per_plant"], second["packaged_g_per_plant"]
        ),
    }
    findings: list[Finding] = []
    low = [r for r in rows if r["yield_ratio"] is not None and r["yield_ratio"] < low_yield_ratio]
    if low:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="low_yield",
                message=(
                    f"Low yield: {plural(len(low), 'harvest')} packaged under "
                    f"{low_yield_ratio:.0%} of wet weight; check drying and trimming."
                ),
                harvests=[str(r["harvest"]) for r in low],
            )
        )
    weak = [
        row
        for row in rows
        if row["packaged_g_per_plant"] is not None
        and (typical := strains[row["strain"]]["packaged_g_per_plant"])
        and row["packaged_g_per_plant"] < typical * outlier_share
    ]
    if weak:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="weak_harvest",
                message=(
                    f"Weak harvests: {plural(len(weak), 'harvest')} yielded under "
                    f"{outlier_share:.0%} of their strain's packaged grams per plant."
                ),
                harvests=[str(r["harvest"]) for r in weak],
            )
        )
    best = max(strains.items(), key=lambda s: s[1]["packaged_g_per_plant"] or 0, default=None)
    ratio = total["yield_ratio"]
    summary = (
        f"{data.license_number}, harvests started {start} to {end}: "
        f"{plural(total['harvests'], 'harvest')} of {total['plants']:,} plants, "
        f"{total['wet_g'] / 1000:,.1f} kg wet, {total['waste_g'] / 1000:,.1f} kg waste, "
        f"{total['packaged_g'] / 1000:,.1f} kg packaged"
        + (f"; yield {ratio:.1%} of wet weight" if ratio is not None else "")
        + (
            f", {total['packaged_g_per_plant']:,.0f} g packaged per plant"
            if total["packaged_g_per_plant"]
            else ""
        )
        + (
            f"; best strain {best[0]} ({best[1]['packaged_g_per_plant']:,.0f} g/plant)"
            if best and best[1]["packaged_g_per_plant"]
            else ""
        )
        + "."
    )
    return SkillResult(
        skill="yield_analysis",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={
            "start": start.isoformat(),
            "end": end.isoformat(),
            "low_yield_ratio": low_yield_ratio,
            "outlier_share": outlier_share,
        },
        summary=summary,
        counts={key: value for key, value in total.items() if value is not None},
        findings=findings,
        details={
            "totals": total,
            "by_strain": strains,
            "by_month": months,
            "trend": trend,
            "harvests": rows,
        },
    )
