"""Issue 19: a fact on the right topic that does not name the specific thing asked about (an
analyte, a food, a rule object) is a near miss, never the cited answer. The engine names
the fact about that thing when it has one and otherwise says plainly what it has no
source on and who to ask."""

from __future__ import annotations

import pytest

from tests.agents.asking import text_and_cited as ask
from trichome.agents.engine import AnswerRequest
from trichome.agents.engines.grounded import compose
from trichome.agents.focus import named_foci
from trichome.agents.registry import AGENTS
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import Passage


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("roughly what's β-myrcene's boiling point", ["myrcene"]),
        ("COA mycotoxins: aflatoxins B1 and ochratoxin A, what passes?", ["aflatoxin", "ochratoxin"]),
        ("is delta 8 still hemp?", ["delta-8 THC"]),
        ("can we sell a cannabis ice cream", ["dairy products"]),
        ("paying a tiktok influencer", ["influencers"]),
        ("what's the THC cap per gummy", []),
        ("are added flavorings allowed in our carts", ["flavours"]),
        # a shape asked is the shape rule's question; "the mango flavor" names no flavour rule
        ("gummies shaped like squares but keeping the mango flavor", ["product shapes"]),
        # an extraction solvent named as what is left in the product is the analyte asked;
        # named as the solvent an extractor runs, it narrows nothing
        ("action level for residual butane in a finished cart?", ["residual butane"]),
        ("coa lists butane residual as 3200 ppm", ["residual butane"]),
        ("is the propane limit the same as butane?", ["residual propane"]),
        ("isopropyl alcohol residue allowed in colorado?", ["residual isopropanol"]),
        ("can we run butane extraction in michigan?", []),
        ("closed loop with a propane/butane blend, any tips?", []),
    ],
)  # fmt: skip
def test_the_specific_things_a_question_names(text: str, names: list[str]) -> None:
    # a class named beside its members is asked through them; common subjects name none
    assert [focus.name for focus in named_foci(text)] == names


def test_a_terpene_question_cites_that_terpenes_fact_not_the_distillation_one(
    service: AgentService,
) -> None:
    text, cited = ask(
        service,
        "roughly what temperature does myrcene boil at under normal pressure? "
        "running our short path today",
    )
    assert cited >= 1
    assert "166" in text
    assert "Short-path distillation heats" not in text


def test_a_contaminant_limit_no_fact_gives_is_admitted_with_the_regulator(
    service: AgentService,
) -> None:
    text, cited = ask(
        service, "california lab testing: which aflatoxin levels pass on a certificate of analysis?"
    )
    assert cited == 0
    assert "no sourced rule on aflatoxin for California" in text
    assert "Department of Cannabis Control" in text


@pytest.mark.parametrize(
    ("question", "solvent", "regulator"),
    [
        ("what's the max toluene a vape cart can test at in washington", "toluene", "Liquor and Cannabis Board"),
        ("michigan coa: how much chloroform is allowed in shatter?", "chloroform", "Cannabis Regulatory Agency"),
    ],
)  # fmt: skip
def test_one_residual_solvent_is_not_answered_by_the_list_of_panels(
    service: AgentService, question: str, solvent: str, regulator: str
) -> None:
    text, cited = ask(service, question)
    assert cited == 0
    assert solvent in text
    assert regulator in text


def test_a_residual_solvent_limit_is_not_answered_by_another_contaminants_limit(
    service: AgentService,
) -> None:
    # California's heavy-metal limits share "action level" and inhalable products with the
    # question, but give no figure for butane
    for question in (
        "extraction lead at a LA type 7. whats the action level for residual butane "
        "in a finished cart in california",
        "california vape cart: what residual butane action level does it have to pass?",
    ):
        text, _ = ask(service, question)
        assert "cadmium" not in text.lower()
        assert "Heavy metals" not in text


def test_a_contaminant_limit_a_fact_gives_is_still_answered_and_cited(
    service: AgentService,
) -> None:
    text, cited = ask(service, "what aflatoxin limit does a washington coa have to meet?")
    assert cited >= 1
    assert "20 ug/kg" in text


@pytest.mark.parametrize(
    ("question", "thing"),
    [
        ("can a licensed california kitchen make cannabis ice cream?", "dairy products"),
        ("new jersey rule on a cap for loyalty points discounts?", "loyalty programmes"),
        ("is there a rule in colorado on paying an influencer to post about our vape brand?", "influencers"),
    ],
)  # fmt: skip
def test_a_rule_on_a_thing_the_state_facts_do_not_name_is_not_answered_by_a_neighbour(
    service: AgentService, question: str, thing: str
) -> None:
    text, cited = ask(service, question)
    assert cited == 0
    assert f"no sourced rule on {thing}" in text


def test_a_draft_request_is_not_answered_by_a_fact_about_its_subject(
    service: AgentService,
) -> None:
    _, cited = ask(
        service,
        "write a welcome email for new members of our dispensary loyalty club, "
        "mention the birthday reward",
    )
    assert cited == 0


def _fact(fact_id: str, title: str, text: str) -> Fact:
    source = (Source("Reference", "https://example.org/terpenes", "1"),)
    return Fact(
        id=fact_id, pack_id="formulation-xx", topic="terpenes", title=title, text=text,
        sources=source,
    )  # fmt: skip


def _request(question: str, *passages: Passage) -> AnswerRequest:
    return AnswerRequest(
        public_model="operator-agent", agent=AGENTS["formulation"], question=question,
        messages=(), passages=passages, jurisdictions=(), focus=named_foci(question),
    )  # fmt: skip


def test_the_engine_cites_the_fact_naming_the_thing_asked_over_a_better_scored_neighbour() -> None:
    neighbour = _fact(
        "xx-limonene", "Limonene boiling point", "Limonene boils at about 176 C at sea level."
    )
    asked = _fact("xx-linalool", "Linalool boiling point", "Linalool boils at about 198 C.")
    question = "linalool boiling point at sea level?"
    request = _request(question, Passage(neighbour, 9.0, 0.6, 3, 4), Passage(asked, 6.0, 0.5, 2, 4))
    answer = compose(request)
    assert answer.sources == (asked,)
    assert "198 C" in answer.text and "176 C" not in answer.text


def test_the_engine_says_which_thing_it_has_no_fact_on_rather_than_cite_a_neighbour() -> None:
    neighbour = _fact(
        "xx-limonene", "Limonene boiling point", "Limonene boils at about 176 C at sea level."
    )
    request = _request(
        "terpinolene boiling point at sea level?", Passage(neighbour, 9.0, 0.6, 3, 4)
    )
    answer = compose(request)
    assert answer.sources == ()
    assert "no sourced fact on terpinolene" in answer.text


def test_a_flavour_rule_is_not_answered_by_the_list_of_allowed_product_forms(
    service: AgentService,
) -> None:
    text, cited = ask(
        service, "making capsules for an alabama dispensary, what flavors can we use?"
    )
    assert cited == 0
    assert "Alabama Medical Cannabis Commission" in text
