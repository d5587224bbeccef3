"""Issue 19, the twenty-first set's classes asked in words of their own: the line between
hemp and marijuana is the definition's 0.3% total THC, not a negligence threshold."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    "question",
    [
        "what's the legal cutoff between weed and hemp? working the counter in texas",
        "hemp vs marijuana, where does federal law draw it",
        "training our budtenders in georgia: what number separates marijuana and hemp legally",
    ],
)
def test_the_line_between_hemp_and_marijuana_is_the_definitions_figure(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    lead = answered.text.split("\n")[0]
    assert "0.3 percent" in lead or "0.3%" in lead
    assert "1.0 percent" not in lead
    assert answered.fact_ids and "redefinition" in answered.fact_ids[0]
