"""Classes of misreading the fourteenth benchmark found (issue 20), each in new words: the
question as a user types it, the inputs read, and the number answered or the question
asked. Expected values are worked by hand (total = neutral + 0.877 x acid, 0.878 for CBGA;
trim loss = (before - after) / before; a pound is 453.59237 g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise

POUND_G = 453.59237


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a COA exported as a JSON-ish object: the keys name the cannabinoid and its unit
        (
            '{"id": "LT-77", "thca_percent": 22.5, "delta9_thc_percent": 0.3, "price": 60}\n'
            "what's the total thc",
            0.3 + 22.5 * 0.877,
            "%",
        ),
        (
            "{'THCa': 24.0, 'd9-THC': 0.8, 'CBDa': 'ND', 'CBD': 'ND'} total thc?",
            0.8 + 24.0 * 0.877,
            "%",
        ),
        (
            '{"thca_mg_g": 201.0, "d9_thc_mg_g": 5.5, "batch": 12}\ntotal thc in mg/g',
            5.5 + 201.0 * 0.877,
            "mg/g",
        ),
        (
            '{"thca_pct": 15.0, "d9_thc_pct": 0.2, "cbga_pct": 2.0, "cbg_pct": 0.3}\n'
            "give me total cbg",
            0.3 + 2.0 * 0.878,
            "%",
        ),
        # a full COA whose CBG total is asked by name: that total, not total THC
        (
            "Analyte\tResult (%)\nTHCA\t18.0\nTHC\t0.4\nCBGA\t3.0\nCBG\t0.5\nwhat is total CBG",
            0.5 + 3.0 * 0.878,
            "%",
        ),
        (
            "THCA  20.1 %\nD9-THC  0.6 %\nCBDA  0.1 %\nCBGA  1.5 %\nCBG  0.2 %\ncbg total?",
            0.2 + 1.5 * 0.878,
            "%",
        ),
        # caps counted or bottled are capsules, not limits
        ("a jar of 60 caps holds 1800 mg cbd, how much in each cap", 30, "mg CBD per piece"),
        ("90 ct bottle of caps with 4500mg total, per cap", 50, "mg THC per piece"),
        # trim loss from the weights before and after
        ("trim loss %? 12 lb untrimmed, 9.6 lb after trimming", 20, "%"),
        ("before trim we had 50 kg, after trim 41 kg, trim loss in percent", 18, "%"),
        # a harvest over its plants, in the unit asked (pounds turned into grams)
        (
            "got 2.5 lb dry from 9 plants, how many grams per plant",
            2.5 * POUND_G / 9,
            "g per plant",
        ),
        ("harvested 1800 g off 6 plants, g per plant?", 300, "g per plant"),
        ("12 plants yielded 3 kg, how much per plant", 0.25, "kg per plant"),
        # an infused fat's strength per gram of it
        ("500 g of ghee with 14 g of 20% bud, how many mg per gram of ghee", 5.6, "mg THC per g"),
        ("infused 3.5 g of 24% flower in 100 g coconut oil, mg per g of oil?", 8.4, "mg THC per g"),
    ],
)
def test_the_number_answered(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_a_json_coa_shows_the_rows_it_read_and_leaves_out_its_fee() -> None:
    found = recognise('{"sample": "Q-9", "thca_pct": 20.0, "d9_thc_pct": 1.0, "fee_usd": 40}\n'
                      "total thc")  # fmt: skip
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 1.0 + 20.0 * 0.877)
    assert any("20" in i for i in found.calculation.inputs)
    assert not any("40" in i for i in found.calculation.inputs)


def test_the_trim_loss_shows_its_weights_and_refuses_a_gain() -> None:
    found = recognise("trimmed 8 lb down to 6 lb, trim loss percent")
    assert found is not None and found.calculation is not None
    assert found.calculation.inputs == ("before trimming: 8 lb", "after trimming: 6 lb")
    assert math.isclose(found.calculation.value, 25)
    gained = recognise("trim loss %: 5 kg before, 6 kg after")
    assert gained is not None and gained.calculation is None and not gained.asks
    assert "more than the weight before" in describe(gained)


def test_a_cap_that_is_a_limit_stays_a_limit() -> None:
    value, unit = answer("the cap is 100 mg per package and gummies are 10 mg, how many fit")
    assert (value, unit) == (10, "pieces")


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the count of pieces given last, after the potency came in a turn of its own
        (
            (
                "cannabutter from 2 sticks and 10 g of bud, how strong is each cookie",
                "the bud tests 18%",
                "slicing it into 20",
            ),
            10000 * 0.18 / 20,
        ),
        (
            ("1 cup of oil, 6 g flower, strength per piece?", "flower is 25%", "cut into 30"),
            6000 * 0.25 / 30,
        ),
        # a second lot of a blend given in the next turn is added, not swapped in
        (
            (
                "mixing 6 kg of trim at 8% thc",
                "the other lot is 2 kg at 16%, what does the blend end up at",
            ),
            (6 * 8 + 2 * 16) / 8,
        ),
        # the target strength of a dilution told after the stock
        (
            ("I'm diluting 100 ml of 50 mg/ml oil", "target is 20 mg/ml, how much carrier to add"),
            100 * 50 / 20 - 100,
        ),
    ],
)
def test_follow_ups_that_complete_the_inputs(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert found.carried  # the answer says which inputs came from earlier messages


@pytest.mark.parametrize(
    "question",
    [
        "she already picked up 7 g today, how much more can she purchase",
        "how many more grams can he get? he already bought an eighth",
    ],
)
def test_what_is_left_of_an_unknown_limit_is_asked_not_worked(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == ("purchase_limit",)
    assert "purchase limit" in describe(found)


def test_a_stated_limit_still_gives_what_is_left() -> None:
    value, unit = answer(
        "limit is 28 g of flower, she already bought 7 g, how much more can she buy"
    )
    assert math.isclose(value, 21) and unit == "g flower"


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a run sized by a count of pieces, whatever the pieces are called (issue 20)
        ("a 20-softgel batch takes 1.5 g of distillate, scale it to 400 softgels", 30, "g"),
        ("our 50-tab recipe uses 2 g isolate, how much isolate for 250 tabs", 10, "g"),
        ("a 10-lozenge run needs 0.5 g distillate; scaled up to 120 lozenges", 6, "g"),
        ("a 30-chew batch uses 1.2 g of rosin, scaled to 90 chews how much rosin", 3.6, "g"),
        ("a 16-cap batch takes 0.8 g oil, we want 400 caps now, how much oil", 20, "g"),
    ],
)
def test_a_run_of_counted_pieces_scales(question: str, expected: float, unit: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert found.calculation.name == "scale_batch", found.calculation.name
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert found.calculation.unit == unit


def test_a_scaled_run_without_its_size_is_asked() -> None:
    found = recognise("the softgel run uses 1.5 g of distillate, scale it to 400 softgels")
    assert found is not None and found.calculation is None and found.asks


@pytest.mark.parametrize(
    ("question", "holder", "name"),
    [
        ("40 gummies, whole jar has 400 mg cbd, how many mg each", "jar", "CBD"),
        ("the tin has 20 mints and 200 mg thc in total, mg per mint", "tin", "THC"),
        ("a bag of 25 chews holds 250 mg thc, each chew has how much", "bag", "THC"),
        ("I made 60 bites from 600 mg of thc, how much per piece", "batch", "THC"),
    ],
)
def test_the_total_is_named_as_held_where_the_user_said(
    question: str, holder: str, name: str
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, 10)
    assert found.calculation.unit == f"mg {name} per piece"
    assert found.calculation.inputs[0].startswith(f"{name} in the {holder}: ")
