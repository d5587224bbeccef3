"""Phrasings written without looking at the readers (issue 20): each class of misreading
the fresh benchmark found, in new words, with the expected value worked by hand."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise

THCA_TO_THC = 0.877


def _value(question: str) -> float:
    found = recognise(question)
    assert found is not None, "no calculation recognised"
    assert found.calculation is not None, found.refusal
    return found.calculation.value


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # 1. the unit asked wins
        (
            "coa shows thca 180 mg/g and d9 12 mg/g, give it to me as a total thc percentage",
            (180 * THCA_TO_THC + 12) / 10,
        ),
        ("coa shows thca 25% and d9 1%, total thc as mg/g?", (25 * THCA_TO_THC + 1) * 10),
        # 2. numbers in words and decimal commas
        ("thca twenty percent and two and a half percent d9, total thc?", 20 * 0.877 + 2.5),
        ("three and a half grams of 20% flower, how many mg thc", 3.5 * 0.2 * 1000),
        ("we harvested 3,5 kg from 500 sq ft, grams per sq ft", 3500 / 500),
        ("three hundred sixty milligrams split across thirty-six gummies, mg per gummy?", 10),
        # 3. a total THC potency is used as it is
        ("quarter of 24% total thc bud, how many mg of thc is that", 7 * 0.24 * 1000),
        ("a 0.5g vape at 88% total THC, how many mg thc in it", 0.5 * 0.88 * 1000),
        ("zip of 19% total thc, how many mg of thc in the bag", 28 * 0.19 * 1000),
        ("how many 5mg doses in a half oz of 18% total thc flower", 14 * 0.18 * 1000 / 5),
        # 4. a limit named in the question is not a reading
        (
            "our hemp came back d9 0.1% and thca 0.2%, are we under the 0.3% total thc limit?",
            0.1 + 0.2 * THCA_TO_THC,
        ),
        # 5. the quantity asked: mass lost, the diluent, one end of a window, one component
        ("decarbing 25 g of thca crystals, what's the mass loss in mg", 25_000 * (1 - 0.877)),
        ("how much weight will we lose when we decarb 2 kg of thca isolate", 2 * (1 - 0.877)),
        (
            "label claim 50 mg per package, allowed variance 15%, what's the minimum a lab "
            "can report?",
            50 * 0.85,
        ),
        ("gummies labeled 2.5mg with a +/- 20% variance, what's the top of the range", 3),
        (
            "my stock oil is 50 mg/ml and I want 200 ml at 5 mg/ml, how much mct do I add?",
            200 - 5 * 200 / 50,
        ),
        (
            "have 88% and 65% distillate, need 2 kg at 80%, how many grams of the 88%?",
            2000 * (80 - 65) / (88 - 65),
        ),
        (
            "want 300 g at 75% from 90% and 50% oil, how many g of the 50?",
            300 * (90 - 75) / (90 - 50),
        ),
        (
            "got a 600mg/30ml tincture, want to dilute it to 5 mg/ml, 60 ml total. how many ml "
            "of the tincture",
            5 * 60 / (600 / 30),
        ),
        # 6. simple divisions
        (
            "one hundred twenty milligrams spread over twenty-four lozenges. how much per lozenge?",
            5,
        ),
        ("the tray has 1.5 g of THC in it and we cut 300 squares, mg per square?", 1500 / 300),
        ("jar holds 500 mg CBD and a serving is 25 mg. servings per jar?", 500 / 25),
        ("a 1500mg tincture bottle, I take 30 mg a dose. how many doses is that", 1500 / 30),
        ("a 60 mL dropper bottle with 1200 mg THC, how much per 1 mL dropper", 1200 / 60),
        ("my tincture has 600mg in 60mL, dropper is 1mL and I take 2.5 droppers, how many mg?", 25),
        ("60 mL tincture made with 1 g of 80% distillate, mg per mL", 1000 * 0.8 / 60),
        ("500mg/15ml tincture, how much per ml", 500 / 15),
        # 7. kitchen infusions: a known THC total, mL of butter, an overall efficiency, portions
        ("put 1500 mg of thc into half a cup of coconut oil, how much per teaspoon", 1500 / 24),
        ("1200 mg THC infused in 200 mL of butter, mg per tbsp?", 1200 / 200 * 14.786765),
        (
            "7 g of flower at 20% THCA into 1 cup of butter, assume 70% overall efficiency for "
            "decarb and infusion. mg per tbsp?",
            7000 * 0.20 * THCA_TO_THC * 0.70 / 16,
        ),
        (
            "half cup of cannabutter made with 5 g of 20% total thc flower, recipe calls for 4 "
            "tbsp in a tray of 16 brownies. mg per brownie?",
            5000 * 0.20 * (4 / 8) / 16,
        ),
        # 8. a share of what is added lost on the way
        (
            "making 1,000 mints at 5mg each with 85% distillate, and 3% of what goes in is left "
            "behind in the pot. how many grams of distillate",
            1000 * 5 / 0.85 / 0.97 / 1000,
        ),
        # 9. terpenes by the whole fill or by the distillate; w/w is no wattage
        (
            "terp reintro on our carts: terps at 8% w/w of the whole fill, 200 g of distillate. "
            "how much terp?",
            200 * 8 / 92,
        ),
        ("7% terps by weight of the distillate, for 400g distillate", 400 * 0.07),
        # 10. a batch scaled to a new size of the same kind
        ("the 4 kg batch takes 600 g of gelatin, scaling up to 10 kg, how much gelatin", 1500),
        (
            "our 20 L batch of syrup uses 1.2 kg sugar; we are scaling to 50 L. how much sugar?",
            1.2 * 50 / 20,
        ),
        # 11. the ounce or pound the user states wins; units named loosely
        ("how many grams is a quarter oz using the real 28.35 g ounce", 28.349523125 / 4),
        ("2 kilos is how many avoirdupois ounces (28.35 g)?", 2000 / 28.349523125),
        ("lbs going for 1.8k, whats that per gram? use 448 g (16 zips x 28)", 1800 / 448),
        ("wholesale is 1300 per pound, cost per gram with a 453.59 g lb", 1300 / 453.59237),
        ("what's the price per eighth if a pound is $2,000, counting a 448 g pound", 2000 / 128),
        ("500 mL of milk in US cups?", 500 / 236.5882365),
        ("how much co2 is lost decarbing 500 g of thca?", 500 * (1 - THCA_TO_THC)),
        ("decarb 2500 mg of thca, answer in grams", 2.5 * THCA_TO_THC),
        ("a hundred and fifty milligrams across thirty gummies, mg per gummy?", 150 / 30),
        (
            "hemp: THCA 0.2%, delta 9 0.09%, what's total thc vs the 0.3 percent threshold",
            0.09 + 0.2 * THCA_TO_THC,
        ),
        ("price per gram at 1,400 a pound using the full 453.59 g pound", 1400 / 453.59237),
        # 12. grow rooms: a floor written W x L, a weight in words
        ("tent is 5x10 ft of canopy and we pulled 1,5 kg dry, g per square foot", 1500 / 50),
        ("got one and a half pounds under a 600 watt light, gpw?", 1.5 * 453.59237 / 600),
    ],
)
def test_unseen_phrasing_gets_the_hand_worked_value(question: str, expected: float) -> None:
    assert math.isclose(_value(question), expected, rel_tol=1e-3)


@pytest.mark.parametrize(
    "question",
    [
        "what's the window at 15% variance for our chocolates",
        "guy wants to sell me an ounce, what's that per gram?",
        "want 250 mL at 4 mg/mL from my stock, how much stock do i need",
    ],
)
def test_a_missing_input_gets_a_question_not_a_number(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            (
                "blend 100 g of 80% with 400 g of 90%, resulting potency?",
                "and if it's 250 g of the 80 instead",
            ),
            (250 * 80 + 400 * 90) / 650,
        ),
        (("500 kg wet with 78% moisture loss, dry weight?", "and at 72%?"), 500 * 0.28),
        (
            ("hemp coa: d9 0.05%, THCA 0.22%, total thc?", "retested at THCA 0.35%, same d9"),
            0.05 + 0.35 * THCA_TO_THC,
        ),
        (
            ("decarb 8 g of THCA crystals, mg THC theoretical?", "at 90% efficiency?"),
            8000 * THCA_TO_THC * 0.9,
        ),
        (("5 mg label, plus or minus 20%, lowest passing?", "and the highest?"), 6),
        (("100mg package, 10mg servings, how many?", "what if the serving is 5 mg"), 20),
        (
            (
                "adding terps at 6% of the final blend to 400 g distillate, how much terps",
                "what if it's 6% of the distillate weight instead",
            ),
            400 * 0.06,
        ),
    ],
)
def test_a_follow_up_applies_its_change(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-3)
