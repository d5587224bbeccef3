"""A yes/no asked of a rule about one amount ("can 2g of live resin go out in one unit?") is
the rule's application, answered from the fact that sets the cap; no calculator asks for a
potency or a bottle's size it would not use. Questions with numbers to compute with are
still calculations (issue 20)."""

from __future__ import annotations

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.engines.grounded import GroundedEngine
from trichome.agents.normalising import normalise
from trichome.agents.quantities import read
from trichome.agents.router import Router
from trichome.agents.rule_applications import applies_a_rule
from trichome.agents.service import AgentService, ChatRequest
from trichome.knowledge.packs import load_packs
from trichome.knowledge.retrieval import KnowledgeBase
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

pytestmark = pytest.mark.anyio

WA_UNIT = "wa-concentrate-unit-1-gram"

# Washington caps a unit of concentrate at one gram (WAC 314-55-095(1)(c)); asked of a
# single amount, in as many ways as processors ask it.
WASHINGTON_UNIT_QUESTIONS = [
    "washington processor: can 2g of live resin go out in one unit?",
    "wa processor here, can we ship a 2 gram rosin jar as one unit?",
    "is a 2 gram vape cart legal in washington?",
    "wa: are 2 g dab jars allowed as one unit",
    "can one unit of concentrate weigh 1.5 g in wa?",
    "washington - is a 1g wax unit ok",
    "can i put 2 grams of shatter in one package in washington state?",
    "wa, can a 3g budder jar be sold as a single unit?",
    "seattle processor - are 1.5 gram carts allowed?",
    "in washington can a single unit of badder be 2 grams",
    "washington: could we packge 2 g of crumble in one container",
]
OTHER_RULE_QUESTIONS = [
    ("california: is 1000 mg thc in a tincture allowed?", "ca-concentrate-topical-thc-per-package"),
    ("can i sell a 100mg gummy in colorado?", "co-edible-package-100mg"),
    ("does colorado allow a 10mg serving?", "co-edible-standardized-serving"),
    ("oregon, can we package a 50 mg edible?", "or-edible-thc-per-package"),
]


@pytest.fixture(scope="module")
def service() -> AgentService:
    return AgentService(
        Router.from_packaged_data(),
        KnowledgeBase(load_packs()),
        GroundedEngine(),
        "https://example.test/upgrade",
    )


def _declined(question: str) -> bool:
    text = normalise(question)
    return applies_a_rule(text, read(text)) and recognise(question) is None


@pytest.mark.parametrize(
    "question", WASHINGTON_UNIT_QUESTIONS + [q for q, _ in OTHER_RULE_QUESTIONS]
)
def test_a_yes_no_about_one_amount_is_no_calculation(question: str) -> None:
    assert _declined(question)


@pytest.mark.parametrize("question", WASHINGTON_UNIT_QUESTIONS)
async def test_the_unit_cap_fact_answers_a_washington_unit_question(
    service: AgentService, question: str
) -> None:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    assert prepared.request.calculation is None
    assert prepared.request.passages[0].fact.id == WA_UNIT
    answer = (await service.complete(prepared)).text
    assert answer.startswith("Washington: Cannabis concentrate")
    assert "no more than one gram" in answer and "WAC 314-55-095" in answer
    assert "potency" not in answer.lower()


@pytest.mark.parametrize(("question", "fact"), OTHER_RULE_QUESTIONS)
def test_the_cap_fact_answers_other_rule_questions(
    service: AgentService, question: str, fact: str
) -> None:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    assert prepared.request.calculation is None
    assert prepared.request.passages[0].fact.id == fact


@pytest.mark.parametrize(
    "question",
    [
        # numbers to compute with: the calculators still work them out or ask
        "can i make 100 gummies at 10mg with 1g of 90% disty?",
        "is my hemp ok? thca 0.25%, d9 0.05%",
        "is 0.35% thca hemp legal?",  # a total to work out; delta-9 is asked for
        "can you work out total thc, thca 20% d9 1%",
        "each gummy is 10mg, 20 to a bag: over the 100 mg package limit?",
        "is 10 mg per piece, 12 pieces a pack ok in colorado?",
        "will 2 g of 90% distillate be enough for 150 gummies at 10 mg?",
    ],
)
def test_a_yes_no_with_numbers_to_compute_with_stays_a_calculation(question: str) -> None:
    text = normalise(question)
    assert not applies_a_rule(text, read(text))
    assert recognise(question) is not None


def test_a_count_beside_an_amount_is_a_number_to_compute_with() -> None:
    text = normalise("can i legally have 5 100mg packs in illinois")
    assert not applies_a_rule(text, read(text))


@pytest.mark.parametrize(
    "question",
    ["can i make gummies from 3.5 g of distillate per pack?", "can i fill carts with 5 g of oil?"],
)
def test_making_or_filling_from_one_amount_is_a_recipe_question(question: str) -> None:
    text = normalise(question)
    assert not applies_a_rule(text, read(text))
