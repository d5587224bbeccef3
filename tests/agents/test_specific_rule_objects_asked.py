"""Issue 19: a question naming a specific rule object (who an advert may reach, the FDA's
statement on a label, how many people must staff a vehicle, a licence's level) is not
answered by a fact of the same place on a neighbouring rule: the fact must name the thing,
else the engine says what it lacks and names the regulator."""

from __future__ import annotations

import pytest

from tests.support.answers import answer_text as ask
from trichome.agents.focus import named_foci
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("what share of the audience has to be 21+ for a billboard", "advertising audiences"),
        ("podcast sponsorship: any audience composition rule?", "advertising audiences"),
        ("does the label need the fda line", "FDA statements"),
        ("exact FDA disclaimer wording for tinctures?", "FDA statements"),
        ("do we need two people in the transport van", "staffing"),
        ("must 2 employees ride along on deliveries", "staffing"),
        ("is co2 extraction a level 1 manufacturing licence", "licence levels"),
        ("which manufacturer license level do we need, 1 or 2?", "licence levels"),
    ],
)
def test_the_thing_asked_is_recognised(question: str, thing: str) -> None:
    assert thing in [focus.name for focus in named_foci(question)]


@pytest.mark.parametrize(
    "question",
    [
        "two questions about oregon packaging",  # a count of questions, not of staff
        "level with me, what's the colorado edible cap",
    ],
)
def test_other_words_are_no_such_thing(question: str) -> None:
    names = [focus.name for focus in named_foci(question)]
    assert "staffing" not in names and "licence levels" not in names


@pytest.mark.parametrize(
    ("question", "regulator"),
    [
        ("oregon: who may our instagram ads reach, any audience percentage rule", "OLCC"),
        ("new jersey ATC delivery, do we need 2 employees in the van", "Cannabis Regulatory"),
        ("california manufacturing license level for butane, 1 or 2?", "Cannabis Control"),
    ],
)
def test_a_place_with_no_fact_naming_the_thing_is_admitted_with_its_regulator(
    service: AgentService, question: str, regulator: str
) -> None:
    text = ask(service, question)
    assert "[1]" not in text
    assert regulator in text


def test_a_fact_naming_the_thing_still_answers(service: AgentService) -> None:
    text = ask(service, "colorado advertising audience rule?")
    assert "71.6" in text and "[1]" in text


def test_oregons_fda_statement_is_given_word_for_word(service: AgentService) -> None:
    text = ask(service, "oregon gummies: what's the exact FDA statement the label has to carry?")
    assert "not approved by the FDA to treat, cure, or prevent any disease" in text
