"""Classes of misreading the fourth benchmark found (issue 20), each in new words: the question
as a user types it, the number answered and its unit. Expected values are worked by hand
(total THC = delta-9 + 0.877 x THCA; 1 US fl oz = 29.5735295625 mL; a trade ounce 28 g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer as _answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise

FL_OZ_ML = 29.5735295625


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # THC in a package: a cart, a disposable, a pre-roll, a can
        ("0.5g cart of 88% distillate, mg per cart?", 440, "mg THC"),
        ("a 1 g disposable at 90% THC, total THC mg on the box?", 900, "mg THC"),
        ("half-gram pre-roll of 30% flower, how many mg of THC is that", 150, "mg THC"),
        ("seltzer runs 0.5 mg THC per fl oz, 16 fl oz can. mg in the can?", 8, "mg THC"),
        ("our 355 mL can is 0.02 mg/mL THC, how many mg THC per can?", 7.1, "mg THC"),
        # a basis stated once: mg/g potencies (10 mg/g is 1%)
        ("COA results in mg/g: THCA 200, delta-9 5. total THC in mg/g?", 5 + 200 * 0.877, "mg/g"),
        # a total THC named beside the acid is the cap, not the delta-9 reading
        (
            "hemp lot: d9 0.04%, THCA 0.2%. under the 0.3% total THC line?",
            0.04 + 0.2 * 0.877,
            "%",
        ),
        ("d9 thc 0.1 and thca 0.12 in our hemp, total thc?", 0.1 + 0.12 * 0.877, "%"),
        # dilution asked as ppm, topped up, by mass, or as the finished amount
        ("C1V1: 500 ppm stock, need 10 L of drink at 20 ppm. liters of stock?", 0.4, "L of stock"),
        ("I have 5 mL of 200 mg/mL and top it up to 50 mL with MCT, final mg/mL?", 20, "mg/mL"),
        (
            "need 300 g of 40% oil, starting from 80% distillate. how many g of distillate?",
            150,
            "g of stock",
        ),
        ("cut 100 g of 90% distillate down to 60% with MCT, total grams after dilution?", 150, "g"),
        # terpene % of the distillate's weight, when that is the basis named
        ("2 g terps into 40 g of disty, what percent is that of the distillate weight", 5, "% w/w"),
        ("2 g terps into 38 g of distillate, what % w/w of the blend is terps", 5, "% w/w"),
        # decarb: mass lost asked, in the unit asked
        (
            "if 2 kg of THCA fully decarboxylates, how many grams of mass is lost?",
            246,
            "g lost as CO2",
        ),
        # tinctures: doses in a bottle, a quarter mL
        ("tincture is 600 mg in 30 mL, I dose 20 mg, how many doses in the bottle", 30, "servings"),
        ("tincture is 1200 mg per 30 mL, how much in a quarter mL", 10, "mg"),
        # sessions in a cart
        ("1g cart at 80%. a hit is about 4 mg, how many hits per cart", 200, "servings"),
        # butter of a known strength
        (
            "used 1/2 cup of butter that tested 30 mg per tbsp, made 24 cookies. mg per cookie?",
            8 * 30 / 24,
            "mg THC per piece",
        ),
        # pieces counted after "cut them in"
        ("blondies, 300mg total, cut em in 12. per piece?", 25, "mg THC per piece"),
        # kilograms given when grams are asked
        ("blend 90% with 70% to an 85% target, 2 kg total: grams of the 90?", 1500, "g of the 90%"),
        # weights: the trade's ounce, a grid per square foot, a price at a number
        ("3x3 tent pulled 9 oz dry, grams per sq ft?", 9 * 28 / 9, "g/sq ft"),
        (
            "4x4 got me 1 lb this run, whats that per square foot in grams",
            453.59237 / 16,
            "g/sq ft",
        ),
        ("how many trade ounces (28 g) in 2 kilos", 2000 / 28, "oz (trade, 28 g)"),
        ("a half zip is how many grams", 14, "g"),
        ("QP at 800 - per gram?", 800 / 112, "$/g"),
        # a blend of CBD potencies
        (
            "blend 98% CBD isolate with 50% broad spectrum to get 100 g at 74%. grams of isolate",
            50,
            "g of the 98%",
        ),
    ],
)
def test_each_class_is_read_and_answered_in_the_unit_asked(
    question: str, expected: float, unit: str
) -> None:
    value, answered_unit = _answer(question)
    assert math.isclose(value, expected, rel_tol=2e-3), (value, answered_unit)
    assert answered_unit == unit


def test_a_fluid_ounce_strength_is_converted_with_the_units_library() -> None:
    value, _ = _answer("drink is 1 mg THC per fl oz, 500 mL bottle. mg in the bottle?")
    assert math.isclose(value, 500 / FL_OZ_ML, rel_tol=1e-6)


@pytest.mark.parametrize(
    "question",
    [
        "hemp flower 0.2% THCA, d9 wasn't on the report. total THC?",
        "THCa 21% on the COA, what's total THC?",
        "what's the total THC? THCA came back pretty high on this one",
        "label says 5 mg, what's the lowest it can test and still pass?",
    ],
)
def test_a_missing_reading_gets_a_question_and_no_number(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, found


def test_a_delta_9_reported_not_detected_is_counted_as_zero_and_said() -> None:
    found = recognise("hemp COA: THCA 0.25%, delta-9 ND. total THC?")
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, 0.25 * 0.877)
    assert any("not detected" in a for a in found.calculation.assumptions)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (("paid $1600/lb, per gram?", "and if he does me 1200 for it?"), 1200 / 453.59237),
        (
            ("blend 400 g of 90% with 400 g of 60%, final %?", "add another 200 g of the 60%"),
            (400 * 90 + 600 * 60) / 1000,
        ),
        (("recipe for 40 gummies uses 2 g disty, scale to 200", "now 400 gummies"), 20),
        (("servings in a 200 mg package at 10 mg each", "what if I do 5 mg doses"), 40),
        (("3x3 pulled 9 oz, grams per sq ft?", "and per watt, it's a 200 W light"), 252 / 200),
        (("a 40 mg/mL stock, need 100 mL at 8 mg/mL", "and at 4 mg/mL?"), 10),
        (("how many grams in 2 ounces of flower?", "use 28.35 g ounces, not 28"), 2 * 28.349523125),
        (("150 mg bar, 10 mg servings, how many?", "if the serving is cut to 5 mg?"), 30),
        (
            (
                "1 kg at 90% and 1 kg at 70%, blended potency?",
                "ok, I need 2 kg at 85% from those two. grams of the 90?",
            ),
            1500,
        ),
    ],
)
def test_a_follow_up_uses_the_value_it_changes(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-3)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a potency per gram is a percentage (10 mg/g = 1%)
        (
            "1000 gummies at 5 mg THC each, our rosin assays 500 mg/g total THC. grams of rosin?",
            1000 * 5 / 0.5 / 1000,
            "g of concentrate",
        ),
        # misspelt cannabinoids
        ("thcaa 20% delta9 1% totl thc??", 1 + 20 * 0.877, "%"),
        # terpenes added "to" the distillate
        (
            "I added 10 g of terpenes to 190 g of distillate. What % of the blend is terpene?",
            5,
            "% w/w",
        ),
        # two strengths by volume mixed
        ("mixing 2 L of syrup at 6 mg/mL with 2 L at 2 mg/mL, what mg/mL is the mix?", 4, "mg/mL"),
        # a piece's weight times the pieces in the bag
        (
            "20 chews per bag, each one weighs 4 g and tested at 0.25% THC. how many mg THC in the "
            "whole bag?",
            20 * 4 * 2.5,
            "mg THC",
        ),
        # the THC of a batch given in grams
        ("tray of 40 brownies with 0.8 g THC total, mg each?", 20, "mg THC per piece"),
        # "theoretical, 100%" is an efficiency, the THCA decarboxylated
        (
            "10 g of 20% THCA flower, decarbed (theoretical, 100%), all into 1 cup of butter. mg per "
            "tbsp?",
            10_000 * 0.2 * 0.877 / 16,
            "mg THC per tbsp",
        ),
        # the ounce the user counts
        (
            "3 oz jar of 20% flower, we count 28g to the ounce. total mg THC in the jar?",
            3 * 28 * 200,
            "mg THC",
        ),
        # lights counted at a wattage each
        ("20 lb dry from 10 lights at 1000 W, g per watt?", 20 * 453.59237 / 10_000, "g/W"),
        # the ingredient asked for when scaling
        ("scale our 3 kg gummy batch up 4x. it uses 6 g distillate. new g distillate?", 24, "g"),
        # an extraction that "recovers" a share is an efficiency, not a second potency
        (
            "1 kg of trim at 10% THC, extraction recovers 50% of it. how many 10 mg gummies can "
            "that make?",
            1000 * 100 * 0.5 / 10,
            "pieces",
        ),
        # a batch that fills bottles scales by their count
        ("our SOP: 0.6 L MCT per 20 bottles. for 100 bottles?", 3, "L"),
        # batch sizes written as a recipe, a production run, or what an amount was used for
        (
            "2 kg recipe calls for 300 g of gelatin mix. Production run is 10 kg. Gelatin?",
            1500,
            "g",
        ),
        (
            "Pilot batch used 10 mL of tincture for 4 L of syrup; scale to 20 L - mL of tincture?",
            50,
            "mL",
        ),
        # grams in ounces of flower: a conversion at the trade's 28 g ounce
        ("how many grams in 3 ounces of flower?", 84, "g"),
        # servings asked after the sizes
        ("200 mg bar, 20 mg servings, how many?", 10, "servings"),
        # a dry weight priced
        (
            "20 lb wet, lose 80% drying, sells at $1,000/lb dry. how many dollars is the dry "
            "weight worth?",
            4000,
            "$",
        ),
        # THCA isolate dissolved after decarboxylation: 100% THCA, times 0.877
        (
            "decarb 2 g of THCA isolate fully and dissolve it all into 20 mL MCT. mg THC per mL?",
            2000 * 0.877 / 20,
            "mg THC per mL",
        ),
    ],
)
def test_third_set_classes_are_read(question: str, expected: float, unit: str) -> None:
    value, answered_unit = _answer(question)
    assert math.isclose(value, expected, rel_tol=2e-3), (value, answered_unit)
    assert answered_unit == unit


@pytest.mark.parametrize(
    "question",
    [
        "servings per package with a 5 mg serving?",
        "CO2 mass lost decarbing my crystals?",
        "hemp plot tested yesterday, is it under 0.3?",
    ],
)
def test_a_named_calculation_with_no_inputs_gets_a_question(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, found


def test_a_follow_up_without_any_loss_drops_the_earlier_loss() -> None:
    found = recognise_conversation(
        (
            "500 pieces at 4mg, distillate 80%, 90% makes it into product. grams?",
            "and without any loss?",
        )
    )
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, 500 * 4 / 0.8 / 1000, rel_tol=1e-3)
