"""audit_ready: how ready a facility is for a state audit, as a score, a grade and the gaps."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from trichome.metrc.skills import checks, record_checks
from trichome.metrc.skills.base import Severity, SkillResult
from trichome.metrc.skills.checks import Check
from trichome.metrc.skills.compliance import compliance_checks, tally_checks
from trichome.metrc.skills.report import failures, findings_of, severity_phrase
from trichome.tracking import Capability
from trichome.tracking.source import FacilitySource

# Points an open gap costs, by severity; the score starts at 100.
DEDUCTIONS = {
    Severity.CRITICAL: 25,
    Severity.HIGH: 12,
    Severity.MEDIUM: 6,
    Severity.LOW: 2,
    Severity.INFO: 0,
}
# A facility with a critical gap is not audit-ready whatever else is in order.
CRITICAL_CAP = 59
GRADES = ((90, "A"), (80, "B"), (70, "C"), (60, "D"), (0, "F"))
AREAS = {
    "no_sale_of_untested_product": "sales",
    "no_sale_of_expired_product": "sales",
    "no_sale_after_lab_expiry": "sales",
    "failed_product_on_hold": "lab testing",
    "lab_results_current": "lab testing",
    "lab_results_overdue": "lab testing",
    "untested_lots": "lab testing",
    "lab_expiry_recorded": "lab testing",
    "on_hold_not_shipped": "transfers",
    "overdue_manifests": "transfers",
    "expired_product_on_hand": "inventory",
    "no_negative_quantities": "inventory",
    "finished_packages_empty": "inventory",
    "empty_packages_unfinished": "inventory",
    "adjustment_notes": "records",
    "waste_records_complete": "records",
    "destroyed_plants_have_waste": "records",
    "harvest_waste_recorded": "records",
    "stale_harvests": "cultivation",
    "low_tags": "tags",
}


def grade_of(score: int) -> str:
    """The letter grade of a score."""
    return next(letter for floor, letter in GRADES if score >= floor)


def score_of(results: list[Check]) -> int:
    """100 less the deductions of the open gaps; at most 59 with a critical one open."""
    gaps = failures(results)
    score = max(0, 100 - sum(DEDUCTIONS[gap.severity] for gap in gaps))
    if any(gap.severity is Severity.CRITICAL for gap in gaps):
        score = min(score, CRITICAL_CAP)
    return score


async def audit_ready(
    data: FacilitySource,
    *,
    lookback_days: int = 30,
    min_tags: int = 50,
    stale_harvest_days: int = 30,
    finish_empty_within_days: int = 7,
    lab_pending_days: int = 7,
    untested_after_days: int = 14,
) -> SkillResult:
    """Score audit readiness from every compliance check and record-keeping gap."""
    as_of = data.as_of
    results = await compliance_checks(
        data,
        lookback_days=lookback_days,
        min_tags=min_tags,
        stale_harvest_days=stale_harvest_days,
        finish_empty_within_days=finish_empty_within_days,
    )
    since = as_of - timedelta(days=lookback_days)
    packages, harvests = await asyncio.gather(
        data.packages(inactive_since=None), data.harvests(inactive_since=since)
    )
    results += [
        checks.pending_lab(packages.on_hand, as_of, lab_pending_days),
        checks.untested_stock(packages.on_hand, as_of, untested_after_days),
        checks.lab_expiry_recorded(packages.on_hand),
    ]
    if await data.can(Capability.GROW_PLANTS):
        results.append(record_checks.harvests_without_waste(harvests, since))
    score = score_of(results)
    grade = grade_of(score)
    findings = findings_of(results)
    gaps = failures(results)
    deductions = [
        {
            "check": gap.name,
            "area": AREAS.get(gap.name, "other"),
            "severity": gap.severity.value,
            "points": DEDUCTIONS[gap.severity],
            "count": gap.count,
        }
        for gap in gaps
    ]
    areas: dict[str, str] = {}
    for check in results:
        if check.applies:
            area = AREAS.get(check.name, "other")
            if not check.passed or area not in areas:
                areas[area] = "gap" if not check.passed else "ok"
    ready = "ready" if grade in ("A", "B") else "not ready"
    worst = f" Gaps: {', '.join(gap.name for gap in gaps)}." if gaps else " No gaps found."
    summary = (
        f"{data.license_number} on {as_of}: audit score {score}/100 (grade {grade}, {ready}); "
        f"{len(gaps)} gaps ({severity_phrase(findings)}).{worst}"
    )
    return SkillResult(
        skill="audit_ready",
        license_number=data.license_number,
        as_of=as_of,
        parameters={
            "lookback_days": lookback_days,
            "min_tags": min_tags,
            "stale_harvest_days": stale_harvest_days,
            "finish_empty_within_days": finish_empty_within_days,
            "lab_pending_days": lab_pending_days,
            "untested_after_days": untested_after_days,
        },
        summary=summary,
        counts={"score": score, "gaps": len(gaps)} | tally_checks(results),
        findings=findings,
        details={
            "grade": grade,
            "ready": grade in ("A", "B"),
            "deductions": deductions,
            "areas": dict(sorted(areas.items())),
            "checks": [check.summary() for check in results],
        },
    )
