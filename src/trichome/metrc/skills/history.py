"""package_history: one package's life, from its sources to its last sale and finishing.

What the licence can see: the package, its sources (harvests by name; source packages when
this licence still holds them), its lab results, its adjustments here, the manifest it came
on, manifests it left on that are pending or were rejected, processing jobs it fed, the
packages made from it, and the sales receipts that drew on it in the range read. Metrc has
no location history, and adjustments made at a previous licence are not visible here.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import date, timedelta
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.data import FacilityData
from trichome.metrc.skills.record_checks import is_pending, manifest
from trichome.metrc.skills.records import (
    Record,
    arrived_on,
    day_of,
    is_empty,
    item_name,
    lab_failed,
    label,
    names,
    number,
    packaged_on,
    plural,
    quantity,
    rounded,
    unit,
)
from trichome.metrc.tools.registry import ToolProblem

MAX_SOURCES = 10  # source packages looked up one by one
MAX_SALES_DAYS = 366  # the longest range of receipts scanned (about 2 requests a day)


def thc_unit(test_name: str) -> str:
    """The unit in a potency test's name: 'THC (%) Raw Plant Material' gives '%'."""
    inside = test_name.partition("(")[2].partition(")")[0]
    return inside or ""


def lab_tests(results: list[Record]) -> list[dict[str, Any]]:
    """Lab results grouped by test day: overall verdict, lab, each test's level."""
    by_day: dict[str, list[Record]] = defaultdict(list)
    for result in results:
        by_day[str(result.get("TestPerformedDate"))[:10]].append(result)
    tests = []
    for day, rows in sorted(by_day.items()):
        potency = next(
            (row for row in rows if str(row.get("TestTypeName") or "").startswith("THC (")), None
        )
        tests.append(
            {
                "tested": day,
                "overall_passed": all(bool(row.get("OverallPassed")) for row in rows),
                "lab": rows[0].get("LabFacilityName"),
                "thc": potency.get("TestResultLevel") if potency else None,
                "thc_unit": thc_unit(str(potency.get("TestTypeName"))) if potency else None,
                "expires": str(rows[0].get("ExpirationDateTime") or "")[:10] or None,
                "failed_tests": [
                    str(row.get("TestTypeName")) for row in rows if row.get("TestPassed") is False
                ],
                "tests": [
                    {
                        "test": row.get("TestTypeName"),
                        "level": row.get("TestResultLevel"),
                        "passed": row.get("TestPassed"),
                    }
                    for row in rows
                ],
            }
        )
    return tests


def sales_of(tag: str, receipts: list[Record]) -> list[dict[str, Any]]:
    """The receipt lines that drew on a package."""
    return [
        {
            "receipt": receipt.get("ReceiptNumber"),
            "sold": receipt.get("SalesDateTime"),
            "quantity": number(line.get("QuantitySold")),
            "price": number(line.get("TotalPrice")),
        }
        for receipt in receipts
        for line in receipt.get("Transactions") or []
        if line.get("PackageLabel") == tag
    ]


async def manifests_of(data: FacilityData, package: Record) -> list[dict[str, Any]]:
    """Manifests the package came in on, or left on (pending or rejected ones)."""
    tag = label(package)
    incoming, outgoing, rejected = await asyncio.gather(
        data.incoming(), data.outgoing(), data.rejected()
    )
    came = str(package.get("ReceivedFromManifestNumber") or "")
    found = [
        {
            "manifest": manifest(transfer),
            "direction": "incoming",
            "from": transfer.get("ShipperFacilityName"),
            "arrived": transfer.get("ReceivedDateTime"),
            "delivery_id": transfer.get("DeliveryId"),
        }
        for transfer in incoming
        if came and manifest(transfer) == came
    ]
    made = packaged_on(package) or date.min
    candidates = [
        t
        for t in [*outgoing, *rejected]
        if (is_pending(t) or number(t.get("RejectedPackagesCount")) > 0 or t in rejected)
        and (day_of(t.get("EstimatedDepartureDateTime")) or date.max) >= made
        and isinstance(t.get("DeliveryId"), int)
    ]
    deliveries = await data.delivery_packages([int(t["DeliveryId"]) for t in candidates])
    for transfer in candidates:
        for row in deliveries.get(int(transfer["DeliveryId"]), []):
            if row.get("PackageLabel") == tag:
                found.append(
                    {
                        "manifest": manifest(transfer),
                        "direction": "outgoing",
                        "to": transfer.get("RecipientFacilityName"),
                        "departed": transfer.get("ActualDepartureDateTime")
                        or transfer.get("EstimatedDepartureDateTime"),
                        "state": row.get("ShipmentPackageState"),
                        "rejection_reason": row.get("RejectionReason"),
                    }
                )
    for entry in found:
        delivery = entry.get("delivery_id")
        if entry["direction"] == "incoming" and isinstance(delivery, int):
            rows = (await data.delivery_packages([delivery]))[delivery]
            line = next((row for row in rows if row.get("PackageLabel") == tag), None)
            if line is not None:
                entry["received_quantity"] = line.get("ReceivedQuantity")
                entry["shipped_quantity"] = line.get("ShippedQuantity")
        entry.pop("delivery_id", None)
    return found


def timeline(
    package: Record,
    tests: list[dict[str, Any]],
    adjustments: list[Record],
    sales: list[dict[str, Any]],
    manifests: list[dict[str, Any]],
    jobs: list[Record],
) -> list[dict[str, Any]]:
    """The package's events in date order (sales grouped by day)."""
    events: list[tuple[str, str]] = []
    sources = ", ".join(names(package.get("SourceHarvestNames"))) or "no harvest"
    events.append((str(package.get("PackagedDate")), f"Packaged (from {sources})"))
    for entry in manifests:
        when = str(entry.get("arrived") or entry.get("departed") or "")[:10]
        if entry["direction"] == "incoming":
            events.append((when, f"Received from {entry['from']} on manifest {entry['manifest']}"))
        else:
            events.append((when, f"Shipped to {entry['to']} on manifest {entry['manifest']}"))
    for test in tests:
        verdict = "passed" if test["overall_passed"] else "failed"
        events.append((test["tested"], f"Lab test {verdict} at {test['lab']}"))
    if package.get("RemediationDate"):
        events.append((str(package["RemediationDate"]), "Remediated"))
    for adjustment in adjustments:
        events.append(
            (
                str(adjustment.get("AdjustmentDate")),
                f"Adjusted {number(adjustment.get('Quantity')):+g} "
                f"{adjustment.get('UnitOfMeasureName')} ({adjustment.get('AdjustmentReasonName')})",
            )
        )
    per_day: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for sale in sales:
        per_day[str(sale["sold"])[:10]].append(sale)
    for day, lines in per_day.items():
        sold = sum(line["quantity"] for line in lines)
        revenue = sum(line["price"] for line in lines)
        events.append(
            (day, f"{plural(len(lines), 'sale')}: {sold:g} {unit(package)}, ${revenue:,.2f}")
        )
    for job in jobs:
        events.append((str(job.get("StartDate")), f"Processing job {job.get('Name')}"))
    if package.get("IsOnHold"):
        events.append((str(package.get("LastModified"))[:10], f"On hold: {package.get('Note')}"))
    if package.get("FinishedDate"):
        events.append((str(package["FinishedDate"]), "Finished"))
    return [{"date": day, "event": text} for day, text in sorted(events, key=lambda e: e[0])]


async def package_history(
    data: FacilityData,
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
    package = await data.package(package_label)
    tag = label(package)
    finished = day_of(package.get("FinishedDate"))
    end = sales_end or min(as_of, finished or as_of)
    start = sales_start or max(arrived_on(package) or end, end - timedelta(days=MAX_SALES_DAYS))
    if start > end:
        raise ToolProblem(f"The sales range is inverted: {start} is after {end}.")
    if (end - start).days > MAX_SALES_DAYS:
        raise ToolProblem(
            f"Scanning sales from {start} to {end} is more than {MAX_SALES_DAYS} days; "
            "ask for a shorter range."
        )
    sells = await data.can("CanSellToConsumers")
    results, adjustments, packages, harvests, jobs, manifests = await asyncio.gather(
        data.lab_results(int(package["Id"])),
        data.adjustments(),
        data.packages(),
        data.harvests(),
        data.processing_jobs(),
        manifests_of(data, package),
    )
    receipts = await data.receipts(start, end) if sells else None
    sources = names(package.get("SourcePackageLabels"))
    found_sources = await asyncio.gather(
        *(data.other_package(source) for source in sources[:MAX_SOURCES])
    )
    own_adjustments = [a for a in adjustments if a.get("PackageLabel") == tag]
    tests = lab_tests(results)
    sales = sales_of(tag, receipts.active) if receipts else []
    voided = sales_of(tag, receipts.voided) if receipts else []
    harvest_names = names(package.get("SourceHarvestNames"))
    own_jobs = [
        job
        for job in jobs
        if tag in [str(s.get("PackageLabel")) for s in job.get("SourcePackages") or []]
        or tag in (job.get("CreatedPackageLabels") or [])
    ]
    children = [
        label(p) for p in packages.everything() if tag in names(p.get("SourcePackageLabels"))
    ]
    sold = sum(sale["quantity"] for sale in sales)
    revenue = sum(sale["price"] for sale in sales)
    adjusted = sum(number(a.get("Quantity")) for a in own_adjustments)
    # What processing jobs took from it: Metrc records it on the job, not as an adjustment.
    processed = sum(
        number(source.get("Quantity"))
        for job in own_jobs
        for source in job.get("SourcePackages") or []
        if str(source.get("PackageLabel")) == tag
    )
    received = next(
        (number(m["received_quantity"]) for m in manifests if m.get("received_quantity")), None
    )
    balance: dict[str, Any] = {
        "sold": rounded(sold, 4),
        "processed": rounded(processed, 4),
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
    if is_empty(package) and not package.get("IsFinished"):
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
                    f"{tag} failed testing ({package.get('LabTestingState')}); remediate or "
                    "destroy it, and keep it on hold until then."
                ),
                packages=[tag],
            )
        )
    if package.get("IsOnHold"):
        findings.append(
            Finding(
                severity=Severity.INFO,
                check="on_hold",
                message=f"{tag} is on hold: {package.get('Note') or 'no note'}.",
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
        else f"no lab results ({package.get('LabTestingState')})"
    )
    sales_text = (
        f"{plural(len(sales), 'sale')} of {sold:g} {unit(package)} for ${revenue:,.2f} between "
        f"{start} and {end}"
        if sells
        else "no sales (this licence does not sell)"
    )
    summary = (
        f"Package {tag} ({item_name(package)}, packaged {package.get('PackagedDate')} from "
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
            "package": {
                key: package.get(key)
                for key in (
                    "Label",
                    "PackageType",
                    "Quantity",
                    "UnitOfMeasureName",
                    "LocationName",
                    "PackagedDate",
                    "LabTestingState",
                    "LabTestResultExpirationDateTime",
                    "ExpirationDate",
                    "UseByDate",
                    "SellByDate",
                    "IsOnHold",
                    "Note",
                    "IsFinished",
                    "FinishedDate",
                    "ReceivedDateTime",
                    "ReceivedFromFacilityName",
                    "ReceivedFromManifestNumber",
                )
            }
            | {"Item": item_name(package), "Strain": (package.get("Item") or {}).get("StrainName")},
            "source_harvests": [
                {"name": name} | _harvest_facts(name, harvests) for name in harvest_names
            ],
            "source_packages": [
                {"label": source, "visible": found is not None}
                | (
                    {"item": item_name(found), "packaged": found.get("PackagedDate")}
                    if found
                    else {}
                )
                for source, found in zip(sources[:MAX_SOURCES], found_sources, strict=True)
            ],
            "lab_tests": tests,
            "adjustments": [
                {
                    "date": a.get("AdjustmentDate"),
                    "quantity": a.get("Quantity"),
                    "unit": a.get("UnitOfMeasureName"),
                    "reason": a.get("AdjustmentReasonName"),
                    "note": a.get("AdjustmentNote"),
                }
                for a in own_adjustments
            ],
            "manifests": manifests,
            "processing_jobs": [job.get("Name") for job in own_jobs],
            "packages_made_from_it": children,
            "balance": balance,
            "timeline": timeline(package, tests, own_adjustments, sales, manifests, own_jobs),
            "voided_sales": voided,
            "location_history": "Metrc keeps no location history; the location is today's.",
        },
    )


def _harvest_facts(name: str, harvests: list[Record]) -> dict[str, Any]:
    found = next((h for h in harvests if h.get("Name") == name), None)
    if found is None:
        return {"visible": False}
    return {
        "visible": True,
        "started": found.get("HarvestStartDate"),
        "strains": found.get("SourceStrainNames"),
        "plants": found.get("PlantCount"),
        "wet_weight": found.get("TotalWetWeight"),
        "finished": found.get("FinishedDate"),
    }
