"""Inventory actions: new, adjust, move, split, create lot, convert, destroy schedule and
destroy, modify and check. Quantities are kept in grams, or in items for counted types."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from trichome.sandbox.biotrack.calls import Call
from trichome.sandbox.biotrack.inputs import (
    amount_in,
    decimal,
    identifiers,
    integer,
    nodes,
    shown,
    stored,
    text,
)
from trichome.sandbox.biotrack.reference import (
    ADJUST_TYPES,
    EACH_TYPES,
    INVENTORY_TYPES,
    LOT_OF,
    NEW_INVENTORY_TYPES,
    OPENING_DAYS,
    SALE_TYPES,
)
from trichome.sandbox.biotrack.store import BioTrackError, Row

PRODUCT_TYPES = frozenset({22, 23, 24, 25})  # need a product name (manual, inventory_convert)


def new_item(
    call: Call,
    kind: int,
    quantity: Decimal,
    *,
    strain: str | None,
    parent: str | None = None,
    room: str | None = None,
    product: str | None = None,
    qa: str | None = None,
) -> str:
    """Create one inventory item of the caller's and return its new barcode."""
    barcode = call.store.barcode()
    data = {
        "id": barcode,
        "inventorytype": kind,
        "strain": strain,
        "productname": product,
        "remaining_quantity": shown(quantity),
        "currentroom": room or call.default_room(),
        "parentid": parent,
        "plantid": [],
        "removescheduled": 0,
        "removescheduletime": None,
        "removereason": None,
        "_qa": qa,
    }
    call.store.insert("inventory", barcode, call.location, data, call.tx(), call.now)
    return barcode


def item(call: Call, key: Any) -> Row:
    """A live item of the caller's that is not waiting on a manifest."""
    row = call.store.need("inventory", key, call.location, "inventory item")
    if row.data.get("_manifest"):
        raise BioTrackError(f"The item {row.key} is on manifest {row.data['_manifest']}.")
    return row


def take(call: Call, row: Row, amount: Decimal) -> None:
    """Remove an amount from an item, refusing more than it holds."""
    left = stored(row.data["remaining_quantity"]) - amount
    if left < 0:
        raise BioTrackError(f"The item {row.key} holds less than {shown(amount)}.")
    call.store.touch(row, call.tx(), call.now, remaining_quantity=shown(left))


def _removals(call: Call) -> list[tuple[Row, Decimal]]:
    """The data nodes' items and the amounts to take from each (checked, not yet taken)."""
    found: list[tuple[Row, Decimal]] = []
    for node in nodes(call.body):
        row = item(call, node.get("barcodeid"))
        amount = amount_in(
            node, "remove_quantity", "remove_quantity_uom", row.data["inventorytype"]
        )
        if amount > stored(row.data["remaining_quantity"]):
            raise BioTrackError(f"The item {row.key} holds less than {shown(amount)}.")
        found.append((row, amount))
    if len({row.key for row, _ in found}) != len(found):
        raise BioTrackError("The same item was given more than once.")
    return found


def inventory_new(call: Call) -> dict[str, Any]:
    """New propagation stock (seeds, clones, tissue; mature plants in the opening period)."""
    call.require(call.licensee.producer, "create inventory")
    call.own_location()
    opening = call.now <= call.store.opened.get(call.location, 0) + OPENING_DAYS * 86400
    planned: list[tuple[int, Decimal, str, str | None]] = []
    for node in nodes(call.body):
        kind = integer(node, "invtype")
        if kind not in NEW_INVENTORY_TYPES or (kind == 12 and not opening):
            raise BioTrackError(f"inventory_new may not create inventory type {kind}.")
        source = text(node, "source_id", required=False) or None
        if source is None and not opening:
            raise BioTrackError("After the first 15 days, new inventory needs a source_id.")
        if source is not None:
            mother = call.store.need("plant", source, call.location, "source plant")
            if not mother.data.get("mother"):
                raise BioTrackError(f"The plant {source} is not a mother plant.")
        planned.append((kind, amount_in(node, "quantity", "", kind), text(node, "strain"), source))
    made = [
        new_item(call, kind, quantity, strain=strain, parent=source)
        for kind, quantity, strain, source in planned
    ]
    return {"barcode_id": made}


def inventory_adjust(call: Call) -> dict[str, Any]:
    """Set or reduce items' quantities with a reason, as an adjustment record."""
    planned: list[tuple[Row, Decimal, int, str]] = []
    for node in nodes(call.body):
        row = item(call, node.get("barcodeid"))
        kind = row.data["inventorytype"]
        held = stored(row.data["remaining_quantity"])
        if "remove_quantity" in node:
            new = held - amount_in(node, "remove_quantity", "remove_quantity_uom", kind)
        elif "quantity" in node:
            zero = decimal(node, "quantity", positive=False) == 0
            new = Decimal(0) if zero else amount_in(node, "quantity", "quantity_uom", kind)
        else:
            raise BioTrackError("Please specify quantity or remove_quantity.")
        if new < 0:
            raise BioTrackError(f"The item {row.key} would fall below zero.")
        atype = integer(node, "type", default=call.body.get("type"))
        if atype not in ADJUST_TYPES:
            raise BioTrackError(f"type must be one of {sorted(ADJUST_TYPES)}.")
        reason = text(node, "reason", required=False) or text(call.body, "reason")
        planned.append((row, new, atype, reason))
    if len({row.key for row, *_ in planned}) != len(planned):
        raise BioTrackError("The same item was given more than once.")
    for row, new, atype, reason in planned:
        record = {
            "inventoryid": row.key,
            "atype": atype,
            "reason": reason,
            "previous_quantity": row.data["remaining_quantity"],
            "new_quantity": shown(new),
        }
        call.store.insert(
            "inventory_adjust", call.store.barcode(), call.location, record, call.tx(), call.now
        )
        call.store.touch(row, call.tx(), call.now, remaining_quantity=shown(new))
    return {}


def inventory_move(call: Call) -> dict[str, Any]:
    """Move items to another of the caller's inventory rooms."""
    planned = [
        (item(call, node.get("barcodeid")), call.room("inventory_room", node.get("room")))
        for node in nodes(call.body)
    ]
    for row, room in planned:
        call.store.touch(row, call.tx(), call.now, currentroom=room)
    return {}


def inventory_split(call: Call) -> dict[str, Any]:
    """Split sub-lots off items: each removal becomes a new item of the same kind."""
    made: list[str] = []
    for row, amount in _removals(call):
        take(call, row, amount)
        made.append(
            new_item(
                call,
                row.data["inventorytype"],
                amount,
                strain=row.data["strain"],
                parent=row.key,
                room=row.data["currentroom"],
                product=row.data.get("productname"),
                qa=row.data.get("_qa"),
            )
        )
    return {"barcode_id": made}


def inventory_create_lot(call: Call) -> dict[str, Any]:
    """Combine Flower (6) into a Flower Lot (13), or Other Plant Material (9) into a lot (14)."""
    removals = _removals(call)
    kinds = {row.data["inventorytype"] for row, _ in removals}
    if len(kinds) != 1 or next(iter(kinds)) not in LOT_OF:
        raise BioTrackError("A lot combines items of type 6 only, or of type 9 only.")
    total = sum((amount for _, amount in removals), Decimal(0))
    strains = {row.data["strain"] for row, _ in removals}
    for row, amount in removals:
        take(call, row, amount)
    strain = strains.pop() if len(strains) == 1 else "Mixed"
    lot = new_item(call, LOT_OF[next(iter(kinds))], total, strain=strain)
    return {"barcode_id": lot}


def inventory_convert(call: Call) -> dict[str, Any]:
    """Make a derivative from one or more items (and record the waste the process made)."""
    call.require(not call.licensee.retail, "convert inventory")
    removals = _removals(call)
    kind = integer(call.body, "derivative_type")
    if kind not in INVENTORY_TYPES or kind in {27, 12, 7, 10, 11}:
        raise BioTrackError(f"derivative_type {kind} is not a type inventory can become.")
    quantity = amount_in(call.body, "derivative_quantity", "derivative_quantity_uom", kind)
    product = text(call.body, "derivative_product", required=False) or None
    if kind in PRODUCT_TYPES and product is None:
        raise BioTrackError("derivative_product is required for inventory types 22 to 25.")
    if kind in SALE_TYPES:
        for row, _ in removals:
            if row.data.get("_qa") != "passed":
                raise BioTrackError(
                    f"The item {row.key} has not passed QA testing and cannot be converted "
                    "into a consumer product.",
                    202,
                )
    waste = decimal(call.body, "waste", positive=False) if "waste" in call.body else Decimal(0)
    if waste:
        waste = amount_in(call.body, "waste", "waste_uom", 27)
    strains = {row.data["strain"] for row, _ in removals}
    strain = text(call.body, "derivative_strain", required=False) or (
        strains.pop() if len(strains) == 1 else None
    )
    for row, amount in removals:
        take(call, row, amount)
    derivative = new_item(
        call,
        kind,
        quantity,
        strain=strain,
        product=product,
        parent=removals[0][0].key,
        qa="passed" if kind in SALE_TYPES else None,
    )
    answer: dict[str, Any] = {"barcode_id": derivative}
    if waste:
        answer["waste_barcode_id"] = new_item(call, 27, waste, strain=strain)
    return answer


def _items(call: Call) -> list[Row]:
    return [item(call, key) for key in identifiers(call.body)]


def inventory_destroy_schedule(call: Call) -> dict[str, Any]:
    """Start the waiting period before items may be destroyed (not for retailers)."""
    call.require(not call.licensee.retail, "destroy inventory")
    call.schedule_destruction(_items(call), "item")
    return {}


def inventory_destroy_schedule_undo(call: Call) -> dict[str, Any]:
    """Cancel items' scheduled destruction."""
    call.unschedule_destruction(_items(call), "item")
    return {}


def inventory_destroy(call: Call) -> dict[str, Any]:
    """Destroy items whose waiting period is over."""
    rows = _items(call)
    call.check_destroyable(rows, "item")
    for row in rows:
        call.store.delete(row, call.tx(), call.now, remaining_quantity="0.00", removescheduled=0)
    return {}


def inventory_modify(call: Call) -> dict[str, Any]:
    """Correct an item's strain or product name."""
    row = item(call, text(call.body, "barcodeid"))
    strain = text(call.body, "strain", required=False)
    product = text(call.body, "productname", required=False)
    if not strain and not product:
        raise BioTrackError("Please specify a strain or a productname to change.")
    changes = {"strain": strain} if strain else {}
    if product:
        changes["productname"] = product
    call.store.touch(row, call.tx(), call.now, **changes)
    return {}


def inventory_check(call: Call) -> dict[str, Any]:
    """Look up items of any licensee before receiving them (read only)."""
    found = []
    for key in identifiers(call.body):
        row = call.store.find("inventory", key)
        if row is None:
            raise BioTrackError(f"The item {key} could not be found.")
        unit = "each" if row.data["inventorytype"] in EACH_TYPES else "g"
        found.append(
            {
                "barcodeid": row.key,
                "inventorytype": row.data["inventorytype"],
                "strain": row.data["strain"],
                "productname": row.data.get("productname"),
                "remaining_quantity": row.data["remaining_quantity"],
                "uom": unit,
            }
        )
    return {"data": found}


ACTIONS = {
    function.__name__: function
    for function in (
        inventory_new,
        inventory_adjust,
        inventory_move,
        inventory_split,
        inventory_create_lot,
        inventory_convert,
        inventory_destroy_schedule,
        inventory_destroy_schedule_undo,
        inventory_destroy,
        inventory_modify,
        inventory_check,
    )
}
