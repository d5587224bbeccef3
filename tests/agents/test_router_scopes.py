"""The agents' scopes at their boundaries, in wordings the training lines do not use:
business strategy that mentions the facility is marketing's when it asks for customers,
brand or sales; a long or vague question about running the place is operations'; the main
agent keeps small talk and asks that do not yet say what they need."""

import pytest

from trichome.agents.registry import MAIN_AGENT
from trichome.agents.router import Router


@pytest.fixture(scope="module")
def router() -> Router:
    return Router.from_packaged_data()


@pytest.mark.parametrize(
    "question",
    [
        "the shop two blocks over undercuts us on every ounce. should we chase them on price "
        "or sell something else about us",
        "I sell rosin to about 25 stores in michigan. give me talking points for my rep's next "
        "round of store visits",
        "brainstorm a lineup for a vendor day where three local growers come in on the same "
        "saturday",
        "who are the people actually shopping at a suburban medical dispensary, give me a few "
        "customer profiles",
        "rework our countertop display so the new gummies catch people's eye while they wait",
        "write menu copy for a sleepy indica with a grape smell, two sentences",
        "name options for a low dose seltzer brand, calm and grown up, nothing that sounds "
        "like candy",
    ],
)
def test_brand_customers_and_sales_go_to_marketing(router: Router, question: str) -> None:
    assert router.route(question).agent == "marketing"


@pytest.mark.parametrize(
    "question",
    [
        "the vault count never matches the system on mondays and my leads just shrug. how do "
        "I get to the bottom of it",
        "payroll is eating us alive on weekday mornings, how should the schedule change",
        "every harvest the dry room is overloaded for a week. how do we stagger things",
        "what does a day in the life of our receiving clerk need to look like so nothing gets "
        "missed",
        "figure out with me why our cost per unit on gummies went up 30 cents",
        "our delivery drivers keep coming back late and the evening orders stack up, what do "
        "we change",
        "things keep slipping through the cracks between shifts. ideas?",
    ],
)
def test_running_the_place_goes_to_operations_even_when_vague(
    router: Router, question: str
) -> None:
    assert router.route(question).agent == "operations"


@pytest.mark.parametrize(
    "question",
    [
        "hiya, first time using this",
        "i have like five different questions about the business and no idea which one "
        "matters most",
    ],
)
def test_small_talk_and_unsorted_asks_stay_with_the_main_agent(
    router: Router, question: str
) -> None:
    assert router.route(question).agent == MAIN_AGENT
