"""Issue 19: a price asked with a tiered tax is worked out at the tier of the product the
conversation names (an edible at Illinois' infused-product rate), and "the total tax" sums
every tax the state's fact stacks on the sale, a town's capped tax only at a rate given."""

from __future__ import annotations

import pytest

from tests.support.answers import answer_text as ask
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("turns", "owed"),
    [
        (("selling a $30 infused seltzer in springfield IL, excise on that?",), "$6.00"),
        (
            (
                "what's the illinois purchaser excise on flower under 35% thc",
                "and edibles? someone's buying a $45 box of chocolates, what's the excise",
            ),
            "$9.00",
        ),
        (
            ("illinois: the tax on gummies is 20% right", "so a $15 bag, excise in dollars?"),
            "$3.00",
        ),
    ],
)
def test_a_tiered_tax_is_worked_at_the_tier_of_the_product_named(
    service: AgentService, turns: tuple[str, ...], owed: str
) -> None:
    first = ask(service, *turns).split("\n")[0]
    assert owed in first and "20%" in first


def test_a_tiered_tax_with_no_product_named_is_not_worked_at_a_guessed_tier(
    service: AgentService,
) -> None:
    first = ask(service, "illinois shop, $50 sale, how much purchaser excise").split("\n")[0]
    assert "$10.00" not in first and "$5.00" not in first


@pytest.mark.parametrize(
    ("question", "owed"),
    [
        (
            "massachusetts shop: $50 eighth, the town charges the 3% local tax. total tax on the sale?",
            "$10.00",
        ),
        ("massachusetts register, $200 order, local 3% applies, what are all the taxes", "$40.00"),
    ],
)
def test_the_total_tax_sums_every_tax_stacked_with_the_town_rate_given(
    service: AgentService, question: str, owed: str
) -> None:
    first = ask(service, question).split("\n")[0]
    assert owed in first


def test_a_town_tax_whose_rate_is_not_given_is_left_out_of_the_total_and_said_so(
    service: AgentService,
) -> None:
    first = ask(service, "boston register: $100 of flower, what are all the taxes on it")
    first = first.split("\n")[0]
    assert "$17.00" in first  # 10.75% + 6.25%
    assert "up to 3%" in first


def test_taxes_of_one_kind_asked_together_stay_that_kind(service: AgentService) -> None:
    first = ask(service, "rhode island, $50 ticket: both excise taxes combined?").split("\n")[0]
    assert "$6.50" in first and "sales tax" not in first


@pytest.mark.parametrize(
    ("question", "owed", "tier"),
    [
        ("$100 of flower at 10% excise in illinois, total?", "$10.00", "at or below 35% THC"),
        ("illinois: 25% excise on a $60 cart, what do i owe", "$15.00", "above 35% THC"),
    ],
)
def test_a_rate_stated_that_is_one_tier_s_is_worked_at_that_tier(
    service: AgentService, question: str, owed: str, tier: str
) -> None:
    first = ask(service, question).split("\n")[0]
    assert owed in first and tier in first


def test_the_two_taxes_a_fact_stacks_are_each_worked_and_summed(service: AgentService) -> None:
    """New York's 9% state and 4% local taxes on a retail sale: "both" asks each in dollars
    and their sum, even when the question sets the sales tax aside."""
    first = ask(
        service,
        "NY register, $50 pre-roll pack before sales tax: both cannabis taxes in $ and total?",
    ).split("\n")[0]
    assert "$4.50" in first and "$2.00" in first and "$6.50" in first


def test_a_price_with_thousands_separators_is_one_price(service: AgentService) -> None:
    """ "$1,200" is twelve hundred dollars, not $1 and 200, when a state's rate is applied."""
    first = ask(service, "oregon shop, $1,200 order, how much state tax on that?").split("\n")[0]
    assert "$204.00" in first and "$1.00" not in first  # 17% of $1,200


def test_tax_already_collected_is_not_taxed_again(service: AgentService) -> None:
    """A sum of tax collected is not a price: no rate is applied to it."""
    text = ask(
        service,
        "oregon retailer: we collected $9,000 of the state tax in march, how much do we keep?",
    )
    assert "$1,530.00" not in text and "$1.53" not in text  # 17% of the tax itself
