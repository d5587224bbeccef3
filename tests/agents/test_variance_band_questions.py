"""Issue 19: "labelled 2.5 mg, what variance band applies?" names one label and asks the
rule's window: the jurisdiction's sourced variability rule answers it, applied to the
label, rather than a calculator asking the user for the ±% the rule gives."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("turns", "fact_id", "window"),
    [
        (
            ("canada: our microdose gummy is labelled 2.5 mg thc. what variance band applies?",),
            "can-edible-variability-2-to-5mg",
            "from 2 mg to 3 mg",
        ),
        (
            ("bc licensed producer, thc lotion labelled at 300 mg. what variance is allowed?",),
            "can-extract-topical-variability",
            "from 255 mg to 345 mg",
        ),
        (
            ("ontario processor. cart label says 850 mg THC, what range must the test fall in?",),
            "can-extract-topical-variability",
            "from 722.5 mg to 977.5 mg",
        ),
        (
            ("canada edible variability rules?", "and if the label says 2 mg, whats the range"),
            "can-edible-variability-2mg-or-less",
            "from 1.5 mg to 2.5 mg",
        ),
    ],
)
def test_a_label_and_the_band_asked_get_the_sourced_window(
    service: AgentService, turns: tuple[str, ...], fact_id: str, window: str
) -> None:
    answered = answer(service, *turns)
    assert answered.fact_ids == (fact_id,)
    assert window in answered.text
    assert "What is it?" not in answered.text


def test_the_window_of_a_purchase_limit_is_not_a_label_variance(service: AgentService) -> None:
    answered = answer(
        service, "hawaii patient, 4 oz limit: over what window of days does it apply?"
    )
    assert "hi-medical-dispensing-limit" in answered.fact_ids
    assert "15 consecutive days" in answered.text
    assert "±%" not in answered.text
