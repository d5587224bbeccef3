"""needs_attention: the packages, plants, harvests and manifests that need action now."""

from __future__ import annotations

import asyncio

from trichome.metrc.skills import checks, record_checks
from trichome.metrc.skills.base import SkillResult
from trichome.metrc.skills.report import (
    findings_of,
    severity_counts,
    severity_phrase,
    top_headlines,
)
from trichome.tracking.source import FacilitySource


async def needs_attention(
    data: FacilitySource,
    *,
    expiring_within_days: int = 14,
    lab_pending_days: int = 7,
    stale_harvest_days: int = 30,
    flowering_days: int = 75,
    min_tags: int = 50,
) -> SkillResult:
    """What needs action at a facility today, most urgent first."""
    as_of = data.as_of
    packages, harvests, plants, tags, incoming, outgoing = await asyncio.gather(
        data.packages(inactive_since=None),
        data.harvests(inactive_since=None),
        data.plants(inactive_since=None),
        data.tags_available(),
        data.incoming(),
        data.outgoing(),
    )
    on_hand = packages.on_hand
    results = [
        checks.failed_product(on_hand),
        record_checks.overdue_transfers(incoming, outgoing, as_of),
        checks.expired_products(on_hand, as_of, held_ok=False),
        checks.expired_lab_results(on_hand, as_of),
        record_checks.low_tags(*tags, min_tags),
        checks.other_holds(on_hand),
        checks.expiring_products(on_hand, as_of, expiring_within_days),
        checks.expiring_lab_results(on_hand, as_of, expiring_within_days),
        checks.pending_lab(on_hand, as_of, lab_pending_days),
        record_checks.stale_harvests(harvests, as_of, stale_harvest_days),
        record_checks.plants_on_hold(plants.growing()),
        record_checks.long_flowering(plants.flowering, as_of, flowering_days),
        checks.empty_active(on_hand, as_of),
    ]
    findings = findings_of(results)
    counts = severity_counts(findings) | {
        f"{check.name}": float(check.count) for check in results if check.count
    }
    counts |= {
        "packages_on_hand": len(on_hand),
        "packages_in_transit": len(packages.in_transit),
        "active_harvests": sum(1 for h in harvests if h.finished is None),
        "growing_plants": len(plants.growing()),
    }
    if findings:
        summary = (
            f"{data.license_number} on {as_of}: {len(findings)} things need attention "
            f"({severity_phrase(findings)}). Most urgent: {top_headlines(findings)}."
        )
    else:
        summary = f"{data.license_number} on {as_of}: nothing needs attention."
    return SkillResult(
        skill="needs_attention",
        license_number=data.license_number,
        as_of=as_of,
        parameters={
            "expiring_within_days": expiring_within_days,
            "lab_pending_days": lab_pending_days,
            "stale_harvest_days": stale_harvest_days,
            "flowering_days": flowering_days,
            "min_tags": min_tags,
        },
        summary=summary,
        counts=counts,
        findings=findings,
        details={"checks": [check.summary() for check in results]},
    )
