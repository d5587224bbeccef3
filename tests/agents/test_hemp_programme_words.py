"""Issue 19: USDA's hemp programme named only by its own words (the sampling agent, a crop
sampled before its harvest) is the federal hemp rule, answered by the compliance specialist from
7 CFR 990, even when no place and no "hemp" is named; other sampling is not."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.knowledge.jurisdictions import FEDERAL, detect_jurisdictions
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "fact", "figure"),
    [
        ("the sampling agent is booked for thursday. do they take the whole plant or just part "
         "of it?", "us-hemp-sample-flowering-tops", "five to eight inches"),
        ("field was sampled, then the harvester broke down and it's been six weeks since the "
         "sample was taken. do we need anything else?", "us-hemp-harvest-within-30-days-of-sampling",
         "30 days"),
    ],
)  # fmt: skip
def test_the_programmes_own_words_reach_the_federal_hemp_rule(
    service: AgentService, question: str, fact: str, figure: str
) -> None:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    assert prepared.agent.name == "compliance"
    sources = compose(prepared.request).sources
    assert sources[0].id == fact
    assert figure in asyncio.run(service.complete(prepared)).text.split("\n")[0]


@pytest.mark.parametrize(
    "text",
    [
        "the lab sampled our gummy batch last week, when do results come back?",
        "we were sampled for pesticides after the trim was bucked",
    ],
)
def test_other_sampling_names_no_federal_rule(text: str) -> None:
    assert FEDERAL not in detect_jurisdictions(text)
