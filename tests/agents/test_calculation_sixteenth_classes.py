"""Classes of misreading the sixteenth benchmark found (issue 20), each in new words: the
question as a user types it, and the number answered or the question asked back. Expected
values are worked by hand (THC mg = grams x 1000 x potency; a blend is the mass-weighted mean
of its potencies; a scaled recipe keeps each ingredient per piece)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.calculators import StateEdibleLimits


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a pack of pieces each of a stated mass: count x mass x potency, not shared out
        ("how much thc in a 5 pack of 1g prerolls at 25%", 5 * 1000 * 0.25, "mg THC"),
        ("a 4 pack of 0.75 g joints at 18%, how many mg of thc total", 4 * 750 * 0.18, "mg THC"),
        ("how much thc in 2 pre-rolls of 0.5g each at 20%", 2 * 500 * 0.20, "mg THC"),
        # one piece's content asked: the piece alone
        ("a 4 pack of 0.75 g joints at 18%, mg thc per joint", 750 * 0.18, "mg THC"),
        # an amount of one potency asked to reach another, however the aim is worded
        (
            "sitting on 2 kg of 90% and a pile of 70%, how much 70% to hit 82%",
            0.16 / 0.12,
            "kg of the 70%",
        ),
        (
            "got 300 g at 88% plus some 60% crude, how many grams of the 60% to reach 80%",
            300 * (88 - 80) / (80 - 60),
            "g of the 60%",
        ),
        # a run sized in counted pieces, whatever they are called, scaled to another count
        (
            "our 20-softgel batch takes 0.4 g of oil, scaled up to 500 softgels, how much oil",
            10,
            "g",
        ),
        ("a 30-tab run used 1.2 g distillate; for 450 tabs how much distillate", 18, "g"),
        ("10 lozenges took 0.25 g of rosin, scaling to 240 lozenges how much rosin", 6, "g"),
        ("a 50-preroll run uses 25 g of kief, scale to 400 prerolls, kief needed?", 200, "g"),
        ("we filled 40 carts with 36 g of disty, scaling to 100 carts how much disty", 90, "g"),
        ("a 16-cap batch takes 0.8 g oil, scale to 400 caps", 20, "g"),
    ],
)
def test_the_number_answered(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        (
            (
                "a 20-softgel batch uses 0.4 g of oil, scale to 100 softgels",
                "what about 250 softgels",
            ),
            5,
        ),
        (("40 mints take 0.8 g of rosin, scale to 200 mints", "and 600 mints?"), 12),
        (("a 24-cap run uses 1.2 g distillate, scale to 240 caps", "make it 360 caps"), 18),
    ],
)
def test_a_follow_up_rescales_the_counted_run(turns: tuple[str, str], expected: float) -> None:
    found = recognise_conversation(list(turns))
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
    assert found.calculation.unit == "g"


@pytest.mark.parametrize(
    "question",
    [
        # two values of one input given with doubt: which one is asked, no number
        "5 g of 85% disty into 200 chocolates or maybe 250 chocolates, mg each?",
        "6 g of 80% oil into 150 mints (or was it 180 mints), mg per mint",
        "2 g or maybe 2.5 g of 80% oil into 40 gummies, mg each",
    ],
)
def test_an_unsure_input_is_asked_with_no_number(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, question
    shown = describe(found)
    assert "?" in shown and "which" in shown.lower()
    assert "holds" not in shown and "per piece" not in shown  # no dose worked out


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # what the new readings must not take over
        ("4g of 90% into 100 gummies, mg per gummy", 36, "mg THC per piece"),
        ("have 100 g of 92% distillate, how much terps to get to 85%", 100 * 92 / 85 - 100, "g"),
        ("10 gummies per bag, each one weighs 5 g at 0.2%, mg of thc in the bag", 100, "mg THC"),
    ],
)
def test_neighbours_keep_their_calculation(question: str, expected: float, unit: str) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


_CAPS = StateEdibleLimits("Colorado", 10, 100, ())


@pytest.mark.parametrize(
    ("question", "servings", "name"),
    [
        # a CBD product is counted in servings but not judged against a state's THC caps
        ("a 1000 mg cbd tincture, 50 mg servings, how many servings", 20, "CBD"),
        (
            "600 mg cbd bottle, 20 mg servings, how many servings, is it within the limit?",
            30,
            "CBD",
        ),
    ],
)
def test_a_cbd_product_is_not_judged_against_thc_caps(
    question: str, servings: float, name: str
) -> None:
    found = recognise(question, "CO", lambda _: _CAPS)
    assert found is not None and found.calculation is not None, found and found.refusal
    worked = found.calculation
    assert worked.value == servings and worked.verdict is None and not worked.warnings
    assert worked.inputs[0].startswith("package: ") and worked.inputs[0].endswith(f"mg {name}")
    assert any("caps are for THC" in a for a in worked.assumptions)
    assert "EXCEEDS" not in describe(found)


def test_a_thc_product_is_still_judged_against_the_caps() -> None:
    found = recognise("package has 500 mg thc, 10 mg servings, how many servings", "CO",
                      lambda _: _CAPS)  # fmt: skip
    assert found is not None and found.calculation is not None
    assert found.calculation.verdict is not None and "breaks" in found.calculation.verdict
