"""Issue 19: a rule question that a calculator misreads as a sum with a product input missing
(a potency, a COA, a bottle) is answered from the sourced rule, not with a question back; a
sum the user asks to have worked still asks for what it lacks. Shop talk for possessing
("walk out with", "carry around"), for home ("at my apartment") and for where a store buys
its stock ("straight from an LP") reaches the rule; a city that is also a word names its
state where it stands as a place."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer, build_agent_service
from trichome.config import Settings
from trichome.knowledge.words import tokenize
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def prepare(service: AgentService, *turns: str) -> PreparedAnswer:
    messages: list[ChatTurn] = []
    for index, turn in enumerate(turns):
        if index:
            messages.append(ChatTurn("assistant", "noted"))
        messages.append(ChatTurn("user", turn))
    return service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages)))


def cited_text(service: AgentService, prepared: PreparedAnswer) -> tuple[str, tuple[str, ...]]:
    composed = compose(prepared.request)
    return asyncio.run(service.complete(prepared)).text, tuple(f.id for f in composed.sources)


@pytest.mark.parametrize(
    ("question", "fact", "figure"),
    [
        # a cap named by its figure is the rule asked, not a potency to ask back for
        ("washington - our 5mg tonics, does the 72 oz liquid cap apply or a separate rule?",
         "wa-", "72 ounces"),
        ("maryland budtender: personal use amount for concentrates and edibles, total thc?",
         "md-personal-use-amount", "750"),
    ],
)  # fmt: skip
def test_a_rule_question_misread_as_a_sum_is_answered_from_the_rule(
    service: AgentService, question: str, fact: str, figure: str
) -> None:
    prepared = prepare(service, question)
    assert prepared.request.calculation is None
    text, cited = cited_text(service, prepared)
    assert any(fact_id.startswith(fact) for fact_id in cited)
    assert figure in text


def test_a_sum_asked_with_its_figures_still_asks_what_it_lacks(service: AgentService) -> None:
    prepared = prepare(service, "coa says thca 19.2%, d9 0.6%. total thc after decarb?")
    assert prepared.request.calculation is not None


@pytest.mark.parametrize(
    ("question", "facts"),
    [
        ("ottawa retailer: are we allowed to order stock directly from an LP?",
         {"ca-on-agco-retail-licences"}),
        ("edmonton store - can we buy product from a licensed producer directly?",
         {"ca-ab-aglc-licensing"}),
        # Arizona's one ounce caps what is bought and what is held alike
        ("in arizona how much can a tourist walk out with",
         {"az-possession-limits", "az-purchase-limit"}),
        ("what's the most i can keep at my apartment in oregon",
         {"or-possession-1oz-public-8oz-home"}),
        # a "dispo" is a dispensary: its licence, not a siting rule that names licences
        ("we're opening a dispo in ohio, what licenses do we need",
         {"oh-dispensary-licence-cap-400"}),
    ],
)  # fmt: skip
def test_shop_talk_reaches_the_rule(service: AgentService, question: str, facts: set[str]) -> None:
    _, cited = cited_text(service, prepare(service, question))
    assert cited and cited[0] in facts


def test_possessing_and_home_in_shop_talk_are_the_statutes_words() -> None:
    assert "possess" in tokenize("how much can they walk out with")
    assert "possess" in tokenize("can i legally carry an ounce")
    assert "home" in tokenize("keep it at our apartment")
    # a label that must carry a warning is no possession
    assert "possess" not in tokenize("the label must carry the warning")


def test_a_follow_up_after_a_word_city_keeps_its_state(service: AgentService) -> None:
    prepared = prepare(
        service,
        "we run a delivery service out of buffalo",
        "how much flower can one customer walk around with?",
    )
    assert prepared.request.jurisdictions == ("NY",)
    _, cited = cited_text(service, prepared)
    assert cited and all(fact_id.startswith("ny-") for fact_id in cited)


@pytest.mark.parametrize(
    ("question", "fact", "figure"),
    [
        # a unit of concentrate is its package's size, not an edible's serving
        ("washington: biggest unit we can package wax in, can one jar hold 3 grams?",
         "wa-concentrate-unit-1-gram", "one gram"),
        # "equals" ends what is counted: grams of edibles, not "edibles equals"
        ("canada: how many grams of edibles equals the 30 g dried public limit?",
         "can-public-possession-30g", "450"),
        # a marketing list joined is a marketing rule, whatever age it asks
        ("california shop - do we need to check age before someone joins our texting list?",
         "mkt-ca-direct-communication-age-affirmation", "21"),
    ],
)  # fmt: skip
def test_the_thing_asked_is_read_as_the_rule_names_it(
    service: AgentService, question: str, fact: str, figure: str
) -> None:
    text, cited = cited_text(service, prepare(service, question))
    assert cited and cited[0] == fact
    assert figure in text


@pytest.mark.parametrize(
    "question",
    [
        "total thc on this jar? thca came back high",
        "what's total thc, thca was high on the coa",
        "new lot's coa is in, what's total thc",
        "making 300 gummies at 10 mg / how much do i weigh out?",
    ],
)
def test_a_sum_asked_with_no_place_named_still_asks_for_what_it_lacks(
    service: AgentService, question: str
) -> None:
    worked = prepare(service, *question.split(" / ")).request.calculation
    assert worked is not None and worked.calculation is None
    assert worked.asks and worked.missing
