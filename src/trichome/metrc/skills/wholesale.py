"""wholesale_value: what each manifest of a range of days was worth at wholesale.

A manifest's value is the sum of its packages' wholesale prices: the shipper's price and
the recipient's (each side may record its own). Rejected and returned packages are valued
apart, as they did not change hands. A manifest with packages priced by neither side is
reported (a wholesale transfer without prices cannot be reconciled with invoices or
taxes), as is one whose two sides priced a package differently. Manifests count by the day
they left (actual, else estimated), and lab-sample shipments are left out unless asked.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import date
from typing import Any

from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.records import plural, rounded
from trichome.tracking import DeliveryPackage, Transfer
from trichome.tracking.source import FacilitySource

PRICE_TOLERANCE = 0.005  # half a cent


def price_of(row: DeliveryPackage) -> float | None:
    """A package's wholesale price: the shipper's, else the recipient's."""
    return row.shipper_price if row.shipper_price is not None else row.receiver_price


def manifest_row(transfer: Transfer, direction: str, rows: list[DeliveryPackage]) -> dict[str, Any]:
    """One manifest's value and the packages that leave it in doubt."""
    kept = [row for row in rows if not row.refused]
    priced = [row for row in kept if price_of(row) is not None]
    unpriced = [row.label for row in kept if price_of(row) is None]
    differ = [
        row.label
        for row in kept
        if row.shipper_price is not None
        and row.receiver_price is not None
        and abs(row.shipper_price - row.receiver_price) > PRICE_TOLERANCE
    ]
    partner = transfer.recipient_name if direction == "outgoing" else transfer.shipper_name
    return {
        "manifest": transfer.manifest,
        "direction": direction,
        "partner": partner,
        "departed": transfer.departed_on.isoformat() if transfer.departed_on else None,
        "shipment_type": transfer.shipment_type,
        "packages": len(rows),
        "priced_packages": len(priced),
        "shipper_value": rounded(sum(r.shipper_price or 0.0 for r in kept), 2),
        "receiver_value": rounded(sum(r.receiver_price or 0.0 for r in kept), 2),
        "value": rounded(sum(price_of(r) or 0.0 for r in priced), 2),
        "refused_value": rounded(sum(price_of(r) or 0.0 for r in rows if r.refused), 2),
        "unpriced": unpriced,
        "prices_differ": differ,
    }


async def wholesale_value(
    data: FacilitySource, *, start: date, end: date, include_samples: bool = False
) -> SkillResult:
    """The wholesale value of each manifest in and out that left from `start` to `end`."""
    incoming, outgoing = await asyncio.gather(data.incoming(), data.outgoing())
    chosen = [
        (transfer, direction)
        for direction, transfers in (("incoming", incoming), ("outgoing", outgoing))
        for transfer in transfers
        if not transfer.voided
        and start <= (transfer.departed_on or date.min) <= end
        and (include_samples or "sample" not in str(transfer.shipment_type or "").lower())
    ]
    deliveries = await data.delivery_packages(
        [t.delivery_id for t, _ in chosen if t.delivery_id is not None], prices=True
    )
    rows = [
        manifest_row(t, direction, deliveries.get(t.delivery_id or 0, []) if t.delivery_id else [])
        for t, direction in chosen
    ]
    rows.sort(key=lambda row: (row["departed"] or "", row["manifest"]))
    findings: list[Finding] = []
    unpriced = [row for row in rows if row["unpriced"]]
    if unpriced:
        labels = [label for row in unpriced for label in row["unpriced"]]
        findings.append(
            Finding(
                severity=Severity.MEDIUM,
                check="wholesale_price_missing",
                message=(
                    f"Wholesale prices missing: {plural(len(labels), 'package')} on "
                    f"{plural(len(unpriced), 'manifest')} (e.g. {unpriced[0]['manifest']}); "
                    "record the price each package changed hands at."
                ),
                packages=labels,
                transfers=[row["manifest"] for row in unpriced],
            )
        )
    differ = [row for row in rows if row["prices_differ"]]
    if differ:
        labels = [label for row in differ for label in row["prices_differ"]]
        findings.append(
            Finding(
                severity=Severity.LOW,
                check="wholesale_prices_differ",
                message=(
                    f"Shipper and recipient priced {plural(len(labels), 'package')} differently "
                    f"on {plural(len(differ), 'manifest')}; agree the price with the other side."
                ),
                packages=labels,
                transfers=[row["manifest"] for row in differ],
            )
        )
    totals: dict[str, dict[str, float]] = defaultdict(lambda: {"manifests": 0, "value": 0.0})
    for row in rows:
        totals[row["direction"]]["manifests"] += 1
        totals[row["direction"]]["value"] = rounded(
            totals[row["direction"]]["value"] + row["value"], 2
        )
    by_partner: dict[str, float] = defaultdict(float)
    for row in rows:
        by_partner[str(row["partner"])] = rounded(by_partner[str(row["partner"])] + row["value"], 2)
    value_in = totals["incoming"]["value"]
    value_out = totals["outgoing"]["value"]
    summary = (
        f"{data.license_number}, {start} to {end}: {plural(len(rows), 'manifest')}, "
        f"{value_out:,.2f} shipped out and {value_in:,.2f} received in at wholesale"
        + (f"; {plural(len(unpriced), 'manifest')} with unpriced packages." if unpriced else ".")
    )
    return SkillResult(
        skill="wholesale_value",
        license_number=data.license_number,
        as_of=data.as_of,
        parameters={
            "start": start.isoformat(),
            "end": end.isoformat(),
            "include_samples": include_samples,
        },
        summary=summary,
        counts={
            "manifests": len(rows),
            "incoming_manifests": totals["incoming"]["manifests"],
            "outgoing_manifests": totals["outgoing"]["manifests"],
            "incoming_value": value_in,
            "outgoing_value": value_out,
            "refused_value": rounded(sum(row["refused_value"] for row in rows), 2),
            "unpriced_packages": sum(len(row["unpriced"]) for row in rows),
        },
        findings=findings,
        details={"manifests": rows, "by_partner": dict(sorted(by_partner.items()))},
    )
