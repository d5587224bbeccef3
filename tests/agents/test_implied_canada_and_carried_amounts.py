"""Issue 19 (operators-eleventh): a licensed producer ("LP") is Canada's trade, so "the
federal act" there is the Cannabis Act; an amount carried somewhere asks what one may hold,
not a package's cap; "how long a piece" asks a length; a question naming a product form
leads with the fact about that form."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.agents.understanding import understand
from trichome.config import Settings
from trichome.knowledge.jurisdictions import CANADA, detect_jurisdictions
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def answer(service: AgentService, *turns: str) -> str:
    chat = ChatRequest(OPERATOR_AGENT, tuple(ChatTurn("user", turn) for turn in turns))
    return asyncio.run(service.complete(service.prepare(chat))).text


@pytest.mark.parametrize(
    "question",
    [
        "we're a micro LP, can our logo go on the jerseys of the local junior team we sponsor?",
        "small lp here, a music festival wants us as a sponsor with our brand on the stage banner",
        "licensed producer: can our name be on the rink boards if we sponsor the tournament?",
    ],
)
def test_a_licensed_producer_is_read_as_canada(service: AgentService, question: str) -> None:
    assert detect_jurisdictions(question) == [CANADA]
    lead = answer(service, question).split("\n")[0]
    assert lead.startswith("Canada:")
    assert "sponsorship" in lead


@pytest.mark.parametrize(
    "question",
    [
        "federal rules for storing lp gas tanks next to the extraction room?",
        "is the michigan cannabis act different from the rules in ohio",
    ],
)
def test_lp_gas_and_a_state_act_name_no_canada(question: str) -> None:
    assert CANADA not in detect_jurisdictions(question)


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the legal amount answers "over any line?"; the offence tiers answer "a crime?"
        (("taking 2,000 mg in gummies to a cabin weekend in minnesota, is that over any line?",),
         "800 mg"),
        (("driving around with 2,000 mg of edibles in minnesota, is that a crime?",), "1,600"),
        (("new mexico: taking 900 mg of edibles to a friend's, am i over?",), "800"),
        # the place between the travelling and the amount: "driving around illinois with ..."
        (("driving around illinois with 2,000 mg of thc gummies, am i over any line?",), "500 mg"),
        (("travelling through michigan with 3 oz in the trunk, legal?",), "2.5 ounces"),
        (("montana vs new mexico, is the edible possession cap the same?",), "800"),
    ],
)  # fmt: skip
def test_an_amount_carried_is_answered_by_what_one_may_hold(
    service: AgentService, turns: tuple[str, ...], expected: str
) -> None:
    assert "possession-limits" in {topic.name for topic in understand(list(turns)).topics}
    assert expected in answer(service, *turns).split("\n")[0]


def test_how_long_a_piece_asks_a_length(service: AgentService) -> None:
    text = answer(
        service,
        "usda hemp rule: how long a cutting off the top of each plant does the sampler take?",
    )
    assert "five to eight inches" in text.split("\n")[0]


@pytest.mark.parametrize(
    "question",
    [
        "alabama dispensary applicant, can we stock gummies or cookies?",
        "can an alabama dispensary sell chocolates or candies?",
    ],
)
def test_a_product_form_asked_leads_with_the_fact_about_it(
    service: AgentService, question: str
) -> None:
    lead = answer(service, question).split("\n")[0]
    assert "Allowed products" in lead


@pytest.mark.parametrize(
    ("earlier", "latest", "place"),
    [
        ("opening a store in ottawa, ontario. what licences?", "can we buy from an LP directly?",
         "CA-ON"),
        ("bc retail store here, how do we get product", "what if a licensed producer offers us "
         "a better price?", "CA-BC"),
    ],
)  # fmt: skip
def test_a_follow_up_naming_an_lp_keeps_the_province(earlier: str, latest: str, place: str) -> None:
    assert understand([earlier, latest]).jurisdictions == (place,)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "on me" is the statutes' "on their person"
        ("tulsa patient here, whats the most bud i can keep on my person", "3 ounces"),
        # LA beside California is Los Angeles; "visiting LA from texas" makes Texas home
        ("visiting LA from texas next week, how much flower can i have on me in california?",
         "28.5 g"),
        ("here for a conference from ohio, in LA, california - what's the possession limit?",
         "28.5 g"),
    ],
)  # fmt: skip
def test_possession_asked_in_chat_words_is_answered(
    service: AgentService, question: str, expected: str
) -> None:
    assert expected in answer(service, question).split("\n")[0]


def test_la_alone_still_names_louisiana() -> None:
    assert detect_jurisdictions("LA medical card, how much can i buy?") == ["LA"]
