"""Classes of misreading the nineteenth benchmark and a day's hand checks found (issue 20),
each in new words: the question as a user types it, and the number and unit answered.
Expected values are worked by hand (THC mg = grams x 1000 x potency %; the standard ounce is
28.349523125 g, the trade's eighth 3.5 g; total = neutral + 0.877 x acid; dry = wet x (1 -
loss); a scaled ingredient = amount x new batch / old batch; pieces taken x mg in each)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.normalising import normalise

FACTOR = 0.877
OUNCE = 28.349523125


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # an ounce restated in grams, or grams of 28.35 that are the amount: those grams
        ("an actual ounce - 28.35g - of 25% flower, how many mg of thc", 28350 * 0.25, "mg THC"),
        ("a real oz (28.35 g) of 22% bud, mg thc in it?", 28350 * 0.22, "mg THC"),
        ("28.35 grams of 18% shake, total mg thc?", 28350 * 0.18, "mg THC"),
        ("2 oz, 56.7 g, of 15% flower, how many mg thc", 56700 * 0.15, "mg THC"),
        # the standard ounce named by its word
        ("a standard ounce of 20% bud, total thc mg?", OUNCE * 1000 * 0.20, "mg THC"),
        ("2 true ounces of 15% trim, mg of thc?", 2 * OUNCE * 1000 * 0.15, "mg THC"),
    ],
)
def test_an_ounce_in_grams_is_those_grams(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_a_stated_ounce_is_still_a_statement_of_which_ounce() -> None:
    # "if the ounce is 28.35 g": which ounce, not an amount of 28.35 g
    assert normalise("how many eighths in an ounce if the ounce is 28.35 g") == (
        "how many eighths in 28.3495 g"
    )
    # a list of two amounts is not an ounce restated
    assert "5 g" in normalise("1 oz, 5 g of kief, total grams?")


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # "a" before a number in words is an article, not one more
        ("a two hundred milligram tin with ten mg per serving, how many servings", 20, "servings"),
        ("an eight hundred mg bar with twenty squares, mg per square", 40, "mg THC per piece"),
        ("a three hundred mg pack, 10 mg a serving, how many servings", 30, "servings"),
        # "a hundred", "a dozen" still count one of them
        (
            "a dozen cookies with a hundred and twenty mg total, mg per cookie",
            10,
            "mg THC per piece",
        ),
    ],
)
def test_an_article_before_number_words(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # "a 3.5", "a 7": the counter's bags named by their grams
        ("how many mg thc in a 3.5 of 22% flower", 3500 * 0.22, "mg THC"),
        ("customer wants a 7 of the 24% runtz, mg thc?", 7000 * 0.24, "mg THC"),
        ("a 14 of 20% smalls, how many mg", 14000 * 0.20, "mg THC"),
    ],
)
def test_a_bag_named_by_its_grams(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_a_number_before_other_words_is_no_bag() -> None:
    assert "7 g" not in normalise("its a 7 day cure at 60% rh, how many grams of thc")


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # the pieces taken at the dose each one has: pieces x mg
        ("i ate 3 cookies at 5 mg each, how much thc did i eat", 15, "mg THC"),
        ("took 2 of the 10 mg gummies, total thc?", 20, "mg THC"),
        ("if she eats 4 chocolates that are 2.5mg each how many mg", 10, "mg THC"),
        ("bag of 20 gummies, 5 mg each. i took 4, how many mg", 20, "mg THC"),
        # the pieces cut from "a pan of 16", "a tray of 24": the batch they came from
        (
            "a tray of 24 made with 2 g of 70% oil, i ate 3 brownies, how much thc",
            2000 * 0.70 / 24 * 3,
            "mg THC",
        ),
        # pieces had "out of" or "from" a whole are taken from it
        (
            "she had 3 cookies out of a batch of 36 made with 7 g of 20% flower, how much thc "
            "did she get",
            7000 * 0.20 / 36 * 3,
            "mg THC",
        ),
        ("i got 2 gummies from the bag of 30, 10mg each, how many mg", 20, "mg THC"),
        (
            "he took 1 bar from a box of 12 we made with 3 g of 60% rosin, mg thc?",
            3000 * 0.60 / 12,
            "mg THC",
        ),
    ],
)
def test_pieces_taken(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_pieces_had_alone_are_the_batch_made() -> None:
    # "we had 24 cookies" with no whole they came out of is what was made
    value, shown = answer("we had 24 cookies made with 7 g of 20% flower, mg each")
    assert math.isclose(value, 7000 * 0.20 / 24, rel_tol=1e-6)
    assert shown == "mg THC per piece"


def test_more_pieces_taken_than_there_are_gets_no_number() -> None:
    found = recognise("bag of 10 gummies at 5mg each, i ate 12, how many mg")
    assert found is not None and found.calculation is None and not found.asks
    assert "more than the 10" in describe(found)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # the recipe's count said again, the bare number wanted is the new batch
        (
            "our recipe is 60 cookies with 1 cup butter, last time we made 60 cookies, now need "
            "150, how much butter",
            2.5,
            "cup",
        ),
        (
            "recipe makes 40 gummies with 4 g of disty. made 40 gummies last week, this week we "
            "want to make 100, grams of disty?",
            10,
            "g",
        ),
    ],
)
def test_a_recipe_said_twice_scales_to_the_batch_wanted(
    question: str, expected: float, unit: str
) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # the share of the wet weight lost, said as a fall in weight
        ("40 lb wet, weight goes down about 78% when dried, dry weight?", 40 * 0.22),
        ("chopped 12 kg fresh, comes out 76% lighter once dried, how many kg dry", 12 * 0.24),
        ("harvested 20 kg wet, it dries down by 75%, dry kg?", 5),
    ],
)
def test_drying_loss_said_as_a_fall(question: str, expected: float) -> None:
    value, _ = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)


@pytest.mark.parametrize(
    ("turns", "expected", "unit"),
    [
        # a bare "3.5" after a flower's readings is the bag's grams
        (
            ("lab: thca 22%, d9 1%", "mg thc per 3.5?"),
            3500 * (1 + 22 * FACTOR) / 100,
            "mg THC",
        ),
        (
            ("coa says THCA 25.1% and d9 0.3%", "total?", "how many mg in a 7 then"),
            7000 * (0.3 + 25.1 * FACTOR) / 100,
            "mg THC",
        ),
        # a recipe, then the batch to scale it to, then another batch size
        (
            (
                "our gummy recipe calls for 12 g of syrup per 60 gummies",
                "scale it to 300",
                "now 900",
            ),
            12 * 900 / 60,
            "g",
        ),
        (
            ("recipe uses 2.4 g rosin per 80 chews", "scaling to 200", "and 640?"),
            2.4 * 640 / 80,
            "g",
        ),
        (("recipe uses 3 g disty per 40 mints", "scale to 100"), 3 * 100 / 40, "g"),
        # the drying loss told in the next turn as a fall
        (("pulled 30 lbs wet", "it'll go down by 80% drying, dry lbs?"), 6, "lb"),
    ],
)
def test_a_follow_up(turns: tuple[str, ...], expected: float, unit: str) -> None:
    found = recognise_conversation(list(turns))
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation
    assert found.calculation.unit == unit


def test_cutting_a_batch_into_more_pieces_still_changes_the_count() -> None:
    # no recipe and no scaling said: the bare number is the new count of the same batch
    found = recognise_conversation(
        ["made 24 brownies with 7g of 20% flower, mg each", "what if i cut them into 36"]
    )
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 1400 / 36, rel_tol=1e-6)
