"""The documented fixture server refuses a write that strays from Metrc's documented request
body (writes.py), so the write tools' tests can fail: an undocumented field, a missing required
one, a value of the wrong type, more than ten objects, a query Metrc does not document."""

from __future__ import annotations

import json

import pytest

from tests.metrc.documented.conftest import FIXTURES, GROWER
from tests.metrc.documented.writes import Write, check, load_writes
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc import MetrcClient
from trichome.metrc.errors import MetrcError

pytestmark = pytest.mark.anyio
ADJUST = {
    "Label": "1A4FF0300000029000000150", "Quantity": -1.5, "UnitOfMeasure": "Grams",
    "AdjustmentReason": "Drying", "AdjustmentDate": "2026-06-15", "ReasonNote": None,
}  # fmt: skip


def adjust() -> Write:
    (found,) = [w for w in load_writes(FIXTURES) if w.fixture == "packages_adjust"]
    return found


def test_a_documented_body_fits() -> None:
    assert check(adjust(), [ADJUST]) == []


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ([{**ADJUST, "AdjustmentQuantity": -1.5}], "AdjustmentQuantity is not a documented field"),
        ([{**ADJUST, "Quantity": "-1.5"}], "Quantity is string; Metrc documents number"),
        ([{k: v for k, v in ADJUST.items() if k != "Label"}], "Label is required"),
        ([{**ADJUST, "UnitOfMeasure": None}], "UnitOfMeasure is null"),
        ([ADJUST] * 11, "At most 10 objects"),
        (ADJUST, "non-empty array"),
        ([], "non-empty array"),
    ],
)
def test_a_body_off_the_documentation_is_refused(body: object, problem: str) -> None:
    found = check(adjust(), body)
    assert any(problem in message for message in found), found


async def test_the_server_answers_a_stray_write_with_a_400(
    documented: FakeMetrc, client: MetrcClient
) -> None:
    with pytest.raises(MetrcError) as refused:
        await client.adjust_packages(GROWER, [{**ADJUST, "WasteReasonName": "Drying"}])
    assert refused.value.status == 400
    assert "WasteReasonName is not a documented field" in str(refused.value)
    documented.calls.clear()
    assert await client.adjust_packages(GROWER, [ADJUST]) == {"Ids": [8101], "Warnings": None}
    assert documented.calls[0].body == [ADJUST]


def test_every_write_fixture_s_own_example_fits_its_documented_body() -> None:
    writes = {w.fixture: w for w in load_writes(FIXTURES)}
    for file in FIXTURES.rglob("*.json"):
        document = json.loads(file.read_text("utf-8"))
        if file.stem not in writes:
            continue
        for request in document["requests"]:
            if "body" in request:
                assert check(writes[file.stem], request["body"]) == [], file.name


def strain_change() -> Write:
    (found,) = [w for w in load_writes(FIXTURES) if w.fixture == "plants_strain"]
    return found


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ({"StrainName": "Blue Dream"}, "needs one of Id or Label"),
        ({"Id": None, "Label": None, "StrainName": "Blue Dream"}, "needs one of Id or Label"),
        ({"Label": "1A4FF0100000029000004502"}, "needs one of StrainId or StrainName"),
        ({"Id": None, "Label": "1A4FF0100000029000004502", "StrainName": "Blue Dream"},
         "Id is null; Metrc documents number"),
    ],
)  # fmt: skip
def test_a_plant_or_strain_named_neither_way_is_refused(
    row: dict[str, object], problem: str
) -> None:
    found = check(strain_change(), [row])
    assert any(problem in message for message in found), found


def test_a_plant_and_strain_named_either_way_fit() -> None:
    for row in (
        {"Label": "1A4FF0100000029000004502", "StrainName": "Blue Dream"},
        {"Id": 880502, "StrainId": 7},
        {"Id": 880502, "Label": None, "StrainId": 7, "StrainName": None},
    ):
        assert check(strain_change(), [row]) == [], row
