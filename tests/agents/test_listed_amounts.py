"""Issue 20: a calculator never drops an amount the user lists. A stated purchase limit
takes off every amount held ("two eighths and a 7 g", "4 half-gram carts and a 2 g
shatter"), a conversion adds every amount listed ("2 zips and 3 eighths"), and a follow-up
giving what is held keeps the limit told before. Expected values by hand: an eighth is
3.5 g, a quarter 7 g, a zip 28 g (the trade's sizes in `units`)."""

from __future__ import annotations

import pytest

from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # 30 - (2 × 3.5 + 7) = 16: the unnamed 7 g is flower like the eighths it is listed with
        ("our limit is 30 g flower. she already has 2 eighths and a 7g in the bag, how much "
         "more flower can she buy", 16.0, "g flower"),
        # 10 - (4 × 0.5 + 2) = 6: a limit named for concentrate, and a count of carts
        ("concentrate limit is 10 g. customer bought 4 half-gram carts and a 2g shatter, "
         "how much concentrate is left", 6.0, "g concentrate"),
        # 28 - 3 × 4 = 16: "concentrate counts 1g = 4g flower" before the figures
        ("limit 28 g flower, concentrate counts 1g = 4g flower. she bought 3 g of "
         "concentrate. how many g of flower can she still buy", 16.0, "g flower"),
    ],
)  # fmt: skip
def test_a_stated_limit_takes_off_every_amount_held(
    question: str, expected: float, unit: str
) -> None:
    recognised = recognise(question)
    assert recognised is not None and recognised.calculation is not None
    assert recognised.calculation.name == "purchase_limit_left"
    assert recognised.calculation.value == pytest.approx(expected)
    assert recognised.calculation.unit == unit


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("grams in 2 zips and 3 eighths", 66.5),  # 56 + 10.5
        ("how many grams is 1 zip, 2 quarters and an eighth", 45.5),  # 28 + 14 + 3.5
    ],
)
def test_a_conversion_adds_every_amount_listed(question: str, expected: float) -> None:
    recognised = recognise(question)
    assert recognised is not None and recognised.calculation is not None
    assert recognised.calculation.name == "convert"
    assert recognised.calculation.value == pytest.approx(expected)


def test_a_conversion_of_one_amount_is_unchanged() -> None:
    recognised = recognise("how many grams in 3 zips")
    assert recognised is not None and recognised.calculation is not None
    assert recognised.calculation.value == pytest.approx(84.0)


def test_a_follow_up_naming_what_is_held_keeps_the_limit_told_before() -> None:
    recognised = recognise_conversation(
        [
            "the limit here is 30 g of flower",
            "she's already got three eighths and a quarter in the cart, how many more grams",
        ]
    )
    assert recognised is not None and recognised.calculation is not None
    assert recognised.calculation.name == "purchase_limit_left"
    assert recognised.calculation.value == pytest.approx(30 - 3 * 3.5 - 7)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # 1500 mg / 30 ml = 50 mg/ml; 0.5 ml a dose = 25 mg; two doses a day
        ("30 ml tincture 1500 mg cbd, 0.5 ml morning and night, how much cbd a day", 50.0),
        ("30 ml bottle with 1500mg cbd, she takes 0.5 ml 3x daily. mg per day?", 75.0),
        ("30 ml tincture 1500 mg cbd, how much in 0.5 ml", 25.0),  # one dose: no day asked
    ],
)
def test_doses_a_day_multiply_a_dose_asked_for_the_day(question: str, expected: float) -> None:
    recognised = recognise(question)
    assert recognised is not None and recognised.calculation is not None
    assert recognised.calculation.value == pytest.approx(expected)


def test_the_unit_asked_before_the_source_is_the_answers_unit() -> None:
    # 3 kg of THCA × 0.877 = 2.631 kg of THC, asked in grams
    recognised = recognise("theoretical max thc in grams from 3 kg of thca isolate")
    assert recognised is not None and recognised.calculation is not None
    assert recognised.calculation.value == pytest.approx(2631.0)
    assert recognised.calculation.unit.startswith("g")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("paid $1,000 for a QP, what's that per oz", 250.0),  # a QP is 4 trade ounces
        ("$840 for 3 oz, price per ounce?", 280.0),
    ],
)
def test_a_price_for_several_ounces_is_shared_over_them(question: str, expected: float) -> None:
    recognised = recognise(question)
    assert recognised is not None and recognised.calculation is not None
    assert recognised.calculation.name == "price_per_ounce"
    assert recognised.calculation.value == pytest.approx(expected)
