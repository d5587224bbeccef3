"""Classes of misreading the twenty-third benchmark found (issue 20), each in new words: the
question as a user types it, and what the user is shown. Expected values are worked by hand
(a package's mg / its pieces; mg of a cannabinoid = product mg x % / 100; a kitchen infusion =
mg x % [x 0.877 for THCA] over the fat, 1 cup = 16 tbsp = 48 tsp; yield = dry g / watts; price
per gram = $ / grams, a pound 453.59237 g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents import missing_inputs as needs
from trichome.agents import units
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.normalising import normalise

FACTOR = 0.877
POUND_G = 453.59237


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a package's THC and its piece count, one piece asked in words that name the one
        ("package says 10 pieces, 100mg thc per package. how many mg is one piece", 100 / 10),
        ("box has 20 gummies, 200mg thc per box. how much is one gummy", 200 / 20),
        ("100mg per pack, 10 chews in the pack, how many mg in one chew?", 100 / 10),
        ("the bag is 100mg thc total with 20 gummies inside, 1 gummy is how many mg", 100 / 20),
        ("tin holds 40 mints, 200mg per tin, how much thc in a single mint", 200 / 40),
    ],
)  # fmt: skip
def test_a_package_potency_over_its_pieces_is_the_dose_per_piece(
    question: str, expected: float
) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9), (question, value)
    assert unit.endswith("per piece")


def test_one_piece_asked_of_a_package_with_no_thc_asks_for_the_package_thc() -> None:
    found = recognise("package says 10 pieces, how many mg is one piece")
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == (needs.PACKAGE_THC,)


def test_a_recipe_sized_at_one_piece_still_scales() -> None:
    # "makes 1 cake ... want 3 cakes": the one piece is a batch size, not a piece asked about
    value, unit = answer("recipe makes 1 cake with 2 cups flour, I want 3 cakes, how much flour")
    assert math.isclose(value, 2 * 3 / 1)
    assert unit == "cup"


@pytest.mark.parametrize(
    ("question", "expected", "name"),
    [
        ("cbg flower at 9.5% CBG, how many mg of CBG in a 3.5g jar", 3500 * 9.5 / 100, "CBG"),
        ("1g cart at 40% cbn, how many mg of cbn", 1000 * 40 / 100, "CBN"),
        ("18% cbc tincture base, how many mg of cbc in 5 g", 5000 * 18 / 100, "CBC"),
        # two cannabinoids given: the one asked for is the one worked
        ("9.5% CBG and 0.2% thc flower, how many mg of CBG in a 3.5g jar", 3500 * 9.5 / 100,
         "CBG"),
        ("1g of 30% cbd 2% thc flower, cbd in mg?", 1000 * 30 / 100, "CBD"),
        ("9.5% CBG and 0.2% thc flower, how many mg of thc in a 3.5g jar", 3500 * 0.2 / 100,
         "THC"),
    ],
)  # fmt: skip
def test_the_mg_of_the_cannabinoid_named(question: str, expected: float, name: str) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9), (question, value)
    assert unit == f"mg {name}"


def test_a_missing_potency_is_asked_as_the_named_cannabinoid() -> None:
    found = recognise("how many mg of CBG in a 3.5g jar")
    assert found is not None and found.calculation is None and found.asks
    assert "% CBG" in describe(found) and "% THC" not in describe(found)


@pytest.mark.parametrize(
    ("written", "measure"),
    [
        ("teaspon", "tsp"),
        ("tea spoon", "tsp"),
        ("teaspooons", "tsp"),
        ("tsps", "tsp"),
        ("tspn", "tsp"),
        ("tbsp", "tbsp"),
        ("tblsp", "tbsp"),
        ("tbls", "tbsp"),
        ("table spoons", "tbsp"),
        ("tablspoon", "tbsp"),
        ("tabelspoon", "tbsp"),
        ("the spoon", None),
        ("tablet", None),
        ("teapot", None),
        ("these", None),
    ],
)
def test_kitchen_measures_are_read_tolerantly(written: str, measure: str | None) -> None:
    assert units.kitchen_measure(written) == measure


# 10 g of 25% THCA in 1 cup: 10,000 x 0.25 x 0.877 = 2,192.5 mg over 48 tsp or 16 tbsp
_INFUSED = 10_000 * 0.25 * FACTOR


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        ("infused 10g of 25% thca bud into 1 cup coconut oil, mg per teaspon?", _INFUSED / 48,
         "mg THC per tsp"),
        ("10g of 25% thca into 1 cup of coconut oil, mg per tea spoon?", _INFUSED / 48,
         "mg THC per tsp"),
        ("put 10 g of 25% thca flower in 1 cup oil. how much per tblsp", _INFUSED / 16,
         "mg THC per tbsp"),
        ("7 g of 20% thc flower in 1 cup butter, mg per tablspoon", 7000 * 0.20 / 16,
         "mg THC per tbsp"),
        ("7 g of 20% thc flower in 1 cup butter, how many mg in 1 tsps", 7000 * 0.20 / 48,
         "mg THC per tsp"),
        # a portion asked in a misspelt measure: the mg in that many of it
        ("infused 10g of 25% thca bud into 1 cup coconut oil, how many mg in 2 tsps",
         _INFUSED / 48 * 2, "mg THC"),
        ("10g of 25% thca into 1 cup of oil, how much thc is in 3 tblsp", _INFUSED / 16 * 3,
         "mg THC"),
    ],
)  # fmt: skip
def test_a_kitchen_measure_misspelt_is_answered_in_it(
    question: str, expected: float, unit: str
) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9), (question, value)
    assert shown == unit


def test_a_misspelt_measure_is_written_as_its_abbreviation() -> None:
    assert normalise("mg per teaspon of the oil?") == "mg per tsp of the oil?"
    assert normalise("the spoon i use") == "the spoon i use"  # no measure in it


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("got 2,400 g dry out of the tent running 480w, g/watt?", 2400 / 480),
        ("pulled 1.2 kg dry under a 600w light, grams per watt?", 1200 / 600),
        ("harvest was 900 grams dry, 1000 watts of led, what's my gpw", 900 / 1000),
        ("we ran 2 x 1000w and got 1,800 g dry, grams/watt", 1800 / 2000),
        ("1800g dry under 720 watts. how many grams a watt is that", 1800 / 720),
        ("dried out at 650 g with 630W cmh, g / watt?", 650 / 630),
    ],
)
def test_yield_per_watt_in_its_spellings(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9), (question, value)
    assert unit == "g/W"


@pytest.mark.parametrize(
    ("question", "missing"),
    [
        ("got 2,400 g dry out of the tent, g/watt?", needs.WATTAGE),
        ("running 480w in the tent, g/watt?", needs.DRY_WEIGHT),
    ],
)
def test_yield_per_watt_asks_only_for_what_is_missing(question: str, missing: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == (missing,)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the follow-up names its new values in another order than the question did
        (("paying 2100 for a pound, price per gram?", "what if i grab a half pound for 1100"),
         1100 / (POUND_G / 2)),
        (("paying 2100 for a pound, price per gram?", "ok 2 pounds for 4000 then"),
         4000 / (2 * POUND_G)),
        (("$2100 for a pound, per gram?", "and 1100 for half a pound?"), 1100 / (POUND_G / 2)),
        (("how much 85% distillate for 200 gummies at 10 mg?",
          "what if it's 300 gummies at 5 mg and 90%"), 300 * 5 / 0.90 / 1000),
        (("7 g of 22% flower into 1 cup of butter, mg per tbsp?", "what if it's 18% and 14 g"),
         14_000 * 0.18 / 16),
    ],
)  # fmt: skip
def test_a_follow_up_replaces_every_input_it_restates(
    turns: tuple[str, ...], expected: float
) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert not found.unused  # every new value was put in place of the one it replaces


def test_a_lab_water_activity_is_no_yield_per_watt() -> None:
    # "aw .55" is the sample's water activity: the total THC is asked, not grams per watt
    value, unit = answer(
        "sent the 3 lb bag to the lab ($145 invoice, aw .55). results: THCa 29.05%, THC 0.33%. "
        "total thc % for the label"
    )
    assert math.isclose(value, 0.33 + FACTOR * 29.05, rel_tol=1e-9)
    assert unit == "%"
