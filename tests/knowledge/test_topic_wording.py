"""Issue 19: a rule question in roundabout or shop-talk words still reads as its topic, and
a city or an airport stands for its state."""

from __future__ import annotations

import pytest

from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.topics import detect_topics


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("three of us share a flat in denver, can we do 6 plants each", "home-grow"),
        ("how many plants can the household grow in michigan", "home-grow"),
        ("what's the public limit on flower in ohio", "possession-limits"),
        ("got pulled over with 5 oz in the trunk, what level of offense is that",
         "possession-limits"),
        ("per capsule and per jar caps for our softgels in nevada", "concentrate-thc-limits"),
        ("most thc a tincture can hold in arizona?", "concentrate-thc-limits"),
        ("arizona weekly flower max for a med patient?", "purchase-limits"),
        ("new mexico: how much can a patient get per 90 days", "purchase-limits"),
        ("does the medical dispensing cycle in florida run 35 days", "purchase-limits"),
        ("how many ounces over any 14 days for an oklahoma patient", "purchase-limits"),
        # several adults in one home, and plants "allowed"
        ("two of us in a vermont duplex, can both of us grow 2 mature each?", "home-grow"),
        ("how many plants are we allowed in our maine apartment", "home-grow"),
        ("colorado: total plants allowed in one house?", "home-grow"),
        # a gift between adults told plainly
        ("can i give my cousin an eighth in michigan if she doesn't pay", "possession-limits"),
        ("minimum ages for each canadian province?", "minimum-age"),
        # low-dose drinks and a sale's cap named by its figure
        ("is there a separate cap for low dose seltzers in washington", "purchase-limits"),
        ("does the 72 oz liquid limit cover our 2 mg shots", "purchase-limits"),
        # promotions and signs in shop talk
        ("can we run a sweepstakes for a free pre-roll in california", "advertising"),
        ("is a roadside sign on a pole ok for our store in michigan", "advertising"),
        ("naming our new gummy line 'Candyland', any problem in colorado?", "advertising"),
        ("can we store more than 2 oz at our home in colorado?", "possession-limits"),
        ("oregon: is the flower limit per customer 2 oz now?", "purchase-limits"),
        ("what's the retail limit on concentrates in michigan", "purchase-limits"),
        ("can our chocolates be heart-shaped in illinois?", "packaging"),
        ("how long do michigan growers keep their records?", "record-keeping"),
        # what goes in the box with the product
        ("for our maryland tincture, what has to go in the box with it?", "packaging"),
    ],
)  # fmt: skip
def test_roundabout_wording_reads_as_its_topic(question: str, topic: str) -> None:
    assert topic in [found.name for found in detect_topics(question)]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("landing at LAX friday, how much can i carry", "CA"),
        ("mass home grow + stash rules?", "MA"),
        ("budtender in pueblo, quick one", "CO"),
    ],
)
def test_places_people_name_instead_of_their_state(text: str, code: str) -> None:
    assert code in detect_jurisdictions(text)


def test_words_that_look_like_places_are_not_read_as_them() -> None:
    assert detect_jurisdictions("our security is too lax at the back door") == []
    assert detect_jurisdictions("the mass of the sample was 2 g") == []


def test_a_law_calling_a_product_something_is_no_product_name() -> None:
    """A law "calling a resin product a concentrate" at some THC % asks a
    definition, not an advertising rule on naming a product line."""
    asked = detect_topics("at what % does oregon law start calling a resin product a concentrate")
    assert "advertising" not in [topic.name for topic in asked]
