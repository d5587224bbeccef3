"""Issue 19: a state's structured package rules applied to the question asked. The most
pieces of a dose that fit under the package cap when the pieces go unnamed, the servings in
a package made at both caps, a package cap asked for flower, pre-rolls or concentrate
answered by a cap by weight (never an edible's milligrams), a follow-up that changes the
product changing the fact, and the neighbouring facts a question is not about kept out of
the lead (who must be at a hemp sampling, an amount above the carrying limit kept at home)."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def prepare(service: AgentService, *turns: str) -> PreparedAnswer:
    messages: list[ChatTurn] = []
    prepared: PreparedAnswer | None = None
    for index, turn in enumerate(turns):
        if index:
            assert prepared is not None
            messages.append(ChatTurn("assistant", asyncio.run(service.complete(prepared)).text))
        messages.append(ChatTurn("user", turn))
        prepared = service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages)))
    assert prepared is not None
    return prepared


def worked(prepared: PreparedAnswer) -> tuple[float, str]:
    recognised = prepared.request.calculation
    assert recognised is not None and recognised.calculation is not None
    return recognised.calculation.value, recognised.calculation.unit


def lead(prepared: PreparedAnswer) -> str:
    sources = compose(prepared.request).sources
    assert sources, "no sourced fact answered"
    return sources[0].id


def test_the_most_unnamed_pieces_under_the_package_cap(service: AgentService) -> None:
    prepared = prepare(
        service,
        "making 2.5mg mints in nevada, how many could we pack into one tin before going over "
        "the state package cap",
    )
    assert worked(prepared) == (40, "pieces")


def test_servings_in_a_package_made_at_both_caps(service: AgentService) -> None:
    prepared = prepare(
        service,
        "a nevada edible made right at the package max, every serving at the serving limit: "
        "how many servings does it hold?",
    )
    value, unit = worked(prepared)
    assert (value, unit) == (10, "servings")
    assert "100 mg" in asyncio.run(service.complete(prepared)).text


@pytest.mark.parametrize(
    "question",
    [
        "what's the max per package for shatter in nevada, and for flower?",
        "biggest jar of flower we're allowed to ring up as one package in nevada, is there a "
        "per package max",
    ],
)
def test_a_package_cap_asked_for_flower_or_concentrate_is_a_cap_by_weight(
    service: AgentService, question: str
) -> None:
    prepared = prepare(service, question)
    assert prepared.request.calculation is None  # not the 100 mg edible cap shared out
    assert lead(prepared) == "nv-usable-cannabis-per-package"
    text = asyncio.run(service.complete(prepared)).text
    assert "1 ounce" in text and "1/8 oz" in text


@pytest.mark.parametrize(
    "turns",
    [
        ("new jersey, thc cap per package for edibles?", "what about pre-rolls, max per package?"),
        ("nj cap per package for flower",),
    ],
)
def test_a_package_cap_for_inhalables_is_not_the_edible_cap(
    service: AgentService, turns: tuple[str, ...]
) -> None:
    assert lead(prepare(service, *turns)) == "nj-inhalable-package-quarter-ounce"


def test_an_edible_package_cap_is_still_the_edible_fact(service: AgentService) -> None:
    assert lead(prepare(service, "mg cap per package for gummies in nevada?")) == (
        "nv-edible-thc-per-package"
    )


def test_a_packaging_question_on_concentrate_keeps_its_packaging_rule(
    service: AgentService,
) -> None:
    assert lead(prepare(service, "colorado packaging rules for concentrates")) == (
        "co-packaging-child-resistant"
    )


@pytest.mark.parametrize(
    "question",
    [
        "when the sampling agent comes out to our hemp field, does one of our people have to be "
        "there?",
        "is anybody from our company required to be on site for the federal hemp sample",
    ],
)
def test_who_must_be_at_a_hemp_sampling_leads_with_that_rule(
    service: AgentService, question: str
) -> None:
    assert lead(prepare(service, question)) == "us-hemp-representative-at-sampling"


def test_an_amount_above_the_carrying_limit_kept_at_home_is_the_possession_rule(
    service: AgentService,
) -> None:
    prepared = prepare(
        service,
        "new mexico home grow: ended up with way over 2 ounces this harvest. can i keep the "
        "surplus, and on what terms?",
    )
    assert lead(prepared) == "nm-possession-limit"
    assert "not visible" in asyncio.run(service.complete(prepared)).text
