"""transfer_summary: a facility's manifests over a range of days, in and out.

A manifest belongs to the range by its departure day (actual, else estimated). Once
received, a manifest whose recipient accepted fewer packages than were shipped is partly
rejected, or rejected when it accepted none; the shipper's rejected list (manifests with
rejected packages) marks its own manifests the same way. The packages of each refused
delivery are read to count them and to show their states.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import date
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.records import plural, rounded, tally
from trichome.tracking import DeliveryPackage, Transfer, TransferStatus
from trichome.tracking.source import FacilitySource

MAX_LISTED = 60


def day_text(day: date | None) -> str:
    """A day as YYYY-MM-DD ('None' when missing, as before)."""
    return day.isoformat() if day is not None else "None"


def status_of(
    transfer: Transfer,
    as_of: date,
    rejected_ids: set[int | None],
    lines: list[DeliveryPackage] | None = None,
) -> TransferStatus:
    """received, partially_rejected, rejected, pending, overdue or voided.

    The delivery's packages, when read, decide: none accepted is a rejection, some
    refused a partial one.
    """
    status = transfer.status(as_of, rejected=transfer.id in rejected_ids)
    if lines and not transfer.pending and not transfer.voided:
        refused = sum(1 for line in lines if line.refused)
        if refused and refused >= len(lines):
            return TransferStatus.REJECTED
        if refused:
            return TransferStatus.PARTIALLY_REJECTED
    return status


def refused_count(transfer: Transfer, lines: list[DeliveryPackage] | None) -> int:
    """How many of a received manifest's packages were refused."""
    if lines and not transfer.pending:
        return sum(1 for line in lines if line.refused)
    return transfer.rejected_packages


def manifest_row(
    transfer: Transfer, direction: str, status: TransferStatus, refused: int
) -> dict[str, Any]:
    """A manifest, trimmed to what the summary reports."""
    incoming = direction == "incoming"
    arrived, due = transfer.received_on, transfer.due_on
    return {
        "manifest": transfer.manifest,
        "direction": direction,
        "status": status.value,
        "type": transfer.shipment_type,
        "partner_license": transfer.shipper_license if incoming else transfer.recipient_license,
        "partner": transfer.shipper_name if incoming else transfer.recipient_name,
        "departed": day_text(transfer.departed_on),
        "due": day_text(due),
        "received": arrived.isoformat() if arrived else None,
        "days_late": (arrived - due).days if arrived and due and arrived > due else 0,
        "packages": transfer.package_count,
        "rejected_packages": refused,
    }


async def transfer_summary(data: FacilitySource, *, start: date, end: date) -> SkillResult:
    """Manifests in and out over a range: counts, partners, types, sizes, delays, rejections."""
    as_of = data.as_of
    incoming, outgoing, rejected = await asyncio.gather(
        data.incoming(), data.outgoing(), data.rejected()
    )
    rejected_ids = {transfer.id for transfer in rejected}
    chosen: list[tuple[Transfer, str]] = []
    # A manifest on both the outgoing and the rejected list is counted once, each of its
    # deliveries (one per recipient) apart.
    seen: set[tuple[int, int | None]] = set()
    for direction, transfers in (("incoming", incoming), ("outgoing", [*outgoing, *rejected])):
        for transfer in transfers:
            if direction == "outgoing" and transfer.id is not None:
                if (transfer.id, transfer.delivery_id) in seen:
                    continue
                seen.add((transfer.id, transfer.delivery_id))
            left = transfer.departed_on
            if left is not None and start <= left <= end:
                chosen.append((transfer, direction))
    refused = [
        t
        for t, _ in chosen
        if t.delivery_id is not None
        and not t.pending
        and (t.rejected_packages or t.id in rejected_ids)
    ]
    deliveries = await data.delivery_packages([t.delivery_id for t in refused if t.delivery_id])
    rows: list[tuple[Transfer, dict[str, Any]]] = []
    for transfer, direction in chosen:
        lines = deliveries.get(transfer.delivery_id) if transfer.delivery_id else None
        status = status_of(transfer, as_of, rejected_ids, lines)
        rows.append(
            (
                transfer,
                manifest_row(transfer, direction, status, refused_count(transfer, lines)),
            )
        )
    states = tally(
        line.state or "(no state)"
        for lines in deliveries.values()
        for line in lines
        if line.refused
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
        "voided": by_status.get("voided", 0),
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
                    f"{int(counts['rejected'])} fully)"
                    + (
                        "; " + ", ".join(f"{n} {state.lower()}" for state, n in states.items())
                        if states
                        else ""
                    )
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
            "refused_packages_by_state": states,
            # The most recent manifests; counts above cover them all.
            "manifests": sorted(manifests, key=lambda row: row["departed"], reverse=True)[
                :MAX_LISTED
            ],
        },
    )
