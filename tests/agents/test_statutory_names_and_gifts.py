"""Issue 19: a statute's own name for what an adult may hold ("personal use quantity"), a plant
count asked for a kind of adult ("a regular adult", "someone with a card"), and plants or cannabis
handed to a friend are read as the possession, home-grow and gift rules they ask about."""

from __future__ import annotations

import pytest

from trichome.agents.understanding import understand


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("maryland: what's the personal use amount for concentrate?", "possession-limits"),
        ("what are delaware's personal-use quantities? making a poster for the counter",
         "possession-limits"),
        ("in vermont how many plants can a retired adult grow?", "home-grow"),
        ("how many plants can someone with a medical card grow in michigan", "home-grow"),
        ("maine: can i hand over a couple of seedlings to my neighbour for free?",
         "possession-limits"),
        ("can i give 2 grams to a coworker in colorado?", "possession-limits"),
    ],
)  # fmt: skip
def test_the_rule_asked_is_read_from_the_trades_own_wording(question: str, topic: str) -> None:
    assert topic in [t.name for t in understand([question]).topics]


def test_a_promotion_giving_product_away_is_still_advertising() -> None:
    topics = [
        t.name for t in understand(["can we give away free pre-rolls at our booth in ma?"]).topics
    ]
    assert "advertising" in topics
