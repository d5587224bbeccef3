"""BioTrack sync rows into our records: sales, transfers, adjustments and lab results.

BioTrack records what Metrc records with fewer fields; where our record has a field
BioTrack does not send, the docstring of the function says so and the field is None, 0 or
empty. Identifiers are 16-digit barcodes, kept as text in our `*_label` fields (our numeric
`*_id` fields stay None: BioTrack has no numeric package ids). Times are epoch seconds,
read in the state's time zone `tz`. `inventory` maps a barcode to its sync_inventory row,
to name products and categories where a row names only a barcode.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import tzinfo
from typing import Any

from trichome.tracking.biotrack.codes import ADJUSTMENT_REASONS, QA_TEST_TYPES, inventory_type_name
from trichome.tracking.biotrack.fields import day, flag, ident, maybe_number, moment, number, text
from trichome.tracking.lab import LabState
from trichome.tracking.records import (
    Adjustment,
    DeliveryPackage,
    LabResult,
    Receipt,
    Sale,
    ShipmentState,
    Transfer,
)

Row = Mapping[str, Any]
Inventory = Mapping[str, Row]


def _lot(inventory: Inventory | None, barcode: str | None) -> Row:
    return (inventory or {}).get(barcode or "", {})


def _category(row: Row, lot: Row) -> str | None:
    return inventory_type_name(row.get("inventorytype", lot.get("inventorytype")))


# Sales ---------------------------------------------------------------------------------------


def sale(row: Row, inventory: Inventory | None = None) -> Sale:
    """One sync_sale row (one item of a sale). BioTrack sends no unit (the quantity is in the
    lot's own unit), no strain or product unless the lot is given in `inventory`, and no
    per-unit weight or THC."""
    label = text(row.get("inventoryid")) or ""
    lot = _lot(inventory, label)
    return Sale(
        package_id=None,
        package_label=label,
        product_name=text(lot.get("productname")),
        category=_category(row, lot),
        strain=text(lot.get("strain")),
        quantity=number(row.get("quantity")),
        unit=None,
        price=number(row.get("price")),
    )


def receipts(rows: Iterable[Row], tz: tzinfo, inventory: Inventory | None = None) -> list[Receipt]:
    """sync_sale rows grouped into receipts by the sale's first transaction id
    (`transactionid_original`: later changes to an item keep it).

    BioTrack has no receipt number, customer type or patient licence in these rows, and no
    open state: a dispensed sale is final. A sale whose every item is deleted (voided) is
    archived on the day of its last change; refunded items are left out of the lines.
    """
    groups: dict[int, list[Row]] = {}
    for row in rows:
        key = ident(row.get("transactionid_original")) or ident(row.get("transactionid"))
        if key is not None:
            groups.setdefault(key, []).append(row)
    found = []
    for key, items in sorted(groups.items()):
        items.sort(key=lambda item: ident(item.get("itemnumber")) or 0)
        live = [item for item in items if not flag(item.get("deleted"))]
        kept = [item for item in live if not flag(item.get("refunded"))]
        first = min((ident(item.get("sessiontime")) or 0) for item in items)
        last = max((ident(item.get("sessiontime")) or 0) for item in items)
        lines = tuple(sale(item, inventory) for item in kept)
        found.append(
            Receipt(
                id=key,
                number=str(key),
                external_number=None,
                sold_at=moment(first, tz),
                customer_type=None,
                patient_license=None,
                total_packages=len(lines),
                total_price=round(sum(line.price for line in lines), 2),
                lines=lines,
                is_final=True,
                archived=None if live else day(last, tz),
                recorded_at=moment(last, tz),
            )
        )
    return found


# Adjustments ---------------------------------------------------------------------------------


def adjustment(row: Row, tz: tzinfo, inventory: Inventory | None = None) -> Adjustment:
    """One sync_inventory_adjust row: BioTrack gives the quantity before and after, so the
    signed change is their difference. It sends no unit, no user and no packaging date."""
    label = text(row.get("inventoryid")) or ""
    lot = _lot(inventory, label)
    before, after = (
        maybe_number(row.get("previous_quantity")),
        maybe_number(row.get("new_quantity")),
    )
    code = ident(row.get("atype"))
    return Adjustment(
        package_id=None,
        package_label=label,
        item_name=text(lot.get("productname")),
        item_category=_category(row, lot),
        quantity=(after - before) if before is not None and after is not None else 0.0,
        unit=None,
        reason=ADJUSTMENT_REASONS.get(code, f"Adjustment type {code}") if code else None,
        note=text(row.get("reason")),
        day=day(row.get("sessiontime"), tz),
        adjusted_by=None,
        packaged=None,
    )


# Transfers -----------------------------------------------------------------------------------


def transfers(
    manifests: Iterable[Row],
    stops: Iterable[Row],
    items: Iterable[Row],
    tz: tzinfo,
    inbound: Iterable[Row] = (),
) -> list[Transfer]:
    """sync_manifest's three lists as one Transfer per stop (as Metrc lists one per delivery).

    The stop's depart and arrive times are BioTrack's planned times (our estimated ones);
    BioTrack records no actual departure or arrival. A stop counts as received when
    `inbound` (sync_inventory_transfer_inbound rows, the recipient's) holds items of that
    manifest and stop (`manifest_stop`); the shipper's own rows never say so. A deleted
    manifest is voided.
    """
    stop_rows: dict[str, list[Row]] = {}
    for stop in stops:
        if not flag(stop.get("deleted")):
            stop_rows.setdefault(str(stop.get("manifestid")), []).append(stop)
    item_count: dict[tuple[str, str], int] = {}
    for item in items:
        if not flag(item.get("deleted")):
            key = (str(item.get("manifestid")), str(item.get("stopnumber")))
            item_count[key] = item_count.get(key, 0) + 1
    received: dict[tuple[str, str], list[Row]] = {}
    for row in inbound:
        if not flag(row.get("deleted")):
            key = (str(row.get("manifestid")), str(row.get("manifest_stop", "")))
            received.setdefault(key, []).append(row)
    found = []
    for manifest in manifests:
        manifest_id = str(manifest.get("manifestid") or "")
        for stop in stop_rows.get(manifest_id, []) or [{}]:
            number_ = str(stop.get("stopnumber", ""))
            got = received.get((manifest_id, number_), [])
            # The sender sees no inbound rows (none given); the sandbox marks a received manifest
            # `fulfilled` with a `completion_date` (fields not seen in a source).
            done = not received and flag(manifest.get("fulfilled"))
            found.append(
                Transfer(
                    id=None,
                    manifest=manifest_id,
                    delivery_id=ident(stop.get("stopnumber")),
                    shipper_license=text(manifest.get("origination_license_number")),
                    shipper_name=text(manifest.get("origination_name")),
                    recipient_license=text(stop.get("license_number")),
                    recipient_name=text(stop.get("name")),
                    shipment_type=None,
                    package_count=item_count.get((manifest_id, number_))
                    or ident(stop.get("item_count"))
                    or 0,
                    received_package_count=len({str(row.get("inventoryid")) for row in got})
                    or (ident(stop.get("item_count")) or 0 if done else 0),
                    voided=flag(manifest.get("deleted")),
                    created=moment(manifest.get("sessiontime"), tz),
                    estimated_departure=moment(stop.get("depart_time"), tz),
                    actual_departure=None,
                    estimated_arrival=moment(stop.get("arrive_time"), tz),
                    actual_arrival=None,
                    received=moment(manifest.get("completion_date"), tz)
                    if done
                    else max(
                        (when for row in got if (when := moment(row.get("sessiontime"), tz))),
                        default=None,
                    ),
                )
            )
    return found


def delivery_package(
    shipped: Row, received: Row | None = None, inventory: Inventory | None = None
) -> DeliveryPackage:
    """A sync_inventory_transfer row (the shipper's), with the recipient's inbound row for
    the same barcode when known. BioTrack sends no lab state here (NotSubmitted then), no
    unit and no packaging date; a refund row (`is_refund`) counts as returned."""
    label = text(shipped.get("inventoryid")) or ""
    lot = _lot(inventory, label)
    if received is None:
        state = ShipmentState.SHIPPED
    elif flag(received.get("is_refund")):
        state = ShipmentState.RETURNED
    else:
        state = ShipmentState.ACCEPTED
    return DeliveryPackage(
        package_id=None,
        label=label,
        item_name=text(lot.get("productname")),
        item_category=_category(shipped, lot),
        item_strain=text(shipped.get("strain")) or text(lot.get("strain")),
        lab_state=LabState.NOT_SUBMITTED.value,
        state=state.value,
        shipped_quantity=number(shipped.get("quantity")),
        shipped_unit=None,
        received_quantity=maybe_number(received.get("quantity")) if received else None,
        received_unit=None,
        packaged=None,
        shipper_price=maybe_number(shipped.get("price")),
        receiver_price=maybe_number(received.get("price")) if received else None,
    )


# Lab results ---------------------------------------------------------------------------------


def qa_lab_state(result: Any) -> str:
    """A QA sample's `result` as our lab state: 1 passed, 0 not yet filed, -1 failed."""
    code = ident(result)
    if code == 1:
        return LabState.TEST_PASSED.value
    if code == -1:
        return LabState.TEST_FAILED.value
    return LabState.SUBMITTED_FOR_TESTING.value


def lab_results(answer: Row, tz: tzinfo, lab_name: str | None = None) -> list[LabResult]:
    """An inventory_qa_check answer (or one entry of inventory_qa_check_all) as one
    LabResult per measured value ("Potency Analysis: THC" at 18.9).

    BioTrack gives one verdict for the whole sample, not per test (`test_passed` is None),
    no product name, no release or expiry dates and no revocation; the lot tested is kept
    in `source_package_label`. The test date is the answer's `sessiontime` when sent.
    """
    state = qa_lab_state(answer.get("result"))
    overall = {LabState.TEST_PASSED.value: True, LabState.TEST_FAILED.value: False}.get(state)
    tested_on = day(answer.get("sessiontime"), tz)
    results = []
    for test in answer.get("test") or []:
        if not isinstance(test, Mapping):
            continue
        kind = ident(test.get("type"))
        name = QA_TEST_TYPES.get(kind or 0, f"Test type {kind}")
        for key, value in test.items():
            if str(key).lower() == "type":
                continue
            results.append(
                LabResult(
                    package_id=None,
                    result_id=ident(answer.get("transactionid")),
                    lab_license=text(answer.get("lab_license")),
                    lab_name=lab_name,
                    source_package_label=text(answer.get("parent_id"))
                    or text(answer.get("barcode_id")),
                    product_name=None,
                    category=inventory_type_name(answer.get("inventorytype")),
                    tested_on=tested_on,
                    overall_passed=overall,
                    test_type=f"{name}: {key}",
                    test_passed=None,
                    level=maybe_number(value),
                    comment=None,
                    informational=False,
                    released=overall is not None,
                    released_at=None,
                    expires=None,
                    revoked=None,
                )
            )
    return results
