"""Retail sales: dispense pre-packaged items, refund some of a sale back into inventory, or
void a sale made in error. Each sale line is one row of the `sale` table."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from trichome.sandbox.biotrack.calls import Call
from trichome.sandbox.biotrack.inputs import decimal, integer, nodes, shown, stored
from trichome.sandbox.biotrack.inventory import item, take
from trichome.sandbox.biotrack.reference import SALE_TYPES
from trichome.sandbox.biotrack.store import BioTrackError, Row

MAX_UNITS = 1000


def _sale_time(call: Call) -> int:
    when = integer(call.body, "sale_time", default=call.now)
    if when > call.now:
        raise BioTrackError("sale_time must not be in the future.")
    return when


def _units(node: dict[str, Any]) -> Decimal:
    units = integer(node, "quantity")
    if not 1 <= units <= MAX_UNITS:
        raise BioTrackError(f"quantity must be between 1 and {MAX_UNITS}.")
    return Decimal(units)


def sale_dispense(call: Call) -> dict[str, Any]:
    """Sell items to a patient or customer: each line takes units out of inventory."""
    call.require(call.licensee.retail, "dispense sales")
    when = _sale_time(call)
    planned: list[tuple[Row, Decimal, Decimal, int]] = []
    wanted: dict[str, Decimal] = {}
    for number, node in enumerate(nodes(call.body)):
        row = item(call, node.get("barcodeid"))
        if row.data["inventorytype"] not in SALE_TYPES:
            raise BioTrackError(f"The item {row.key} is not a type that may be sold.")
        units = _units(node)
        wanted[row.key] = wanted.get(row.key, Decimal(0)) + units
        if wanted[row.key] > stored(row.data["remaining_quantity"]):
            raise BioTrackError(f"The item {row.key} holds fewer than {wanted[row.key]} units.")
        price = decimal(node, "price", positive=False)
        planned.append((row, units, price, integer(node, "item_number", default=number)))
    for index, (row, units, price, number) in enumerate(planned):
        take(call, row, units)
        line = {
            "inventoryid": row.key,
            "itemnumber": number,
            "quantity": str(units),
            "price": shown(price),
            "saletime": when,
            "is_refund": 0,
            "refund_amount": None,
            "_refunded": "0",
        }
        call.store.insert("sale", f"{call.tx()}-{index}", call.location, line, call.tx(), call.now)
    return {}


def _sale(call: Call) -> list[Row]:
    tx = integer(call.body, "transactionid")
    lines = [
        row
        for row in call.store.rows("sale", call.location)
        if row.transactionid_original == tx and not row.deleted and not row.data["is_refund"]
    ]
    if not lines:
        raise BioTrackError(f"No sale was recorded in transaction {tx}.")
    return lines


def sale_refund(call: Call) -> dict[str, Any]:
    """Bring some sold units back into inventory (the refund shows in current sales)."""
    call.require(call.licensee.retail, "refund sales")
    lines = {line.data["inventoryid"]: line for line in _sale(call)}
    when = _sale_time(call)
    planned: list[tuple[Row, Row, Decimal, Decimal]] = []
    for node in nodes(call.body):
        key = str(node.get("barcodeid"))
        if any(planned_line.data["inventoryid"] == key for planned_line, *_ in planned):
            raise BioTrackError(f"The item {key} was given more than once.")
        line = lines.get(key)
        if line is None:
            raise BioTrackError(f"The item {key} was not part of this sale.")
        units = _units(node)
        left = stored(line.data["quantity"]) - stored(line.data["_refunded"])
        if units > left:
            raise BioTrackError(f"Only {left} units of {key} remain to be refunded.")
        price = -decimal(node, "price", positive=False) if "price" in node else Decimal(0)
        held = call.store.tables["inventory"].get(key)
        if held is None or held.deleted or held.location != call.location:
            raise BioTrackError(f"The item {key} is no longer in your inventory.")
        planned.append((line, held, units, price))
    for line, held, units, price in planned:
        back = stored(held.data["remaining_quantity"]) + units
        call.store.touch(held, call.tx(), call.now, remaining_quantity=shown(back))
        done = stored(line.data["_refunded"]) + units
        call.store.touch(line, call.tx(), call.now, _refunded=str(done))
        refund = {
            "inventoryid": held.key,
            "itemnumber": line.data["itemnumber"],
            "quantity": str(-units),
            "price": shown(price),
            "saletime": when,
            "is_refund": 1,
            "refund_amount": shown(abs(price)),
            "_refunded": "0",
        }
        call.store.insert(
            "sale", f"{call.tx()}-{held.key}", call.location, refund, call.tx(), call.now
        )
    return {}


def sale_void(call: Call) -> dict[str, Any]:
    """Reverse a sale made in error: every unit goes back into inventory."""
    call.require(call.licensee.retail, "void sales")
    lines = _sale(call)
    if any(stored(line.data["_refunded"]) for line in lines):
        raise BioTrackError("A sale with refunds may not be voided.")
    for line in lines:
        held = call.store.find("inventory", line.data["inventoryid"], call.location)
        if held is None:
            raise BioTrackError(
                f"The item {line.data['inventoryid']} is no longer in your inventory."
            )
    for line in lines:
        held = call.store.tables["inventory"][line.data["inventoryid"]]
        back = stored(held.data["remaining_quantity"]) + stored(line.data["quantity"])
        call.store.touch(held, call.tx(), call.now, remaining_quantity=shown(back))
        call.store.delete(line, call.tx(), call.now)
    return {}


ACTIONS = {function.__name__: function for function in (sale_dispense, sale_refund, sale_void)}
