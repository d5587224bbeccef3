"""A licensee's own set-up: plant and inventory rooms, employees and vehicles."""

from __future__ import annotations

from typing import Any

from trichome.sandbox.biotrack.calls import Call
from trichome.sandbox.biotrack.inputs import flag, integer, text
from trichome.sandbox.biotrack.store import BioTrackError

MAX_ROOMS = 500


def _next_id(call: Call, table: str) -> str:
    taken = [int(row.key) for row in call.store.rows(table, call.location) if row.key.isdigit()]
    if len(taken) >= MAX_ROOMS:
        raise BioTrackError(f"A license may have at most {MAX_ROOMS} of these.")
    # Ids are numbered per table across every location, as BioTrack numbers them.
    every = [int(key) for key in call.store.tables[table] if key.isdigit()]
    return str(max(every, default=0) + 1)


def _room(call: Call, table: str, quarantine: bool) -> dict[str, Any]:
    call.own_location()
    name = text(call.body, "name")
    for row in call.store.rows(table, call.location):
        if not row.deleted and row.data["name"].lower() == name.lower():
            raise BioTrackError(f"A room named {name} already exists.")
    room_id = _next_id(call, table)
    data: dict[str, Any] = {"roomid": room_id, "name": name}
    if table == "inventory_room":
        data["quarantine"] = int(quarantine)
    call.store.insert(table, room_id, call.location, data, call.tx(), call.now)
    return {"id": room_id}


def plant_room_add(call: Call) -> dict[str, Any]:
    """A new plant room."""
    call.require(call.licensee.producer, "have plant rooms")
    return _room(call, "plant_room", False)


def inventory_room_add(call: Call) -> dict[str, Any]:
    """A new inventory room (optionally a quarantine room)."""
    return _room(call, "inventory_room", flag(call.body, "quarantine"))


def employee_add(call: Call) -> dict[str, Any]:
    """A new employee, with their birth and hire dates."""
    call.own_location()
    name = text(call.body, "employee_name")
    given = text(call.body, "employee_id")
    if call.store.find("employee", given) is not None:
        raise BioTrackError(f"An employee with id {given} already exists.")
    data: dict[str, Any] = {"employee_id": given, "employee_name": name}
    for part in ("birthmonth", "birthday", "birthyear", "hiremonth", "hireday", "hireyear"):
        data[part] = f"{integer(call.body, part):02d}"
    call.store.insert("employee", given, call.location, data, call.tx(), call.now)
    return {}


def vehicle_add(call: Call) -> dict[str, Any]:
    """A new vehicle of the licensee's."""
    call.own_location()
    data = {name: text(call.body, name) for name in ("color", "make", "model", "plate", "vin")}
    data["year"] = str(integer(call.body, "year"))
    data["nickname"] = text(call.body, "nickname", required=False) or data["model"]
    vehicle_id = _next_id(call, "vehicle")
    data["vehicle_id"] = vehicle_id
    call.store.insert("vehicle", vehicle_id, call.location, data, call.tx(), call.now)
    return {"vehicle_id": vehicle_id}


ACTIONS = {
    function.__name__: function
    for function in (plant_room_add, inventory_room_add, employee_add, vehicle_add)
}
