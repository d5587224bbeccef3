"""Grounded answers give the right number with its source, for the state asked about."""

from __future__ import annotations

import re
from datetime import date

import pytest

from trichome.agents.calculators import fmt
from trichome.agents.engine import AnswerRequest
from trichome.agents.engines.grounded import compose, compose_answer
from trichome.agents.registry import AGENTS
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.knowledge.jurisdictions import JURISDICTION_NAMES, STATE_NAMES
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import Passage
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

STATES = ("CA", "CO", "WA", "OR", "MA", "MI", "NY", "IL", "NV", "AZ", "NJ", "MD")
# How people ask, by topic; a unit pattern picks the facts each question is about.
QUESTIONS: dict[str, tuple[str, str]] = {
    "edible-thc-limits/serving": (
        "What is the THC limit per serving for edibles in {state}?",
        # milligrams a serving: not a tolerance around the intended serving (Michigan's 15%
        # homogeneity rule is no serving cap)
        r"\bmg\b.*\bper serving",
    ),
    "edible-thc-limits/package": (
        "What is the most THC a package of edibles can hold in {state}?",
        r"package",
    ),
    "purchase-limits": (
        "How much flower can an adult customer buy in one transaction in {state}?",
        r"",
    ),
    "possession-limits": ("How much cannabis can an adult legally possess in {state}?", r""),
}


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings())


def ask(service: AgentService, question: str) -> str:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    return compose_answer(prepared.request)


def facts_on(service: AgentService, state: str, topic: str, unit_pattern: str) -> list[Fact]:
    return [
        fact
        for pack in service.knowledge.packs.values()
        for fact in pack.facts
        if fact.jurisdiction == state and fact.topic == topic.split("/")[0] and fact.value is not None
        and re.search(unit_pattern, fact.unit or "", re.IGNORECASE)
    ]  # fmt: skip


def test_each_states_numbers_come_with_their_source(service: AgentService) -> None:
    asked, wrong = 0, []
    for state in STATES:
        for topic, (template, unit_pattern) in QUESTIONS.items():
            facts = facts_on(service, state, topic, unit_pattern)
            if not facts:
                continue
            question = template.format(state=STATE_NAMES[state])
            answer = ask(service, question)
            asked += 1
            if not any(fmt(f.value or 0) in answer and f.sources[0].url in answer for f in facts):
                wrong.append(f"{question} -> {answer[:160]!r}")
    assert asked >= 30, "the packs should hold these numbers for most of the twelve states"
    assert not wrong, "\n".join(wrong)


def test_the_state_named_decides_the_rule(service: AgentService) -> None:
    # Minnesota's sourced cap (hemp-derived edibles) is 5 mg a serving, Colorado's 10 mg.
    minnesota = ask(service, "What is the THC limit per serving for edibles in Minnesota?")
    colorado = ask(service, "What is the THC limit per serving for edibles in Colorado?")
    assert minnesota.startswith("Minnesota") and "5 mg" in minnesota.split("\n")[0]
    assert "10 mg" not in minnesota.split("\n")[0].split("5 mg")[0]
    assert colorado.split("\n")[0].count("10 mg") >= 1
    assert "mn.gov/ocm" in minnesota and "mn.gov/ocm" not in colorado


def test_without_a_state_each_states_rule_is_labelled(service: AgentService) -> None:
    answer = ask(service, "What is the THC limit per serving for edibles?")
    assert answer.startswith("This depends on the state")
    labelled = re.findall(r"^- ([A-Z][a-z]+(?: [A-Z][a-z]+)?): .*\[(\d+)\]$", answer, re.MULTILINE)
    assert len(labelled) >= 6
    assert {name for name, _ in labelled} <= set(JURISDICTION_NAMES.values())
    assert "Sources:" in answer


def test_an_uncovered_question_says_so_and_gives_no_number(service: AgentService) -> None:
    idaho = ask(service, "What is the edible THC limit in Idaho?")
    assert "no sourced rule on edible thc limits for Idaho, so I won't guess" in idaho
    assert "For Idaho, ask: Idaho State Department of Agriculture" in idaho  # its regulator
    assert not re.search(r"\d+\s*mg", idaho)
    unknown = ask(service, "What is the excise tax rate on hemp rope in Guam?")
    assert "won't guess" in unknown or "don't" in unknown
    assert not re.search(r"\d+(\.\d+)?\s*%", unknown)


def test_calculations_are_answered_with_their_working(service: AgentService) -> None:
    answer = ask(service, "how much 85% distillate for 200 gummies at 10 mg?")
    paragraphs = answer.split("\n\n")
    assert paragraphs[0].startswith("You need 2.353 g of 85% concentrate")
    assert paragraphs[1].startswith("Inputs (read from “85%”, “200 gummies”, “10 mg”):")
    assert "- potency: 85%" in paragraphs[1]
    assert paragraphs[2].startswith("Formula: concentrate (g) = pieces × mg per piece")
    assert paragraphs[3].startswith("Working:\n1. 200 units × 10 mg = 2,000 mg THC")
    assert paragraphs[4].startswith("Assumptions:\n- no process loss")
    refused = ask(service, "10 g of 80% distillate into 0 gummies")
    assert refused.startswith("I can't calculate that") and "mg THC" not in refused


def test_a_rule_not_yet_in_force_is_answered_as_pending() -> None:
    fact = Fact(
        id="mi-new-cap", pack_id="compliance-mi", topic="edible-thc-limits",
        title="Michigan: new cap", text="A package may hold at most 150 mg THC.",
        sources=(Source("R 420.1", "https://example.gov/r420", "1"),), jurisdiction="MI",
        effective=date(2027, 1, 1), status="pending",
    )  # fmt: skip
    request = AnswerRequest(
        public_model="operator-agent", agent=AGENTS["compliance"], question="michigan cap?",
        messages=(), passages=(Passage(fact, 5.0, 1.0, 2, 2),), jurisdictions=("MI",),
    )  # fmt: skip
    assert compose_answer(request).startswith(
        "Michigan: (pending: not yet in force; takes effect from 2027-01-01) A package may"
    )


def test_a_rule_question_naming_no_place_asks_which_when_one_place_has_the_rule() -> None:
    fact = Fact(
        id="nj-home-grow", pack_id="compliance-nj", topic="home-grow", title="New Jersey: no home grow",
        text="Home cultivation is not permitted.", jurisdiction="NJ",
        sources=(Source("N.J.S.A. 2C:35-10a", "https://example.gov/nj", "a"),),
    )  # fmt: skip
    request = AnswerRequest(
        public_model="operator-agent", agent=AGENTS["compliance"], question="how much homegrown can i keep?",
        messages=(), passages=(Passage(fact, 5.0, 0.6, 2, 3),), jurisdictions=(), on_topic=True,
    )  # fmt: skip
    answer = compose_answer(request)
    assert "Which jurisdiction are you asking about?" in answer
    assert "New Jersey" not in answer and "Sources:" not in answer


def test_a_question_naming_no_place_is_not_answered_with_one_states_rule() -> None:
    # "pr med patient, am i allowed to smoke the flower?" once read as naming no place got
    # Colorado's delivery rule: one state's fact never answers a question naming none.
    fact = Fact(
        id="co-delivery", pack_id="compliance-co", topic="delivery", title="Colorado: delivery",
        text="Stores may deliver only with a delivery permit.", jurisdiction="CO",
        sources=(Source("HB19-1234", "https://example.gov/co", "1"),),
    )  # fmt: skip
    request = AnswerRequest(
        public_model="operator-agent", agent=AGENTS["compliance"], question="am i allowed to smoke the flower?",
        messages=(), passages=(Passage(fact, 5.0, 0.6, 2, 3),), jurisdictions=(),
    )  # fmt: skip
    composed = compose(request)
    assert "Which jurisdiction are you asking about?" in composed.text
    assert composed.sources == () and "delivery permit" not in composed.text


def test_a_question_on_two_rule_topics_gets_a_fact_for_each() -> None:
    source = (Source("R.I. Gen. Laws 21-28.11-22", "https://example.gov/ri", "a"),)
    plants = Fact(
        id="ri-home-grow", pack_id="compliance-ri", topic="home-grow", title="Rhode Island: plants",
        text="Up to 3 mature and 3 immature plants per dwelling unit.", jurisdiction="RI",
        sources=source,
    )  # fmt: skip
    at_home = Fact(
        id="ri-possession", pack_id="compliance-ri", topic="possession-limits",
        title="Rhode Island: possession", text="Up to 10 ounces may be kept at home.",
        jurisdiction="RI", sources=source,
    )  # fmt: skip
    request = AnswerRequest(
        public_model="operator-agent", agent=AGENTS["compliance"],
        question="how much can i keep at home and how many plants in RI?", messages=(),
        passages=(Passage(plants, 9.0, 0.5, 3, 5), Passage(at_home, 2.0, 0.3, 2, 5)),
        jurisdictions=("RI",), on_topic=True,
        asked_topics=frozenset({"home-grow", "possession-limits"}),
        topic_groups=(frozenset({"possession-limits"}), frozenset({"home-grow"})),
    )  # fmt: skip
    composed = compose(request)
    assert [fact.id for fact in composed.sources] == ["ri-home-grow", "ri-possession"]
    assert "10 ounces" in composed.text and "3 mature" in composed.text
