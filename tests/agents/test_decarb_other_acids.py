"""Decarboxylating acids other than THCA (issue 20): each acid's own mass factor, the neutral
form it gives named in the answer, and a stated purity or share of the weighed material
counted. Expected values are worked by hand from the molar masses: CBGA 360.49 g/mol -> CBG
316.48 g/mol (0.878), CBDA 358.48 g/mol -> CBD 314.46 g/mol (0.877), CBNA 354.45 g/mol ->
CBN 310.44 g/mol (0.876), THCA -> THC 0.877."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.missing_inputs import ACID_MASS

CBGA_TO_CBG = round(316.48 / 360.49, 3)  # 0.878
CBDA_TO_CBD = round(314.46 / 358.48, 3)  # 0.877
CBNA_TO_CBN = round(310.44 / 354.45, 3)  # 0.876
THCA_TO_THC = 0.877


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a purity or share of the weighed isolate counts only the acid in it
        ("our isolate coa says 95% CBGA. if i fully decarb 10 grams of it, what's the most CBG i can end up with in grams?", 10 * 0.95 * CBGA_TO_CBG, "g CBG"),
        ("10 g of 92% CBDA crystal, how much CBD after a full decarb?", 10 * 0.92 * CBDA_TO_CBD, "g CBD"),
        ("I have 2 kg of cbg-a isolate at 98% purity, decarb it at 90% efficiency, how much cbg?", 2 * 0.98 * CBGA_TO_CBG * 0.9, "kg CBG"),
        # the acid weighed as it is
        ("decarbing 500 mg of CBDA, how much CBD?", 500 * CBDA_TO_CBD, "mg CBD"),
        ("how many grams of CBG from decarboxylating 25 g of CBGA?", 25 * CBGA_TO_CBG, "g CBG"),
        ("cbd-a 5 g decarbed, cbd yield?", 5 * CBDA_TO_CBD, "g CBD"),
        ("decarb 40 g of CBG-A at 85% efficiency, grams of CBG?", 40 * CBGA_TO_CBG * 0.85, "g CBG"),
        ("decarb 20 g of CBNA, how much CBN?", 20 * CBNA_TO_CBN, "g CBN"),
        # the mass lost as CO2 asked: the acid less its neutral form
        ("how much mass is lost as CO2 when decarbing 10 g of CBDA?", 10 * (1 - CBDA_TO_CBD), "g lost as CO2"),
        ("10 g of 95% cbga isolate decarbed, how much mass is lost?", 10 * 0.95 * (1 - CBGA_TO_CBG), "g lost as CO2"),
        # THCA as before
        ("1,000 mg of THCA decarboxylated: theoretical THC?", 1000 * THCA_TO_THC, "mg THC"),
        ("10 g of THCA decarbed, theoretical THC?", 10 * THCA_TO_THC, "g THC"),
    ],
)  # fmt: skip
def test_each_acid_decarboxylates_at_its_own_factor(
    question: str, expected: float, unit: str
) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


def test_the_answer_names_the_neutral_form_and_uses_the_purity() -> None:
    question = (
        "our isolate coa says 95% CBGA. if i fully decarb 10 grams of it, what's the most "
        "CBG i can end up with in grams?"
    )
    found = recognise(question)
    assert found is not None and found.calculation is not None
    shown = describe(found)
    assert "CBG" in shown and "0.878" in shown
    assert "Not used" not in shown  # the 95% is read, not dropped
    assert "THC" not in shown.replace("THCA", "")


@pytest.mark.parametrize(
    "question",
    [
        "how much cbg will i get from decarbing cbga?",
        "how much CBD do I get if I decarb CBDA?",
    ],
)
def test_no_mass_asks_for_it(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks, found
    assert ACID_MASS in found.missing


def test_a_coa_of_both_forms_is_still_a_total() -> None:
    value, shown = answer("COA: CBDA 12.6%, CBD 0.5%, total CBD after decarb?")
    assert math.isclose(value, 0.5 + CBDA_TO_CBD * 12.6, rel_tol=1e-6)
    assert shown == "%"


# An acid's share with no mass weighed, asked per gram after decarboxylation: each acid at
# its own factor (1% is 10 mg/g), never the acid's own mg/g and never THCA's factor.
@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        ("flower is 22% thca, thc in mg a gram after decarb?", 220 * THCA_TO_THC, "mg/g THC"),
        ("hemp is 12% cbda, how many mg of cbd per gram after decarb", 120 * CBDA_TO_CBD, "mg/g CBD"),
        ("12% CBD-A: what's that in mg CBD per gram?", 120 * CBDA_TO_CBD, "mg/g CBD"),
        ("biomass at 8% cbga, mg/g cbg once decarbed?", 80 * CBGA_TO_CBG, "mg/g CBG"),
        ("cbga 5%, how many mg per gram of cbg", 50 * CBGA_TO_CBG, "mg/g CBG"),
        ("2% cbna, mg of cbn per gram after heating", 20 * CBNA_TO_CBN, "mg/g CBN"),
        ("flower tests 15% CBGA, decarbed how many mg CBG a gram at 90% efficiency", 150 * CBGA_TO_CBG * 0.9, "mg/g CBG"),
    ],
)  # fmt: skip
def test_an_acid_share_per_gram_decarboxylates_at_its_own_factor(
    question: str, expected: float, unit: str
) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert shown == unit


@pytest.mark.parametrize(
    ("question", "expected"),
    [("20% cbda, mg per gram of cbda?", 200.0), ("8% cbga, mg per gram of cbga?", 80.0)],
)
def test_the_acid_itself_per_gram_is_not_decarboxylated(question: str, expected: float) -> None:
    value, shown = answer(question)
    assert math.isclose(value, expected) and shown == "mg/g"
