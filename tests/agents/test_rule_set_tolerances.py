"""Issue 19: where the jurisdiction's own rule sets how far a result may stray from the label
(Canada's Cannabis Regulations s. 97), a labelled amount asked about ("how far off can it test",
"what variability window applies") is worked against that rule, for the product form asked about
(extracts apart from edibles), and the user is not asked back for a tolerance."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("turns", "fact", "window"),
    [
        (("ontario LP: 1.5 mg THC mint, what tolerance window does federal law allow on it?",),
         "can-edible-variability-2mg-or-less", "from 1.13 mg to 1.88 mg"),
        (("quebec: our 500 mg distillate cart, how far off can the lab number be and still pass?",),
         "can-extract-topical-variability", "from 425 mg to 575 mg"),
        (("canadian topical cream labelled 200 mg thc, how much can it vary from the label?",),
         "can-extract-topical-variability", "from 170 mg to 230 mg"),
        (("health canada edible cap per package?",
          "and a 3 mg soft chew, how far off the label can it come back?"),
         "can-edible-variability-2-to-5mg", "from 2.4 mg to 3.6 mg"),
    ],
)  # fmt: skip
def test_a_labelled_amount_is_worked_against_the_rules_own_tolerance(
    service: AgentService, turns: tuple[str, ...], fact: str, window: str
) -> None:
    answered = answer(service, *turns)
    assert answered.fact_ids == (fact,)
    assert window in answered.text
    assert "±%" not in answered.text


def test_an_edible_named_keeps_the_edible_tier_not_the_extract_rule(
    service: AgentService,
) -> None:
    answered = answer(service, "canada, 8 mg gummy - what variability window applies?")
    assert answered.fact_ids == ("can-edible-variability-over-5mg",)
    assert "from 6.8 mg to 9.2 mg" in answered.text
