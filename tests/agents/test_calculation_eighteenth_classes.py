"""Classes of misreading the eighteenth benchmark found (issue 20), each in new words: the
question as a user types it, and the number and unit answered or the question asked back.
Expected values are worked by hand (total = neutral + 0.877 x acid; THC mg = grams x 1000 x
potency %; concentrate = pieces x dose / potency; a blend is the mass-weighted mean; the
trade's quarter is 7 g and its half 14 g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.coa_tables import coa_table

FACTOR = 0.877


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # LOD and LOQ columns beside the result, in any order: the "Result" column is read
        (
            "Analyte  LOD  LOQ  Result\nTHCa  0.010  0.030  0.412\nD9-THC  0.010  0.030  <LOQ\n"
            "CBDa  0.010  0.030  9.8\nhemp lot 12, total thc?",
            0.412 * FACTOR,
            "%",
        ),
        (
            "Analyte  Result  LOD  LOQ  Unit\nTHCa  0.338  0.010  0.030  %\n"
            "d9-THC  0.05  0.010  0.030  %\ntotal thc please",
            0.05 + 0.338 * FACTOR,
            "%",
        ),
        (
            "Compound   LOQ   Result   LOD\nTHCa   0.5   201.1   0.1\nD9   0.5   4.4   0.1\n"
            "total thc in mg/g?",
            4.4 + 201.1 * FACTOR,
            "mg/g",
        ),
        # a COA that states its total THC, the question asking the total CBD
        (
            "coa:\nTotal THC 0.19%\nTHCa 0.16%\nd9 0.05%\nCBDa 9.4%\nCBD 0.6%\n"
            "we have total thc from the lab. cbd total?",
            0.6 + 9.4 * FACTOR,
            "%",
        ),
        # the COA's readings carried on to the THC in a bag; a stated total line is no header
        (
            "certificate for lot 7\nTotal THC ... 19.6%\nTHCa ... 21.0%\nd9-thc ... 1.2%\n"
            "customer asks mg thc in an eighth",
            3500 * (1.2 + 21.0 * FACTOR) / 100,
            "mg THC",
        ),
        # the trade's quarter and half named alone
        ("she wants a quarter of the 22% zkittlez, mg of thc?", 7000 * 0.22, "mg THC"),
        ("a half of 18% flower, how many mg thc", 14000 * 0.18, "mg THC"),
        ("customer wants a half of the gmo, how many grams do i weigh out", 14, "g"),
        ("guy wants a quarter, how many grams?", 7, "g"),
        # a COA's total carried into pieces, and a blend carried on to the next step
        (
            "oil coa: d9 65%, thca 5%. 1.5 g into 30 cookies, how much thc per cookie",
            1500 * (65 + 5 * FACTOR) / 100 / 30,
            "mg THC per piece",
        ),
        (
            "mixing 1 kg of 85% and 500 g of 70% disty, how many grams of the mix for 400 "
            "gummies at 5 mg",
            400 * 5 / 80 * 100 / 1000,
            "g of concentrate",
        ),
        (
            "blend 200 g of 90% with 100 g of 75%, then 3 g of the blend into 60 gummies, mg each",
            3000 * 0.85 / 60,
            "mg THC per piece",
        ),
    ],
)
def test_the_number_answered(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_the_result_column_is_read_not_the_limits() -> None:
    rows = coa_table(
        "Analyte\tLOD\tLOQ\tResult\tUnit\nTHCA\t0.01\t0.03\t18.2\t%\nD9\t0.01\t0.03\tND\t%"
    )
    assert [(r.cannabinoid, r.value, r.unit) for r in rows] == [
        ("THCA", 18.2, "%"),
        ("THC", 0, "%"),
    ]


@pytest.mark.parametrize(
    ("turns", "expected", "unit"),
    [
        # a COA, its total, then the THC in a bag: mg of THC, not the bag's weight in mg
        (
            ("lab: thca 20.1%, d9 0.5%", "total thc pls", "how many mg in a 7 g bag then"),
            7000 * (0.5 + 20.1 * FACTOR) / 100,
            "mg THC",
        ),
        # the pieces named first, counted later as "N of em", the dose last
        (
            ("making cookies with 80% oil", "300 of em", "5 mg each, how much oil"),
            300 * 5 / 0.80 / 1000,
            "g of concentrate",
        ),
    ],
)
def test_a_follow_up_over_three_turns(turns: tuple[str, ...], expected: float, unit: str) -> None:
    found = recognise_conversation(list(turns))
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation
    assert found.calculation.unit == unit


def test_a_bare_mg_conversion_after_no_potency_stays_a_conversion() -> None:
    found = recognise_conversation(
        ["drying 90 lb wet, 75% loss, dry weight?", "how many mg in 2 g"]
    )
    assert found is not None and found.calculation is not None
    assert (found.calculation.value, found.calculation.unit) == (2000, "mg")


@pytest.mark.parametrize(
    ("question", "values"),
    [
        # two sources that disagree on one input
        (
            "recipe card says 2 g of disty but the sop says 3 g, 85%, 100 gummies, mg each",
            ("2 g", "3 g"),
        ),
        (
            "300 mints from 90% oil, ticket says 5 mg each but qa says 2.5 mg. grams of oil?",
            ("5 mg", "2.5 mg"),
        ),
        # one price given twice
        ("paid 2200 per lb or maybe 2400, per gram?", ("2200", "2400")),
        ("wholesale was $900 a qp, or was it $950? per gram", ("$900", "$950")),
    ],
)
def test_two_values_of_one_input_are_asked_which_holds(
    question: str, values: tuple[str, str]
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, question
    shown = describe(found)
    assert "Which one" in shown and all(v in shown for v in values)
    assert "per piece" not in shown and "$/g" not in shown  # no number worked out


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a claim and a measurement, or a comparison asked: a variance, not two values
        ("package says 100 mg but the coa says 92 mg, how far off", -8, "% from the label"),
        ("label says 10 mg a gummy but the lab says 11 mg, variance", 10, "% from the label"),
        # a potency and a loss are two inputs, not one given twice
        (
            "600 gummies at 10 mg, disty is 88% and plan for 5% loss, grams?",
            600 * 10 / 0.95 / 0.88 / 1000,
            "g of concentrate",
        ),
    ],
)
def test_neighbours_keep_their_reading(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_a_quarter_of_a_concentrate_is_a_share_not_a_bag_of_flower() -> None:
    # "a quarter of the 90% disty" is no 7 g: with no amount of it given, it is asked
    found = recognise("took a quarter of the 90% disty for 100 gummies, mg each")
    assert found is not None and found.calculation is None and found.asks
    assert "7 g" not in describe(found)
