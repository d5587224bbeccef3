"""Classes of misreading the fifteenth benchmark found (issue 20), each in new words: the
question as a user types it, and the number answered or the input asked for. Expected values
are worked by hand (total = delta-9 + 0.877 x THCA; a pound is 453.59237 g, an ounce
28.349523125 g; a blend is the mass-weighted mean of its potencies)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_requests import describe, recognise

POUND_G = 453.59237
OUNCE_G = 28.349523125


@pytest.mark.parametrize(
    ("question", "missing"),
    [
        # a product sold by weight, named with its potency and no weight: the weight is asked
        ("how many mg in a cart at 90%?", "product_mass"),
        ("how much thc in a preroll at 28%", "product_mass"),
        ("mg of thc in a disposable testing 85%?", "product_mass"),
        # distillate cut to a target with terpenes, no starting potency: never assumed
        ("cut 50 g of distillate to 75% with terps, how much terps", "concentrate_potency"),
        ("bring 200 g of disty down to 80% with terpenes, what do I add", "concentrate_potency"),
        ("diluting 1 kg of oil to 70% using terpenes - how many grams", "concentrate_potency"),
    ],
)
def test_a_missing_input_is_asked_for(question: str, missing: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, question
    assert found.missing == (missing,)
    assert "?" in describe(found)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a price without "$" beside a mass it buys is money, not pounds of something
        ("vendor's asking 2600 per lb, what's that a gram", 2600 / POUND_G, "$/g"),
        ("grower quotes 1450 per lb, price per g?", 1450 / POUND_G, "$/g"),
        ("wholesale is 3000 per kg, cost per gram", 3.0, "$/g"),
        # a unit conversion with words between the amount and the unit asked at the end
        ("5 oz on the bench scale (true ounces) in grams?", 5 * OUNCE_G, "g"),
        ("weighed 2 lb on the floor scale, in kg?", 2 * POUND_G / 1000, "kg"),
        # a batch of counted pieces scaled to another count ("bar" and "bars" are one piece)
        ("our 40-bar batch uses 6 g of 80% oil; next run is 100 bars, how much oil", 15, "g"),
        ("a 24-cookie batch takes 1.5 g of 85% disty, for 72 cookies how much disty", 4.5, "g"),
        # pieces at a dose, the whole container's THC asked after "the whole"/"the entire"
        ("pack has 10 gummies at 5 mg each, how many mg in the whole pack", 50, "mg THC"),
        ("the jar holds 30 mints at 2 mg each, mg in the entire jar?", 60, "mg THC"),
        # two lots blended, joined by "plus", equal or not
        ("200 g of 90% plus 200 g of 70% distillate, resulting potency", 80, "%"),
        ("2 kg of 88% plus 1 kg of 76% crude, what's the blend at", 84, "%"),
        # two lots blended into pieces: one piece's THC, not the blend's potency
        (
            "3 g of 85% distillate + 2 g of 70% distillate, all into 100 gummies, mg each?",
            (3000 * 0.85 + 2000 * 0.70) / 100,
            "mg THC per piece",
        ),
        (
            "mixing 4 g of 90% oil with 1 g of 60% oil for 50 chocolates, how many mg per chocolate",
            (4000 * 0.90 + 1000 * 0.60) / 50,
            "mg THC per piece",
        ),
        # a COA's readings, then pieces dosed "off the total THC": that dose is per piece
        (
            "coa: thca 80%, d9 3%. making 500 gummies at 5mg off the total thc, how much distillate?",
            500 * 5 / ((3 + 80 * 0.877) * 10),
            "g of concentrate",
        ),
        (
            "lab says thca 80%, delta-9 5%; 200 chocolates dosed at 5 mg based on total thc, "
            "grams of oil needed?",
            200 * 5 / ((5 + 80 * 0.877) * 10),
            "g of concentrate",
        ),
        # a CSV COA with quoted cells, the sample id before the analyte, in mg/g
        (
            '"Lot","Analyte","mg/g"\n"A-17","THCa","240.0"\n"A-17","d9-THC","4.0"\n'
            '"A-17","CBD","ND"\ntotal thc in %?',
            (4.0 + 240.0 * 0.877) / 10,
            "%",
        ),
        # a bare CSV whose header names the % column "pct"
        ("batch,analyte,pct\nB7,THCA,21.0\nB7,THC,0.9\ntotal thc?", 0.9 + 21.0 * 0.877, "%"),
    ],
)
def test_the_number_answered(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # what the new readings must not take over
        ("decarb fifteen grams of thca, theoretical thc in grams", 15 * 0.877, "g THC"),
        ("a gummy with 100mg total thc, how many 10 mg doses", 10, "pieces"),
        ("cut 100 g of 92% distillate to 85% with terps", 100 * 92 / 85 - 100, "g"),
    ],
)
def test_neighbours_keep_their_calculation(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_a_unit_asked_in_another_question_is_no_conversion() -> None:
    assert recognise("the public limit is 2 oz right? and what about edibles in mg") is None
