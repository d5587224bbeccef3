"""The parts of a package's history that package_history assembles: its lab tests by day,
the sales and manifests that touched it, its source harvests, and its dated timeline.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import date, datetime
from typing import Any

from trichome.metrc.skills.records import item_name, label, packaged_on, plural, unit
from trichome.tracking import (
    Adjustment,
    Harvest,
    LabResult,
    Package,
    ProcessingJob,
    Receipt,
    Transfer,
)
from trichome.tracking.potency import thc_reading
from trichome.tracking.source import FacilitySource


def text_of(value: date | datetime | None) -> str | None:
    """A day or moment as ISO 8601 (None stays None)."""
    return value.isoformat() if value is not None else None


def package_state(package: Package) -> dict[str, Any]:
    """The package as the tracking system has it now (the keys package_history's schema
    names, which follow Metrc's)."""
    return {
        "Label": package.label,
        "PackageType": package.package_type,
        "Quantity": package.quantity,
        "UnitOfMeasureName": package.unit,
        "LocationName": package.location_name,
        "PackagedDate": text_of(package.packaged),
        "LabTestingState": package.lab_state,
        "LabTestResultExpirationDateTime": text_of(package.lab_expires),
        "ExpirationDate": text_of(package.expires),
        "UseByDate": text_of(package.use_by),
        "SellByDate": text_of(package.sell_by),
        "IsOnHold": package.on_hold,
        "Note": package.note,
        "IsFinished": package.finished,
        "FinishedDate": text_of(package.finished_on),
        "ReceivedDateTime": text_of(package.received),
        "ReceivedFromFacilityName": package.received_from,
        "ReceivedFromManifestNumber": package.received_manifest,
        "Item": item_name(package),
        "Strain": package.item.strain,
    }


def lab_tests(results: list[LabResult]) -> list[dict[str, Any]]:
    """Lab results grouped by test day: overall verdict, lab, each test's level."""
    by_day: dict[str, list[LabResult]] = defaultdict(list)
    for result in results:
        by_day[str(text_of(result.tested_on))].append(result)
    tests = []
    for day, rows in sorted(by_day.items()):
        potency = thc_reading(rows)
        tests.append(
            {
                "tested": day,
                "overall_passed": all(bool(row.overall_passed) for row in rows),
                "lab": rows[0].lab_name,
                "thc": potency.level if potency else None,
                "thc_unit": potency.unit if potency else None,
                "expires": text_of(rows[0].expires.date()) if rows[0].expires else None,
                "failed_tests": [row.test_type for row in rows if row.test_passed is False],
                "tests": [
                    {"test": row.test_type, "level": row.level, "passed": row.test_passed}
                    for row in rows
                ],
            }
        )
    return tests


def sales_of(tag: str, receipts: list[Receipt]) -> list[dict[str, Any]]:
    """The receipt lines that drew on a package."""
    return [
        {
            "receipt": receipt.number,
            "sold": text_of(receipt.sold_at),
            "quantity": line.quantity,
            "price": line.price,
        }
        for receipt in receipts
        for line in receipt.lines
        if line.package_label == tag
    ]


async def manifests_of(data: FacilitySource, package: Package) -> list[dict[str, Any]]:
    """Manifests the package came in on, or left on (pending or with refused packages)."""
    tag = label(package)
    incoming, outgoing, rejected = await asyncio.gather(
        data.incoming(), data.outgoing(), data.rejected()
    )
    came = package.received_manifest or ""
    arrivals: list[tuple[dict[str, Any], Transfer]] = [
        (
            {
                "manifest": transfer.manifest,
                "direction": "incoming",
                "from": transfer.shipper_name,
                "arrived": text_of(transfer.received),
            },
            transfer,
        )
        for transfer in incoming
        if came and transfer.manifest == came
    ]
    made = packaged_on(package) or date.min
    rejected_ids = {t.id for t in rejected}
    candidates = [
        t
        for t in [*outgoing, *rejected]
        if (t.pending or t.rejected_packages > 0 or t.id in rejected_ids)
        and (t.due_on or date.max) >= made
        and t.delivery_id is not None
    ]
    deliveries = await data.delivery_packages([int(t.delivery_id or 0) for t in candidates])
    found = [entry for entry, _ in arrivals]
    for transfer in candidates:
        for row in deliveries.get(int(transfer.delivery_id or 0), []):
            if row.label == tag:
                found.append(
                    {
                        "manifest": transfer.manifest,
                        "direction": "outgoing",
                        "to": transfer.recipient_name,
                        "departed": text_of(
                            transfer.actual_departure or transfer.estimated_departure
                        ),
                        "state": row.state,
                    }
                )
    for entry, transfer in arrivals:
        if transfer.delivery_id is None:
            continue
        rows = (await data.delivery_packages([transfer.delivery_id]))[transfer.delivery_id]
        line = next((row for row in rows if row.label == tag), None)
        if line is not None:
            entry["received_quantity"] = line.received_quantity
            entry["shipped_quantity"] = line.shipped_quantity
    return found


def timeline(
    package: Package,
    tests: list[dict[str, Any]],
    adjustments: list[Adjustment],
    sales: list[dict[str, Any]],
    manifests: list[dict[str, Any]],
    jobs: list[ProcessingJob],
) -> list[dict[str, Any]]:
    """The package's events in date order (sales grouped by day)."""
    events: list[tuple[str, str]] = []
    sources = ", ".join(package.source_harvests) or "no harvest"
    events.append((str(text_of(package.packaged)), f"Packaged (from {sources})"))
    for entry in manifests:
        when = str(entry.get("arrived") or entry.get("departed") or "")[:10]
        if entry["direction"] == "incoming":
            events.append((when, f"Received from {entry['from']} on manifest {entry['manifest']}"))
        else:
            events.append((when, f"Shipped to {entry['to']} on manifest {entry['manifest']}"))
    for test in tests:
        verdict = "passed" if test["overall_passed"] else "failed"
        events.append((test["tested"], f"Lab test {verdict} at {test['lab']}"))
    if package.remediated:
        events.append((package.remediated.isoformat(), "Remediated"))
    if package.decontaminated:
        events.append((package.decontaminated.isoformat(), "Decontaminated"))
    for adjustment in adjustments:
        events.append(
            (
                str(text_of(adjustment.day)),
                f"Adjusted {adjustment.quantity:+g} {adjustment.unit} ({adjustment.reason})",
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
        events.append((str(text_of(job.started)), f"Processing job {job.name}"))
    if package.on_hold:
        events.append((str(text_of(package.last_modified))[:10], f"On hold: {package.note}"))
    if package.finished_on:
        events.append((package.finished_on.isoformat(), "Finished"))
    return [{"date": day, "event": text} for day, text in sorted(events, key=lambda e: e[0])]


def harvest_facts(name: str, harvests: list[Harvest]) -> dict[str, Any]:
    """What the licence can see of a source harvest, by its name (visible false if nothing)."""
    found = next((h for h in harvests if h.name == name), None)
    if found is None:
        return {"visible": False}
    return {
        "visible": True,
        "started": text_of(found.started),
        "strains": list(found.strains),
        "plants": found.plant_count,
        "wet_weight": found.wet_weight,
        "finished": text_of(found.finished),
    }
