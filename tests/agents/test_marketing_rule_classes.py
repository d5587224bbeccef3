"""Issue 19: marketing questions the packs hold the rule for, asked in the trade's words.

Each test asks, in words of its own, a class of marketing question the agents abstained on
although a state's rule answers it: a product's shape or mascot (the states' packaging
rules), a deal tied to a purchase (the states' promotion rules), a media buy told as a
podcast read or a radio commercial, a sign near a park, an age gate on a promo list, a
brand name spelling "candy", and "LA" naming Los Angeles. And what must stay as it was: a
rule on another thing (child-resistant closures) does not answer a question about a
cartoon, and a cartoon ruled out in a brief is not asked about.
"""

from __future__ import annotations

import pytest

from tests.agents.asking import text_and_cited as ask
from trichome.agents.focus import named_foci
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.topics import detect_topics


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "says"),
    [
        # shapes and designs: the states' packaging rules answer marketing too
        ("springfield edibles co - creative wants chocolates molded like little footballs "
         "for super bowl week. will the massachusetts commission object?", "sporting"),
        ("st louis brand here, can our gummies be shaped like cherries in missouri?", "fruit"),
        ("vermont brand: an agency wants bright cartoon characters on our packaging. does "
         "state law say anything?", "21"),
        # a deal tied to a purchase: the state's promotion rule
        ("wilmington delaware shop: spend $30 on papers and get a free pre-roll. allowed?",
         "free"),
        ("delaware: can we knock 30% off flower when someone buys a vape battery?", "discount"),
        # media buys in shop talk, and who hears them
        ("a podcast says 60% of its listeners are over 21. can we buy a read for our "
         "california store?", "71.6"),
        ("new jersey: can we air a radio commercial at 8 in the morning?", "10:00 p.m"),
        ("how close to a playground can we put a billboard sign in washington state?",
         "1,000 feet"),
        # an age gate before a promo list
        ("do we need an age gate on the email club signup for our california dispensary?", "21"),
        # a brand name spelling candy
        ("naming our california vape line 'Kandy Kloud Nine' - any problem?", "kandy"),
        # "LA" naming a shop is Los Angeles
        ("our LA-based store wants to run buy one get one free prerolls this weekend. ok?",
         "free cannabis goods"),
    ],
)  # fmt: skip
def test_marketing_questions_get_the_states_rule(
    service: AgentService, question: str, says: str
) -> None:
    text, cited = ask(service, question)
    assert cited >= 1
    assert says.lower() in text.lower()


def test_a_cartoon_question_is_not_answered_by_a_child_resistant_closure_rule(
    service: AgentService,
) -> None:
    # Colorado's packaging fact is about child-resistant containers, not designs: only a fact
    # on what a container may show (nothing appearing to target people under 21) answers
    text, cited = ask(
        service, "colorado: our mascot is a cartoon fox. can it go on the gummy packaging?"
    )
    assert "child-resistant" not in text
    assert cited == 0 or "under 21" in text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("our LA dispensary wants a 4/20 deal", ["CA"]),
        ("LA-based brand, ad question", ["CA"]),
        ("LA pharmacy: what can we stock?", ["LA"]),
        ("new orleans owner here, our LA dispensary hours?", ["LA"]),
        ("is it legal in LA?", ["LA"]),
    ],
)
def test_la_naming_a_shop_or_brand_is_los_angeles(question: str, expected: list[str]) -> None:
    assert [code for code in detect_jurisdictions(question) if code != "US"] == expected


@pytest.mark.parametrize(
    "question",
    [
        "can we air a tv spot during the morning show in michigan",
        "a podcast host offered us a sponsored read",
        "putting our banner up at the county fair",
        "bus shelter placement for our logo in nevada",
        "can we wrap a transit bus with our dispensary ad",
        "our sign would be two blocks from a middle school",
        "running 25% off everything on saturday",
        "what's allowed for our text club in oregon",
        "do we have to age gate the newsletter signup",
        "is our brand name too close to a candy bar",
    ],
)
def test_media_placement_deals_and_promo_lists_read_as_advertising(question: str) -> None:
    assert "advertising" in [topic.name for topic in detect_topics(question)]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("a cartoon raccoon on the bag", ["cartoons and mascots"]),
        ("our mascot on the ads", ["cartoons and mascots"]),
        ("caption please, nothing cartoon-y", []),
        ("no cartoons, no health claims", []),
        ("gummies molded like baseballs", ["product shapes"]),
        ("'Kandy Kastle' as a name", ["candy"]),
    ],
)
def test_designs_asked_about_are_named_and_ruled_out_ones_are_not(
    text: str, named: list[str]
) -> None:
    assert [focus.name for focus in named_foci(text)] == named


@pytest.mark.parametrize(
    "question",
    [
        "california brand here: what has to be in a cannabis ad itself?",
        "for our LA dispensary's billboard, anything that needs to appear on the ad?",
    ],
)
def test_what_an_ad_must_carry_is_answered_by_the_rule_on_its_contents(
    service: AgentService, question: str
) -> None:
    text, cited = ask(service, question)
    assert cited and "license number" in text.split("\n\n")[0].lower()
