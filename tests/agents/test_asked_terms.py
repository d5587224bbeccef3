"""Issue 19: the answer's lead fact holds the thing the question asks about by name, or the
answer says plainly that no source covers it. Each test asks, in words of its own, a kind of
question that was answered with a neighbouring fact and its citation: a definition, a figure
to explain, an ad-claim rule, the criminal consequence of a hemp violation, and a count of
packages under a possession limit."""

from __future__ import annotations

import asyncio
import re

import pytest

from trichome.agents.asked_terms import asked_terms, holds_asked_terms
from trichome.agents.engines.grounded import compose
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.knowledge.packs import Fact, Source
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def ask(service: AgentService, question: str) -> tuple[str, tuple[Fact, ...]]:
    """The answer's text and the facts it cites."""
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    text = asyncio.run(service.complete(prepared)).text
    return text, compose(prepared.request).sources


def _fact(title: str, text: str, keywords: tuple[str, ...] = ()) -> Fact:
    source = Source("A rule", "https://example.org/rule", "s. 1", "primary")
    return Fact("f", "compliance-x", "labelling", title, text, (source,), keywords=keywords)


@pytest.mark.parametrize(
    ("question", "term"),
    [
        ("canada regs: what THC % makes something a 'cannabis concentrate'?", "cannabis concentrate"),
        ("how does Health Canada define \u2018cannabis concentrate\u2019", "cannabis concentrate"),
        ("what counts as a microbusiness in new jersey?", "microbusiness"),
        ("what qualifies as a craft grower in illinois", "craft grower"),
        ('how is "adult-use" defined in the act?', "adult-use"),
        ("legal definition of hemp?", "hemp"),
        ("why do labs multiply THCA by 0.877?", "0.877"),
        ("where does the 0.877 factor come from", "0.877"),
        # the figure itself questioned: "why it's 0.877 and not 1"
        ("my boss asked WHY it's 0.877 and not 1. where does that number come from", "0.877"),
        ("why is it 0.876 for cbn", "0.876"),
        ("our lab scales dry weight by 0.95, why?", "0.95"),
    ],
)  # fmt: skip
def test_a_term_asked_by_name_is_read(question: str, term: str) -> None:
    assert [found.text for found in asked_terms(question)] == [term]


@pytest.mark.parametrize(
    "question",
    [
        "our field came back 0.4 on the retest, is that a negligent violation?",
        "we have 80 lbs drying, how big can a harvest batch be?",
        "max thc per serving? we dose at 2.5 mg",
        "does that count as advertising?",
        "is a 1:1 tincture considered medical?",
        "what makes it legal to sell delta-8 in texas",
    ],
)
def test_measured_amounts_and_yes_no_classifications_ask_no_term_by_name(question: str) -> None:
    assert asked_terms(question) == ()


def test_a_definition_is_held_only_by_a_fact_naming_the_term_in_a_row() -> None:
    asked = asked_terms("what makes something a 'cannabis concentrate'?")
    lists_it = _fact("Extracts", "A cannabis extract (oils, concentrates, capsules) must ...")
    defines_it = _fact("Definitions", "Cannabis concentrate means a substance with over 3% THC.")
    assert not holds_asked_terms(lists_it, asked)
    assert holds_asked_terms(defines_it, asked)
    assert holds_asked_terms(_fact("Limits", "...", ("cannabis concentrates",)), asked)


@pytest.mark.parametrize(
    "question",
    [
        "canada regs: what THC % makes something a 'cannabis concentrate'?",
        "under canada's cannabis regulations what counts as a 'cannabis concentrate'?",
        "how does health canada define 'cannabis concentrate'?",
    ],
)
def test_a_definition_no_fact_holds_is_admitted_with_the_regulator(
    service: AgentService, question: str
) -> None:
    text, cited = ask(service, question)
    assert cited == ()  # not the extract-variability rule, which lists concentrates
    assert "cannabis concentrate" in text and "Health Canada" in text
    assert "85%" not in text


@pytest.mark.parametrize(
    "question",
    [
        "why do labs multiply THCA by 0.877? where does that number come from",
        "why is THCA multiplied by 0.877 on a COA?",
        "where does the 0.877 factor come from?",
        "the boss wants to know why it's 0.877 and not 1, where does that number come from",
    ],
)
def test_a_figure_asked_about_is_answered_by_a_fact_stating_it(
    service: AgentService, question: str
) -> None:
    text, cited = ask(service, question)
    assert cited and "0.877" in cited[0].text
    assert "0.877" in text.split("\n\n")[0]
    assert "LOD" not in text  # not the lab-limits fact that shares "labs" and "multiply"


@pytest.mark.parametrize(
    ("question", "regulator"),
    [
        ("CA ad rule q - do our ad claims need to be substantiated or can we just say 'best weed in the state'", "Department of Cannabis Control"),
        ("do product claims in our california ads have to be substantiated?", "Department of Cannabis Control"),
    ],
)  # fmt: skip
def test_an_ad_claim_rule_is_not_answered_by_a_giveaway_rule(
    service: AgentService, question: str, regulator: str
) -> None:
    text, cited = ask(service, question)
    assert "giv" not in text.split("\n\n")[0].lower()  # not the free-goods rule
    # Either an honest abstention naming the state's regulator, or the standard for
    # substantiating claims that holds in every state (the FTC's), never another ad rule.
    if cited:
        named = (" ".join((f.title, f.text, *f.keywords)).lower() for f in cited)
        assert all("substantiat" in words for words in named)
    else:
        assert regulator in text


@pytest.mark.parametrize(
    "question",
    [
        "are unsubstantiated claims ok in our colorado ads?",
        "can our michigan ads say our flower is the best, or is that misleading?",
    ],
)
def test_an_ad_claim_rule_is_answered_by_the_state_fact_on_misleading_ads(
    service: AgentService, question: str
) -> None:
    text, cited = ask(service, question)
    assert cited and "misleading" in cited[0].text
    assert "misleading" in text.split("\n\n")[0]


@pytest.mark.parametrize(
    "question",
    [
        "hemp grower in a USDA-plan state: our field came back 0.4 on the retest, negligent violation. can we get criminally charged for that?",
        "hemp farmer here, negligent violation on our crop. could we be prosecuted?",
        "tennessee hemp field tested hot, got a corrective action plan. will i face criminal charges?",
        "can a negligent violation in kentucky hemp get me arrested?",
    ],
)  # fmt: skip
def test_the_criminal_consequence_of_a_negligent_hemp_violation_is_answered(
    service: AgentService, question: str
) -> None:
    text, cited = ask(service, question)
    lead = text.split("\n\n")[0]
    assert "not subject to criminal action" in lead
    assert cited[0].id == "us-hemp-negligence-threshold-1-percent"
    assert "0.877" not in lead  # not the total-THC testing rule


@pytest.mark.parametrize(
    "question",
    [
        "NM: how many 100mg edible packs can a customer have on them outside the house",
        "new mexico: how many 100 mg gummy packs can i carry in public?",
        "how many 100 mg edible packages can an adult have in public in new mexico",
    ],
)
def test_packages_under_a_possession_limit_are_counted_from_the_limit(
    service: AgentService, question: str
) -> None:
    text, cited = ask(service, question)
    assert text.startswith("New Mexico: 8 packages of 100 mg at most: the limit is 800 mg")
    assert "800 milligrams of edible cannabis" in cited[0].text


def test_packages_are_not_counted_against_another_forms_limit(service: AgentService) -> None:
    # Colorado's 8 g is its concentrate figure; its flower limit is an ounce, in words
    text, _ = ask(service, "in colorado how many 3.5g eighths can one customer buy?")
    assert "packages of 3.5 g" not in text


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("ny hemp brand: our cbd gummy says 25mg cbd, lab got 21mg. is that within whatever the state allows?", "passes"),
        ("new york hemp cbd gummies labelled 10 mg, lab got 12.5 mg. ok?", "fails"),
    ],
)  # fmt: skip
def test_new_yorks_hemp_label_window_is_applied_to_a_hemp_product(
    service: AgentService, question: str, verdict: str
) -> None:
    text, cited = ask(service, question)
    assert verdict in text.split(". ")[0]
    assert "80% to 120% of the labelled amount" in text
    assert cited[0].id == "ny-hemp-label-accuracy-80-120"


def test_new_yorks_hemp_label_window_is_not_applied_to_adult_use_cannabis(
    service: AgentService,
) -> None:
    text, cited = ask(service, "ny adult-use gummy labelled 10 mg, lab got 8 mg, does it pass?")
    assert "80% to 120%" not in text
    assert "ny-hemp-label-accuracy-80-120" not in {fact.id for fact in cited}


@pytest.mark.parametrize(
    "question",
    [
        "second week at the lab, the sheet says total = d9 + thca x 0.877. where does the 0.877 come from?",
        "why do we multiply the acid by 0.877 on every potency report?",
        "our lab's report says total CBD = CBD + 0.877 x CBDA, where does the 0.877 come from?",
    ],
)  # fmt: skip
def test_where_a_figure_comes_from_is_answered_by_the_fact_deriving_it(
    service: AgentService, question: str
) -> None:
    text, cited = ask(service, question)
    lead = text.split("\n\n")[0]
    assert cited and "g/mol" in lead  # the molar masses the factor is the ratio of


def test_how_a_figure_is_used_still_leads_with_the_fact_using_it(service: AgentService) -> None:
    text, cited = ask(service, "how do you get total thc from a coa with 0.877?")
    assert cited and "times" in text.split("\n\n")[0]


@pytest.mark.parametrize(
    ("text", "defines"),
    [
        (
            "Adults may carry 24 g of concentrated cannabis (resin, or any matter over 3% THC).",
            True,
        ),
        ("In this part, concentrated cannabis means any matter over 3% THC by weight.", True),
        ("1 g dried equals 0.25 g of concentrated cannabis (such as shatter or hash).", False),
        ("Licensees may sell concentrated cannabis in packages of up to 10 g.", False),
    ],
)
def test_a_definition_is_held_where_the_fact_says_what_the_term_is(
    text: str, defines: bool
) -> None:
    (term,) = asked_terms("what counts as 'concentrated cannabis' in that state?")
    assert term.held_by(_fact("Sale limits", text)) is defines


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("is it ok to print 'organic' on our pre-roll tubes in california", "organic"),
        ("can we use the word pure on the jar in colorado", "pure"),
    ],
)
def test_a_word_to_print_is_answered_only_by_a_fact_naming_it(
    service: AgentService, question: str, word: str
) -> None:
    assert [term.text for term in asked_terms(question)] == [word]
    text, cited = ask(service, question)
    assert all(word in f"{fact.title} {fact.text}".lower() for fact in cited)
    if not cited:  # no fact names it: said so, with the regulator to ask
        assert "no sourced rule" in text and "ask:" in text


@pytest.mark.parametrize(
    ("question", "pair"),
    [
        ("whats the difference between thca and thc", ("thca", "thc")),
        ("how is delta 8 different from delta 9", ("delta 8", "delta 9")),
        ("live resin vs rosin?", ("live resin", "rosin")),
        ("diff between hash and kief", ("hash", "kief")),
    ],
)
def test_two_things_set_side_by_side_are_both_asked(question: str, pair: tuple[str, str]) -> None:
    assert tuple(term.text for term in asked_terms(question)) == pair
    assert {term.kind for term in asked_terms(question)} == {"contrast"}


def test_a_difference_is_answered_by_facts_naming_both_things(service: AgentService) -> None:
    text, facts = ask(service, "whats the difference between thca and thc")
    assert facts and "0.877" in text  # THCA becomes THC on heating, losing 12.3% of its mass
    for fact in facts:
        held = f"{fact.title} {fact.text}".lower()
        assert re.search(r"\bthca\b", held) and re.search(r"\bthc\b", held)


def test_a_difference_no_fact_speaks_to_is_admitted(service: AgentService) -> None:
    text, facts = ask(service, "diff between hash and kief")
    assert facts == ()
    assert "won't guess" in text
