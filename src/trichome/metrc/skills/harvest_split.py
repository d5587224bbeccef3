"""flower_trim_yield: per harvest, how much became flower and how much trim, and how much
weight was lost to drying.

Wet weight is what the plants weighed at harvest. Waste (stems, roots, plant material) is
what the harvest recorded as waste; dry weight is what was packaged from it, less what was
restored to it. Moisture loss is what is left of the wet weight once waste, dry weight and
the weight still on the harvest are taken away: for a finished harvest, water lost in
drying (and any unrecorded loss). Packages made from a harvest are split by their item's
category: flower (buds, flower), trim (trim, shake, leaf) or other; each counts at its
original quantity, where the system gives one. Packaged weight the licence no longer sees
(shipped packages) or that has no original quantity stays unsplit.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.facility import require
from trichome.metrc.skills.records import plural, rounded
from trichome.tracking import Capability, Harvest, Package, to_grams
from trichome.tracking.source import FacilitySource

TRIM_WORDS = ("trim", "shake", "leaf")
FLOWER_WORDS = ("bud", "flower")


def part_of(package: Package) -> str:
    """flower, trim or other, from the package's item category (then its name)."""
    words = f"{package.item.category or ''} {package.item.name or ''}".lower()
    if any(word in words for word in TRIM_WORDS):
        return "trim"
    if any(word in words for word in FLOWER_WORDS):
        return "flower"
    return "other"


def harvest_row(harvest: Harvest, made: list[Package]) -> dict[str, Any]:
    """One harvest's wet, waste, dry and moisture weights and its flower/trim split."""
    wet, waste = harvest.grams(harvest.wet_weight), harvest.grams(harvest.waste_weight)
    dry = harvest.grams(harvest.packaged_weight) - harvest.grams(harvest.restored_weight)
    left = harvest.grams(harvest.current_weight)
    moisture = wet - waste - dry - left
    parts = {"flower": 0.0, "trim": 0.0, "other": 0.0}
    for package in made:
        grams = to_grams(package.original_quantity or 0.0, package.unit)
        if package.original_quantity is not None and grams is not None:
            parts[part_of(package)] += grams
    split = sum(parts.values())
    finished = harvest.finished is not None
    plant_matter = wet - waste
    return {
        "harvest": harvest.name,
        "strain": harvest.strain,
        "started": harvest.started.isoformat() if harvest.started else None,
        "finished": harvest.finished.isoformat() if harvest.finished else None,
        "wet_g": rounded(wet, 1),
        "waste_g": rounded(waste, 1),
        "dry_g": rounded(dry, 1),
        "remaining_g": rounded(left, 1),
        "moisture_loss_g": rounded(moisture, 1) if finished else None,
        "moisture_loss_ratio": (
            rounded(moisture / plant_matter, 4) if finished and plant_matter > 0 else None
        ),
        "flower_g": rounded(parts["flower"], 1),
        "trim_g": rounded(parts["trim"], 1),
        "other_g": rounded(parts["other"], 1),
        "unsplit_g": rounded(max(0.0, dry - split), 1),
        "flower_share": (
            rounded(parts["flower"] / (parts["flower"] + parts["trim"]), 4)
            if parts["flower"] + parts["trim"] > 0
            else None
        ),
        "packages": [package.label for package in made],
    }


async def flower_trim_yield(
    data: FacilitySource,
    *,
    start: date,
    end: date,
    min_moisture_loss: float = 0.5,
    max_moisture_loss: float = 0.9,
) -> SkillResult:
    """Harvests started from `start` to `end`: flower, trim and moisture loss, per harvest."""
    await require(data, Capability.GROW_PLANTS, "grow plants")
    harvests = [
        harvest
        for harvest in await data.harvests(inactive_since=start)
        if harvest.started is not None and start <= harvest.started <= end
    ]
    packages = (await data.packages(inactive_since=start)).everything()
    made: dict[str, list[Package]] = defaultdict(list)
    for package in packages:
        for name in package.source_harvests:
            made[name].append(package)
    rows = [harvest_row(h, made.get(h.name, [])) for h in harvests]
    rows.sort(key=lambda row: (row["started"] or "", row["harvest"]))
    findings: list[Finding] = []
    odd = [
        row
        for row in rows
        if row["moisture_loss_ratio"] is not None
        and not min_moisture_loss <= row["moisture_loss_ratio"] <= max_moisture_loss
    ]
    if odd:
        shown = ", ".join(f"{row['harvest']} ({row['moisture_loss_ratio']:.0%})" for row in odd[:5])
        findings.append(
            Finding(
                severity=Severity.MEDIUM,
                check="moisture_loss_out_of_range",
                message=(
                    f"Moisture loss outside {min_moisture_loss:.0%}-{max_moisture_loss:.0%} of "
                    f"plant weight: {plural(len(odd), 'finished harvest')} ({shown}); check the "
                    "wet, waste and packaged weights recorded."
                ),
                harvests=[row["harvest"] for row in odd],
            )
        )
    negative = [
        row for row in rows if row["moisture_loss_g"] is not None and row["moisture_loss_g"] < 0
    ]
    if negative:
        findings.append(
            Finding(
                severity=Severity.HIGH,
                check="more_out_than_in",
                message=(
                    f"{plural(len(negative), 'harvest')} recorded more waste and packaged "
                    "weight than its wet weight; correct the weights."
                ),
                harvests=[row["harvest"] for row in negative],
            )
        )
    unpackaged = [row for row in rows if row["finished"] and row["dry_g"] <= 0]
    if unpackaged:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="finished_without_packages",
                message=(
                    f"{plural(len(unpackaged), 'harvest')} finished with nothing packaged: "
                    "its whole weight was written off."
                ),
                harvests=[row["harvest"] for row in unpackaged],
            )
        )
    done = [row for row in rows if row["finished"] and row["moisture_loss_g"] is not None]
    plant_matter = sum(row["wet_g"] - row["waste_g"] for row in done)
    moisture = sum(row["moisture_loss_g"] for row in done)
    flower = sum(row["flower_g"] for row in rows)
    trim = sum(row["trim_g"] for row in rows)
    by_strain: dict[str, dict[str, float]] = defaultdict(lambda: {"flower_g": 0.0, "trim_g": 0.0})
    for row in rows:
        by_strain[row["strain"]]["flower_g"] = rounded(
            by_strain[row["strain"]]["flower_g"] + row["flower_g"], 1
        )
        by_strain[row["strain"]]["trim_g"] = rounded(
            by_strain[row["strain"]]["trim_g"] + row["trim_g"], 1
        )
    share = rounded(flower / (flower + trim), 4) if flower + trim else None
    loss = rounded(moisture / plant_matter, 4) if plant_matter > 0 else None
    summary = (
        f"{data.license_number}, harvests started {start} to {end}: {plural(len(rows), 'harvest')}"
        f" ({len(done)} finished); flower {rounded(flower, 1)} g and trim {rounded(trim, 1)} g"
        + (f" ({share:.0%} flower)" if share is not None else "")
        + (
            f"; moisture loss {loss:.0%} of plant weight on finished harvests."
            if loss is not None
            else "."
        )
    )
    return SkillResult(
        skill="flower_trim_yield",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={
            "start": start.isoformat(),
            "end": end.isoformat(),
            "min_moisture_loss": min_moisture_loss,
            "max_moisture_loss": max_moisture_loss,
        },
        summary=summary,
        counts={
            "harvests": len(rows),
            "finished_harvests": len(done),
            "wet_g": rounded(sum(row["wet_g"] for row in rows), 1),
            "waste_g": rounded(sum(row["waste_g"] for row in rows), 1),
            "dry_g": rounded(sum(row["dry_g"] for row in rows), 1),
            "flower_g": rounded(flower, 1),
            "trim_g": rounded(trim, 1),
            "other_g": rounded(sum(row["other_g"] for row in rows), 1),
            "unsplit_g": rounded(sum(row["unsplit_g"] for row in rows), 1),
            "moisture_loss_g": rounded(moisture, 1),
        },
        findings=findings,
        details={
            "flower_share": share,
            "moisture_loss_ratio": loss,
            "harvests": rows,
            "by_strain": dict(sorted(by_strain.items())),
        },
    )
