"""Issue 19: a request to write a document that is not an SOP (a caption, an email, a staff
message, a job post, a log sheet, an agenda) gets an outline of that document from the
agent that writes its class, citing no rule; a short social message (a greeting, a
farewell, a compliment) gets a friendly reply; a question about a document's rules is
still a question."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.chatter import is_chatter
from trichome.agents.drafting import drafting_request
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def prepare(service: AgentService, question: str) -> PreparedAnswer:
    return service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))


@pytest.mark.parametrize(
    ("question", "kind", "agent"),
    [
        ("write an ig caption for our halloween weekend deals, playful, 21+ only",
         "social post", "marketing"),
        ("menu copy for our peach sativa pre-roll 2 pack, one line", "copy", "marketing"),
        ("need a memo to the team that the alarm code changes monday", "email", "operations"),
        ("posting for a weekend delivery driver, clean record, 21+", "job post", "operations"),
        ("make a blank log sheet for daily fridge temps in the kitchen", "log sheet",
         "operations"),
        ("10 question quiz for trimmers on glove and hairnet rules", "quiz", "operations"),
        ("agenda for friday's all hands, 20 min", "agenda", "operations"),
        ("also a checklist for setting up our trade show booth", "checklist", "operations"),
        # a detail of the job is not a rule asked for; a column list is not a question
        ("job post for a weekend budtender at our salem, oregon store, evenings required",
         "job post", "operations"),
        ("blank table for logging scale checks: scale id, date, who checked it, reading",
         "log sheet", "operations"),
        ("write a time-off request form for the trim crew, just the fields", "form",
         "operations"),
        ("write an invite for our customer appreciation night, friday 6pm, rsvp by email",
         "invitation", "marketing"),
        # a question quoted as the FAQ's own words asks nothing of me
        ("write a website FAQ answer for 'do you have parking?' - yes, out back", "FAQ",
         "marketing"),
        # a request put politely as a question, a template by any name, notes turned into a
        # speech, a list of its parts after a dash
        ("could you draft a quick email to our packaging supplier asking when the new jars "
         "ship, leave the PO number blank", "email", "operations"),
        ("can you write a caption for our anniversary weekend?", "social post", "marketing"),
        ("put together an end of shift report template for the vault team - counts, "
         "discrepancies, who locked up", "form", "operations"),
        ("give me a fill-in-the-blank recall notice for a vape batch, blanks for product, lot "
         "and phone number", "form", "operations"),
        ("help me turn these notes into a 3 minute speech for the zoning hearing: tax revenue, "
         "jobs, security", "copy", "marketing"),
        # the asker's own business named with its place is the story's subject, not a rule
        # asked; "sign-offs" is a column, not a sign; a rule for the staff is the staff's
        ("write our founder's story for the website: two sisters opened our cbd shop in "
         "maine in 2019", "copy", "marketing"),
        ("production record template for our infusion runs: oil lot, weight, temp, "
         "sign-offs", "template", "operations"),
        ("draft a short policy for the trim crew: no phones in the trim room",
         "policy", "operations"),
    ],
)  # fmt: skip
def test_a_document_asked_for_gets_its_outline_from_its_writer(
    service: AgentService, question: str, kind: str, agent: str
) -> None:
    prepared = prepare(service, question)
    text = asyncio.run(service.complete(prepared)).text
    assert prepared.request.draft is not None and prepared.request.draft.kind == kind
    assert prepared.agent.name == agent
    assert f"outline for your {kind}" in text
    assert "don't cover" not in text
    assert not prepared.request.passages  # no rule is cited as the draft's content


@pytest.mark.parametrize(
    "question",
    [
        "can we post a caption with a cannabis leaf on instagram in michigan?",
        "what has to be in a job post for a dispensary in colorado",
        "is a loyalty text blast legal without opt in consent in illinois",
        "for an investor memo: flower excise, colorado vs oregon",
        "starting a text club for our denver shop, anything to do before we send deals",
        "draft an email blast for our ohio store's sale and remind people of the daily limit",
        "newsletter for our shop, what does it need to include under can-spam",
        "write an SOP for receiving product at the back door",  # the SOP library's
        "is a permit required to put a sandwich board outside our denver shop",
        "could you tell me if a staff memo is required after an incident",
        "can you write a memo? also what are the purchase limits in ohio",
    ],
)
def test_a_question_about_a_document_is_not_a_draft(question: str) -> None:
    assert drafting_request(question) is None or "sop" in question.lower()


def test_an_sop_request_stays_with_the_sop_library(service: AgentService) -> None:
    prepared = prepare(service, "write an SOP for receiving product at the back door")
    assert prepared.request.draft is None


@pytest.mark.parametrize(
    "message",
    [
        "morning all, on my third coffee already lol",
        "happy saturday little robot",
        "alright i'm heading out, see you monday",
        "you're way better than the binder we used to use",
        "what sort of things can you do for a shop like mine",
        "ugh black friday nearly killed our whole crew",
        # a place named in passing, nerves, a joke at one's own expense, another language
        "ugh, dead quiet at the register today, raining nonstop in portland lol",
        "audit from the state on monday, so nervous. just wanted to vent",
        "gracias por todo, buenas noches!",
        "my trim room looks like a glitter bomb went off hahaha kill me",
        "hold on, what are you exactly? what kinda stuff can you help a shop with",
        # thanks said last, a goodbye, a comparison meant as a compliment
        "great, that settles it with my manager, thank you",
        "alright that's all for now, later",
        "you're quicker than our old binder honestly",
    ],
)
def test_a_social_message_gets_a_friendly_reply(service: AgentService, message: str) -> None:
    prepared = prepare(service, message)
    text = asyncio.run(service.complete(prepared)).text
    assert prepared.request.small_talk
    assert "don't have a sourced answer" not in text


@pytest.mark.parametrize(
    "message",
    [
        "good morning! how much flower can i carry in colorado",
        "happy friday, is it legal to sell 100 mg gummies in ohio?",
        "you're great, what's the tax on vapes in washington",
        "the heat wave nearly killed our team, what temp is too hot for the vault",
        "give me a checklist for the morning cultivation walk",
        "make us a template for the morning cash count",
        "slow day in denver, what's the purchase limit for tourists?",
        "so nervous about the inspection, do we need our fire extinguisher tags current?",
    ],
)
def test_a_friendly_opening_to_a_question_is_still_a_question(message: str) -> None:
    assert not is_chatter(message)


def test_one_more_of_the_same_document_keeps_its_class(service: AgentService) -> None:
    turns = ("make me a checklist for opening the vault room", "and a closing one too, same style")
    chat = ChatRequest(OPERATOR_AGENT, tuple(ChatTurn("user", t) for t in turns))
    prepared = service.prepare(chat)
    text = asyncio.run(service.complete(prepared)).text
    assert prepared.request.draft is not None and prepared.request.draft.kind == "checklist"
    assert "outline for your checklist" in text and not prepared.request.passages


def test_a_line_for_the_shop_sign_is_drafted_and_a_bare_joke_is_small_talk(
    service: AgentService,
) -> None:
    sign = prepare(service, "tell me a clean pun we can put on the sandwich board out front")
    assert sign.request.draft is not None and sign.request.draft.kind == "sign"
    assert sign.request.out_of_scope is None
    bare = prepare(service, "tell me a joke about stoners")
    assert bare.request.draft is None and bare.request.out_of_scope is None
    assert bare.request.small_talk
