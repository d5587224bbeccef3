"""compliance_check: named validations of a facility's current data, each pass or fail."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from trichome.metrc.skills import checks, record_checks
from trichome.metrc.skills.base import Severity, SkillResult
from trichome.metrc.skills.checks import Check, not_applicable
from trichome.metrc.skills.report import findings_of, severity_phrase
from trichome.tracking import Capability
from trichome.tracking.source import FacilitySource

SALES_RULES = (
    ("no_sale_of_untested_product", "Only product that passed testing is sold."),
    ("no_sale_of_expired_product", "No product is sold after its expiry date."),
    ("no_sale_after_lab_expiry", "No product is sold after its lab result expired."),
)
GROWING_RULES = (
    ("waste_records_complete", "Waste records state method, reason, weight and unit."),
    ("destroyed_plants_have_waste", "Every destroyed plant is covered by a waste record."),
    ("stale_harvests", "Harvests are packaged and finished on time."),
)


async def compliance_checks(
    data: FacilitySource,
    *,
    lookback_days: int,
    min_tags: int,
    stale_harvest_days: int,
    finish_empty_within_days: int,
) -> list[Check]:
    """Every compliance validation of a facility, in report order."""
    as_of = data.as_of
    since = as_of - timedelta(days=lookback_days)
    sells, grows = await asyncio.gather(
        data.can(Capability.SELL_TO_CONSUMERS), data.can(Capability.GROW_PLANTS)
    )
    packages, incoming, outgoing, adjustments, reasons, tags = await asyncio.gather(
        data.packages(inactive_since=since),
        data.incoming(),
        data.outgoing(),
        data.adjustments(),
        data.adjust_reasons(),
        data.tags_available(),
    )
    results: list[Check] = []
    if sells:
        receipts = await data.receipts(since, as_of)
        results += record_checks.sales_breaches(receipts, packages.by_label())
    else:
        results += [
            not_applicable(name, rule, Severity.CRITICAL, "This licence does not sell.")
            for name, rule in SALES_RULES
        ]
    on_hand = packages.on_hand
    results += [
        checks.failed_product_held(on_hand),
        checks.held_in_transit(packages.in_transit),
        checks.expired_products(on_hand, as_of, held_ok=True),
        checks.lab_results_current(on_hand, as_of),
        checks.negative_quantities(packages.everything()),
        checks.finished_with_quantity(packages.inactive),
        checks.empty_active(on_hand, as_of, finish_empty_within_days),
        record_checks.overdue_transfers(incoming, outgoing, as_of),
        record_checks.adjustment_notes(adjustments, reasons, since),
        record_checks.low_tags(*tags, min_tags),
    ]
    if grows:
        harvests, plants, plant_waste, batch_waste = await asyncio.gather(
            data.harvests(inactive_since=since),
            data.plants(inactive_since=since),
            data.plant_waste(),
            data.plant_batch_waste(),
        )
        results += [
            record_checks.waste_records_complete(plant_waste, batch_waste, since),
            record_checks.destroyed_plants_recorded(plants.inactive, plant_waste, since),
            record_checks.stale_harvests(harvests, as_of, stale_harvest_days),
        ]
    else:
        results += [
            not_applicable(name, rule, Severity.MEDIUM, "This licence does not grow plants.")
            for name, rule in GROWING_RULES
        ]
    return results


def tally_checks(results: list[Check]) -> dict[str, float]:
    """How many checks passed, failed or did not apply."""
    applying = [check for check in results if check.applies]
    failed = sum(1 for check in applying if not check.passed)
    return {
        "checks": len(results),
        "passed": len(applying) - failed,
        "failed": failed,
        "not_applicable": len(results) - len(applying),
    }


async def compliance_check(
    data: FacilitySource,
    *,
    lookback_days: int = 30,
    min_tags: int = 50,
    stale_harvest_days: int = 30,
    finish_empty_within_days: int = 7,
) -> SkillResult:
    """Run every compliance validation and report each as pass, fail or not applicable."""
    results = await compliance_checks(
        data,
        lookback_days=lookback_days,
        min_tags=min_tags,
        stale_harvest_days=stale_harvest_days,
        finish_empty_within_days=finish_empty_within_days,
    )
    findings = findings_of(results)
    counts = tally_checks(results)
    if findings:
        failed = ", ".join(finding.check for finding in findings)
        verdict = f"{int(counts['failed'])} fail ({severity_phrase(findings)}): {failed}."
    else:
        verdict = "none fail."
    summary = (
        f"{data.license_number} on {data.as_of}: {int(counts['passed'])} of "
        f"{int(counts['passed'] + counts['failed'])} applicable checks pass; {verdict}"
    )
    return SkillResult(
        skill="compliance_check",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={
            "lookback_days": lookback_days,
            "min_tags": min_tags,
            "stale_harvest_days": stale_harvest_days,
            "finish_empty_within_days": finish_empty_within_days,
        },
        summary=summary,
        counts=counts | {check.name: float(check.count) for check in results if check.count},
        findings=findings,
        details={"checks": [check.summary() for check in results]},
    )
