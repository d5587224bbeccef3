"""Issue 19: four classes of message that ask for no sourced fact. A question about the
assistant itself, a weary complaint that asks nothing, a letter to an outside party (a
bank, a landlord, a vendor, a regulator) and a label drafted for a state each get a reply
or an outline that cites nothing; the rule questions beside them still get the facts."""

from __future__ import annotations

import pytest

from trichome.agents.drafting import drafting_request
from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.agents.understanding import RequestKind, kind_of
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def sources_of(service: AgentService, message: str) -> tuple[object, ...]:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", message),)))
    return tuple(compose(prepared.request).sources)


ABOUT_THE_ASSISTANT = [
    "wait, are you a bot?",
    "who exactly am i chatting with here",
    "is this a real human or an AI",
    "r u a person or a program lol",
    "who are you anyway?",
    "what are you, some kind of chatbot?",
]
VENTING = [
    "this job is so draining lately, two inspections back to back",
    "honestly so over it, our POS crashed again today",
    "feeling burnt out, 60 hour weeks since harvest",
    "sick of all this paperwork tbh",
    "fed up with the state portal going down every friday",
    "running a dispensary is exhausting, 4 callouts this week",
]


@pytest.mark.parametrize("message", ABOUT_THE_ASSISTANT + VENTING)
def test_the_assistant_itself_and_venting_are_small_talk(
    service: AgentService, message: str
) -> None:
    assert kind_of(message) is RequestKind.SMALL_TALK
    assert sources_of(service, message) == ()


@pytest.mark.parametrize(
    "question",
    [
        "are you allowed to sell clones in colorado?",
        "what are you supposed to do with failed batches in oregon?",
        "so tired of metrc, how do i fix a package adjustment?",
        "exhausted lol, what's the colorado purchase limit for flower?",
        "is this a real requirement in michigan, the 2 year camera retention?",
    ],
)
def test_a_rule_asked_beside_them_is_no_small_talk(question: str) -> None:
    assert kind_of(question) is not RequestKind.SMALL_TALK


@pytest.mark.parametrize(
    ("request_text", "kind"),
    [
        (
            "write a letter to our landlord in michigan about renewing the lease for our "
            "licensed dispensary",
            "email",
        ),
        (
            "draft an email to our packaging vendor in oregon asking for child-resistant "
            "pouch samples",
            "email",
        ),
        (
            "compose a letter to the city council in denver supporting our delivery license "
            "application",
            "email",
        ),
        (
            "write a note to the cannabis commission in massachusetts asking for a meeting "
            "about our renewal",
            "email",
        ),
        ("draft an intro email to our new bank in washington, we're a licensed processor", "email"),
        (
            "draft the back-of-pack label text for our colorado chocolate bar, leave "
            "blanks for the numbers",
            "label",
        ),
        ("mock up a jar label for our california flower", "label"),
        ("write label copy for our new vape cart in michigan", "label"),
        ("lay out a tincture bottle label for our oregon line", "label"),
        ("draft a pre-roll package label for illinois, leave the numbers blank", "label"),
    ],
)
def test_letters_and_labels_for_a_state_get_an_outline(
    service: AgentService, request_text: str, kind: str
) -> None:
    draft = drafting_request(request_text)
    assert draft is not None and draft.kind == kind
    assert sources_of(service, request_text) == ()


@pytest.mark.parametrize(
    "question",
    [
        "what must a gummy label say in nevada?",
        "email blast for our NJ sale, remind them of the per-visit limit",
        "do we need the universal symbol on the label in colorado?",
        # "label" a verb: a figure asked, not a document
        "so if we label it 10 mg whats the lowest the lab result can be and still pass",
        "ok we label them as 100mg packs in michigan, which warning goes on",
    ],
)
def test_a_label_or_mail_rule_asked_gets_no_outline(question: str) -> None:
    assert drafting_request(question) is None
