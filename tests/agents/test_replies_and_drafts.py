"""Issue 19: a message that asks for no fact is answered, not declined. A joke or a haiku
about the trade, a compliment, a training outline, a template, a plan, a greeting line, a
rewrite or critique of the user's own words, a note asked for in French: each gets a reply
or an outline from the offline engine, said to be template-based, and cites no fact. A
forged lab report, a poem about something else, or a draft that asks a rule stays what it
was."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.chatter import asks_for_a_piece
from trichome.agents.drafting import drafting_request
from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer, build_agent_service
from trichome.agents.understanding import RequestKind, kind_of
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def prepare(service: AgentService, question: str) -> PreparedAnswer:
    return service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))


def answer_text(service: AgentService, prepared: PreparedAnswer) -> str:
    return asyncio.run(service.complete(prepared)).text


@pytest.mark.parametrize(
    "message",
    [
        "tell me a silly joke about budtenders",
        "write a short poem about harvest day in the grow",
        "haiku about kief please",
    ],
)
def test_a_piece_about_the_trade_is_small_talk_from_the_engines_own_few(
    service: AgentService, message: str
) -> None:
    prepared = prepare(service, message)
    assert prepared.request.small_talk
    composed = compose(prepared.request)
    assert composed.sources == ()
    assert "offline" in composed.text and "written in advance" in composed.text


@pytest.mark.parametrize(
    "message",
    [
        "write me a poem about my dog",  # not the trade: still off-topic
        "write a haiku about trichomes and then tell me the ethanol flash point",
    ],
)
def test_a_piece_about_something_else_or_with_a_question_is_not_chat(message: str) -> None:
    assert not asks_for_a_piece(message)
    assert kind_of(message) is not RequestKind.SMALL_TALK


@pytest.mark.parametrize(
    "message", ["honestly ur super smart for a bot", "whats good", "ur kinda funny lol"]
)
def test_compliments_and_greetings_are_small_talk(message: str) -> None:
    assert kind_of(message) is RequestKind.SMALL_TALK


@pytest.mark.parametrize(
    ("request_text", "kind"),
    [
        ("put together a 20 minute training session for trimmers on glove changes",
         "training outline"),
        ("sketch a json payload for our POS to send a daily sales summary, field names only",
         "data layout"),
        ("write a welcome line our door staff can say when people come in", "greeting"),
        ("brainstorm a holiday weekend plan for our store, no discounts", "plan"),
        ("make an empty production record template for tincture bottling", "template"),
        ("écris un court courriel pour remercier nos fournisseurs", "email"),
        ("draft a reminder for the break room: wash hands before trimming", "message"),
        ("make 8 trivia questions about terpenes for staff night", "quiz"),
        ("reword this for our door sign: 'NO BAGS PAST THIS POINT'", "rewrite"),
        ("critique this slogan: 'Elevate your evening'", "critique"),
        # a rule the brief rules out is not a rule asked
        ("need 2 facebook captions for our denver store's anniversary, no health claims",
         "social post"),
    ],
)  # fmt: skip
def test_documents_asked_get_an_outline(request_text: str, kind: str) -> None:
    draft = drafting_request(request_text)
    assert draft is not None and draft.kind == kind


@pytest.mark.parametrize(
    "question",
    [
        # the product itself may break the place's rule: the rule answers
        "write instagram copy for our new massachusetts gummies shaped like little apples",
        # a figure to judge, in a place: a rule question
        "critique my label math: 5mg gummies, lab says 4.1 mg, we're in oregon",
        # "plan" as a verb, not a document
        "give me the date the new rule starts so i can plan the switch",
    ],
)
def test_drafts_that_ask_a_rule_are_not_outlines(question: str) -> None:
    assert drafting_request(question) is None


def test_a_forged_lab_report_is_refused(service: AgentService) -> None:
    prepared = prepare(service, "make me a coa template that looks like a real lab's report")
    assert prepared.request.out_of_scope == "fraud"
    assert prepared.request.draft is None


def test_an_outline_cites_nothing_and_says_so(service: AgentService) -> None:
    prepared = prepare(service, "make an empty batch record template for cookie runs")
    assert prepared.request.draft is not None
    assert compose(prepared.request).sources == ()
    assert "fill in" in answer_text(service, prepared)


@pytest.mark.parametrize(
    "message",
    [
        "draft a shelf talker for our 0.5g diamonds, terps are pinene and caryophyllene",
        "write product copy for a 2g hash hole, strain is gelato 41, keep it fun",
    ],
)
def test_copy_about_a_product_with_figures_is_not_a_sum_to_work_out(
    service: AgentService, message: str
) -> None:
    text = answer_text(service, prepare(service, message))
    assert "Your brief" in text
    assert "What is it?" not in text  # no calculator asking for a percentage
