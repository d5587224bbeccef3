"""Issue 19: a prediction (the odds of one's own application, the date of a change still to
come, what a council will do, what a change will do to a tax) and one person's dose, in a
first turn or a follow-up, are declined without a sourced fact; a forecast names the
regulator of the place asked about. Rule questions near those words are still answered."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.engines.grounded import compose
from trichome.agents.scope import scope_of
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.agents.understanding import RequestKind, understand
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def answer(service: AgentService, turns: tuple[str, ...]) -> tuple[str, int]:
    """The last answer's text and how many sources it cites."""
    prepared = service.prepare(
        ChatRequest(OPERATOR_AGENT, tuple(ChatTurn("user", turn) for turn in turns))
    )
    text = asyncio.run(service.complete(prepared)).text
    return text, len(compose(prepared.request).sources)


@pytest.mark.parametrize(
    ("turns", "reason"),
    [
        (("our adult-use cultivation application went into the massachusetts ccc in june. honestly what are our odds of being approved?",), "forecast"),
        (("how likely is it that my michigan microbusiness renewal gets denied after the recall",), "forecast"),
        (("what's my realistic shot at getting licensed in the next illinois lottery round",), "forecast"),
        (("when do you think the dea will actually reschedule marijuana",), "forecast"),
        (("when is pennsylvania going to legalize adult use sales",), "forecast"),
        (("if it ever moves to schedule 3, will it end the 280e deductions for our 2028 filing",), "forecast"),
        (("what's the dc sales tax on medical cannabis", "is the denver city council going to crack down on the consumption lounges next year?"), "forecast"),
        (("what's the canadian serving cap for edibles", "fine. what dose of edible should i start with, i'm 5'10 190 lbs"), "medical"),
        (("how much thc is allowed per gummy in colorado", "and how many mg should i personally take for my knee pain"), "medical"),
    ],
)  # fmt: skip
def test_predictions_and_one_persons_dose_are_declined_in_any_turn(
    service: AgentService, turns: tuple[str, ...], reason: str
) -> None:
    understanding = understand(list(turns))
    assert understanding.kind is RequestKind.OUT_OF_SCOPE
    assert understanding.scope == reason
    _, cited = answer(service, turns)
    assert cited == 0


def test_the_odds_of_an_application_name_the_regulator_that_decides(
    service: AgentService,
) -> None:
    text, cited = answer(
        service,
        (
            "we applied for a new jersey class 5 retail licence. whats our chance of getting approved",
        ),
    )
    assert cited == 0
    assert "predict" in text
    assert "Cannabis Regulatory Commission" in text


@pytest.mark.parametrize(
    "question",
    [
        "when will the new packaging rule take effect in new york",
        "when are adult-use applications approved in new jersey, is there a set review period",
        "when was cannabis rescheduled in thailand",
        "what is the chance a sample gets rejected for moisture over 13 percent in oregon",
        "how much can i possess in nevada if i weigh 200 lbs",
        "will spraying neem oil kill the mites on my clones",
        "how much thc per serving can a new jersey edible have",
    ],
)
def test_rule_questions_near_those_words_are_still_in_scope(question: str) -> None:
    assert scope_of(question) is None
