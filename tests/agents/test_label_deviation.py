"""How far a lab result is from its label (issue 20): however "how far off" is asked, the
answer gives the signed variance in % of the label (what the states' rules judge) and the
difference in the label's unit, leading with the one asked. Expected values by hand:
(lab - label) / label x 100 and lab - label."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.label_deviation import AMOUNT, PERCENT, Deviation


def test_both_figures_and_their_signs() -> None:
    under = Deviation(10, 8.7, "mg")
    assert math.isclose(under.percent, -13) and math.isclose(under.difference, -1.3)
    assert under.value(PERCENT) == (under.percent, "% from the label")
    assert under.value(AMOUNT) == (under.difference, "mg from the label")
    assert under.sentence(PERCENT) == (
        "The lab's 8.7 mg is 13% under the 10 mg label (-13%), 1.3 mg under (87% of the label)."
    )
    assert under.sentence(AMOUNT).startswith("The lab's 8.7 mg is 1.3 mg under the 10 mg label")
    potency = Deviation(25, 26.5, "%")
    assert potency.sentence(PERCENT) == (
        "The lab's 26.5% is 6% over the 25% label (+6%), 1.5 percentage points over "
        "(106% of the label)."
    )
    assert (
        Deviation(10, 10, "mg").sentence(AMOUNT)
        == "The lab's 10 mg is exactly on the 10 mg label (0%)."
    )


# Every way of asking how far off, without a percent word: the % leads, the mg beside it.
FAR_OFF = [
    "label says 10 mg per gummy, lab got 8.7 mg. how far off is it?",
    "gummies labeled 10mg each, the lab found 8.7mg. how far off the label are we",
    "label claims 10 mg a chew, coa came back 8.7 mg, how much off is it",
    "label says 10 mg, lab got 8.7 mg, off by how much?",
    "label says 10 mg per cookie, lab measured 8.7 mg - how close to label is that",
    "label claim 10 mg per piece and the lab result was 8.7 mg. within label?",
    "our label says 10mg, test came back 8.7mg, whats the deviation",
]


@pytest.mark.parametrize("question", FAR_OFF)
def test_how_far_off_leads_with_the_variance_and_gives_the_mg(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    calculation = found.calculation
    assert math.isclose(calculation.value, -13, rel_tol=1e-9)
    assert calculation.unit == "% from the label"
    assert calculation.summary.startswith("The lab's 8.7 mg is 13% under the 10 mg label (-13%)")
    assert "1.3 mg under" in calculation.summary and "87% of the label" in calculation.summary
    assert calculation.verdict is None


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        ("label says 10 mg per gummy, lab got 8.7 mg. how many mg off?", -1.3, "mg"),
        ("label says 5 mg, lab got 5.6 mg: off by how many mg?", 0.6, "mg"),
        ("labeled 25% thc, lab says 23.5%, how many points off the label?", -1.5, "percentage points"),
        # both asked: the percentage the rules judge leads
        ("label says 10 mg per gummy, lab got 8.7 mg, how many mg off and what percent?", -13, "%"),
    ],
)  # fmt: skip
def test_the_difference_in_the_labels_unit_leads_when_it_is_asked(
    question: str, expected: float, unit: str
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert found.calculation.unit == f"{unit} from the label"


@pytest.mark.parametrize(
    ("question", "share"),
    [
        ("gummy labeled 10 mg came back at 8.3 mg from the lab. what % of label is that", 83),
        ("label says 10 mg per gummy, lab got 8.7 mg, is it within 10% of label?", 87),
    ],
)
def test_a_share_of_the_label_or_a_verdict_is_not_a_deviation(question: str, share: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, share) and found.calculation.unit == "% of label"
