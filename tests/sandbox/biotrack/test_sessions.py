"""Logging in, sessions that expire, and what each session may see."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.sandbox.biotrack.conftest import (
    CULTIVATOR,
    DISPENSARY,
    BioTrack,
    biotrack_settings,
    sandbox,
)

pytestmark = pytest.mark.anyio


async def test_login_opens_a_session_that_later_calls_use(biotrack: BioTrack) -> None:
    answer = await biotrack.login(CULTIVATOR)
    assert answer["success"] == 1 and len(answer["sessionid"]) >= 32
    rooms = await biotrack.rows(CULTIVATOR, "plant_room")
    assert {room["name"] for room in rooms} >= {"Mother", "Veg", "Flower A", "Drying"}


async def test_a_wrong_password_or_licence_gets_no_session(biotrack: BioTrack) -> None:
    wrong = await biotrack.post({
        "API": "4.0", "action": "login", "license_number": CULTIVATOR.location,
        "username": CULTIVATOR.username, "password": "guess",
    })  # fmt: skip
    assert wrong == {"success": 0, "error": "Invalid username or password."}
    other = await biotrack.post({
        "API": "4.0", "action": "login", "license_number": DISPENSARY.location,
        "username": CULTIVATOR.username, "password": CULTIVATOR.password,
    })  # fmt: skip
    assert other["success"] == 0 and "sessionid" not in other


async def test_calls_without_a_live_session_are_refused_with_63(biotrack: BioTrack) -> None:
    for session in (None, "", "not-a-session", 12, ["x"]):
        answer = await biotrack.post({"API": "4.0", "action": "sync_plant", "sessionid": session})
        assert answer["success"] == 0 and answer["errorcode"] == 63


async def test_an_expired_session_is_refused_and_a_new_login_works(tmp_path: Path) -> None:
    settings = biotrack_settings(tmp_path, sandbox_biotrack_session_minutes=0)
    async with sandbox(settings) as biotrack:
        await biotrack.login(CULTIVATOR)
        expired = await biotrack.call(CULTIVATOR, "sync_plant_room")
        assert expired == {"success": 0, "error": "Your session has expired.", "errorcode": 63}
        again = await biotrack.call(CULTIVATOR, "sync_plant_room")
        assert again["errorcode"] == 63 and "Invalid session" in again["error"]
        assert (await biotrack.login(CULTIVATOR))["success"] == 1


async def test_each_session_sees_its_own_licence_only(biotrack: BioTrack) -> None:
    plants = await biotrack.rows(CULTIVATOR, "plant")
    assert plants and all(row["location"] == CULTIVATOR.location for row in plants)
    assert await biotrack.rows(DISPENSARY, "plant") == []
    sales = await biotrack.rows(DISPENSARY, "sale")
    assert sales and await biotrack.rows(CULTIVATOR, "sale") == []
    vendors = await biotrack.rows(DISPENSARY, "vendor")
    assert {CULTIVATOR.location, DISPENSARY.location} <= {row["location"] for row in vendors}


async def test_another_licences_location_is_refused(biotrack: BioTrack) -> None:
    answer = await biotrack.refused(
        CULTIVATOR, "plant_waste_weigh", location=DISPENSARY.location, weight=10, uom="g"
    )
    assert answer["errorcode"] == 63


async def test_training_requests_are_answered_like_any_other(biotrack: BioTrack) -> None:
    answer = await biotrack.call(CULTIVATOR, "sync_vehicle", training=1, nonce="t-1")
    assert answer["success"] == 1 and answer["vehicle"][0]["make"] == "Ford"
