"""Limits the packs now take from a statute's own text (Connecticut's General Statutes, the
D.C. Code), asked the way a shop owner or a customer would: the answer cites the fact that
carries the figure, and the figure is in the answer."""

from __future__ import annotations

import pytest

from tests.agents.asking import text_and_fact_ids
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


ask = text_and_fact_ids


@pytest.mark.parametrize(
    ("question", "fact", "figures"),
    [
        # a retailer's ceiling per customer and day, asked as the statute's number
        ("connecticut shop: under the statute, what's the most flower we can sell one adult customer in a day?",
         "ct-daily-sales-limit", ("one ounce", "21a-421aa")),
        # the concentrate that counts as the amount an adult may carry
        ("how much wax equals the 1.5 oz I'm allowed to carry in Connecticut?",
         "ct-possession-limit", ("7.5 g",)),
        # the age, asked without the word "minimum"
        ("what age do you need to be to have cannabis in connecticut",
         "ct-minimum-age-21", ("21",)),
        ("washington dc - at what age do the initiative 71 protections kick in?",
         "dc-minimum-age-21", ("21 years",)),
        # an edible that cannot be split into servings
        ("ct gummies that can't be broken into servings - how much THC can the whole piece have?",
         "ct-edible-thc-per-serving", ("5 mg", "unit of sale")),
        # a shared home's plant count
        ("how many plants can three roommates grow in a CT apartment",
         "ct-home-grow", ("12 plants",)),
    ],
)  # fmt: skip
def test_a_statutory_limit_is_answered_from_its_fact(
    service: AgentService, question: str, fact: str, figures: tuple[str, ...]
) -> None:
    text, cited = ask(service, question)
    assert fact in cited
    for figure in figures:
        assert figure in text


def test_the_daily_ceiling_warns_that_a_lower_per_transaction_limit_may_apply(
    service: AgentService,
) -> None:
    # The statute lets the regulator cut the per-transaction amount; an answer giving only the
    # one ounce would let a point-of-sale system be set above a limit in force.
    text, cited = ask(service, "ct dispensary: per-transaction cap for rec customers?")
    assert "ct-daily-sales-limit" in cited
    assert "temporary lower per-transaction limits" in text
