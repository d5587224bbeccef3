"""Classes of misreading the seventeenth benchmark found (issue 20), each in new words: the
question as a user types it, and the number and unit answered or the question asked back.
Expected values are worked by hand (total = neutral + 0.877 x acid; 10 mg/g = 1%; THC mg =
grams x 1000 x potency %; concentrate = pieces x dose / potency; a variance is (lab - label)
/ label)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents import missing_inputs as needs
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.coa_tables import coa_table

FACTOR = 0.877


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a COA exported with semicolons between its cells, the unit in a cell of its own
        (
            "Lab export for lot B-17\nCompound; Result; Units\nTHCa; 18.40; %\n"
            "Delta-9 THC; 0.62; %\nCBDa; <LOQ; %\nwhats the total thc",
            0.62 + 18.40 * FACTOR,
            "%",
        ),
        (
            "name;value;unit\nthca;212.5;mg/g\nd9;3.3;mg/g\ntotal thc in mg/g",
            3.3 + 212.5 * FACTOR,
            "mg/g",
        ),
        # a PDF copied cell by cell: with a header one title per line, and with none
        (
            "Analyte\nLOQ\nResult\nUnit\nTHCa\n0.05\n0.262\n%\nD9-THC\n0.05\n0.058\n%\n"
            "is this hemp lot compliant?",
            0.058 + 0.262 * FACTOR,
            "%",
        ),
        (
            "pasted from the pdf:\nTHCA\n19.7\n%\nΔ9-THC\n0.8\n%\ntotal thc?",
            0.8 + 19.7 * FACTOR,
            "%",
        ),
        # the total asked names the cannabinoid: a CBD total needs no delta-9 result
        ("whats the total cbd? thca 0.2%, cbda 8.8%, cbd 0.35%", 0.35 + 8.8 * FACTOR, "%"),
        (
            "cbd total please: CBDa 14.1 mg/g, CBD 1.2 mg/g, THCa 0.9 mg/g",
            1.2 + 14.1 * FACTOR,
            "mg/g",
        ),
        # results in mg/g against the 0.3% hemp limit written without its %: compared in %
        (
            "field 7: thca 2.6 mg/g and delta 9 0.4 mg/g, still below .3?",
            (0.4 + 2.6 * FACTOR) / 10,
            "%",
        ),
        ("thca 4.1 mg/g, d9 0.5 mg/g, are we over 0.3", (0.5 + 4.1 * FACTOR) / 10, "%"),
        # a count written as "N x" before each piece's dose
        ("how much 90% disty for 250 x 10mg gummies", 250 * 10 / 0.90 / 1000, "g of concentrate"),
        ("grams of 80% oil for 40 x 50 mg brownies", 40 * 50 / 0.80 / 1000, "g of concentrate"),
        # a COA's total carried to the end of the chain: into pieces, into a bag
        (
            "lab sheet for the rosin: d9 3.1%, thca 70.2%. 2.5 g goes into 50 chocolates, how "
            "much thc in each chocolate",
            2500 * (3.1 + 70.2 * FACTOR) / 100 / 50,
            "mg THC per piece",
        ),
        (
            "thca 18.9%, d9 0.4% flower, mg of thc in a 7g bag",
            7000 * (0.4 + 18.9 * FACTOR) / 100,
            "mg THC",
        ),
    ],
)
def test_the_number_answered(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


@pytest.mark.parametrize(
    "question",
    [
        "field 7: thca 2.6 mg/g and delta 9 0.4 mg/g, still below .3?",
        "thca 4.1 mg/g, d9 0.5 mg/g, are we over 0.3",
    ],
)
def test_mg_per_gram_results_get_a_hemp_verdict_stated_in_percent(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    verdict = found.calculation.verdict
    assert verdict is not None and "hemp limit" in verdict
    assert "% total THC" in verdict and "0.3%" in verdict and "mg/g" not in verdict


def test_a_thca_a_row_and_one_cell_per_line_are_read_as_a_coa() -> None:
    rows = coa_table("Analyte\nResult\nUnit\nTHCA-A\n0.31\n%\nCBD\nND\n%\n")
    assert [(r.cannabinoid, r.value, r.unit) for r in rows] == [
        ("THCA", 0.31, "%"),
        ("CBD", 0, "%"),
    ]


@pytest.mark.parametrize(
    ("turns", "expected", "unit"),
    [
        # after a label and a lab result, a bare new amount is another lab result
        (
            (
                "claim on the label is 5 mg a gummy, coa found 5.6 mg, how far off?",
                "and if it came in at 4.4 mg",
            ),
            (4.4 - 5) / 5 * 100,
            "% from the label",
        ),
        (
            (
                "label says 250 mg per bottle, lab measured 238 mg, percent off?",
                "what if its 262 mg",
            ),
            (262 - 250) / 250 * 100,
            "% from the label",
        ),
        # ... and the label changes when the follow-up names it
        (
            ("label says 100 mg, lab 108 mg, variance?", "what if the label claimed 110 mg"),
            (108 - 110) / 110 * 100,
            "% from the label",
        ),
        # a tincture's bottle, its THC and the amount taken, each in a turn of its own
        (("60 ml tincture", "1800 mg thc total", "whats in 2 droppers"), 1800 / 60 * 2, "mg"),
        (("got a 15 ml bottle", "theres 600 mg cbd in it", "how much in 3 droppers?"), 120, "mg"),
    ],
)
def test_a_follow_up_keeps_each_input_in_its_place(
    turns: tuple[str, ...], expected: float, unit: str
) -> None:
    found = recognise_conversation(list(turns))
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation
    assert found.calculation.unit == unit


@pytest.mark.parametrize(
    "question",
    [
        # a dose per piece and a potency, but not how many pieces
        "want 5 mg mints, oil tests 75%, how much oil",
        "doing chocolates at 2.5 mg with 80% disty, grams needed?",
        "doing mints at 2.5 mg, rosin is 70%, grams of rosin?",
    ],
)
def test_the_piece_count_is_asked_with_no_number(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, question
    assert found.missing == (needs.PIECE_COUNT,)
    assert "how many pieces" in describe(found)


@pytest.mark.parametrize(
    ("question", "values"),
    [
        # two readings of one input joined by "or"
        ("thca reads 19% or 29% on the fax, d9 0.3%, total thc?", ("19%", "29%")),
        ("2 g or 3 g of 85% disty into 100 gummies, mg per gummy", ("2 g", "3 g")),
        # two counts of one batch that disagree
        (
            "the batch sheet lists 100 gummies but the mold count shows 96. 1.2 g of 88% disty, "
            "mg each",
            ("100 gummies", "96"),
        ),
        ("1 g of 80% into 36 chocolates but qa counted 40 chocolates, mg each", ("36", "40")),
    ],
)
def test_two_values_of_one_input_are_asked_which_holds(
    question: str, values: tuple[str, str]
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, question
    shown = describe(found)
    assert "Which one" in shown and all(v in shown for v in values)
    assert "per piece" not in shown and "Total THC is" not in shown  # no number worked out


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # what the new readings must not take over: a label and a lab told apart, a batch
        # scaled to another count, a plain "x" multiplier of a room's lights
        ("label says 20 mg but the lab says 18 mg, variance?", -10, "% from the label"),
        ("recipe makes 24 cookies but im making 60, uses 1 g disty, how much disty", 2.5, "g"),
        ("room 3: 4 x 600w, pulled 1,800 g dry, grams per watt?", 1800 / 2400, "g/W"),
        # a total THC asked of a COA with no delta-9 still asks for it
    ],
)
def test_neighbours_keep_their_calculation(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_a_total_thc_beside_a_thca_alone_still_asks_for_the_delta_9() -> None:
    found = recognise("total thc pls - cbd-a 12.6%, cbd 0.8%, thca 0.41%")
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == (needs.DELTA9,)
