"""An in-test BioTrack legacy API, written from the manual's request and answer shapes
(fixtures/*.json name their sources), independent of the sandbox.

It checks every request the way the manual describes it: a POST of one JSON object with
`"API": "4.0"`, a known `action`, a fresh `nonce`, a live `sessionid` (except for login)
and the action's required fields; anything else is recorded in `violations`, which the
tests assert stays empty.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

FIXTURES = Path(__file__).parent / "fixtures"
PATH = "/serverjson.asp"

# Required fields per action (besides API, action, nonce, sessionid), per the manual.
REQUIRED: dict[str, tuple[str, ...]] = {
    "login": ("license_number", "username", "password"),
    "sync_check": ("download",),
    "nonce_replay": ("nonce",),
    "inventory_check": ("barcodeid",),
    "inventory_qa_check": ("sample_id",),
    "inventory_qa_check_all": ("barcodeid",),
    "inventory_manifest_lookup": ("location",),
    "inventory_transfer_lookup": ("location", "manifest_id"),
    "plant_new": ("location", "source", "strain", "quantity", "room"),
    "plant_move": ("barcodeid", "room"),
    "plant_harvest_schedule": ("barcodeid",),
    "plant_harvest": ("barcodeid", "weights", "new_room", "collectiontime"),
    "plant_cure": ("barcodeid", "weights", "room", "collectiontime"),
    "plant_waste_weigh": ("location", "weight", "uom", "collectiontime"),
    "plant_destroy_schedule": ("barcodeid", "reason"),
    "plant_destroy_schedule_undo": ("barcodeid",),
    "plant_destroy": ("barcodeid",),
    "plant_convert_to_inventory": ("barcodeid",),
    "inventory_move": ("data",),
    "inventory_adjust": ("data",),
    "inventory_create_lot": ("data",),
    "inventory_destroy_schedule": ("barcodeid", "reason"),
    "inventory_destroy_schedule_undo": ("barcodeid",),
    "inventory_destroy": ("barcodeid",),
    "inventory_qa_sample": ("barcodeid", "lab_id", "quantity", "quantity_uom"),
    "inventory_manifest": ("location", "employee_id", "vehicle_id", "stop_overview"),
    "inventory_manifest_void": ("manifest_id",),
    "inventory_transfer_outbound": ("manifest_id", "data"),
    "inventory_transfer_inbound": ("location", "data"),
    "sale_dispense": ("data", "sale_time"),
    "sale_modify": ("transactionid", "barcodeid", "price"),
    "sale_refund": ("transactionid", "data"),
    "sale_void": ("transactionid",),
}
SYNC_KEYS = {
    "sale": ("sale",),
    "inventory": ("inventory",),
    "manifest": ("manifest", "manifest_stop_data", "manifest_stop_items"),
    "inventory_transfer": ("inventory_transfer",),
    "inventory_transfer_inbound": ("inventory_transfer_inbound",),
    "inventory_adjust": ("inventory_adjust",),
    "inventory_qa_sample": ("inventory_qa_sample",),
    "plant": ("plant",),
    "plant_derivative": ("plant_derivative",),
    "vendor": ("vendor",),
    "employee": ("employee",),
}
Answer = dict[str, Any]


def fixture(name: str) -> Any:
    """A fixture file's content."""
    return json.loads((FIXTURES / f"{name}.json").read_text())


def _tid(row: dict[str, Any]) -> int:
    return int(str(row.get("transactionid") or 0))


@dataclass
class FakeBioTrack:
    """The fake server's state: logins, sessions, tables, scripted answers, what it saw."""

    license_number: str = "990000100"
    username: str = "grower@example.com"
    password: str = "s3cret-Passw0rd!"
    calls: list[dict[str, Any]] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    sessions: set[str] = field(default_factory=set)
    nonces: set[str] = field(default_factory=set)
    tables: dict[str, dict[str, list[dict[str, Any]]]] = field(default_factory=dict)
    script: dict[str, list[Answer | Response]] = field(default_factory=dict)
    content_types: list[str] = field(default_factory=list)
    next_transaction: int = 90000
    always_expired: bool = False
    answered: dict[str, Answer] = field(default_factory=dict)  # by nonce, for nonce_replay

    def __post_init__(self) -> None:
        for table, keys in SYNC_KEYS.items():
            path = FIXTURES / f"sync_{table}.json"
            answer = json.loads(path.read_text())["answer"] if path.exists() else {}
            self.tables[table] = {key: list(answer.get(key, [])) for key in keys}

    def actions(self) -> list[str]:
        """The actions received, in order."""
        return [str(call.get("action")) for call in self.calls]

    def expire_sessions(self) -> None:
        """End every session (as BioTrack does after a while)."""
        self.sessions.clear()

    def queue(self, action: str, *answers: Answer | Response) -> None:
        """Answer the next calls of `action` with these, in turn."""
        self.script.setdefault(action, []).extend(answers)

    def app(self) -> Starlette:
        """The ASGI app."""
        return Starlette(routes=[Route(PATH, self._endpoint, methods=["POST"])])

    async def _endpoint(self, request: Request) -> Response:
        self.content_types.append(request.headers.get("content-type", ""))
        try:
            body = json.loads(await request.body())
        except ValueError:
            self.violations.append("body is not JSON")
            return JSONResponse({"success": 0, "error": "Invalid JSON."})
        if not isinstance(body, dict):
            self.violations.append("body is not a JSON object")
            return JSONResponse({"success": 0, "error": "Invalid JSON."})
        self.calls.append(body)
        return self._answer(body)

    def _answer(self, body: dict[str, Any]) -> Response:
        action = str(body.get("action") or "")
        self._check(action, body)
        if action == "login":
            return JSONResponse(self._login(body))
        if body.get("sessionid") not in self.sessions or self.always_expired:
            return JSONResponse(fixture("errors")["answers"]["expired"])
        queued = self.script.get(action)
        if queued:
            answer = queued.pop(0)
            return answer if isinstance(answer, Response) else JSONResponse(answer)
        handler: Callable[[dict[str, Any]], Answer] = getattr(self, f"_{action}", self._write)
        if action.startswith("sync_") and action != "sync_check":
            handler = self._sync
        answer = handler(body)
        self.answered[str(body.get("nonce"))] = answer
        return JSONResponse(answer)

    def _nonce_replay(self, body: dict[str, Any]) -> Answer:
        return self.answered.get(str(body.get("nonce")), {"success": 0, "error": "Unknown nonce."})

    def _check(self, action: str, body: dict[str, Any]) -> None:
        if body.get("API") != "4.0":
            self.violations.append(f"{action}: API is {body.get('API')!r}, not '4.0'")
        known = action in REQUIRED or action.removeprefix("sync_") in SYNC_KEYS
        if not known:
            self.violations.append(f"unknown action {action!r}")
        nonce = body.get("nonce")
        if action == "nonce_replay":
            if nonce not in self.answered:
                self.violations.append("nonce_replay: no earlier request had that nonce")
        elif not isinstance(nonce, str) or not nonce or nonce in self.nonces:
            self.violations.append(f"{action}: nonce missing or reused")
        self.nonces.add(str(nonce))
        for name in REQUIRED.get(action, ("download", "transaction_start")):
            if body.get(name) in (None, "", []):
                self.violations.append(f"{action}: required field {name!r} missing")
        if action != "login" and not body.get("sessionid"):
            self.violations.append(f"{action}: no sessionid")

    def _login(self, body: dict[str, Any]) -> Answer:
        given = (body.get("license_number"), body.get("username"), body.get("password"))
        if given != (self.license_number, self.username, self.password):
            return dict(fixture("errors")["answers"]["bad_login"])
        sessionid = secrets.token_hex(32)
        self.sessions.add(sessionid)
        return {**fixture("login")["answer"], "sessionid": sessionid}

    def _sync(self, body: dict[str, Any]) -> Answer:
        table = str(body["action"]).removeprefix("sync_")
        start = int(body.get("transaction_start") or 0)
        end = body.get("transaction_end")
        answer: Answer = {"success": 1}
        for key, rows in self.tables.get(table, {}).items():
            answer[key] = [
                row for row in rows if start <= _tid(row) and (end is None or _tid(row) <= end)
            ]
        return answer

    def _sync_check(self, body: dict[str, Any]) -> Answer:
        summary = []
        for entry in body.get("data") or []:
            rows = [row for rows in self.tables.get(entry["table"], {}).values() for row in rows]
            start = int(entry.get("transaction_start") or 0)
            total = sum(_tid(row) for row in rows if _tid(row) >= start)
            summary.append(
                {
                    "table": entry["table"],
                    "sum": str(total),
                    "match": int(total == int(entry.get("sum") or 0)),
                }
            )
        return {"success": 1, "summary": summary}

    def _inventory_qa_check(self, body: dict[str, Any]) -> Answer:
        return dict(fixture("inventory_qa_check")["answer"])

    def _write(self, body: dict[str, Any]) -> Answer:
        self.next_transaction += 1
        answer: Answer = {"success": 1, "transactionid": self.next_transaction}
        answer["sessiontime"] = 1767225600
        if body["action"] == "plant_new":
            answer["barcode_id"] = [
                f"6033{self.next_transaction:06d}{item:06d}" for item in range(body["quantity"])
            ]
        if body["action"] == "inventory_manifest":
            answer["barcode_id"] = "7288000000009999"
        return answer

    def add_row(self, table: str, row: dict[str, Any]) -> None:
        """A new row in a table (as a change in BioTrack would add)."""
        self.tables[table][SYNC_KEYS[table][0]].append(row)
