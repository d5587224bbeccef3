"""Rules about manifests, harvests, plants, tags, adjustments, waste records and sales."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import date, datetime

from trichome.metrc.skills.base import Severity
from trichome.metrc.skills.checks import Check, verdict
from trichome.metrc.skills.records import (
    lab_expiry,
    lab_passed,
    label,
    labels,
    plural,
    product_expiry,
)
from trichome.tracking import (
    Adjustment,
    AdjustReason,
    Harvest,
    Package,
    Plant,
    PlantWaste,
    Transfer,
)
from trichome.tracking.source import Receipts


def moment_text(moment: datetime | None) -> str | None:
    """A moment as ISO 8601 (None stays None)."""
    return moment.isoformat() if moment is not None else None


# Adjustment reasons that record a loss, whose note should say what happened.
LOSS_REASONS = frozenset({"Waste", "Spoilage", "Theft", "Destruction", "Damage", "Expired"})


def overdue_transfers(
    incoming: Sequence[Transfer], outgoing: Sequence[Transfer], as_of: date
) -> Check:
    """Manifests not received after the day they were due to arrive."""
    late: list[tuple[str, Transfer, int]] = []
    for direction, transfers in (("incoming", incoming), ("outgoing", outgoing)):
        for transfer in transfers:
            due = transfer.due_on
            if transfer.pending and due is not None and due < as_of:
                late.append((direction, transfer, (as_of - due).days))
    parts = []
    for direction, transfer, days in late[:5]:
        partner = transfer.shipper_name if direction == "incoming" else transfer.recipient_name
        towards = "from" if direction == "incoming" else "to"
        count = plural(transfer.package_count, "package")
        parts.append(
            f"{direction} {transfer.manifest} {towards} {partner} with {count}, due "
            f"{transfer.due_on}, {plural(days, 'day')} late"
        )
    message = (
        f"Overdue manifests: {plural(len(late), 'manifest')} ({', '.join(parts)}); receive or "
        "reject them, or find the packages."
        if late
        else "Every manifest due by now has been received."
    )
    return Check(
        "overdue_manifests",
        "Manifests are received (or rejected) by their estimated arrival.",
        not late,
        Severity.HIGH,
        message,
        transfers=[transfer.manifest for _, transfer, _ in late],
        details={
            "overdue": [
                {
                    "manifest": transfer.manifest,
                    "direction": direction,
                    "days_late": days,
                    "estimated_arrival": moment_text(transfer.estimated_arrival),
                    "packages": transfer.package_count,
                }
                for direction, transfer, days in late
            ]
        },
    )


def stale_harvests(harvests: Sequence[Harvest], as_of: date, days: int) -> Check:
    """Harvests still open more than `days` days after they started."""
    stale = [
        h
        for h in harvests
        if h.finished is None and h.started is not None and (as_of - h.started).days > days
    ]
    left = sum(h.current_weight for h in stale)
    unit = stale[0].unit if stale else ""
    message = (
        f"Harvests open over {days} days: {plural(len(stale), 'harvest')} "
        f"({', '.join(h.name for h in stale[:6])}) with {left:,.1f} {unit} neither "
        "packaged nor wasted; record the rest (moisture loss or waste) and finish them."
    )
    return Check(
        "stale_harvests",
        f"Harvests are packaged and finished within {days} days.",
        not stale,
        Severity.MEDIUM,
        message if stale else f"No harvest is open longer than {days} days.",
        harvests=[h.name for h in stale],
        details={
            "open": [
                {
                    "harvest": h.name,
                    "started": h.started.isoformat() if h.started else None,
                    "days_open": (as_of - (h.started or as_of)).days,
                    "current_weight": h.current_weight,
                    "packages": h.package_count,
                }
                for h in stale
            ]
        },
    )


def harvests_without_waste(harvests: Sequence[Harvest], since: date) -> Check:
    """Packaged harvests (started since `since`) with no waste recorded."""
    bare = [
        h
        for h in harvests
        if h.package_count > 0 and h.waste_weight <= 0 and (h.started or date.min) >= since
    ]
    return Check(
        "harvest_waste_recorded",
        "Each packaged harvest records its waste (stems, trim, plant material).",
        not bare,
        Severity.LOW,
        f"Harvests without waste records: {plural(len(bare), 'harvest')} "
        f"({', '.join(h.name for h in bare[:6])}); record their waste."
        if bare
        else "Every packaged harvest records waste.",
        harvests=[h.name for h in bare],
    )


def low_tags(plant_tags: int | None, package_tags: int | None, minimum: int) -> Check:
    """Enough unused tags to keep tagging plants and packages."""
    short = {
        kind: count
        for kind, count in (("plant", plant_tags), ("package", package_tags))
        if count is not None and count < minimum
    }
    shown = ", ".join(f"{count} {kind} tags" for kind, count in short.items())
    return Check(
        "low_tags",
        f"At least {minimum} unused plant and package tags are on hand.",
        not short,
        Severity.HIGH if any(count == 0 for count in short.values()) else Severity.MEDIUM,
        f"Only {shown} left (minimum {minimum}); order tags now."
        if short
        else "The tracking system issues identifiers itself; no tags to order."
        if package_tags is None and plant_tags is None
        else f"Tags on hand: {package_tags} package"
        + (f", {plant_tags} plant." if plant_tags is not None else "."),
        details={"plant_tags": plant_tags, "package_tags": package_tags},
    )


def plants_on_hold(plants: Sequence[Plant]) -> Check:
    """Plants on hold."""
    held = [p for p in plants if p.on_hold]
    return Check(
        "plants_on_hold",
        "Plant holds are resolved.",
        not held,
        Severity.MEDIUM,
        f"Plants on hold: {plural(len(held), 'plant')}; release them or act on the hold."
        if held
        else "No plant on hold.",
        plants=labels(held),
    )


def long_flowering(flowering: Sequence[Plant], as_of: date, days: int) -> Check:
    """Plants flowering longer than `days` days (a missed harvest?)."""
    long = [
        p
        for p in flowering
        if (since := p.flowering_since) is not None and (as_of - since).days > days
    ]
    return Check(
        "overdue_harvest",
        f"Plants are harvested within {days} days of flowering.",
        not long,
        Severity.LOW,
        f"Flowering over {days} days: {plural(len(long), 'plant')}; harvest or check them."
        if long
        else f"No plant has flowered longer than {days} days.",
        plants=labels(long),
    )


def adjustment_notes(
    adjustments: Sequence[Adjustment], reasons: Sequence[AdjustReason], since: date
) -> Check:
    """Adjustments since `since` whose reason requires a note, or records a loss, have one."""
    needs_note = {r.name for r in reasons if r.requires_note} | LOSS_REASONS
    bare = [
        a
        for a in adjustments
        if str(a.reason) in needs_note and not a.note and (a.day or date.min) >= since
    ]
    return Check(
        "adjustment_notes",
        "Adjustments whose reason requires a note (and every loss) carry one.",
        not bare,
        Severity.MEDIUM,
        f"Adjustments without a required note: {plural(len(bare), 'adjustment')}; add the notes."
        if bare
        else "Every adjustment that needs a note has one.",
        packages=list(dict.fromkeys(a.package_label for a in bare)),
    )


def waste_records_complete(
    plant_waste: Sequence[PlantWaste], batch_waste: Sequence[PlantWaste], since: date
) -> Check:
    """Plant and plant-batch waste since `since` records method, reason, weight and unit."""
    incomplete = [
        {"record": record.number, "missing": missing}
        for record in [*plant_waste, *batch_waste]
        if (record.day or date.min) >= since and (missing := record.missing())
    ]
    return Check(
        "waste_records_complete",
        "Waste records state method, reason, weight and unit.",
        not incomplete,
        Severity.MEDIUM,
        f"Incomplete waste records: {plural(len(incomplete), 'record')}; complete them."
        if incomplete
        else "Every waste record has method, reason, weight and unit.",
        details={"incomplete": incomplete} if incomplete else {},
    )


def destroyed_plants_recorded(
    inactive_plants: Sequence[Plant], plant_waste: Sequence[PlantWaste], since: date
) -> Check:
    """Plants destroyed since `since` are covered by plant waste records.

    A plant waste record counts plants without naming them (as Metrc's does), so each day's
    destroyed plants are held against the plants its waste records count: on a day with
    fewer plants on waste records than plants destroyed, that day's destroyed plants are
    reported.
    """
    covered: dict[date, int] = defaultdict(int)
    for record in plant_waste:
        if record.day is not None and record.plant_batch_id is None:
            covered[record.day] += record.plant_count
    destroyed: dict[date, list[Plant]] = defaultdict(list)
    for plant in inactive_plants:
        day = plant.destroyed
        if day is not None and day >= since:
            destroyed[day].append(plant)
    missing = [
        plant
        for day, plants in sorted(destroyed.items())
        if covered[day] < len(plants)
        for plant in plants
    ]
    return Check(
        "destroyed_plants_have_waste",
        "Every destroyed plant is covered by a plant waste record.",
        not missing,
        Severity.MEDIUM,
        f"Destroyed plants without waste records: {plural(len(missing), 'plant')}; record the "
        "waste."
        if missing
        else "Every destroyed plant has a waste record.",
        plants=labels(missing),
    )


def sales_breaches(receipts: Receipts, packages: Mapping[str, Package]) -> list[Check]:
    """Sales of untested or failed product, of expired product, and after lab expiry."""
    untested: dict[str, Package] = {}
    expired: dict[str, Package] = {}
    lab_lapsed: dict[str, Package] = {}
    for receipt in receipts.sales:
        sold = receipt.day
        for line in receipt.lines:
            package = packages.get(line.package_label)
            if package is None:
                continue
            passed_on = package.lab_tested
            if not lab_passed(package) or (passed_on is not None and sold < passed_on):
                untested[label(package)] = package
            ends = product_expiry(package)
            if ends is not None and sold > ends[0]:
                expired[label(package)] = package
            lab_ends = lab_expiry(package)
            if lab_ends is not None and sold > lab_ends:
                lab_lapsed[label(package)] = package
    span = f"from {receipts.start} to {receipts.end}"
    return [
        verdict(
            "no_sale_of_untested_product",
            "Only product that passed testing is sold.",
            Severity.CRITICAL,
            list(untested.values()),
            f"Sold without a passing lab result {span}",
            "stop these sales and report them.",
            f"Every sale {span} drew on product that had passed testing.",
        ),
        verdict(
            "no_sale_of_expired_product",
            "No product is sold after its expiration, use-by or sell-by date.",
            Severity.CRITICAL,
            list(expired.values()),
            f"Sold after their expiry date {span}",
            "pull expired stock from the shelf.",
            f"No product was sold after its expiry date {span}.",
        ),
        verdict(
            "no_sale_after_lab_expiry",
            "No product is sold after its lab result expired.",
            Severity.CRITICAL,
            list(lab_lapsed.values()),
            f"Sold after their lab result expired {span}",
            "retest or pull the stock.",
            f"No product was sold after its lab result expired {span}.",
        ),
    ]
