"""Classes of misreading the twenty-first benchmark found (issue 20), each in new words: the
question as a user types it, and the number answered. Expected values are worked by hand
(total = neutral + 0.877 x acid, mg/g / 10 = %; a second lot to a target = m1 (target - p1) /
(p2 - target); price per gram = price per pound / 453.59237; terpenes of the distillate =
d x t / 100, of the blend d x t / (100 - t); the avoirdupois ounce 28.349523125 g, the
trade's 28 g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise

FACTOR = 0.877
POUND_G = 453.59237
OUNCE_G = 28.349523125


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # each analyte on a line of its own, its result (with its unit) on the next
        ("from the portal:\nTHCA\n18.2%\nD9-THC\n0.44%\nCBD\nND\ntotal thc?", 0.44 + FACTOR * 18.2, "%"),
        ("pasted it, sorry:\nCBDA\n12.6 %\nCBD\n0.5 %\nwhats the total cbd", 0.5 + FACTOR * 12.6, "%"),
        ("lab results\nTHCA\n241.7 mg/g\nD9\n6.2 mg/g\ntotal thc as a percent", (6.2 + FACTOR * 241.7) / 10, "%"),
        ("Analyte\nResult\nTHCa\n21.9 %\nΔ9-THC\n0.9 %\ntotal", 0.9 + FACTOR * 21.9, "%"),
    ],
)  # fmt: skip
def test_a_coa_with_each_result_under_its_analyte(
    question: str, expected: float, unit: str
) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # the second lot named by its potency alone ("the 90"), the first's amount given
        ("got 2 kg of 70% crude, how many grams of the 90 to reach 80%", 2000 * 10 / 10, "g"),
        ("300g of 60% oil, how much of the 88 to get it to 75%?", 300 * 15 / 13, "g"),
        ("we have 1 kg of 92% disty, want it at 85%, how much of the 70 should go in", 7 / 15, "kg"),
    ],
)  # fmt: skip
def test_a_lot_named_by_its_potency_alone(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown.split()[0] == unit  # "g of the 88%"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the gram asked as what the price "works out", "comes out" or "breaks down" to
        ("supplier wants 1.8k a pound (PO 5521), how much is that a gram", 1800 / POUND_G),
        ("grower is asking 1500 per pound, what does it break down to a gram", 1500 / POUND_G),
        ("they want $2,400/lb, what's that come out to per gram", 2400 / POUND_G),
        ("3k a lb from the new farm, what's it work out to a gram?", 3000 / POUND_G),
    ],
)
def test_a_price_per_gram_asked_as_what_it_works_out_to(question: str, expected: float) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert "g" in shown


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a price given before, revised: "came down to", "dropped it to", "went up to"
        (("paying $1,800 a pound, price per gram?", "he dropped it to $1,650"), 1650 / POUND_G),
        (("2k per lb what's that a gram", "vendor went up to 2200"), 2200 / POUND_G),
        (("$1,300/lb, per gram?", "ok they came down to 1200"), 1200 / POUND_G),
    ],
)
def test_a_price_revised_in_a_follow_up(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert found.changed  # the answer says what the follow-up changed


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the terpene share's basis named again in a follow-up: the one named last holds
        (
            ("add terps at 6% of the distillate weight, 120 g distillate, grams of terps?",
             "make it of the final blend instead"),
            120 * 6 / 94,
        ),
        (
            ("8% terpenes of the finished mix, 200 g of distillate, how many grams terps",
             "what if it's 8% of the distillate's weight instead"),
            200 * 8 / 100,
        ),
        (
            ("8% terpenes of the finished mix, 200 g of distillate, how many grams terps",
             "what about 10% of the distillate instead"),
            200 * 10 / 100,
        ),
        (
            ("6% terps of the distillate, 100 g distillate, how much terp",
             "make it 10% of the blend rather than of the distillate"),
            100 * 10 / 90,
        ),
    ],
)  # fmt: skip
def test_the_terpene_basis_named_last_holds(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "60 g of distillate" is the material weighed; "(not of the blend)" is set aside
        ("terps at 5% of the mix, 60 g of distillate, grams of terps", 60 * 5 / 95),
        ("7% terps by weight of the oil (not of the blend), 40 g oil, how much", 40 * 7 / 100),
    ],
)
def test_a_terpene_basis_in_one_question(question: str, expected: float) -> None:
    value, _ = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)


@pytest.mark.parametrize(
    "question",
    [
        # one input, two sources that disagree, and a calculation that needs one value
        "2g preroll 30% per the label, 27% from the lab, how many mg thc",
        "eighth of 24% per the menu and 21% per the coa, how many mg thc",
        "the half gram cart says 91% on the box and 86% on the coa, mg of thc in it?",
    ],
)
def test_two_sources_disagreeing_on_one_input_are_asked_about(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, found
    assert "which" in (found.refusal or "").lower()


def test_a_label_against_its_lab_result_is_still_compared() -> None:
    # the two sources' figures are both used: a comparison, not a contradiction
    value, _ = answer("label says 10 mg per gummy, lab says 8.4 mg, how far off")
    assert math.isclose(value, (8.4 - 10) / 10 * 100, rel_tol=1e-6)


@pytest.mark.parametrize(
    ("question", "avoirdupois", "trade"),
    [
        # a bare ounce is the avoirdupois ounce; the trade's 28 g figure is given beside it
        ("how many grams is 3 ounces", 3 * OUNCE_G, "84 g"),
        ("5 oz to grams", 5 * OUNCE_G, "140 g"),
        ("convert 14 g to oz", 14 / OUNCE_G, "0.5 trade oz"),
    ],
)
def test_an_ounce_conversion_states_both_ounces(
    question: str, avoirdupois: float, trade: str
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, avoirdupois, rel_tol=1e-9)
    shown = describe(found)
    assert f"trade's 28 g ounce it would be {trade}" in shown
    assert "avoirdupois ounce, 28.3495 g" in shown
