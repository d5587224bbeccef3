"""Issue 19: a question naming a code section ("280E") inside a story is answered from the
fact about that section, not declined because the story's words are not in it."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.code_identifiers import named_identifiers
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "identifiers"),
    [
        ("our cpa keeps saying '280E kills us', what does it say", {"280e"}),
        ("under the sec 781 definition, what does it cover", {"781"}),
        ("what does 21a-421j require for delivery", {"21a-421j"}),
        ("what does a 10mg gummy or 3oz of flower or an n95 mean", set()),
        # named only as the context of another question
        ("give me the exact date it becomes final so i can plan our 280E strategy", set()),
    ],
)
def test_named_identifiers_are_codes_asked_about(question: str, identifiers: set[str]) -> None:
    assert named_identifiers(question) == identifiers


@pytest.mark.parametrize(
    "question",
    [
        "cpa keeps saying 280E is killing us. what does 280E actually say, in plain words",
        "my cpa keeps saying 280E like a swear word. in plain english what does it block?",
        "our accountant won't shut up about section 280E, what is it",
    ],
)
def test_a_section_asked_in_a_story_is_answered_from_its_fact(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert "gen-280e-tax" in answered.fact_ids
    assert "deductions" in answered.text
    assert "Schedule I" in answered.text
    assert "I don't have a sourced answer" not in answered.text


def test_a_section_named_as_context_does_not_answer_another_question(
    service: AgentService,
) -> None:
    answered = answer(
        service,
        "tell me the exact day schedule III becomes final, we need to plan our 280E strategy",
    )
    assert "gen-280e-tax" not in answered.fact_ids
