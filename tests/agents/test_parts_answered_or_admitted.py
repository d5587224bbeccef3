"""A question asking two things gets both answered, or the one the packs do not cover said
plainly with who to ask; a boiling point asked for each solvent of a blend gives each."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.clause_parts import question_clauses
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "clauses"),
    [
        ("is there a store in iqaluit and what are nunavut's rules on public consumption?",
         ["is there a store in iqaluit", "what are nunavut's rules on public consumption"]),
        ("how much can i carry? how many plants can i grow?",
         ["how much can i carry", "how many plants can i grow"]),
        # "him and his wife" joins two people, not two questions
        ("how many plants can be in the house if him and his wife both grow?",
         ["how many plants can be in the house if him and his wife both grow"]),
    ],
)  # fmt: skip
def test_a_question_is_cut_into_the_clauses_that_ask(question: str, clauses: list[str]) -> None:
    assert question_clauses(question) == clauses


def test_the_part_no_fact_speaks_to_is_said_plainly_with_who_to_ask(
    service: AgentService,
) -> None:
    answered = answer(
        service,
        "is there a legal cannabis store in iqaluit and what are nunavut's rules on public "
        "consumption?",
    )
    assert "9 metres" in answered.text  # the consumption rule, the covered part
    assert answered.fact_ids[0] == "ca-nu-cannabis-free-places-9m"
    assert '("is there a legal cannabis store in iqaluit")' in answered.text
    assert "hold no sourced answer for Nunavut, so I won't guess it" in answered.text
    assert "For Nunavut, ask:" in answered.text


def test_a_question_whose_facts_speak_to_every_clause_admits_nothing(
    service: AgentService,
) -> None:
    answered = answer(
        service, "how much can i have on me in nunavut and how much can i keep at home?"
    )
    assert "30 g" in answered.text and "150 g" in answered.text
    assert "won't guess" not in answered.text


def test_the_boiling_point_of_each_butane_of_a_blend_is_given(service: AgentService) -> None:
    answered = answer(
        service,
        "running a closed loop with a n-butane/isobutane blend. what are the boiling points "
        "of each at atmospheric pressure",
    )
    assert "-11.7 C" in answered.text  # isobutane
    assert "-0.5 C" in answered.text  # n-butane
    assert "form-isobutane-boiling-point" in answered.fact_ids
