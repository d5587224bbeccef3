"""Classes of misreading the twentieth benchmark found (issue 20), each in new words: the
question as a user types it, and the number, unit and words answered. Expected values are
worked by hand (total = neutral + 0.877 x acid; mg/g / 10 = %; THC mg = product mg x
potency %; a pack is pieces x each; servings = package mg / serving mg; a bag against its
size = (weighed - size) / size x 100; the trade's eighth 3.5 g, quarter 7 g, zip 28 g; the
standard ounce 28.349523125 g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.coa_tables import coa_table
from trichome.agents.normalising import normalise
from trichome.agents.quantities import read

FACTOR = 0.877
OUNCE = 28.349523125


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # analytes across one row, results on the row below (spaces, tabs, single spaces)
        (
            "copied off the lab pdf\nAnalyte   THC-A   Delta-9   CBD\n%   18.40   0.52   0.10\n"
            "total thc please",
            0.52 + FACTOR * 18.40,
            "%",
        ),
        ("Compound\tTHCa\td9-THC\nResult (%)\t25.2\t1.1\ntotal thc?", 1.1 + FACTOR * 25.2, "%"),
        ("THCA D9 CBDA\n19.7% 0.6% 0.2%\nwhat's the total thc", 0.6 + FACTOR * 19.7, "%"),
    ],
)
def test_a_coa_with_its_analytes_as_a_header_row(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_a_header_row_coa_in_mg_g_reads_each_result_under_its_name() -> None:
    rows = coa_table("Analyte  THCA  D9-THC  Total THC\nmg/g  2.9  0.4  2.94\nhemp ok?")
    assert [(q.cannabinoid, q.value, q.unit) for q in rows] == [
        ("THCA", 2.9, "mg/g"),
        ("THC", 0.4, "mg/g"),
    ]  # the lab's own Total THC column is not an input
    found = recognise("Analyte  THCA  D9-THC\nmg/g  2.9  0.4\nis it under the hemp limit")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, (0.4 + FACTOR * 2.9) / 10, rel_tol=1e-6)
    assert "hemp limit" in describe(found)


@pytest.mark.parametrize(
    ("question", "expected", "name"),
    [
        # an acid spelled with a hyphen beside its result is that acid, not "a 14 g" bag
        ("cbd-a 7.4% and cbd 0.3%, whats the total cbd", 0.3 + FACTOR * 7.4, "total_cbd"),
        ("thc-a 14.1%, delta 9 0.2%, total thc?", 0.2 + FACTOR * 14.1, "total_thc"),
        ("CBD-A 28.0 / CBD 1.2 (percent), total CBD", 1.2 + FACTOR * 28.0, "total_cbd"),
    ],
)
def test_an_acid_written_with_a_hyphen(question: str, expected: float, name: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert name in found.calculation.name


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a potency in mg/g times the product's mass, asked as "that in mg"
        ("the vape says 905 mg/g thc, it's a 1g pod, what is that in milligrams", 905),
        ("label on my .3g disposable says 88% thc, whats that in mg", 300 * 0.88),
    ],
)
def test_a_potency_times_a_mass_asked_in_mg(question: str, expected: float) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == "mg THC"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "Npk" is a pack of N pieces; the mass after "pack of" is each piece's
        ("a 3pk of 1g joints at 27%, how many mg thc in the whole pack", 3 * 1000 * 0.27),
        ("10-pk of .35g minis @ 30 percent, total mg thc", 10 * 350 * 0.30),
        ("got a 6 pk of 0.5 g prerolls at 19%, mg of thc total?", 6 * 500 * 0.19),
    ],
)
def test_a_pack_of_pieces_multiplies_one_piece(question: str, expected: float) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == "mg THC"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "10s", "2.5's": doses named by their mg beside an amount in mg
        ("how many 10s are in a 200 mg tin", 20),
        ("number of 2.5's i can cut from this 100mg chocolate?", 40),
    ],
)
def test_doses_named_by_their_milligrams(question: str, expected: float) -> None:
    value, shown = answer(question)
    assert value == expected, (question, value)
    assert shown == "servings"


def test_bags_named_by_their_grams_are_not_doses() -> None:
    # with no mg in the question, "3.5s" are not read as 3.5 mg servings
    found = recognise("how many 3.5s out of a zip")
    assert found is None or found.calculation is None or found.calculation.unit != "servings"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # pieces x mg each is the package; a serving of another size divides it
        ("tin of 40 mints at 2.5 mg each, she takes 5 mg at a time, how many servings", 20),
        ("jar holds 12 caps, 25mg a cap. he doses 50mg, how many doses is the jar", 6),
    ],
)
def test_servings_from_pieces_and_a_dose_taken(question: str, expected: float) -> None:
    value, shown = answer(question)
    assert value == expected, (question, value)
    assert shown == "servings"


@pytest.mark.parametrize(
    ("question", "expected", "bag"),
    [
        # a bag weighed against the trade size it is sold as, signed, no tolerance needed
        ("my quarter came in at 6.72g, how far off percent wise", (6.72 - 7) / 7 * 100, "quarter"),
        (
            "bought a zip and it weighed 28.6 g, how much over is it",
            (28.6 - 28) / 28 * 100,
            "ounce",
        ),
        ("the eighth i got only weighed 3.3g, % short?", (3.3 - 3.5) / 3.5 * 100, "eighth"),
    ],
)
def test_a_bag_against_its_size(question: str, expected: float, bag: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert bag in found.calculation.unit


def test_legal_weight_names_the_tolerance_it_needs() -> None:
    found = recognise("is my 8th legal weight, it's 3.41g on my scale. how far off in percent")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, (3.41 - 3.5) / 3.5 * 100, rel_tol=1e-6)
    text = describe(found)
    assert "net-weight tolerance" in text and "3.5 g" in text
    assert found.asks is False


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "what am i paying a gram" asks the price per gram of the bag priced
        ("plug is asking 220 for a zip, what am i paying a gram", 220 / 28),
        ("got a qp for 600, what did i pay per g", 600 / 112),
    ],
)
def test_what_am_i_paying_a_gram(question: str, expected: float) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == "$/g"


def test_a_follow_up_on_the_serving_keeps_the_package() -> None:
    # the earlier turn's square is a serving, not the package; the new serving replaces it
    found = recognise_conversation(
        ["a 300mg chocolate bar, 15 mg a piece, how many servings?", "and with 5mg doses"]
    )
    assert found is not None and found.calculation is not None
    assert found.calculation.value == 60
    assert found.calculation.unit == "servings"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the standard ounce named with a count in words
        ("three true ounces to grams", 3 * OUNCE),
        ("whats a couple of standard ounces in grams", 2 * OUNCE),
    ],
)
def test_standard_ounces_counted_in_words(question: str, expected: float) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-4), (question, value)
    assert shown == "g"


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # pieces of a given mg that make an amount: the amount over one piece
        ("how many 20mg chocolates equal 100 mg", 5, "chocolates"),
        ("a 2.5 mg mint, how many do i take to get 10mg", 4, "mints"),
        ("caps are 15 mg each, how many for 50 mg", 50 / 15, "caps"),
    ],
)
def test_pieces_that_make_an_amount(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_pieces_that_make_an_amount_show_the_whole_pieces() -> None:
    found = recognise("caps are 15 mg each, how many for 50 mg")
    assert found is not None
    text = describe(found)
    assert "3 whole caps give 45 mg; 4 give 60 mg" in text


def test_packs_each_of_an_amount_are_not_pieces_of_it() -> None:
    # "10 packs of 100mg" are ten packages of 100 mg, not one pack of 100 mg pieces
    (amount,) = [q for q in read(normalise("she wants 10 packs of 100mg")) if q.kind == "mass"]
    assert amount.per != "piece"
    (each,) = [q for q in read(normalise("a 10 pack of 100mg gummies")) if q.kind == "mass"]
    assert each.per == "piece"


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # "minis" are pieces
        ("tin of 40 minis with 200mg in it, mg per mini?", 5.0, "mg"),
        # a bag's mass is its piece's: whole bags out of a zip or a pound
        ("how many 7 g bags out of a zip", 4.0, "pieces"),
    ],
)
def test_minis_and_bag_sizes_are_pieces(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-4)
    assert unit in shown


def test_a_bare_servings_follow_up_counts_the_earlier_amounts() -> None:
    found = recognise_conversation(["250mg chocolate, 25 mg a square", "doses?"])
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 10.0)
