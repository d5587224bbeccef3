"""Classes of misreading the eleventh benchmark found (issue 20), each in new words: the
question as a user types it and the number answered. Expected values are worked by hand
(total THC = d9 + 0.877 x THCA; a US fluid ounce is 29.5735295625 mL; the trade's zip is
28 g and an eighth 3.5 g; Canada's Schedule 3: 0.25 g of concentrate or 15 g of solids
count as 1 g of dried cannabis)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise
from trichome.agents.coa_tables import coa_table
from trichome.agents.normalising import normalise
from trichome.agents.quantities import read

FLOZ_ML = 29.5735295625


def _answers(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (value, shown)
    assert shown.split()[0] == unit, shown


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("flower has point seven percent d9 and nineteen percent thca, total thc?", 17.363),
        (
            "thca is twenty point four percent plus point nine percent delta 9, what's total thc",
            0.9 + 20.4 * 0.877,
        ),
    ],
)
def test_a_decimal_said_as_point_seven_after_any_word(question: str, expected: float) -> None:
    _answers(question, expected, "%")


def test_a_spoken_decimal_needs_its_unit_after_a_word_that_links_no_number() -> None:
    assert "0.8 percent" in normalise("thca and point eight percent d9")
    assert "point 5 of us" in normalise("at this point 5 of us share the jar")


def test_a_csv_export_with_decimals_and_a_mg_g_result_column() -> None:
    # a comma after a decimal separates cells ("0.1,101.5" is not 0.11015); the LIMS header
    # spells its mg/g column "result_mg_g"
    _answers(
        "lims csv\nanalyte,loq_mg_g,result_mg_g\nTHCA,0.5,215.2\nCBDA,0.1,101.5\n"
        "D9-THC,0.5,6.4\ntotal thc mg/g?",
        6.4 + 215.2 * 0.877,
        "mg/g",
    )


def test_a_result_column_is_chosen_over_a_limit_of_detection_in_mg_per_g() -> None:
    rows = coa_table("analyte | LOD (mg/g) | result (mg/g)\nTHCA | 0.2 | 190.4\nCBD | 0.2 | 3.3\n")
    assert [(r.cannabinoid, r.value, r.unit) for r in rows] == [
        ("THCA", 190.4, "mg/g"),
        ("CBD", 3.3, "mg/g"),
    ]


def test_a_mg_per_g_column_is_no_price_per_gram() -> None:
    # whatever money the story names, "mg/g" is a concentration's unit
    _answers(
        "| analyte | mg/g |\n| THCA | 180.0 |\n| D9 | 5.0 |\npaid $900 for the lot. total thc "
        "in mg/g?",
        5 + 180 * 0.877,
        "mg/g",
    )


def test_a_price_per_gram_written_after_a_word_is_still_one() -> None:
    _answers("pound at 1800, whats that dollars/g", 1800 / 453.59237, "$/g")


def test_thca_at_an_efficiency_with_thc_asked_is_a_decarboxylation() -> None:
    _answers(
        "loading 2 kg of thca isolate, conversion efficiency 90%, how many grams of thc do we "
        "end with",
        2000 * 0.877 * 0.9,
        "g",
    )


def test_the_strength_of_a_product_base_wanted_is_the_target() -> None:
    # after a two-word unit ("32 fl oz of tea base at 2.5mg/ml"): not a stock
    _answers(
        "emulsion runs 25mg/ml; we want 32 fl oz of tea base at 2.5mg/ml, how many ml of emulsion",
        32 * FLOZ_ML * 2.5 / 25,
        "mL",
    )


def test_each_kind_of_piece_is_a_dose_summed_over_the_package() -> None:
    _answers("each mint tablet is 2.5 mg and the tin has 20 tablets, total mg per tin?", 50, "mg")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("each little square is 5mg and there are 12 squares in the bar, mg in the bar?", 60),
        ("16 brownies at 12.5mg each, how much thc in the pan", 200),
    ],
)
def test_the_whole_the_pieces_are_cut_from_is_their_total(question: str, expected: float) -> None:
    _answers(question, expected, "mg")


def test_an_amount_before_a_clause_about_the_package_is_not_the_package_total() -> None:
    squares = [q for q in read("squares are 2.5mg and the bar has 40 of them") if q.kind == "mass"]
    assert squares[0].per != "package"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("wet weight 40 lb, dry weight 9.5 lb, shrinkage in percent?", 76.25),
        ("12 kg wet down to 2.7 kg dry, dry loss %", 77.5),
    ],
)
def test_a_drying_loss_asked_with_the_percent_after_it(question: str, expected: float) -> None:
    _answers(question, expected, "%")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("got a deal. zip was $180, flower tests 20% thc. cost per mg thc?", 180 / 5600),
        ("eighth runs $30, tested 25% thc, what's the cost per mg of thc", 30 / 875),
    ],
)
def test_a_sentence_opening_on_the_bag_it_prices(question: str, expected: float) -> None:
    _answers(question, expected, "$/mg")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("label claim 18% thc, coa came back 16.2%, % off?", -10),
        ("label says 20mg per piece, lab says 18.5mg, variance?", -7.5),
    ],
)
def test_a_variance_asked_is_signed_and_in_percent(question: str, expected: float) -> None:
    _answers(question, expected, "%")


@pytest.mark.parametrize(
    ("question", "state", "expected"),
    [
        # pieces counted before their weight ("two 0.5g carts") are held together
        ("in canada, two 0.5g carts and 3.5 g of flower, how much dried equivalent?", "CAN", 7.5),
        # an equivalent asked with "total" and no "how much"
        (
            "bc shopper has 10 g dried and 30 g of gummies (solids), total dried equivalent?",
            "CA-BC",
            12,
        ),
    ],
)
def test_eleventh_set_canada_equivalents(question: str, state: str, expected: float) -> None:
    found = recognise(question, state)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9), found.calculation


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the amount of a lot named earlier without one ("a bit of the 60%")
        (
            (
                "mix 300 g of 90% with a bit of the 60% stuff, what potency?",
                "make it 200 g of the 60",
            ),
            (300 * 90 + 200 * 60) / 500,
        ),
        # a lab result told after the label claim sits beside it, not in its place
        (("label claims 25 mg per bottle", "coa came back at 22mg, variance?"), -12),
    ],
)
def test_eleventh_set_follow_ups(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation
