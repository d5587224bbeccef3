"""Questions whose rule the packs hold, asked in ways that once led to an abstention: an
offence graded by the weight held, a package's cap named around the word "package", a
follow-up naming its own topic, the asker's job naming a programme, a sealed drink's
acidity and water activity, and a day of the month beside an amount."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.quantities import read
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("turns", "fact", "figure"),
    [
        # an offence graded by the weight held, asked as a degree, a sentence or a fine
        (("minnesota: what degree is it to have 2 pounds of bud in your car?",),
         "mn-possession-offence-tiers", "degree"),
        (("virginia, how much jail time for carrying over a pound outside the house",),
         "va-possession-limits", "10 years"),
        # a package's cap, with the cap named before "package" or hyphenated
        (("nevada - max weight of flower in a single package?",),
         "nv-usable-cannabis-per-package", "1 ounce"),
        (("what's the limit on a single gummy pack in nevada",),
         "nv-edible-thc-per-package", "100 mg"),
        # a follow-up asking its own topic, not the earlier turn's
        (("child resistant packaging rules in nevada?", "and the personal limit in new mexico?"),
         "nm-possession-limit", "2 ounces"),
        # the asker's job says "medical side"; the customer asks what any adult may carry
        (("budtender here, medical side. a guy asks how much he can have on him in virginia",),
         "va-possession-limits", "1 ounce"),
        # a share of a limit: the limit is the rule asked, not a thing the fact must name
        (("in michigan how many grams of my possession limit may be shatter?",),
         "mi-", "15 grams"),
        # plants grown at someone's home, told as a story
        (("colorado: my sister wants to start a few of her own at our place, i have 6 plants",),
         "co-", "6"),
        # a sealed drink's pH and water activity
        (("we're canning a thc seltzer for canada; is there a ph or water activity rule for sealed cans?",),
         "can-edible-hermetically-sealed-ph-water-activity", "0.85"),
    ],
)  # fmt: skip
def test_a_rule_the_packs_hold_is_answered(
    service: AgentService, turns: tuple[str, ...], fact: str, figure: str
) -> None:
    answered = answer(service, *turns)
    assert any(fact_id.startswith(fact) for fact_id in answered.fact_ids)
    assert figure in answered.text


@pytest.mark.parametrize(
    "text",
    [
        "customer was in on the 2nd and came back the 9th asking for another ounce",
        "due by the 15th: 3 lb of trim",
    ],
)
def test_a_day_of_the_month_is_not_an_amount(text: str) -> None:
    assert {quantity.value for quantity in read(text)} <= {3.0}


def test_an_eighth_in_shop_talk_is_still_read() -> None:
    assert read("two 8ths and a gram")
