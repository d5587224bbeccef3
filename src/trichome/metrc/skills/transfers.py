"""transfer_summary: a facility's manifests over a range of days, in and out.

A manifest belongs to the range by its departure day (actual, else estimated). Fully
rejected manifests come from the shipper's rejected list; Metrc shows them to the shipper
only, so a recipient does not see manifests it rejected outright.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import date
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.data import FacilityData
from trichome.metrc.skills.lists import dedupe
from trichome.metrc.skills.record_checks import is_pending, manifest
from trichome.metrc.skills.records import Record, day_of, number, plural, rounded, tally

MAX_LISTED = 60


def departed(transfer: Record) -> date | None:
    """The day a manifest left (actual, else estimated)."""
    return day_of(transfer.get("ActualDepartureDateTime")) or day_of(
        transfer.get("EstimatedDepartureDateTime")
    )


def status_of(transfer: Record, as_of: date, rejected_ids: set[Any]) -> str:
    """received, partially_rejected, rejected, pending or overdue."""
    shipped = int(number(transfer.get("PackageCount")))
    refused = int(number(transfer.get("RejectedPackagesCount")))
    if transfer.get("Id") in rejected_ids or (shipped and refused >= shipped):
        return "rejected"
    if is_pending(transfer):
        due = day_of(transfer.get("EstimatedArrivalDateTime"))
        return "overdue" if due is not None and due < as_of else "pending"
    return "partially_rejected" if refused else "received"


def manifest_row(transfer: Record, direction: str, status: str) -> dict[str, Any]:
    """A manifest, trimmed to what the summary reports."""
    incoming = direction == "incoming"
    arrived, due = (
        day_of(transfer.get("ReceivedDateTime")),
        day_of(transfer.get("EstimatedArrivalDateTime")),
    )
    return {
        "manifest": manifest(transfer),
        "direction": direction,
        "status": status,
        "type": transfer.get("ShipmentTypeName"),
        "partner_license": transfer.get(
            "ShipperFacilityLicenseNumber" if incoming else "RecipientFacilityLicenseNumber"
        ),
        "partner": transfer.get("ShipperFacilityName" if incoming else "RecipientFacilityName"),
        "departed": str(departed(transfer)),
        "due": str(due),
        "received": str(arrived) if arrived else None,
        "days_late": (arrived - due).days if arrived and due and arrived > due else 0,
        "packages": int(number(transfer.get("PackageCount"))),
        "rejected_packages": int(number(transfer.get("RejectedPackagesCount"))),
    }


async def transfer_summary(data: FacilityData, *, start: date, end: date) -> SkillResult:
    """Manifests in and out over a range: counts, partners, types, sizes, delays, rejections."""
    as_of = data.as_of
    incoming, outgoing, rejected = await asyncio.gather(
        data.incoming(), data.outgoing(), data.rejected()
    )
    rejected_ids = {transfer.get("Id") for transfer in rejected}
    rows: list[tuple[Record, dict[str, Any]]] = []
    for direction, transfers in (
        ("incoming", incoming),
        ("outgoing", dedupe([*outgoing, *rejected])),
    ):
        for transfer in transfers:
            left = departed(transfer)
            if left is not None and start <= left <= end:
                status = status_of(transfer, as_of, rejected_ids)
                rows.append((transfer, manifest_row(transfer, direction, status)))
    refused = [t for t, row in rows if row["rejected_packages"] or row["status"] == "rejected"]
    deliveries = await data.delivery_packages(
        [int(t["DeliveryId"]) for t in refused if isinstance(t.get("DeliveryId"), int)]
    )
    reasons = tally(
        str(line.get("RejectionReason") or "(no reason given)")
        for lines in deliveries.values()
        for line in lines
        if line.get("ShipmentPackageState") == "Rejected"
    )
    manifests = [row for _, row in rows]
    partners: dict[str, dict[str, Any]] = defaultdict(
        lambda: {"incoming": 0, "outgoing": 0, "packages": 0}
    )
    for row in manifests:
        entry = partners[f"{row['partner']} ({row['partner_license']})"]
        entry[row["direction"]] += 1
        entry["packages"] += row["packages"]
    sizes = [row["packages"] for row in manifests]
    by_status = tally(row["status"] for row in manifests)
    counts: dict[str, float] = {
        "manifests": len(manifests),
        "incoming": sum(1 for row in manifests if row["direction"] == "incoming"),
        "outgoing": sum(1 for row in manifests if row["direction"] == "outgoing"),
        "packages_in": sum(r["packages"] for r in manifests if r["direction"] == "incoming"),
        "packages_out": sum(r["packages"] for r in manifests if r["direction"] == "outgoing"),
        "rejected": by_status.get("rejected", 0),
        "partially_rejected": by_status.get("partially_rejected", 0),
        "rejected_packages": sum(row["rejected_packages"] for row in manifests),
        "pending": by_status.get("pending", 0),
        "overdue": by_status.get("overdue", 0),
        "arrived_late": sum(1 for row in manifests if row["days_late"] > 0),
        "average_packages_per_manifest": rounded(sum(sizes) / len(sizes), 1) if sizes else 0.0,
    }
    findings = [
        Finding(
            severity=Severity.HIGH,
            check="overdue_manifest",
            message=(
                f"{row['direction'].capitalize()} manifest {row['manifest']} "
                f"({'from' if row['direction'] == 'incoming' else 'to'} {row['partner']}, "
                f"{plural(row['packages'], 'package')}) was due {row['due']} and is not "
                "received; receive or reject it, or find the packages."
            ),
            transfers=[row["manifest"]],
        )
        for row in manifests
        if row["status"] == "overdue"
    ]
    bounced = [row for row in manifests if row["status"] in ("rejected", "partially_rejected")]
    if bounced:
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="rejections",
                message=(
                    f"{plural(len(bounced), 'manifest')} had packages rejected "
                    f"({int(counts['rejected_packages'])} packages; "
                    f"{int(counts['rejected'])} fully); reasons: "
                    + "; ".join(f"{reason} ({n})" for reason, n in reasons.items())
                    + "."
                ),
                transfers=[row["manifest"] for row in bounced],
            )
        )
    summary = (
        f"{data.license_number}, {start} to {end}: {plural(len(manifests), 'manifest')} "
        f"({int(counts['incoming'])} in with {int(counts['packages_in'])} packages, "
        f"{int(counts['outgoing'])} out with {int(counts['packages_out'])}); "
        f"{int(counts['rejected'])} rejected, {int(counts['partially_rejected'])} partly "
        f"rejected, {int(counts['overdue'])} overdue, {int(counts['pending'])} pending; "
        f"{counts['average_packages_per_manifest']:g} packages per manifest on average."
    )
    return SkillResult(
        skill="transfer_summary",
        license_number=data.license_number,
        as_of=as_of,
        parameters={"start": start.isoformat(), "end": end.isoformat()},
        summary=summary,
        counts=counts,
        findings=findings,
        details={
            "by_status": by_status,
            "by_type": tally(str(row["type"]) for row in manifests),
            "by_partner": dict(sorted(partners.items(), key=lambda entry: -entry[1]["packages"])),
            "packages_per_manifest": {
                "min": min(sizes, default=0),
                "max": max(sizes, default=0),
                "average": counts["average_packages_per_manifest"],
            },
            "rejection_reasons": reasons,
            # The most recent manifests; counts above cover them all.
            "manifests": sorted(manifests, key=lambda row: row["departed"], reverse=True)[
                :MAX_LISTED
            ],
        },
    )
