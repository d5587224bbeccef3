"""A figure for one product form does not answer a question about another: an edible
package's cap is not a topical's, a purchase limit in flower is not one in edibles."""

from __future__ import annotations

import pytest

from trichome.agents.engines.grounded import compose_answer
from trichome.agents.product_forms import about_forms
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.agents.understanding import understand
from trichome.config import Settings
from trichome.knowledge.packs import Fact, Source
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

SOURCE = Source("Rule", "https://example.org/rule", "s. 1")


def fact(title: str, text: str = "A rule.", value: float | None = 100) -> Fact:
    return Fact(
        id="x",
        pack_id="p",
        topic="edible-thc-limits",
        title=title,
        text=text,
        sources=(SOURCE,),
        value=value,
    )


def test_a_question_names_every_product_form_it_asks_about() -> None:
    read = understand(["nj thc seltzer - per-can limit for beverages vs regular edibles?"])
    assert read.products == frozenset({"beverage", "edible"})
    assert understand(["max thc per capsule in nevada?"]).products == frozenset({"capsule"})
    follow_up = understand(["thc cap on a muscle rub in nevada?", "and in colorado?"])
    assert follow_up.products == frozenset({"topical"})


def test_a_figure_for_another_form_does_not_answer() -> None:
    edible_cap = fact("Nevada: edible packages capped at 100 mg THC")
    assert not about_forms(edible_cap, frozenset({"topical"}))
    assert not about_forms(edible_cap, frozenset({"beverage"}))
    assert about_forms(edible_cap, frozenset({"edible"}))
    assert about_forms(edible_cap, frozenset({"beverage", "edible"}))
    assert about_forms(edible_cap, frozenset())


def test_a_general_fact_or_one_without_a_figure_may_answer_any_form() -> None:
    assert about_forms(fact("Nevada: THC caps per package"), frozenset({"topical"}))
    no_figure = fact("Ohio: smoking and vaping only on private property", value=None)
    assert about_forms(no_figure, frozenset({"edible"}))
    # Asking about flower narrows nothing: facts call it "cannabis".
    assert about_forms(fact("Canada: extracts capped at 1,000 mg"), frozenset({"flower"}))


def test_kin_forms_and_lists_of_equivalents_answer() -> None:
    assert about_forms(fact("Canada: extracts capped at 1,000 mg"), frozenset({"vape"}))
    equivalents = fact(
        "Illinois: buy up to 30 g of flower or 5 g of concentrate",
        "Up to 30 g of flower, 5 g of concentrate and infused products holding 500 mg THC.",
    )
    assert about_forms(equivalents, frozenset({"edible"}))
    assert not about_forms(
        fact("Illinois: buy up to 30 g of flower or 5 g of concentrate"), frozenset({"edible"})
    )


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings())


def test_a_topical_question_is_answered_with_the_topical_cap_not_the_edible_cap(
    service: AgentService,
) -> None:
    """Nevada caps topicals beside capsules and tinctures (6 percent THC or 800 mg a
    package), not beside edibles: the answer gives that cap, never the edible package cap."""
    prepared = service.prepare(
        ChatRequest(
            OPERATOR_AGENT,
            (ChatTurn("user", "making a thc muscle rub for nevada adult use - any potency cap?"),),
        )
    )
    text = compose_answer(prepared.request)
    assert text.startswith("Nevada: Package caps for adult-use products other than edibles")
    assert "6 percent THC or 800 mg" in text
    assert "package of edible cannabis product may contain" not in text
    assert "Cannabis Compliance Board" not in text


def test_a_question_asking_for_a_figure_is_not_answered_by_a_fact_without_one(
    service: AgentService,
) -> None:
    """ "Max THC per capsule?" gets a figure or an honest gap naming the regulator, never a
    packaging-design rule that happens to share its words."""
    prepared = service.prepare(
        ChatRequest(
            OPERATOR_AGENT,
            (ChatTurn("user", "nevada — max thc per capsule and per capsule package?"),),
        )
    )
    text = compose_answer(prepared.request)
    assert "cartoon" not in text
    # The figure, from the statute (NRS 678D.420: capsules 100 mg each, 800 mg a package).
    assert "100 mg" in text and "800 mg" in text and "678D.420" in text


def test_a_cap_asked_for_a_tincture_topical_or_capsule_is_answered_by_either_cap() -> None:
    """Places cap these forms beside edibles (Canada's topicals) or beside the other
    products (Nevada's tinctures): both caps answer the question, as one part of it."""
    for question in ("what's the THC cap on a tincture package in nevada",
                     "topicals in canada thc cap per package?"):  # fmt: skip
        caps = [t for t in understand([question]).topics if t.name.endswith("-thc-limits")]
        assert caps
        assert all({"edible-thc-limits", "concentrate-thc-limits"} <= t.answered_by for t in caps)
    gummies = understand(["max thc per package for gummies in nevada?"]).topics
    assert all("concentrate-thc-limits" not in t.answered_by for t in gummies)
