"""Rules about manifests, harvests, plants, tags, adjustments, waste records and sales."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date

from trichome.metrc.skills.base import Severity
from trichome.metrc.skills.checks import Check, verdict
from trichome.metrc.skills.lists import Receipts, sale_day
from trichome.metrc.skills.records import (
    Record,
    day_of,
    lab_expiry,
    lab_passed,
    label,
    labels,
    names,
    number,
    plural,
    product_expiry,
)

# Adjustment reasons that record a loss, whose note should say what happened.
LOSS_REASONS = frozenset({"Waste", "Spoilage", "Theft", "Destruction", "Damage", "Expired"})


def manifest(transfer: Mapping[str, object]) -> str:
    """A transfer's manifest number."""
    return str(transfer.get("ManifestNumber") or transfer.get("Id"))


def is_pending(transfer: Mapping[str, object]) -> bool:
    """Whether a manifest's delivery has not been received (or rejected) yet."""
    return not transfer.get("ReceivedDateTime")


def overdue_transfers(incoming: Sequence[Record], outgoing: Sequence[Record], as_of: date) -> Check:
    """Manifests not received after the day they were due to arrive."""
    late: list[tuple[str, Record, int]] = []
    for direction, transfers in (("incoming", incoming), ("outgoing", outgoing)):
        for transfer in transfers:
            due = day_of(transfer.get("EstimatedArrivalDateTime"))
            if is_pending(transfer) and due is not None and due < as_of:
                late.append((direction, transfer, (as_of - due).days))
    parts = []
    for direction, transfer, days in late[:5]:
        partner = (
            transfer.get("ShipperFacilityName")
            if direction == "incoming"
            else transfer.get("RecipientFacilityName")
        )
        towards = "from" if direction == "incoming" else "to"
        count = plural(int(number(transfer.get("PackageCount"))), "package")
        due = day_of(transfer.get("EstimatedArrivalDateTime"))
        parts.append(
            f"{direction} {manifest(transfer)} {towards} {partner} with {count}, due {due}, "
            f"{plural(days, 'day')} late"
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
        transfers=[manifest(transfer) for _, transfer, _ in late],
        details={
            "overdue": [
                {
                    "manifest": manifest(transfer),
                    "direction": direction,
                    "days_late": days,
                    "estimated_arrival": transfer.get("EstimatedArrivalDateTime"),
                    "packages": transfer.get("PackageCount"),
                }
                for direction, transfer, days in late
            ]
        },
    )


def stale_harvests(harvests: Sequence[Record], as_of: date, days: int) -> Check:
    """Harvests still open more than `days` days after they started."""
    stale = [
        h
        for h in harvests
        if not h.get("FinishedDate")
        and (started := day_of(h.get("HarvestStartDate"))) is not None
        and (as_of - started).days > days
    ]
    left = sum(number(h.get("CurrentWeight")) for h in stale)
    unit = str(stale[0].get("UnitOfWeightName") or "") if stale else ""
    message = (
        f"Harvests open over {days} days: {plural(len(stale), 'harvest')} "
        f"({', '.join(str(h.get('Name')) for h in stale[:6])}) with {left:,.1f} {unit} neither "
        "packaged nor wasted; record the rest (moisture loss or waste) and finish them."
    )
    return Check(
        "stale_harvests",
        f"Harvests are packaged and finished within {days} days.",
        not stale,
        Severity.MEDIUM,
        message if stale else f"No harvest is open longer than {days} days.",
        harvests=[str(h.get("Name")) for h in stale],
        details={
            "open": [
                {
                    "harvest": h.get("Name"),
                    "started": h.get("HarvestStartDate"),
                    "days_open": (as_of - (day_of(h.get("HarvestStartDate")) or as_of)).days,
                    "current_weight": h.get("CurrentWeight"),
                    "packages": h.get("PackageCount"),
                }
                for h in stale
            ]
        },
    )


def harvests_without_waste(harvests: Sequence[Record], since: date) -> Check:
    """Packaged harvests (started since `since`) with no waste recorded."""
    bare = [
        h
        for h in harvests
        if number(h.get("PackageCount")) > 0
        and number(h.get("TotalWasteWeight")) <= 0
        and (day_of(h.get("HarvestStartDate")) or date.min) >= since
    ]
    return Check(
        "harvest_waste_recorded",
        "Each packaged harvest records its waste (stems, trim, plant material).",
        not bare,
        Severity.LOW,
        f"Harvests without waste records: {plural(len(bare), 'harvest')} "
        f"({', '.join(str(h.get('Name')) for h in bare[:6])}); record their waste."
        if bare
        else "Every packaged harvest records waste.",
        harvests=[str(h.get("Name")) for h in bare],
    )


def low_tags(plant_tags: int | None, package_tags: int, minimum: int) -> Check:
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
        else f"Tags on hand: {package_tags} package"
        + (f", {plant_tags} plant." if plant_tags is not None else "."),
        details={"plant_tags": plant_tags, "package_tags": package_tags},
    )


def plants_on_hold(plants: Sequence[Record]) -> Check:
    """Plants on hold."""
    held = [p for p in plants if p.get("IsOnHold")]
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


def long_flowering(flowering: Sequence[Record], as_of: date, days: int) -> Check:
    """Plants flowering longer than `days` days (a missed harvest?)."""
    long = [
        p
        for p in flowering
        if (since := day_of(p.get("FloweringDate"))) is not None and (as_of - since).days > days
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
    adjustments: Sequence[Record], reasons: Sequence[Record], since: date
) -> Check:
    """Adjustments since `since` whose reason requires a note, or records a loss, have one."""
    needs_note = {str(r.get("Name")) for r in reasons if r.get("RequiresNote")} | LOSS_REASONS
    bare = [
        a
        for a in adjustments
        if str(a.get("AdjustmentReasonName")) in needs_note
        and not str(a.get("AdjustmentNote") or "").strip()
        and (day_of(a.get("AdjustmentDate")) or date.min) >= since
    ]
    return Check(
        "adjustment_notes",
        "Adjustments whose reason requires a note (and every loss) carry one.",
        not bare,
        Severity.MEDIUM,
        f"Adjustments without a required note: {plural(len(bare), 'adjustment')}; add the notes."
        if bare
        else "Every adjustment that needs a note has one.",
        packages=list(dict.fromkeys(str(a.get("PackageLabel")) for a in bare)),
    )


def waste_records_complete(
    plant_waste: Sequence[Record], batch_waste: Sequence[Record], since: date
) -> Check:
    """Plant and plant-batch waste since `since` records method, reason, weight and unit."""
    incomplete = []
    for record in [*plant_waste, *batch_waste]:
        if (day_of(record.get("WasteDate")) or date.min) < since:
            continue
        missing = [
            field
            for field, ok in (
                ("method", bool(record.get("WasteMethodName"))),
                ("reason", bool(record.get("ReasonName") or record.get("Note"))),
                ("weight", number(record.get("WasteWeight")) > 0),
                ("unit", bool(record.get("UnitOfMeasureName"))),
            )
            if not ok
        ]
        if missing:
            incomplete.append({"record": record.get("Id"), "missing": missing})
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
    inactive_plants: Sequence[Record], plant_waste: Sequence[Record], since: date
) -> Check:
    """Plants destroyed since `since` appear on a plant waste record."""
    wasted = {name for record in plant_waste for name in names(record.get("PlantLabels"))}
    waste_days = {day_of(record.get("WasteDate")) for record in plant_waste}
    missing = [
        p
        for p in inactive_plants
        if (destroyed := day_of(p.get("DestroyedDate"))) is not None
        and destroyed >= since
        and label(p) not in wasted
        # Where waste records do not list their plants, a record that day covers them.
        and not (not wasted and destroyed in waste_days)
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


def sales_breaches(receipts: Receipts, packages: Mapping[str, Record]) -> list[Check]:
    """Sales of untested or failed product, of expired product, and after lab expiry."""
    untested: dict[str, Record] = {}
    expired: dict[str, Record] = {}
    lab_lapsed: dict[str, Record] = {}
    for receipt in receipts.active:
        sold = sale_day(receipt)
        for line in receipt.get("Transactions") or []:
            package = packages.get(str(line.get("PackageLabel")))
            if package is None:
                continue
            passed_on = day_of(package.get("LabTestingPerformedDate"))
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
