"""Issue 19: the fact giving what a science question asks leads it. "What temp should I
decarb at?" is led by a fact giving temperatures for THC, not a CBDA study's window nor a
fact that only compares rates; "shelf life" reads as storage stability."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.asked_measures import asked_measure_first
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import Passage
from trichome.knowledge.words import tokenize


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def _passage(fact_id: str, title: str, text: str) -> Passage:
    source = Source(title="s", url="https://example.org", section="1", kind="scientific")
    fact = Fact(id=fact_id, pack_id="p", topic="t", title=title, text=text, sources=(source,))
    return Passage(fact, score=1.0, coverage=0.5)


RATES = _passage("rates", "THCA decarbs twice as fast", "Rates doubled at each temperature.")
CBDA = _passage("cbda", "CBDA converts best around 95-125 C", "Heat CBDA at 95-125 C.")
ONSET = _passage("onset", "Decarb begins near 90 C", "THCA starts converting at about 90 C.")


def test_a_temperature_asked_puts_facts_giving_one_first_and_other_compounds_last() -> None:
    ordered = asked_measure_first("what temp should i decarb at", [RATES, CBDA, ONSET])
    assert [p.fact.id for p in ordered] == ["onset", "cbda", "rates"]
    # the compound named, its fact is not held back
    ordered = asked_measure_first("best temperature to decarb cbd hemp", [RATES, CBDA, ONSET])
    assert [p.fact.id for p in ordered][:2] == ["cbda", "onset"]
    # no temperature asked: the order is the retrieval's
    assert asked_measure_first("how fast does thca decarb", [RATES, CBDA]) == (RATES, CBDA)


def test_temp_and_shelf_life_read_as_the_packs_words() -> None:
    assert "temperatur" in tokenize("what temp should i decarb at")
    assert {"storag", "stabil"} <= set(tokenize("what's the shelf life of a gummy"))


@pytest.mark.parametrize(
    "question", ["what temp should i decarb at", "what temperature do you decarb flower at"]
)
def test_a_decarb_temperature_question_is_led_by_thc_temperatures(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids[0] == "form-decarb-onset-and-overshoot"
    assert "90 C" in answered.text.split("\n")[0]


def test_a_shelf_life_question_is_answered_from_storage_stability(service: AgentService) -> None:
    answered = answer(service, "what's the shelf life of a gummy")
    assert answered.fact_ids[0] != "form-cbn-from-thc-oxidation"
    assert "storage" in answered.text.split("\n")[0].lower() or "stored" in answered.text
