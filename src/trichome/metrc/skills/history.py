"""package_history: one package's life, from its sources to its last sale and finishing.

What the licence can see: the package, its sources (harvests by name; source packages when
this licence still holds them), its lab results, its adjustments here, the manifest it came
on, manifests it left on that are pending or were rejected, processing jobs that list it
among their inputs, the packages made from it (and which of them a processing job made), and
the sales receipts that drew on it in the range read. Metrc has no location history, and
adjustments made at a previous licence are not visible here.
"""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.facility import find_package
from trichome.metrc.skills.history_parts import (
    harvest_facts,
    lab_tests,
    manifests_of,
    package_state,
    sales_of,
    text_of,
    timeline,
)
from trichome.metrc.skills.records import (
    arrived_on,
    is_empty,
    item_name,
    lab_failed,
    label,
    plural,
    quantity,
    rounded,
    unit,
)
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import Capability
from trichome.tracking.source import FacilitySource

MAX_SOURCES = 10  # source packages looked up one by one
MAX_SALES_DAYS = 366  # the longest range of receipts scanned (about 2 requests a day)


async def package_history(
    data: FacilitySource,
    *,
    package_label: str,
    sales_start: date | None = None,
    sales_end: date | None = None,
) -> SkillResult:
    """A package's lifecycle: sources, lab tests, adjustments, manifests, sales, finishing.

    Raises:
        ToolProblem: no such package at the licence, or an inverted sales range.
    """
    as_of = data.as_of
    package = await find_package(data, package_label)
    tag = label(package)
    finished = package.finished_on
    end = sales_end or min(as_of, finished or as_of)
    start = sales_start or max(arrived_on(package) or end, end - timedelta(days=MAX_SALES_DAYS))
    if start > end:
        raise ToolProblem(f"The sales range is inverted: {start} is after {end}.")
    if (end - start).days > MAX_SALES_DAYS:
        raise ToolProblem(
            f"Scanning sales from {start} to {end} is more than {MAX_SALES_DAYS} days; "
            "ask for a shorter range."
        )
    sells = await data.can(Capability.SELL_TO_CONSUMERS)
    results, adjustments, packages, harvests, jobs, manifests = await asyncio.gather(
        data.lab_results(package),
        data.adjustments(),
        # Packages made from it and harvests it came from changed on or after the range's start.
        data.packages(inactive_since=start),
        data.harvests(inactive_since=start),
        data.processing_jobs(inactive_since=start),
        manifests_of(data, package),
    )
    receipts = await data.receipts(start, end) if sells else None
    sources = list(package.source_packages)
    found_sources = await asyncio.gather(
        *(data.package(source) for source in sources[:MAX_SOURCES])
    )
    own_adjustments = [a for a in adjustments if a.package_label == tag]
    tests = lab_tests(results)
    sales = sales_of(tag, receipts.sales) if receipts else []
    voided = sales_of(tag, receipts.voided) if receipts else []
    harvest_names = list(package.source_harvests)
    own_jobs = [job for job in jobs if job.touches(tag)]
    children = [label(p) for p in packages.everything() if tag in p.source_packages]
    sold = sum(sale["quantity"] for sale in sales)
    revenue = sum(sale["price"] for sale in sales)
    adjusted = sum(a.quantity for a in own_adjustments)
    # What processing jobs took from it: recorded on the job, not as an adjustment. Metrc's
    # jobs do not list their inputs (their Packages array is documented empty); when a job
    # made packages from this one and no job lists it, what it holds short of its receipt,
    # sales and adjustments is what the jobs took (inferred, so never unexplained).
    processed = sum(
        source.quantity for job in own_jobs for source in job.inputs if source.package_label == tag
    )
    by_processing = [
        label(p) for p in packages.everything() if p.made_by_processing and tag in p.source_packages
    ]
    received = next(
        (float(m["received_quantity"]) for m in manifests if m.get("received_quantity")), None
    )
    inferred = bool(by_processing) and not own_jobs and received is not None
    if inferred and received is not None:
        processed = max(0.0, received - sold + adjusted - quantity(package))
    balance: dict[str, Any] = {
        "sold": rounded(sold, 4),
        "processed": rounded(processed, 4),
        "processed_inferred": inferred,
        "adjusted": rounded(adjusted, 4),
    }
    findings: list[Finding] = []
    if received is not None:
        expected = received - sold - processed + adjusted
        difference = rounded(quantity(package) - expected, 4)
        balance |= {"received": received, "expected_now": rounded(expected, 4)}
        balance |= {"now": quantity(package), "unexplained": difference}
        if abs(difference) > 0.01 and (sales_start is None and sales_end is None):
            findings.append(
                Finding(
                    severity=Severity.MEDIUM,
                    check="quantity_unexplained",
                    message=(
                        f"{tag} holds {quantity(package):g} {unit(package)} but received, sold, "
                        f"processed and adjusted quantities imply {expected:g}; {difference:+g} "
                        "unexplained."
                    ),
                    packages=[tag],
                )
            )
    else:
        balance |= {
            "now": quantity(package),
            "implied_start": rounded(quantity(package) + sold + processed - adjusted, 4),
        }
    if is_empty(package) and not package.finished:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="zero_quantity_active",
                message=f"{tag} is empty but not finished; finish it.",
                packages=[tag],
            )
        )
    if lab_failed(package):
        findings.append(
            Finding(
                severity=Severity.HIGH,
                check="failed_lab_product",
                message=(
                    f"{tag} failed testing ({package.lab_state}); remediate or "
                    "destroy it, and keep it on hold until then."
                ),
                packages=[tag],
            )
        )
    if package.on_hold:
        findings.append(
            Finding(
                severity=Severity.INFO,
                check="on_hold",
                message=f"{tag} is on hold: {package.note or 'no note'}.",
                packages=[tag],
            )
        )
    first = tests[0] if tests else None
    lab_text = (
        f"lab {'passed' if first['overall_passed'] else 'failed'} {first['tested']}"
        + (
            f" (THC {first['thc']:g}{'' if first['thc_unit'] == '%' else ' '}{first['thc_unit']})"
            if first["thc"] is not None
            else ""
        )
        if first
        else f"no lab results ({package.lab_state})"
    )
    sales_text = (
        f"{plural(len(sales), 'sale')} of {sold:g} {unit(package)} for ${revenue:,.2f} between "
        f"{start} and {end}"
        if sells
        else "no sales (this licence does not sell)"
    )
    summary = (
        f"Package {tag} ({item_name(package)}, packaged {text_of(package.packaged)} from "
        f"{', '.join(harvest_names) or ', '.join(sources) or 'no recorded source'}): {lab_text}; "
        f"{plural(len(own_adjustments), 'adjustment')}; {sales_text}; now "
        f"{quantity(package):g} {unit(package)}" + (f", finished {finished}." if finished else ".")
    )
    return SkillResult(
        skill="package_history",
        license_number=data.license_number,
        as_of=as_of,
        parameters={
            "label": tag,
            "sales_start": start.isoformat(),
            "sales_end": end.isoformat(),
        },
        summary=summary,
        counts={
            "lab_tests": len(tests),
            "adjustments": len(own_adjustments),
            "sales": len(sales),
            "quantity_sold": rounded(sold, 4),
            "revenue": rounded(revenue),
            "voided_sales": len(voided),
            "manifests": len(manifests),
            "packages_made_from_it": len(children),
        },
        findings=findings,
        details={
            "package": package_state(package),
            "source_harvests": [
                {"name": name} | harvest_facts(name, harvests) for name in harvest_names
            ],
            "source_packages": [
                {"label": source, "visible": found is not None}
                | ({"item": item_name(found), "packaged": text_of(found.packaged)} if found else {})
                for source, found in zip(sources[:MAX_SOURCES], found_sources, strict=True)
            ],
            "lab_tests": tests,
            "adjustments": [
                {
                    "date": a.day.isoformat() if a.day else None,
                    "quantity": a.quantity,
                    "unit": a.unit,
                    "reason": a.reason,
                    "note": a.note,
                }
                for a in own_adjustments
            ],
            "manifests": manifests,
            "processing_jobs": [job.name for job in own_jobs],
            "packages_made_from_it": children,
            "made_by_processing": by_processing,
            "balance": balance,
            "timeline": timeline(package, tests, own_adjustments, sales, manifests, own_jobs),
            "voided_sales": voided,
            "location_history": "No location history is kept; the location is today's.",
        },
    )
