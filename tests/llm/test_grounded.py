import pytest

from trichome.agents.engine import AnswerRequest
from trichome.agents.engines.grounded import GroundedEngine, compose_answer, split_into_chunks
from trichome.agents.registry import AGENTS, MAIN_AGENT
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import FactIndex
from trichome.llm.base import ChatTurn, Finished, TextDelta

pytestmark = pytest.mark.anyio


def _fact(fact_id: str, title: str, text: str, url: str, jurisdiction: str | None = None) -> Fact:
    return Fact(
        fact_id, "p", "topic", title, text, (Source("Regulation " + fact_id, url, "s 1"),),
        jurisdiction=jurisdiction,
    )  # fmt: skip


FACTS = [
    _fact("mi", "Michigan: edible serving limit", "Michigan caps a serving at 10 mg THC.",
          "https://example.gov/mi", "MI"),
    _fact("co", "Colorado: edible serving limit", "Colorado caps a serving at 10 mg THC.",
          "https://example.gov/co", "CO"),
]  # fmt: skip


def _request(
    question: str, jurisdictions: tuple[str, ...] = (), agent: str = "compliance"
) -> AnswerRequest:
    passages = FactIndex(FACTS).search(question, jurisdictions=jurisdictions)
    return AnswerRequest(
        public_model="free-agent",
        agent=AGENTS[agent],
        question=question,
        messages=(ChatTurn("user", question),),
        passages=tuple(passages),
        jurisdictions=jurisdictions,
    )


def test_the_answer_leads_with_the_fact_and_cites_its_source() -> None:
    text = compose_answer(_request("edible serving limit in Michigan", ("MI",)))
    first_line = text.splitlines()[0]
    assert "10 mg" in first_line and first_line.endswith("[1]")
    assert "[1] Regulation mi, s 1: https://example.gov/mi" in text
    assert "example.gov/co" not in text


def test_without_a_state_the_answer_labels_each_states_rule() -> None:
    text = compose_answer(_request("edible serving limit"))
    assert "depends on the state" in text
    assert "https://example.gov/mi" in text and "https://example.gov/co" in text


def test_an_uncovered_question_is_admitted_without_a_number() -> None:
    text = compose_answer(_request("what is the excise tax on pre-rolls"))
    assert "don't cover" in text
    assert "mg" not in text and "[1]" not in text


def test_the_main_agent_explains_itself_when_nothing_matches() -> None:
    text = compose_answer(_request("hello", agent=MAIN_AGENT))
    assert "main agent" in text


def test_chunks_concatenate_to_the_exact_answer() -> None:
    text = compose_answer(_request("edible serving limit"))
    chunks = split_into_chunks(text)
    assert len(chunks) > 3
    assert "".join(chunks) == text


async def test_the_engine_streams_the_answer_then_finishes() -> None:
    events = [event async for event in GroundedEngine().stream(_request("edible serving limit"))]
    assert isinstance(events[-1], Finished) and events[-1].reason == "stop"
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert text == compose_answer(_request("edible serving limit"))
