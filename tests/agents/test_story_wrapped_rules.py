"""Issue 19: a rule question told inside a story is answered from the place's fact on it,
and a figure asked of one substance is never answered from another's. Each question is
worded afresh: the trade's "d9" for THC, a city qualified by its state ("vancouver WA"), a
possessive typed without its apostrophe, an amount asked after a long story, a sum of money
asked as "how many dollars", a follow-up asking "its" figure, a factor's origin asked
indirectly, and a question in its last sentence after an aside."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.asked_sentences import asked_sentence, holds_asked_sentence
from trichome.agents.asked_terms import asked_in_conversation, asked_terms
from trichome.agents.counting import counted_thing
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.packs import Fact, Source


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def ask(service: AgentService, *turns: str) -> tuple[str, tuple[str, ...]]:
    """The last answer's text and the ids of the facts it cites; earlier answers in between."""
    answered = answer(service, *turns, own_replies=True)
    return answered.text, answered.fact_ids


@pytest.mark.parametrize(
    ("turns", "cited", "says"),
    [
        (
            ("spokane kitchen, new chocolate line. whats the most d9 per piece and per box?",),
            "wa-edible-thc-per-package",
            "10 mg",
        ),
        (
            (
                "guest from texas staying in worcester asked our budtender how much bud she can "
                "legally walk around with and whether wax is counted separately",
            ),
            "ma-possession-limits",
            "5 g",
        ),
        (
            (
                "setting up the register in tacoma. a $25 pack before excise, how many dollars of "
                "cannabis excise does that add?",
            ),
            "wa-cannabis-excise-tax-37",
            "9.25",
        ),
        (
            ("oregons retail tax on marijuana items, what % is it?",),
            "or-retail-tax-17-percent",
            "17",
        ),
        (
            ("new pos at our shop in vancouver WA, what excise rate goes on flower?",),
            "wa-cannabis-excise-tax-37",
            "37",
        ),
        (
            (
                "my roommate and i are 30, living in lowell MA. we want to start a closet grow. "
                "whats the max plants per household?",
            ),
            "ma-home-grow",
            "12",
        ),
        (
            ("a guy at work swears you can buy at 18 in montreal. what's the real age there?",),
            "ca-qc-minimum-age-21",
            "21",
        ),
        (
            (
                "extractor here. total cbd on the certificate = cbd + 0.877 x cbda. can someone "
                "explain where that 0.877 comes from",
            ),
            "form-thca-thc-mass-factor",
            "358",
        ),
    ],
)
def test_the_places_fact_answers_a_question_told_in_a_story(
    service: AgentService, turns: tuple[str, ...], cited: str, says: str
) -> None:
    text, facts = ask(service, *turns)
    assert facts and facts[0] == cited, (text, facts)
    assert says in text


@pytest.mark.parametrize(
    "turns",
    [
        ("what niosh rel does n-hexane have? and the osha pel",),
        ("osha pel for n-hexane?", "ok, and its LEL for the alarm setpoint?"),
        ("whats the PEL of n-hexane", "and what is the IDLH for it"),
    ],
)
def test_a_figure_of_one_substance_is_never_answered_with_anothers(
    service: AgentService, turns: tuple[str, ...]
) -> None:
    text, facts = ask(service, *turns)
    assert not any("butane" in fact or "propane" in fact for fact in facts), (text, facts)
    assert "butane" not in text.lower()


def test_a_follow_up_asking_its_figure_asks_it_of_the_substance_named_before() -> None:
    turns = ("what's isopropanol's flash point", "ok and the LEL for it?")
    (term,) = asked_in_conversation(turns[-1], turns)
    assert (term.kind, term.text, term.figure) == ("substance", "isopropanol", ("lel",))
    assert asked_in_conversation("and the LEL for it?", ("and the LEL for it?",)) == ()
    assert [t.text for t in asked_terms("REL for n-hexane?")] == ["n-hexane"]


@pytest.mark.parametrize(
    ("question", "counted"),
    [
        ("how many dollars of excise on a $30 cart?", "an amount"),
        ("how many bucks of tax is that", "an amount"),
        ("how many plants can we grow", "plant"),
    ],
)
def test_dollars_asked_are_an_amount_not_a_thing_counted(question: str, counted: str) -> None:
    assert counted_thing(question) == counted


def test_the_asked_sentence_is_the_last_question_after_the_story() -> None:
    question = "we extract at 0.5 bar. for thca we use 0.877. what factor turns cbga into cbg?"
    assert asked_sentence(question) == "what factor turns cbga into cbg?"
    source = Source("A study", "https://example.org/study", "Table 1", "scientific")
    fact = Fact(
        "f", "formulation-x", "conversion", "CBGA to CBG conversion factor",
        "CBGA turns into CBG; the factor is 0.878.", (source,),
    )  # fmt: skip
    assert holds_asked_sentence(fact, question)
    assert not holds_asked_sentence(fact, "we use 0.877 for thca. is cbg good for sleep?")
