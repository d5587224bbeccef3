"""Whatever a client sends, the answer is HTTP 200 with `success` 0 or 1 and, on a
refusal, a message and a code: never a 500, never an exception."""

from __future__ import annotations

import json
from random import Random
from typing import Any

import pytest

from tests.sandbox.biotrack.conftest import CULTIVATOR, DISPENSARY, LAB, PATH, BioTrack
from trichome.sandbox.biotrack.actions import ACTION_NAMES

pytestmark = pytest.mark.anyio
FIELDS = (
    "barcodeid", "data", "room", "new_room", "quantity", "strain", "source", "mother", "weights",
    "location", "weight", "uom", "stop_overview", "manifest_id", "employee_id", "vehicle_id",
    "sample_id", "test", "transactionid", "transaction_start", "transaction_end", "active",
    "download", "lab_id", "derivative_type", "derivative_quantity", "derivative_product",
    "waste", "reason", "override", "collectadditional", "sale_time", "name", "quarantine",
    "employee_name", "year", "nonce", "type", "use", "quantity_uom", "productname",
)  # fmt: skip
BAD: tuple[Any, ...] = (
    None, "", "abc", -1, 0, 10**30, 1e308, "NaN", "Infinity", "-0", True, [], {}, [None],
    [{}], [[[]]], {"a": {"b": 1}}, "9" * 60, "1" * 16, "x" * 5000, [1, 1],
    [{"barcodeid": {}, "quantity": [], "invtype": "six", "amount": "1e999", "room": None,
      "stop_number": "a", "vendor_license": [], "remove_quantity": -3, "type": 99}],
)  # fmt: skip


def bodies(action: str, random: Random) -> list[dict[str, Any]]:
    same = [{field: value for field in FIELDS} for value in BAD]
    mixed = [
        {field: random.choice(BAD) for field in random.sample(FIELDS, random.randint(1, 12))}
        for _ in range(12)
    ]
    return [{"action": action, **body} for body in [{}, *same, *mixed]]


async def test_every_action_refuses_malformed_fields_cleanly(biotrack: BioTrack) -> None:
    random = Random(23)
    licensees = (CULTIVATOR, DISPENSARY, LAB)
    for number, action in enumerate(sorted(ACTION_NAMES - {"login"})):
        licensee = licensees[number % len(licensees)]
        for body in bodies(action, random):
            answer = await biotrack.call(licensee, body.pop("action"), **body)
            if answer["success"] == 0:
                assert isinstance(answer["error"], str) and answer["error"], answer
                assert isinstance(answer["errorcode"], int), (action, body, answer)
    check = await biotrack.ok(CULTIVATOR, "sync_check")
    assert check["summary"]


MALFORMED = [
    b"",
    b"{",
    b"[]",
    b"null",
    b"42",
    b'"text"',
    b"\xff\xfe",
    b"[" * 100_000,
    b'{"API": "4.0"}',
    b'{"API": "3.0", "action": "login"}',
    b'{"API": 4, "action": []}',
    b'{"API": "4.0", "action": "drop_tables"}',
    b'{"API": "4.0", "action": "login"}',
    b'{"API": "4.0", "action": "login", "license_number": {}, "username": [], "password": 1}',
    b'{"API": "4.0", "action": "sync_inventory", "sessionid": {"$ne": null}}',
    b'{"API": "4.0", "action": "sync_inventory", "transaction_start": ' + b"9" * 5000 + b"}",
]


async def test_malformed_requests_get_a_refusal_not_an_error(biotrack: BioTrack) -> None:
    for raw in MALFORMED:
        response = await biotrack.http.post(PATH, content=raw)
        assert response.status_code == 200, raw[:40]
        answer = response.json()
        assert answer["success"] == 0 and answer["error"], raw[:40]


async def test_a_write_with_a_nonce_can_be_replayed(biotrack: BioTrack) -> None:
    body = {"weight": 5, "uom": "g", "location": CULTIVATOR.location, "nonce": "n-1"}
    first = await biotrack.ok(CULTIVATOR, "plant_waste_weigh", **body)
    replay = await biotrack.ok(CULTIVATOR, "nonce_replay", nonce="n-1")
    assert replay == first
    missing = await biotrack.refused(CULTIVATOR, "nonce_replay", nonce="never-sent")
    assert missing["errorcode"] == 602
    other = await biotrack.refused(DISPENSARY, "nonce_replay", nonce="n-1")
    assert other["errorcode"] == 602


async def test_the_request_is_read_as_json_whatever_its_content_type(biotrack: BioTrack) -> None:
    for content_type in ("text/JSON", "application/json", "text/plain", "application/x-www-form-urlencoded"):  # fmt: skip
        response = await biotrack.http.post(PATH, content=json.dumps({
            "API": "4.0", "action": "login", "license_number": LAB.ubi,
            "username": LAB.username, "password": LAB.password,
        }), headers={"Content-Type": content_type})  # fmt: skip
        assert response.json()["success"] == 1
