"""Classes of misreading the tenth benchmark found (issue 20), each in new words: the
question as a user types it and the number answered. Expected values are worked by hand
(total THC = d9 + 0.877 x THCA; decarboxylation keeps 87.7% of the acid's mass; concentrate
for a dose = dose / potency)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise
from trichome.agents.quantities import read


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a mg/g basis named with where it came from, then the values ("in mg/g from the
        # lab: thc-a 198.7"): the bare values are mg/g, not percentages
        (
            "potency in mg/g from the lab: thca 210.4, d9 3.3. total thc in mg/g?",
            3.3 + 210.4 * 0.877,
            "mg/g",
        ),
        (
            "results in mg/g per the coa: THC-A 150.2, delta-9-thc 4.1, total thc?",
            4.1 + 150.2 * 0.877,
            "mg/g",
        ),
        # a limit in % written before "total thc" (".3% total thc"): the total shown in %
        (
            "field sample: d9 1.2 mg/g, thca 2.0 mg/g. under .3% total thc?",
            (1.2 + 2.0 * 0.877) / 10,
            "%",
        ),
        (
            "lab: delta 9 0.8 mg/g, thca 2.4 mg/g, are we over 0.3% total thc",
            (0.8 + 2.4 * 0.877) / 10,
            "%",
        ),
        # THCA decarboxylated for a tincture: the THC it gives, no bottle size needed
        ("decarbing 750mg of thc-a isolate for a tincture, theoretical thc?", 750 * 0.877, "mg"),
        ("gonna activate 2 g of thca crystals for a dropper bottle, thc?", 2 * 0.877, "g"),
        # the pieces' doses summed over the whole of what they are cut from
        ("choc bar has 12 squares at 5mg a square, mg in the whole bar", 60, "mg"),
        ("pan of 16 brownies, 12.5mg each, thc in the entire pan?", 200, "mg"),
        # the concentrate one piece takes: dose / potency, no count of pieces needed
        (
            "live rosin tests 800 mg/g, want 20 mg thc per chocolate, how many mg of rosin "
            "per piece",
            20 / 0.8,
            "mg",
        ),
        ("distillate is 90%, I want 10 mg per gummy, how much distillate per gummy", 100 / 9, "mg"),
        ("how many mg of 80% oil goes in each cookie if i want 15mg a cookie", 18.75, "mg"),
        # butter infused "in 1 cup." as a statement, then a portion of it for the pieces:
        # the cup is the batch (16 tbsp), the tablespoons the portion used
        (
            "cannabutter from 8g of 20% in 1 cup. i use 2 tbsp of it in a pan of 16 brownies, "
            "mg per brownie?",
            8000 * 0.2 / 16 * 2 / 16,
            "mg",
        ),
        (
            "made oil with 14 g of 18% in 2 cups; recipe uses 3 tbsp for 24 cookies, mg per cookie",
            14000 * 0.18 / 32 * 3 / 24,
            "mg",
        ),
        ("butter with 5g of 20% flower in 1 cup. how much thc in 1 tbsp?", 1000 / 16, "mg"),
        # a dilution's final amount written after it ("250 ml finished"), or the stock
        # named with its strength, and the diluent to add asked
        (
            "taking a 30 mg/ml tincture down to 10 mg/ml, 300 ml finished, how much mct do i add",
            300 - 300 * 10 / 30,
            "mL",
        ),
        ("going from 25 mg/ml to 5 mg/ml, 500 ml final, how much diluent", 400, "mL"),
        ("how much water do i add to 200 ml of 50 mg/ml to bring it to 20 mg/ml", 300, "mL"),
        ("how much glycerin should i add to 50 ml of 30 mg/ml to get it to 10 mg/ml", 100, "mL"),
        # two lots blended, each potency a bare number at its amount ("1.2 kg at 91")
        ("disty A is 1.5kg at 90, disty B 0.5kg at 70, what does the blend come out at", 85, "%"),
        ("blend 500 g @ 90 and 250 g @ 60, final potency?", 80, "%"),
        ("mixing 600 g of disty at 92 into 200 g of crude at 70, blend potency?", 86.5, "%"),
        # kilos "at" a number, blended with no money said: potencies, not prices
        ("mixing 2 kg at 88 with 1 kg at 70, final potency?", 82, "%"),
        ("combining 3 kg of disty at 85 with 1 kg at 65, what is the blend potency", 80, "%"),
        # terpenes for a batch weighed in kg are answered in grams, unless kg is asked
        ("sop: terps are 4% by weight of the distillate. we have 1.5 kg distillate", 60, "g"),
        ("terps at 8% of the final blend, 2 kilos of disty", 2000 * 8 / 92, "g"),
        (
            "terpene at 7% w/w of the distillate mass, 2.5 kg distillate. kg of terpene?",
            0.175,
            "kg",
        ),
    ],
)
def test_tenth_set_classes(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (value, shown)
    assert shown.split()[0] == unit, shown


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # "half-p", "half p": half a pound (avoirdupois, 453.59237 g), money talk or not
        ("half-p in grams?", 453.59237 / 2, "g"),
        ("how many grams in a half p", 453.59237 / 2, "g"),
        # an ounce priced from a pound price named without a number ("if the pound is ...")
        ("if the pound is $1,920 what should a zip run", 1920 / 16, "$/oz"),
        ("pound goes for 2400, what does an ounce go for", 2400 / 16, "$/oz"),
        # a gram priced from a trade amount named without a number
        ("if the pound is $1800 what does a gram run", 1800 / 453.59237, "$/g"),
        ("the zip is $210, what does a gram come out to", 210 / 28, "$/g"),
    ],
)
def test_tenth_set_trade_prices(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (value, shown)
    assert shown.split()[0] == unit, shown


@pytest.mark.parametrize(
    ("question", "missing"),
    [
        # the price of the amount bought is what is missing, not a number to guess
        ("whats a gram cost us if we buy by the pound", "price"),
        ("buying by the zip, what does a gram come out to", "price"),
        # pieces from a mass of concentrate at a stated potency: the dose in each is missing
        ("how many pieces can i pour out of 3 g of 90% disty", "piece_dose"),
        ("how many gummies can i make from 2 g of 85% distillate", "piece_dose"),
        ("how many chocolates could we mould with 10 g of 70 percent rosin", "piece_dose"),
    ],
)
def test_tenth_set_missing_inputs_are_asked(question: str, missing: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, found
    assert missing in found.missing


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # a lot named by its potency before its new amount ("the 70% lot 500g")
        (("blend 300g of 90% with 300g of 70%?", "make the 70% lot 500g"), 77.5),
        (
            ("mixing 1 kg of 85% and 1 kg of 60%, potency?", "what if the 85% lot is 3 kg"),
            (3 * 85 + 60) / 4,
        ),
        (
            ("blend 200 g of 92 percent with 100 g of 64 percent", "make the 92 one 400 g"),
            (400 * 92 + 100 * 64) / 500,
        ),
        # another lab result, "came back" with or without "at", replaces the measured value
        (("label says 10mg per cookie, lab says 9.1, variance?", "next batch came back 10.8"), 8),
        (
            ("label claim 5 mg per gummy, lab found 4.6, how far off?", "next lot came in at 5.4"),
            8,
        ),
        # of a label and a lab reading in %, a new result replaces the reading
        (("label 20% thc, coa says 18.2%, variance", "retest came back 21%"), 5),
        (("labeled 25% thc, lab says 23.5% thc, how far off", "next batch came in at 26%"), 4),
        # a potency changed by "tests at" still replaces the potency of an infusion
        (
            ("how much 85% distillate for 200 gummies at 10 mg?", "what if it tests at 92%?"),
            2000 / 0.92 / 1000,
        ),
    ],
)
def test_tenth_set_follow_ups(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation


@pytest.mark.parametrize(
    ("question", "used"),
    [
        # the limit a total is checked against is an input used, with the verdict given
        ("field sample: d9 1.2 mg/g, thca 2.0 mg/g. under .3% total thc?", ".3%"),
        # the pieces a package holds are used to total it
        ("bag of 20 gummies, each 5mg thc. total thc in the bag?", "20 gummies"),
        ("pre-roll 5 pack, 0.7g each, flower is 26% thc. how many mg thc in the pack", "5 pack"),
        # the ounce asked for is not an input left unused
        ("if the pound is $1,920 what should a zip run", "1 zip"),
    ],
)
def test_tenth_set_inputs_used_are_not_listed_unused(question: str, used: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert used not in found.unused, found.unused
    assert used in found.read, found.read


def test_a_limit_written_as_point_three_gets_the_hemp_verdict() -> None:
    found = recognise("lab: d9 0.5 mg/g and thca 2.6 mg/g, are we under .3% total thc")
    assert found is not None and found.calculation is not None
    assert found.calculation.verdict is not None
    assert found.calculation.verdict.startswith("PASSES")


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a product's weight at a stated potency holds weight x potency of THC: the price is
        # divided by that, with no THC amount written
        ("1g disposable at 85% for $40, whats the cost per mg of thc", 40 / 850, "$/mg"),
        ("an eighth testing 20% thc runs $45, price per milligram thc?", 45 / 700, "$/mg"),
        ("$60 for 2 g of rosin at 75 percent, how much per mg thc", 60 / 1500, "$/mg"),
        ("half gram cart at 88% thc is $30, cost per gram of thc", 30 / 0.44, "$/g"),
    ],
)
def test_tenth_set_price_of_thc_from_weight_and_potency(
    question: str, expected: float, unit: str
) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (value, shown)
    assert shown.split()[0] == unit, shown


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a recipe's yield as a bare number ("makes 60: ...", a colon opening its list of
        # amounts) and the pieces wanted counted: every ingredient scales by wanted / made
        (
            "brownie recipe makes 24: 1 cup canna oil, 2 cups sugar. scaling to 60 brownies, how "
            "many cups of canna oil",
            60 / 24,
        ),
        (
            "the gummy recipe yields 40 - uses 5 g distillate. making 100 gummies, how much "
            "distillate",
            12.5,
        ),
        (
            "cookie recipe makes 30: 0.5 cup cannabutter, 1 cup flour. need it for 75 cookies, "
            "how much cannabutter",
            1.25,
        ),
    ],
)
def test_tenth_set_recipe_scaled_from_its_yield_to_pieces_wanted(
    question: str, expected: float
) -> None:
    value, _ = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), value


@pytest.mark.parametrize("ratio", ["a 1:1 thc:cbd tincture", "20 : 1 cbd to thc", "ratio 3: 1"])
def test_a_ratio_is_not_read_as_two_amounts(ratio: str) -> None:
    assert read(ratio) == []
