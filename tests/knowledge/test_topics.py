"""Topics read from questions as people ask them."""

import pytest

from trichome.knowledge.packs import load_packs
from trichome.knowledge.topics import TOPICS, answering_topics, detect_topics


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("how much can you carry in public in canada", "possession-limits"),
        # An amount held is possession, whatever product it names.
        ("nv concentrate possession limit now?", "possession-limits"),
        ("maine rec, how much bud can an adult have on them", "possession-limits"),
        # a patient's supply held at any time, not a shop's stock
        ("ND medical card - max flower i can have on hand at any time?", "possession-limits"),
        # a product's strength ceiling asked in general, no product form named
        (
            "texas compassionate use - max thc allowed in low-thc products?",
            "concentrate-thc-limits",
        ),
        ("what's the per-transaction limit at a new jersey rec dispensary", "purchase-limits"),
        ("va home grow — how many plants per household", "home-grow"),
        # a plant count for one home, however many adults live there
        (
            "me and my roommate are both 25, how many plants altogether in our apartment?",
            "home-grow",
        ),
        ("is it 6 plants max at one house in maine or per person", "home-grow"),
        ("mmj patient in oregon, what are the plant count limits at my place", "home-grow"),
        ("how much thc can one gummy have in colorado?", "edible-thc-limits"),
        # the trade's "d9" for THC; a plant count held to a home; an age asked plainly
        ("our brownies, whats the most d9 per piece and per tray", "edible-thc-limits"),
        ("whats the max number of plants per household in maine", "home-grow"),
        ("we want to set up a tent grow in the basement, is that ok", "home-grow"),
        ("what's the real age to walk into a store up there", "minimum-age"),
        ("can you purchase at 19 in alberta?", "minimum-age"),
        # the most THC a package may carry is a product's cap, not a packaging rule
        ("the highest potency each container may legally hold in ohio", "edible-thc-limits"),
        ("do michigan products need a pregnancy warning on the package?", "labelling"),
        ("can we do a free pre-roll on 4/20?", "advertising"),
        # the testimonials a promotion quotes are what advertising rules govern
        ("can our promo materials quote customer testimonials?", "advertising"),
        ("are testimonials from customers allowed on our site in ontario", "advertising"),
        ("our credit union wants to bank a dispensary", "banking"),
        ("what's missouri's state sales tax on adult use marijuana", "tax"),
        ("does the hemp test count THCA or just delta 9?", "lab-testing"),
        ("is weed legal federally yet or what", "legal-status"),
        # A minor's age in years is a question about the minimum age.
        (
            "alberta - can a 16 year old come into our cannabis store with their parent?",
            "minimum-age",
        ),
        ("can my 16 yo get an oklahoma medical marijuana card?", "minimum-age"),
        # a patient or caregiver growing, in the third person or with the subject first
        ("can arkansas medical marijuana patients grow their own plants?", "home-grow"),
        ("may registered caregivers grow for the patients they look after in utah", "home-grow"),
        ("customer asked if she can grow for her son as his caregiver", "home-grow"),
        ("can cardholders legally grow in ohio?", "home-grow"),
        ("my brother wants to grow his own in vermont, ok?", "home-grow"),
        ("do home plants need a tag with my name on it?", "home-grow"),
        # use on a licensee's premises, or in someone's own car
        ("could patients consume on site at our dispensary?", "consumption"),
        ("is on-site consumption allowed for a dispensary in arkansas", "consumption"),
        ("can a patient smoke in their car if it's parked?", "consumption"),
        ("can he vape in his car in the lot after buying?", "consumption"),
    ],
)
def test_a_topic_is_read_from_everyday_wording(question: str, topic: str) -> None:
    assert topic in [found.name for found in detect_topics(question)]


@pytest.mark.parametrize(
    "question",
    [
        "water activity target for gummies?",
        "how do I decarb in an oven",
        "what's the action of myrcene",
        "how many plants per light in flower?",
        # a plant's own growth, not anyone's right to grow
        "how tall can she grow in flower after the flip?",
    ],
)
def test_chemistry_and_cultivation_questions_are_not_read_as_rules(question: str) -> None:
    assert not [topic.name for topic in detect_topics(question) if topic.rule]


# Topics people ask about that no pack holds facts on yet: their questions are admitted as
# gaps. A name outside the packs and this list is a typo that would silently answer nothing.
NOT_IN_PACKS_YET: set[str] = set()


def test_every_answering_topic_is_a_pack_topic_or_a_known_gap() -> None:
    pack_topics = {fact.topic for pack in load_packs() for fact in pack.facts}
    assert answering_topics(TOPICS) - pack_topics == NOT_IN_PACKS_YET


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what % tax do we charge on adult use sales now?", ["tax"]),
        ("illinois medical card - how much can i buy in a 14 day period?", ["purchase-limits"]),
        ("is recreational weed legal in nebraska now?", ["legal-status"]),
        ("is adult use legal yet, and what's the tax?", ["legal-status", "tax"]),
    ],
)
def test_a_programme_named_is_no_legal_status_question_beside_another_rule(
    text: str, expected: list[str]
) -> None:
    assert [topic.name for topic in detect_topics(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what's the name of the virginia state agency for cannabis", ["regulator"]),
        # plural, or with "federal" or "provincial" before it, still asks who regulates
        ("which federal agencies regulate cannabis in canada?", ["regulator"]),
        ("which provincial body oversees cannabis stores in manitoba?", ["regulator"]),
        ("is metrc a state agency?", ["track-and-trace"]),
        (
            "vermont - can our retail shop carry shatter that tests 75% thc?",
            ["concentrate-thc-limits"],
        ),
        ("can i carry 2 oz in my car in vermont?", ["possession-limits"]),
        ("what does new york require the driver carry", ["transport"]),
        ("warwick - how many plants in RI?", ["home-grow"]),
        ("can my 16 yo get an oklahoma medical marijuana card?", ["minimum-age"]),
        # a title of the U.S. Code cited, not an age
        ("what's the max sentence under 21 u.s.c. 841 for 50 plants", []),
        # the offence, not a distributor's transport
        ("how long a federal sentence if charged with intent to distribute?", []),
        ("california distributor - what goes on the transport manifest", ["transport"]),
        ("how many plants in a 4x4 tent under one light", []),
        # A label under review or a claim proposed for the pack asks the label rule, even
        # when the dose words an edible cap is read from are in the question.
        (
            "edible label review before we send to olcc. besides thc per serving what about "
            "onset info",
            ["label-contents"],
        ),
        (
            "can we put 'helps with sleep' on our oregon gummy packaging? its 1:1 cbd:thc",
            ["label-contents"],
        ),
        ("how long is the onset for edibles?", []),
        # how much one packaged unit may hold is the concentrate unit rule
        (
            "our processor wants to ship a 3 gram shatter slab in one unit, ok?",
            ["concentrate-thc-limits"],
        ),
        # a concentrate's amount in one unit or package, however it is put
        (
            "can i put 2 grams of shatter in one package in washington state?",
            ["concentrate-thc-limits"],
        ),
        ("can one unit of concentrate weigh 1.5 g in wa?", ["concentrate-thc-limits"]),
        ("is a 2 gram vape cart legal in washington?", ["concentrate-thc-limits"]),
        ("washington - is a 1g wax unit ok", ["concentrate-thc-limits"]),
    ],
)
def test_topics_are_read_as_shop_talk_asks_them(text: str, expected: list[str]) -> None:
    assert [topic.name for topic in detect_topics(text)] == expected


def test_the_most_a_package_may_hold_is_not_read_as_packaging() -> None:
    found = [topic.name for topic in detect_topics("how much mg can a single package hold in ri")]
    assert found == ["edible-thc-limits"]


def test_a_shops_stock_on_hand_and_an_edibles_cap_keep_their_own_topics() -> None:
    stock = [topic.name for topic in detect_topics("how much flower can a dispensary have on hand")]
    assert "possession-limits" not in stock
    edible = [topic.name for topic in detect_topics("max thc allowed in gummies in colorado?")]
    assert "concentrate-thc-limits" not in edible
