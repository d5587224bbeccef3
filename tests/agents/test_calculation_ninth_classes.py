"""Classes of misreading the ninth benchmark found (issue 20), each in new words: the
question as a user types it and the number answered. Expected values are worked by hand."""

from __future__ import annotations

import math
import re

import pytest

from tests.agents.calculation_answers import answer as _answer
from trichome.agents.calculation_requests import recognise
from trichome.agents.normalising import normalise


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # the THC of a whole batch shared out at a dose per piece: 3,000 / 10 = 300
        ("batch total is 3000 mg, 10 mg per gummy, how many gummies", 300, "gummies"),
        # 4,500 / 2.5 = 1,800
        (
            "there's 4,500 mg thc in the whole kettle, dosing at 2.5 mg a piece. how many pieces",
            1800,
            "pieces",
        ),
        # 6 g = 6,000 mg; 6,000 / 10 = 600
        ("the pot has 6 g of thc in it, 10mg each, how many chocolates", 600, "chocolates"),
        # 1,000 / 3 = 333.3 -> 333 whole pieces
        ("one thousand mg in the mix, 3 mg per piece, how many can we cut", 333, "pieces"),
    ],
)
def test_pieces_from_a_batch_total_and_a_dose(question: str, expected: float, unit: str) -> None:
    value, shown = _answer(question)
    assert value == expected
    assert shown == unit


def test_a_batch_of_concentrate_is_not_its_thc() -> None:
    found = recognise("6 g of distillate in the pot, 10mg each, how many chocolates")
    assert found is None or found.calculation is None


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a recipe scaled to a new count said as "doing", "running", "pouring": 3 x 1000/200
        ("a run of 200 cookies takes 3 cups flour, running 1,000 cookies next week, cups?", 15),
        # 1.5 g x 600 / 40 = 22.5 g
        ("our 40 chocolates use 1.5 g distillate; pouring 600 chocolates friday. how many g", 22.5),
        # 200 g x 45 / 10 = 900 g
        ("our 10 L batch takes 200 g sugar, doing 45 L, how much sugar", 900),
        # 340 g x 150 / 20 = 2,550 g
        ("20 L batch uses 340 g disty; this run is 150 L, how much disty", 2550),
    ],
)
def test_a_recipe_scaled_without_the_word_scale(question: str, expected: float) -> None:
    value, _ = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # the price of the THC itself: $25 / 50 mg = $0.50 per mg
        ("whats the cost per milligram on a $25 tin of 50 mg gummies", 0.5, "$/mg THC"),
        ("$18 for a 10 mg seltzer, price per mg?", 1.8, "$/mg THC"),
        # a package of pieces: 10 mg x 20 = 200 mg; $40 / 200 = $0.20
        ("10 mg gummies, 20 per bag, $40 a bag, price per mg", 0.2, "$/mg THC"),
        # per gram of THC: 100 mg = 0.1 g; $30 / 0.1 = $300
        ("$30 for 100mg, price per gram of thc", 300, "$/g THC"),
    ],
)
def test_price_per_mg_of_thc(question: str, expected: float, unit: str) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6)
    assert shown == unit


def test_price_per_mg_without_the_thc_is_asked_for() -> None:
    found = recognise("paid $40 for the pack, price per mg?")
    assert found is not None and found.calculation is None and found.asks


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # bags counted and priced each: the price is of one bag (a QP is 4 x 28 g = 112 g)
        ("bought 4 qps at 600 each, price per gram?", 600 / 112),
        ("2 hps @ 1100 apiece, whats that per g", 1100 / 224),
        ("got 3 qps for 575 each. per gram?", 575 / 112),
        # a price for all of them together still covers all of them
        ("4 qps for 2400, price per gram", 2400 / 448),
    ],
)
def test_bags_priced_each(question: str, expected: float) -> None:
    value, _ = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a month and day is a date, not a fraction or an input: (9.2 - 10) / 10 = -8%
        ("label says 10 mg, lab on 9/14 found 9.2 mg, variance %", -8.0),
        ("claim 5 mg per chew; retest pulled 10/3 came back 5.4 mg. variance %", 8.0),
        # 200 x 10 mg = 2,000 mg; / 0.9 = 2,222.2 mg = 2.2222 g
        ("the 9/14 batch: 200 gummies at 10mg, disty is 90%, grams of disty?", 2000 / 0.9 / 1000),
    ],
)
def test_dates_are_not_numbers(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-4)
    assert not found.unused, found.unused
    # no bare number (a date's month or day, or the fraction it was taken for) is read
    assert not any(re.fullmatch(r"[\d.]+", shown) for shown in found.read), found.read


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("lights on 18/6 for 5 weeks", "18/6"),  # a light schedule is an input
        ("flip to 12/12 next week", "12/12"),
        ("add 1/2 cup butter", "0.5 cup"),  # a fraction of a measure
        ("a 1/16 oz sample", "0.0625 oz"),
    ],
)
def test_schedules_and_fractions_are_not_dates(text: str, kept: str) -> None:
    assert kept in normalise(text)


@pytest.mark.parametrize(
    ("question", "low", "high"),
    [
        # bags named in the plural, asked about one: 3.5 g x 18% = 630 mg, x 22% = 770 mg
        ("eighths of 18-22% flower, mg thc per eighth", 630, 770),
        # 28 g x 25% = 7,000 mg, x 28% = 7,840 mg
        ("selling zips of 25-28% bud, mg of thc per zip", 7000, 7840),
    ],
)
def test_one_of_the_bags_over_a_potency_range(question: str, low: float, high: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.details["low"], low, rel_tol=1e-6)
    assert math.isclose(found.calculation.details["high"], high, rel_tol=1e-6)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("eighths of 20% flower, how many mg thc in each", 700),
        ("eighths of 18% flower - how much thc in one?", 630),
    ],
)
def test_one_of_the_bags(question: str, expected: float) -> None:
    value, _ = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6)


def test_bags_counted_by_the_question_are_not_one() -> None:
    assert "1 eighth" not in normalise("how many eighths of 20% flower for 2000 mg thc")


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # one reading in mg/g and one in %: each converted (1% = 10 mg/g) before adding
        ("coa: thca 180 mg/g, d9-thc 1.2 %, total thc mg/g", 12 + 180 * 0.877, "mg/g"),
        ("d9 0.4% + thca 265 mg/g total in %", 0.4 + 26.5 * 0.877, "%"),
        ("thca 24.1 % plus 3 mg/g delta 9, total thc?", 0.3 + 24.1 * 0.877, "%"),
    ],
)
def test_a_total_from_mixed_units(question: str, expected: float, unit: str) -> None:
    value, shown = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6)
    assert shown == unit


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("each gummy is 7.5mg, 12 per bag, mg per bag?", 90),
        ("every mint holds 2.5 mg and there are 40 to a tin. mg per tin?", 100),
    ],
)
def test_the_count_packed_is_a_used_input(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert not found.unused, found.unused


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # dried from one weight down to another: (40 - 10) / 40 = 75%
        ("we dried 40 lbs down to 10 lbs, moisture loss %", 75),
        # (3,200 - 720) / 3,200 = 77.5%
        ("dried 3,200 g down to 720 g, what % moisture did we lose", 77.5),
        # (5 kg - 1.1 kg) / 5 kg = 78%
        ("plants dried 5 kg to 1.1 kg, what percent weight lost", 78),
    ],
)
def test_moisture_lost_from_dried_down_to(question: str, expected: float) -> None:
    value, _ = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the output named first, the input after "out of" or "from": 454 / 4,535.9 g
        ("got 454g crude out of 10 lbs of trim, yield?", 454 / (10 * 453.59237) * 100),
        ("batch yielded 454g from 10 lbs trim, yield %?", 454 / (10 * 453.59237) * 100),
        # 60 / 300 = 20%
        ("pulled 60 g rosin off 300 g of hash, whats the return", 20),
    ],
)
def test_a_return_with_the_output_named_first(question: str, expected: float) -> None:
    value, _ = _answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6)
