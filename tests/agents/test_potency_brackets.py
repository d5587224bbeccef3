"""Issue 19: a rule charged by potency (Illinois' excise: 10% at or below 35% THC, 25%
above) is applied to the product's THC, stated in the question or worked out from its COA,
and the bracket is named with its source beside the number."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.potency_brackets import bracket_for, brackets, stated_potency
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.packs import Fact, Source

IL_EXCISE = "il-cannabis-purchaser-excise-tax"


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def _fact(value: float, unit: str) -> Fact:
    source = Source(title="Act", url="https://example.gov/act", section="1", kind="primary")
    return Fact(
        id="x-tax", pack_id="p", topic="tax", jurisdiction="IL", title="t", text="t", value=value,
        unit=unit, sources=(source,),
    )  # fmt: skip


def test_the_bracket_is_chosen_by_which_side_of_the_bound_the_potency_is() -> None:
    fact = _fact(
        10, "% excise on cannabis at or below 35% THC (20% infused products, 25% above 35% THC)"
    )
    assert [b.rate for b in brackets(fact)] == [10, 25]  # the infused rate has no THC bound
    assert (found := bracket_for(fact, 35)) is not None and found.rate == 10  # "at or below"
    assert (found := bracket_for(fact, 35.01)) is not None and found.rate == 25
    assert brackets(_fact(15, "% retail sales tax")) == []


@pytest.mark.parametrize(
    ("text", "potency"),
    [("a product at 34% THC", 34), ("thc of 41.5%, what's the tax", 41.5), ("THCA 38%", None)],
)
def test_a_stated_potency_is_read_but_thca_is_not_thc(text: str, potency: float | None) -> None:
    assert stated_potency([text]) == potency


@pytest.mark.parametrize(
    ("question", "rate", "owed"),
    [
        ("illinois adjusted tax: a product at 34% THC, what's the excise rate and what do i pay on $100", "10%", "$10.00"),
        ("chicago dispo, $80 jar of wax testing 78% thc, how much excise", "25%", "$20.00"),
    ],
)  # fmt: skip
def test_a_price_asked_with_a_potency_is_taxed_at_its_bracket(
    service: AgentService, question: str, rate: str, owed: str
) -> None:
    answered = answer(service, question)
    first = answered.text.split("\n")[0]
    assert rate in first and owed in first and "35% THC" in first
    assert answered.fact_ids[0] == IL_EXCISE


@pytest.mark.parametrize(
    ("question", "rate", "other"),
    [
        ("IL budtender. flower COA says THCA 38% and d9 THC 1%. which excise bracket is it in?", "10%", "25%"),
        ("illinois: our shatter's coa is thca 80% and delta-9 2%, what excise tier applies", "25%", "10%"),
    ],
)  # fmt: skip
def test_a_worked_total_thc_names_the_bracket_it_falls_in_with_its_source(
    service: AgentService, question: str, rate: str, other: str
) -> None:
    answered = answer(service, question)
    applied = next(line for line in answered.text.split("\n") if "bracket applies" in line)
    assert rate in applied and other not in applied.split("applies")[0]
    assert applied.endswith("[1]") and answered.fact_ids == (IL_EXCISE,)


def test_a_worked_total_thc_with_no_place_named_applies_no_bracket(service: AgentService) -> None:
    answered = answer(service, "flower COA: THCA 38% and d9 THC 1%, what's the total thc?")
    assert "bracket" not in answered.text and IL_EXCISE not in answered.fact_ids
