"""Plant actions: new, move, destroy schedule and destroy, harvest schedule and harvest,
cure, waste weigh and conversion to inventory, with BioTrack's order of phases enforced.

A plant's `state` is 0 while growing, 1 once harvested (drying) and 2 once cured.
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from trichome.sandbox.biotrack.calls import Call
from trichome.sandbox.biotrack.inputs import (
    amount_in,
    flag,
    grams,
    identifiers,
    integer,
    nodes,
    shown,
    stored,
    text,
)
from trichome.sandbox.biotrack.reference import HARVEST_TYPES, OPENING_DAYS, PLANT_SOURCES
from trichome.sandbox.biotrack.store import BioTrackError, Row

GROWING, DRYING, CURED = 0, 1, 2
MAX_NEW_PLANTS = 1000


def _plants(call: Call, states: tuple[int, ...] = (GROWING, DRYING)) -> list[Row]:
    rows = [call.store.need("plant", key, call.location, "plant") for key in identifiers(call.body)]
    for row in rows:
        if row.data["state"] not in states:
            raise BioTrackError(f"The plant {row.key} is not in a phase that allows this.")
    return rows


def plant_new(call: Call) -> dict[str, Any]:
    """New plants in a plant room, each taking one unit of its source (clone, seed...)."""
    call.require(call.licensee.producer, "grow plants")
    room = call.room("plant_room", call.body.get("room"))
    quantity = integer(call.body, "quantity")
    if not 1 <= quantity <= MAX_NEW_PLANTS:
        raise BioTrackError(f"quantity must be between 1 and {MAX_NEW_PLANTS}.")
    strain = text(call.body, "strain")
    source_id = text(call.body, "source", required=False)
    mother = flag(call.body, "mother")
    source: Row | None = None
    if source_id:
        source = call.store.need("inventory", source_id, call.location, "source item")
        if source.data["inventorytype"] not in PLANT_SOURCES:
            raise BioTrackError(f"The source {source_id} is not a type plants can come from.")
        if stored(source.data["remaining_quantity"]) < quantity:
            raise BioTrackError(f"The source {source_id} does not hold {quantity} items.")
    elif call.now > call.store.opened.get(call.location, 0) + OPENING_DAYS * 86400:
        raise BioTrackError("Plants need a source item after the first 15 days of operation.")
    born = datetime.fromtimestamp(call.now, UTC).strftime("%Y%m%d")
    made: list[str] = []
    for _ in range(quantity):
        barcode = call.store.barcode()
        data = {
            "id": barcode,
            "strain": strain,
            "room": room,
            "parentid": source_id or None,
            "mother": int(mother),
            "state": GROWING,
            "birthdate": born,
            "converted": 0,
            "harvestscheduled": 0,
            "removescheduled": 0,
            "removescheduletime": None,
            "removereason": None,
        }
        call.store.insert("plant", barcode, call.location, data, call.tx(), call.now)
        made.append(barcode)
    if source is not None:
        left = stored(source.data["remaining_quantity"]) - quantity
        call.store.touch(source, call.tx(), call.now, remaining_quantity=shown(left))
    return {"barcode_id": made}


def plant_move(call: Call) -> dict[str, Any]:
    """Move plants to another plant room."""
    room = call.room("plant_room", call.body.get("room"))
    for row in _plants(call):
        call.store.touch(row, call.tx(), call.now, room=room)
    return {}


def plant_destroy_schedule(call: Call) -> dict[str, Any]:
    """Start the waiting period before plants may be destroyed."""
    call.schedule_destruction(_plants(call), "plant")
    return {}


def plant_destroy_schedule_undo(call: Call) -> dict[str, Any]:
    """Cancel plants' scheduled destruction."""
    call.unschedule_destruction(_plants(call), "plant")
    return {}


def plant_destroy(call: Call) -> dict[str, Any]:
    """Destroy plants whose waiting period is over."""
    rows = _plants(call)
    call.check_destroyable(rows, "plant")
    for row in rows:
        call.store.delete(row, call.tx(), call.now, removescheduled=0)
    return {}


def plant_harvest_schedule(call: Call) -> dict[str, Any]:
    """Announce that growing plants are about to be harvested."""
    for row in _plants(call, (GROWING,)):
        call.store.touch(row, call.tx(), call.now, harvestscheduled=1)
    return {}


def plant_harvest_schedule_undo(call: Call) -> dict[str, Any]:
    """Withdraw a harvest announcement."""
    for row in _plants(call, (GROWING,)):
        call.store.touch(row, call.tx(), call.now, harvestscheduled=0)
    return {}


def _weights(call: Call) -> dict[int, Decimal]:
    found: dict[int, Decimal] = {}
    for node in nodes(call.body, "weights"):
        kind = integer(node, "invtype")
        if kind not in HARVEST_TYPES:
            raise BioTrackError("Weights may only be of inventory types 6, 9 and 27.")
        if kind in found:
            raise BioTrackError(f"Inventory type {kind} was weighed twice.")
        found[kind] = grams(node)
    if 6 not in found:
        raise BioTrackError("A weight of inventory type 6 (Flower) is required.")
    return found


def _collect(
    call: Call, rows: list[Row], weights: dict[int, Decimal], *, cure: bool, again: bool
) -> list[Any]:
    """Record each plant's share of the weights; items for 9 and 27 (and 6 when curing)."""
    room = call.default_room()
    share = Decimal(len(rows))
    made: list[dict[str, Any]] = []
    for kind, weight in weights.items():
        item = None
        if kind != 6 or cure:
            item = call.store.barcode()
            data = {
                "id": item,
                "inventorytype": kind,
                "strain": rows[0].data["strain"],
                "remaining_quantity": shown(weight),
                "currentroom": room,
                "productname": None,
                "plantid": [row.key for row in rows],
                "parentid": None,
                "removescheduled": 0,
                "removescheduletime": None,
                "removereason": None,
            }
            call.store.insert("inventory", item, call.location, data, call.tx(), call.now)
            made.append({"barcode_id": item, "barcode_type": kind})
        for row in rows:
            key = call.store.barcode()
            derivative = {
                "plantid": row.key,
                "inventoryid": item,
                "inventorytype": kind,
                "weight": shown(weight / share),
                "wholeweight": shown(weight),
                "harvestcollect": int(not cure),
                "curecollect": int(cure),
                "room": row.data["room"],
                "collectadditional": int(again),
            }
            call.store.insert(
                "plant_derivative", key, call.location, derivative, call.tx(), call.now
            )
    return made


def plant_harvest(call: Call) -> dict[str, Any]:
    """Take plants' wet weight: they move from growing to drying (unless collecting again)."""
    rows = _plants(call, (GROWING,))
    for row in rows:
        if not row.data["harvestscheduled"]:
            raise BioTrackError(f"The plant {row.key} has not been scheduled for harvest.")
    weights = _weights(call)
    new_room = call.body.get("new_room")
    room = call.room("plant_room", new_room, "new_room") if new_room not in (None, "") else None
    again = flag(call.body, "collectadditional")
    made = _collect(call, rows, weights, cure=False, again=again)
    for row in rows:
        changes: dict[str, Any] = {"state": GROWING if again else DRYING}
        if room is not None:
            changes["room"] = room
        call.store.touch(row, call.tx(), call.now, **changes)
    return {"derivatives": made}


def plant_cure(call: Call) -> dict[str, Any]:
    """Take drying plants' dry weight: the flower becomes an inventory item (type 6)."""
    rows = _plants(call, (DRYING,))
    weights = _weights(call)
    again = flag(call.body, "collectadditional")
    made = _collect(call, rows, weights, cure=True, again=again)
    if not again:
        for row in rows:
            call.store.touch(row, call.tx(), call.now, state=CURED)
    return {"derivatives": made}


def plant_waste_weigh(call: Call) -> dict[str, Any]:
    """Weigh general plant waste: a waste item (type 27) to schedule for destruction later."""
    call.require(call.licensee.producer, "weigh plant waste")
    call.own_location()
    weight = amount_in(call.body, "weight", "uom", 27)
    item = call.store.barcode()
    data = {
        "id": item,
        "inventorytype": 27,
        "strain": None,
        "remaining_quantity": shown(weight),
        "currentroom": call.default_room(),
        "productname": None,
        "plantid": [],
        "parentid": None,
        "removescheduled": 0,
        "removescheduletime": None,
        "removereason": None,
    }
    call.store.insert("inventory", item, call.location, data, call.tx(), call.now)
    return {"barcode_id": item}


def plant_convert_to_inventory(call: Call) -> dict[str, Any]:
    """Turn growing plants into Mature Plant items (type 12) that keep their identifiers."""
    rows = _plants(call, (GROWING,))
    room = call.default_room()
    for row in rows:
        call.store.delete(row, call.tx(), call.now, converted=1)
        data = {
            "id": row.key,
            "inventorytype": 12,
            "strain": row.data["strain"],
            "remaining_quantity": "1.00",
            "currentroom": room,
            "productname": None,
            "plantid": [row.key],
            "parentid": row.data["parentid"],
            "removescheduled": 0,
            "removescheduletime": None,
            "removereason": None,
        }
        call.store.insert("inventory", row.key, call.location, data, call.tx(), call.now)
    return {}


ACTIONS = {
    function.__name__: function
    for function in (
        plant_new,
        plant_move,
        plant_destroy_schedule,
        plant_destroy_schedule_undo,
        plant_destroy,
        plant_harvest_schedule,
        plant_harvest_schedule_undo,
        plant_harvest,
        plant_cure,
        plant_waste_weigh,
        plant_convert_to_inventory,
    )
}
