"""fifo: are older packages of an item used before newer ones?

A package is "drawn" when product leaves it in the look-back window: a sale, a shipment on a
manifest (lab samples excepted), a processing job, or repackaging (a package made here from
it outside a processing job; the amount is the new package's original quantity when both
share a unit and it has one source, else 0: unknown). Metrc's processing jobs do not list
the packages they drew on (their documented Packages array is empty), so a package a job
made (SourceProcessingJobCount) counts as a processing draw on each of its source packages,
on the day it was packaged, amount unknown (0), unless a job lists that source among its
inputs. An on-hand package is bypassed when it was not drawn at all while a newer package of
the same item (one that came into the facility later) was drawn after the older one arrived.
Only packages that could have been used count as bypassed: active, not on hold, passed
testing, holding product. "Came in" is the day received, or the day packaged for packages
made here; a shipped package the facility no longer sees is dated by its packaging day when
the delivery shows one, else ordered by its id (Metrc numbers packages in creation order).
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.records import (
    arrived_on,
    is_empty,
    is_sample,
    item_name,
    lab_expiry,
    lab_passed,
    label,
    on_hold,
    plural,
    product_expiry,
    quantity,
    rounded,
    unit,
)
from trichome.tracking import Package, ProcessingJob
from trichome.tracking.source import FacilitySource


@dataclass(frozen=True, slots=True)
class Draw:
    """Product taken from a package on a day, and how."""

    label: str
    item: str
    day: date
    amount: float
    how: str  # sale, shipment, processing or repackaging
    arrived: date | None
    package_id: int | None


def usable(package: Package) -> bool:
    """Whether a package could have been used (sold or shipped) in place of a newer one."""
    return (
        not on_hold(package)
        and lab_passed(package)
        and not is_sample(package)
        and not is_empty(package)
    )


async def draws_of(data: FacilitySource, since: date) -> list[Draw]:
    """Every draw on the facility's packages from `since` to as-of."""
    as_of = data.as_of
    packages, outgoing, jobs = await asyncio.gather(
        data.packages(inactive_since=since),
        data.outgoing(),
        data.processing_jobs(inactive_since=since),
    )
    known = packages.by_label()
    receipts = await data.receipts(since, as_of)

    def draw(
        tag: str,
        item: str,
        day: date,
        amount: float,
        how: str,
        packaged: date | None = None,
        package_id: int | None = None,
    ) -> Draw:
        package = known.get(tag)
        arrived = arrived_on(package) if package else packaged
        ident = package.id if package else package_id
        return Draw(tag, item, day, amount, how, arrived, ident)

    found = [
        draw(
            line.package_label,
            line.product_name or item_name(known.get(line.package_label)),
            receipt.day,
            line.quantity,
            "sale",
            package_id=line.package_id,
        )
        for receipt in receipts.sales
        for line in receipt.lines
    ]
    shipped = [
        transfer
        for transfer in outgoing
        if "sample" not in str(transfer.shipment_type or "").lower()
        and since <= (transfer.departed_on or date.min) <= as_of
    ]
    deliveries = await data.delivery_packages(
        [t.delivery_id for t in shipped if t.delivery_id is not None]
    )
    for transfer in shipped:
        left = transfer.departed_on
        for row in deliveries.get(transfer.delivery_id or 0, []):
            if left is not None and not row.refused:
                found.append(
                    draw(
                        row.label,
                        str(row.item_name),
                        left,
                        row.shipped_quantity,
                        "shipment",
                        row.packaged,
                        row.package_id,
                    )
                )
    for job in jobs:
        started = job.started
        if started is None or not since <= started <= as_of:
            continue
        for source in job.inputs:
            tag = source.package_label
            found.append(
                draw(
                    tag,
                    item_name(known.get(tag)),
                    started,
                    source.quantity,
                    "processing",
                    source.packaged,
                    source.package_id,
                )
            )
    return found + repackaging_draws(packages.everything(), jobs, known, since, as_of)


def repackaging_draws(
    made: list[Package],
    jobs: list[ProcessingJob],
    known: dict[str, Package],
    since: date,
    as_of: date,
) -> list[Draw]:
    """Draws of packages made here from other packages of this licence, from `since` to
    as-of: by repackaging, or by a processing job whose own record does not list them (a job's
    listed inputs and outputs are already draws)."""
    by_job = {tag for job in jobs for tag in job.outputs}
    job_inputs = {source.package_label for job in jobs for source in job.inputs}
    found = []
    for child in made:
        day = child.packaged
        if child.label in by_job or day is None or not since <= day <= as_of:
            continue
        sources = [known[tag] for tag in child.source_packages if tag in known]
        how = "processing" if child.made_by_processing else "repackaging"
        for parent in sources:
            if how == "processing" and parent.label in job_inputs:
                continue
            same_unit = str(parent.unit or "").lower() == str(child.unit or "").lower()
            whole = len(sources) == 1 and same_unit and how == "repackaging"
            amount = child.original_quantity if whole else None
            found.append(
                Draw(
                    parent.label,
                    item_name(parent),
                    day,
                    amount or 0.0,
                    how,
                    arrived_on(parent),
                    parent.id,
                )
            )
    return found


def newer(draw: Draw, older: Package) -> bool:
    """Whether a drawn package came in after an on-hand one."""
    came = arrived_on(older)
    if draw.arrived is not None and came is not None:
        return draw.arrived > came
    ident = older.id
    made_here = older.received is None
    return (
        made_here and draw.package_id is not None and ident is not None and draw.package_id > ident
    )


def risk_of(package: Package, as_of: date, days: int) -> str | None:
    """Why a bypassed package is at risk of being wasted, if its dates say so."""
    product = product_expiry(package)
    if product is not None and (product[0] - as_of).days <= days:
        return f"product expires {product[0]}"
    lab = lab_expiry(package)
    if lab is not None and (lab - as_of).days <= days:
        return f"lab result expires {lab}"
    return None


def _package_row(package: Package, as_of: date, risk_days: int) -> dict[str, Any]:
    came = arrived_on(package)
    return {
        "label": label(package),
        "arrived": came.isoformat() if came else None,
        "days_on_hand": (as_of - came).days if came else None,
        "quantity": quantity(package),
        "unit": unit(package),
        "location": package.location_name,
        "risk": risk_of(package, as_of, risk_days),
    }


def _drawn_rows(jumped: list[Draw]) -> list[dict[str, Any]]:
    by_label: dict[str, list[Draw]] = defaultdict(list)
    for draw in jumped:
        by_label[draw.label].append(draw)
    return [
        {
            "label": tag,
            "arrived": draws[0].arrived.isoformat() if draws[0].arrived else None,
            "draws": len(draws),
            "amount": rounded(sum(draw.amount for draw in draws), 4),
            "how": sorted({draw.how for draw in draws}),
            "last": max(draw.day for draw in draws).isoformat(),
        }
        for tag, draws in by_label.items()
    ]


async def fifo(
    data: FacilitySource,
    *,
    lookback_days: int = 30,
    aged_after_days: int = 90,
    expiry_risk_days: int = 30,
) -> SkillResult:
    """Find older packages bypassed for newer ones of the same item, and aged stock."""
    as_of = data.as_of
    since = as_of - timedelta(days=lookback_days)
    packages = await data.packages(inactive_since=since)
    draws = await draws_of(data, since)
    drawn = {draw.label for draw in draws}
    draws_by_item: dict[str, list[Draw]] = defaultdict(list)
    for draw in draws:
        draws_by_item[draw.item].append(draw)
    held_by_item: dict[str, list[Package]] = defaultdict(list)
    for package in packages.on_hand:
        if usable(package):
            held_by_item[item_name(package)].append(package)
    findings: list[Finding] = []
    violations: list[dict[str, Any]] = []
    pull_next: list[dict[str, Any]] = []
    bypassed: set[str] = set()
    for item, held in sorted(held_by_item.items()):
        held.sort(key=lambda p: (arrived_on(p) or date.min, p.id or 0))
        pull_next.append({"item": item, **_package_row(held[0], as_of, expiry_risk_days)})
        skipped: list[Package] = []
        jumped: dict[tuple[str, date, float], Draw] = {}
        for older in held:
            came = arrived_on(older)
            if label(older) in drawn or came is None:
                continue
            ahead = [
                draw
                for draw in draws_by_item.get(item, [])
                if draw.label != label(older) and draw.day >= came and newer(draw, older)
            ]
            if ahead:
                skipped.append(older)
                jumped |= {(draw.label, draw.day, draw.amount): draw for draw in ahead}
        if not skipped:
            continue
        bypassed |= {label(package) for package in skipped}
        newer_rows = _drawn_rows(list(jumped.values()))
        at_risk = [p for p in skipped if risk_of(p, as_of, expiry_risk_days)]
        oldest = arrived_on(skipped[0])
        findings.append(
            Finding(
                severity=Severity.HIGH if at_risk else Severity.MEDIUM,
                check="fifo_violation",
                message=(
                    f"{item}: {plural(len(skipped), 'older package')} untouched (the oldest here "
                    f"since {oldest}, in {skipped[0].location_name}) while newer stock "
                    f"moved ({plural(len(newer_rows), 'package')}, "
                    f"{plural(len(jumped), 'draw')} since {since})"
                    + (f"; {len(at_risk)} of the older near expiry" if at_risk else "")
                    + "; use the older stock first."
                ),
                packages=[label(package) for package in skipped],
            )
        )
        violations.append(
            {
                "item": item,
                "bypassed": [_package_row(p, as_of, expiry_risk_days) for p in skipped],
                "newer_drawn": newer_rows,
            }
        )
    aged = [
        package
        for held in held_by_item.values()
        for package in held
        if label(package) not in drawn
        and label(package) not in bypassed
        and (came := arrived_on(package)) is not None
        and (as_of - came).days > aged_after_days
    ]
    if aged:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="aged_stock",
                message=(
                    f"Aged stock: {plural(len(aged), 'package')} on hand over {aged_after_days} "
                    f"days and not drawn since {since} (no newer stock of their items moved "
                    "either); discount, sample or move them."
                ),
                packages=[label(package) for package in aged],
            )
        )
    usable_count = sum(len(held) for held in held_by_item.values())
    if violations:
        worst = ", ".join(v["item"] for v in violations[:3])
        verdict = (
            f"{plural(len(violations), 'item')} break FIFO ({plural(len(bypassed), 'package')} "
            f"bypassed), e.g. {worst}"
        )
    else:
        verdict = "no FIFO violations"
    summary = (
        f"{data.license_number}, {since} to {as_of}: {verdict}; {plural(len(aged), 'package')} "
        f"of aged stock; {plural(len(draws), 'draw')} on packages checked against "
        f"{plural(usable_count, 'usable package')}."
    )
    return SkillResult(
        skill="fifo",
        license_number=data.license_number,
        as_of=as_of,
        parameters={
            "lookback_days": lookback_days,
            "aged_after_days": aged_after_days,
            "expiry_risk_days": expiry_risk_days,
        },
        summary=summary,
        counts={
            "items_checked": len(held_by_item),
            "usable_packages": usable_count,
            "draws": len(draws),
            "items_violating": len(violations),
            "bypassed_packages": len(bypassed),
            "aged_packages": len(aged),
        },
        findings=findings,
        details={
            "window": {"start": since.isoformat(), "end": as_of.isoformat()},
            "draws_by_kind": {
                how: sum(1 for draw in draws if draw.how == how)
                for how in ("sale", "shipment", "processing", "repackaging")
            },
            "violations": violations,
            "aged": [_package_row(p, as_of, expiry_risk_days) for p in aged],
            "pull_next": pull_next,
        },
    )
