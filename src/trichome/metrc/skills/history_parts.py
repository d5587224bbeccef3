"""The parts of a package's history that package_history assembles: its lab tests by day,
the sales and manifests that touched it, its source harvests, and its dated timeline.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import date
from typing import Any

from trichome.metrc.skills.data import FacilityData
from trichome.metrc.skills.record_checks import is_pending, manifest
from trichome.metrc.skills.records import (
    Record,
    day_of,
    label,
    names,
    number,
    packaged_on,
    plural,
    unit,
)


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


def harvest_facts(name: str, harvests: list[Record]) -> dict[str, Any]:
    """What the licence can see of a source harvest, by its name (visible false if nothing)."""
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
