"""Running a question through the real offline pipeline, in-process, as a chat request does.

The service is built the way the chat API's lifespan builds it (`build_agent_service`),
with the grounded engine whatever the environment says. A follow-up gets the engine's own
answer to each earlier turn as the assistant turn before the next user turn.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from bench.answers.grading import Answer
from bench.answers.questions import Question
from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

REPO_ROOT = Path(__file__).resolve().parents[2]
BASELINE = REPO_ROOT.parent / "shared" / "eval" / "reference-baseline-routing.json"


def offline_service() -> AgentService:
    """The agents with the shipped router and packs and the grounded (offline) engine."""
    return build_agent_service(Settings(engine="grounded"))


def read_answer(prepared: PreparedAnswer, text: str) -> Answer:
    """Whether the answer abstained and cited, read from what the engine composed it from.

    Structure, not text: the grounded engine's `compose` answers from a worked calculation,
    a filled SOP, another document's outline, or retrieved facts, and says it does not cover
    the question only when it has none of them. So: a calculation with a number, an SOP or
    an outline is an answer (cited when it carries the facts it was checked against or its
    state section's facts; an outline never is); a
    calculation without a number (a question back, a refusal) is an abstention; otherwise
    the answer abstained exactly when `compose` attached no facts to it.
    """
    request = prepared.request
    if request.calculation is not None:
        answered = request.calculation.calculation is not None
        return Answer(text, not answered, answered and bool(request.calculation_facts))
    if request.sop is not None:
        return Answer(text, False, bool(request.sop.facts), draft=True)
    if request.draft is not None:  # another document drafted: an outline, citing nothing
        return Answer(text, False, False, draft=True)
    facts = compose(request).sources
    return Answer(text, not facts, bool(facts), small_talk=request.small_talk)


@dataclass(frozen=True, slots=True)
class Run:
    """A question's conversation through the service: its last answer and how it got there."""

    question: Question
    agent: str
    answer: Answer
    latencies_ms: tuple[float, ...]


async def run_question(service: AgentService, question: Question) -> Run:
    """Every turn through `prepare` and `complete`; the last turn's answer, each turn timed."""
    messages: list[ChatTurn] = []
    latencies: list[float] = []
    prepared: PreparedAnswer | None = None
    text = ""
    for index, turn in enumerate(question.turns):
        if index:
            messages.append(ChatTurn("assistant", text))
        messages.append(ChatTurn("user", turn))
        started = time.perf_counter()
        prepared = service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages)))
        text = (await service.complete(prepared)).text
        latencies.append((time.perf_counter() - started) * 1000)
    assert prepared is not None  # a question has at least one turn (checked on load)
    return Run(question, prepared.agent.name, read_answer(prepared, text), tuple(latencies))


@dataclass(frozen=True, slots=True)
class BaselineRouting:
    """Routing on the reference product's public baseline: right, asked, misrouted."""

    right: int
    total: int
    misrouted: tuple[tuple[str, str, str], ...]


def baseline_routing(service: AgentService, path: Path) -> BaselineRouting | None:
    """The answering agent for each baseline question against its label; None when absent.

    The file is only read to measure: nothing from it is kept, trained on or written out.
    """
    if not path.is_file():
        return None
    items = json.loads(path.read_text(encoding="utf-8"))
    right = 0
    misrouted: list[tuple[str, str, str]] = []
    for item in items:
        turn = ChatTurn("user", item["question"])
        agent = service.prepare(ChatRequest(OPERATOR_AGENT, (turn,))).agent.name
        if agent in (item["expected_agent"], *item.get("also_ok", [])):
            right += 1
        else:
            misrouted.append((item["expected_agent"], agent, item["question"]))
    return BaselineRouting(right, len(items), tuple(misrouted))
