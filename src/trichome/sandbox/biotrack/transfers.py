"""Manifests and transfers between licensees: file a manifest, void it, transfer its items
out, and receive them at the other end (which moves the items into the receiver's inventory).

A manifest stop item goes "manifested" -> "transferred" -> "received"; the sender's item is
deleted from its inventory when it leaves and lives again, at the receiver, when received.
"""

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
    text,
)
from trichome.sandbox.biotrack.inventory import item
from trichome.sandbox.biotrack.reference import INVENTORY_TYPES, QA_TYPES, STATE
from trichome.sandbox.biotrack.store import BioTrackError, Row

NOT_TESTED = 202  # an item that has not passed QA may not leave (seen in BioTrack answers)


def _stops(call: Call) -> list[tuple[int, Row, list[Row], dict[str, Any]]]:
    planned: list[tuple[int, Row, list[Row], dict[str, Any]]] = []
    seen: set[str] = set()
    for node in nodes(call.body, "stop_overview"):
        number = integer(node, "stop_number")
        vendor = call.store.find("vendor", text(node, "vendor_license"))
        if vendor is None or vendor.key == call.location:
            raise BioTrackError(f"Stop {number} names no other licensed vendor.")
        rows = [item(call, key) for key in identifiers(node)]
        for row in rows:
            if row.key in seen:
                raise BioTrackError(f"The item {row.key} is on more than one stop.")
            seen.add(row.key)
            if row.data["inventorytype"] in QA_TYPES and row.data.get("_qa") != "passed":
                raise BioTrackError(
                    f"The item {row.key} has not been fully QA tested and cannot be "
                    "transferred until that has been completed.",
                    NOT_TESTED,
                )
        times = {
            "depart_time": integer(node, "approximate_departure", default=call.now),
            "arrive_time": integer(node, "approximate_arrival", default=call.now),
            "travel_route": text(node, "approximate_route", required=False),
        }
        planned.append((number, vendor, rows, times))
    if sorted(number for number, *_ in planned) != list(range(1, len(planned) + 1)):
        raise BioTrackError("Stops must be numbered 1, 2, 3 ... in order.")
    return planned


def inventory_manifest(call: Call) -> dict[str, Any]:
    """File the intent to carry items to other licensees (one or more stops)."""
    call.own_location()
    employee = call.store.need(
        "employee", text(call.body, "employee_id"), call.location, "employee"
    )
    vehicle = call.store.need("vehicle", text(call.body, "vehicle_id"), call.location, "vehicle")
    planned = _stops(call)
    manifest_id = call.store.barcode()
    me = call.licensee
    call.store.insert(
        "manifest",
        manifest_id,
        call.location,
        {
            "manifestid": manifest_id,
            "origination_license_number": me.location,
            "origination_name": me.name,
            "origination_street": me.street,
            "origination_city": me.city,
            "origination_state": STATE,
            "origination_zip": me.zip,
            "stopcount": len(planned),
            "total_item_count": sum(len(rows) for _, _, rows, _ in planned),
            "transporter_id": employee.key,
            "transporter_name": employee.data["employee_name"],
            "transporter_vehicle_details": " ".join(
                vehicle.data[part] for part in ("color", "make", "model")
            ),
            "transporter_vehicle_identification": vehicle.data["vin"],
            "fulfilled": 0,
            "completion_date": None,
            "_state": "open",
        },
        call.tx(),
        call.now,
    )
    for number, vendor, rows, times in planned:
        stop = {
            "manifestid": manifest_id,
            "stopnumber": number,
            "license_number": vendor.key,
            "name": vendor.data["name"],
            "street": vendor.data["address1"],
            "city": vendor.data["city"],
            "state": vendor.data["state"],
            "zip": vendor.data["zip"],
            "item_count": len(rows),
            **times,
        }
        call.store.insert(
            "manifest_stop_data",
            f"{manifest_id}-{number}",
            call.location,
            stop,
            call.tx(),
            call.now,
        )
        for row in rows:
            line = {
                "manifestid": manifest_id,
                "stopnumber": number,
                "inventoryid": row.key,
                "quantity": row.data["remaining_quantity"],
                "description": row.data.get("productname")
                or INVENTORY_TYPES[row.data["inventorytype"]],
                "_state": "manifested",
                "_recipient": vendor.key,
            }
            call.store.insert(
                "manifest_stop_items",
                f"{manifest_id}-{row.key}",
                call.location,
                line,
                call.tx(),
                call.now,
            )
            call.store.touch(row, call.tx(), call.now, _manifest=manifest_id)
    return {"manifest_id": manifest_id, "barcode_id": manifest_id}


def _lines(call: Call, manifest_id: str) -> list[Row]:
    return [
        row
        for row in call.store.rows("manifest_stop_items", call.location)
        if row.data["manifestid"] == manifest_id and not row.deleted
    ]


def inventory_manifest_void(call: Call) -> dict[str, Any]:
    """Cancel a manifest none of whose items have left yet."""
    manifest = call.store.need(
        "manifest", text(call.body, "manifest_id"), call.location, "manifest"
    )
    lines = _lines(call, manifest.key)
    if any(line.data["_state"] != "manifested" for line in lines):
        raise BioTrackError("Items of this manifest have already been transferred.")
    for line in lines:
        held = call.store.find("inventory", line.data["inventoryid"], call.location)
        if held is not None:
            call.store.touch(held, call.tx(), call.now, _manifest=None)
        call.store.delete(line, call.tx(), call.now)
    for stop in list(call.store.rows("manifest_stop_data", call.location)):
        if stop.data["manifestid"] == manifest.key:
            call.store.delete(stop, call.tx(), call.now)
    call.store.delete(manifest, call.tx(), call.now, _state="void")
    return {}


def inventory_transfer_outbound(call: Call) -> dict[str, Any]:
    """Send a manifest's items (with their prices): they leave the sender's inventory."""
    manifest = call.store.need(
        "manifest", text(call.body, "manifest_id"), call.location, "manifest"
    )
    lines = {line.data["inventoryid"]: line for line in _lines(call, manifest.key)}
    planned: list[tuple[Row, Row, Decimal]] = []
    for node in nodes(call.body):
        key = text(node, "barcodeid")
        line = lines.get(key)
        if any(planned_line is line for planned_line, *_ in planned):
            raise BioTrackError(f"The item {key} was given more than once.")
        if line is None or line.data["_state"] != "manifested":
            raise BioTrackError(f"The item {key} is not waiting on manifest {manifest.key}.")
        price = decimal(node, "price", positive=False) if "price" in node else Decimal(0)
        row = call.store.need("inventory", key, call.location, "inventory item")
        planned.append((line, row, price))
    for line, row, price in planned:
        record = {
            "inventoryid": row.key,
            "inventorytype": row.data["inventorytype"],
            "strain": row.data["strain"],
            "quantity": row.data["remaining_quantity"],
            "price": shown(price),
            "manifestid": manifest.key,
            "manifest_stop": line.data["stopnumber"],
            "outbound_license": line.data["_recipient"],
        }
        call.store.insert(
            "inventory_transfer",
            f"{call.tx()}-{row.key}",
            call.location,
            record,
            call.tx(),
            call.now,
        )
        call.store.touch(line, call.tx(), call.now, _state="transferred", _price=shown(price))
        call.store.delete(row, call.tx(), call.now)
    if all(line.data["_state"] != "manifested" for line in lines.values()):
        call.store.touch(manifest, call.tx(), call.now, _state="transferred")
    return {}


def _inbound(call: Call) -> list[Row]:
    """Stop items transferred to the caller and not yet received."""
    return [
        line
        for line in call.store.tables["manifest_stop_items"].values()
        if not line.deleted
        and line.data["_recipient"] == call.location
        and line.data["_state"] == "transferred"
    ]


def inventory_manifest_lookup(call: Call) -> dict[str, Any]:
    """Manifests whose items have left their sender for the caller and wait to be received."""
    call.own_location()
    waiting: dict[str, list[dict[str, Any]]] = {}
    for line in _inbound(call):
        waiting.setdefault(line.data["manifestid"], []).append(line.document())
    if not waiting:
        raise BioTrackError("No inbound transfers or pending manifests found.")
    answer = []
    for manifest_id, items in sorted(waiting.items()):
        manifest = call.store.tables["manifest"][manifest_id]
        answer.append({**manifest.document(), "items": items})
    return {"data": answer}


def inventory_transfer_lookup(call: Call) -> dict[str, Any]:
    """The items of one manifest on their way to the caller."""
    call.own_location()
    manifest_id = text(call.body, "manifest_id")
    items = [line.document() for line in _inbound(call) if line.data["manifestid"] == manifest_id]
    if not items:
        raise BioTrackError(f"No items of manifest {manifest_id} wait to be received.")
    return {"data": items}


def inventory_transfer_inbound(call: Call) -> dict[str, Any]:
    """Receive transferred items: each moves into the caller's inventory as counted."""
    call.own_location(required=True)
    waiting = {line.data["inventoryid"]: line for line in _inbound(call)}
    room = call.default_room()
    planned: list[tuple[Row, Row, Decimal]] = []
    for node in nodes(call.body):
        key = text(node, "barcodeid")
        line = waiting.get(key)
        if line is None:
            raise BioTrackError(
                f"The barcode identifier {key} could not be found under the specified license "
                "number or has already been received."
            )
        row = call.store.tables["inventory"][key]
        planned.append((line, row, amount_in(node, "quantity", "uom", row.data["inventorytype"])))
    if len({line.key for line, _, _ in planned}) != len(planned):
        raise BioTrackError("The same item was given more than once.")
    for line, row, quantity in planned:
        sender = line.location
        row.location, row.deleted = call.location, 0
        call.store.touch(
            row,
            call.tx(),
            call.now,
            remaining_quantity=shown(quantity),
            currentroom=room,
            _manifest=None,
        )
        record = {
            "inventoryid": row.key,
            "inventorytype": row.data["inventorytype"],
            "strain": row.data["strain"],
            "quantity": shown(quantity),
            "price": line.data.get("_price", "0.00"),
            "manifestid": line.data["manifestid"],
            "manifest_stop": line.data["stopnumber"],
            "outbound_license": sender,
            "is_refund": 0,
        }
        call.store.insert(
            "inventory_transfer_inbound",
            f"{call.tx()}-{row.key}",
            call.location,
            record,
            call.tx(),
            call.now,
        )
        call.store.touch(line, call.tx(), call.now, _state="received")
        manifest = call.store.tables["manifest"][line.data["manifestid"]]
        if all(
            other.data["_state"] == "received"
            for other in call.store.rows("manifest_stop_items", sender)
            if other.data["manifestid"] == manifest.key and not other.deleted
        ):
            call.store.touch(
                manifest,
                call.tx(),
                call.now,
                fulfilled=1,
                completion_date=call.now,
                _state="received",
            )
    return {}


ACTIONS = {
    function.__name__: function
    for function in (
        inventory_manifest,
        inventory_manifest_void,
        inventory_transfer_outbound,
        inventory_manifest_lookup,
        inventory_transfer_lookup,
        inventory_transfer_inbound,
    )
}
