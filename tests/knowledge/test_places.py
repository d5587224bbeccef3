"""Issue 19: a question that names a city, borough or county instead of its state or
province is about that state or province; a name several states share names none, and a
place name that is also an English word is read as the word."""

from __future__ import annotations

import pytest

from trichome.agents.understanding import understand
from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.places import ambiguous_places


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("opening a shop in brooklyn, what's the excise", "NY"),
        ("opening a shop in bk, what's the excise", "NY"),
        ("winnipeg home grow", "CA-MB"),
        ("can i grow outdoors in okanogan county", "WA"),
        ("staten island delivery rules?", "NY"),
        ("what's the purchase limit in columbus", "OH"),
        ("is home grow legal in jacksonville", "FL"),
        ("rec sales in ann arbor vs kalamazoo", "MI"),
        ("possession limit for tourists in montreal", "CA-QC"),
        ("edibles in sherbrooke", "CA-QC"),
    ],
)
def test_a_city_borough_or_county_names_its_state_or_province(question: str, code: str) -> None:
    assert detect_jurisdictions(question) == [code]


@pytest.mark.parametrize(
    "question",
    [
        "richmond home grow limit",
        "how much can i carry in springfield",
        "what's the excise on flower in jefferson county",
    ],
)
def test_a_name_several_states_share_names_none_of_them(question: str) -> None:
    assert detect_jurisdictions(question) == []
    assert ambiguous_places(question)


def test_richmond_alone_names_no_state_and_is_reported_ambiguous() -> None:
    assert detect_jurisdictions("richmond home grow limit") == []
    assert ambiguous_places("richmond home grow limit") == ["richmond"]
    assert understand(["richmond home grow limit"]).jurisdictions == ()


@pytest.mark.parametrize(
    "question",
    [
        "best buffalo wings strain for the munchies",
        "mobile ordering for pickup, is it allowed",
        "orange county ordinance on delivery",
        "how much delta-8 can a shop sell",
        "spring harvest drying times",
        "kent said the normal dose is 5mg",
        "is london a good market for cbd",
    ],
)
def test_place_names_that_are_words_or_foreign_cities_name_no_state(question: str) -> None:
    assert detect_jurisdictions(question) == []


def test_the_state_named_wins_over_the_city() -> None:
    assert detect_jurisdictions("richmond, virginia home grow") == ["VA"]
    assert detect_jurisdictions("columbus guy moving to georgia, can I bring my plants") == ["GA"]
    assert detect_jurisdictions("portland maine dispensary hours") == ["ME"]


@pytest.mark.parametrize(
    ("question", "code"),
    [
        # a name that is also a word or a first name, standing where a place does
        ("we run a shop in buffalo, what's the possession limit", "NY"),
        ("eugene - how many plants can a household grow", "OR"),
        ("customers from gilbert keep asking about edibles caps", "AZ"),
        ("pueblo: can a grow sell clones to the public", "CO"),
    ],
)
def test_a_word_city_standing_as_a_place_names_its_state(question: str, code: str) -> None:
    assert detect_jurisdictions(question) == [code]


@pytest.mark.parametrize(
    "question",
    [
        "buffalo chicken edibles, what's the serving cap",
        "tyler from our back office asked about delivery logs",
        "in spring we dry hemp outdoors, any rule on that",
        "mesa style tables in the sales floor, any display rule",
    ],
)
def test_a_word_city_used_as_a_word_names_no_state(question: str) -> None:
    assert detect_jurisdictions(question) == []


def test_a_city_a_named_state_also_has_is_that_states() -> None:
    from trichome.knowledge.jurisdictions import find_jurisdictions

    def codes(text: str) -> list[str]:
        return [code for _, _, code in find_jurisdictions(text)]

    assert codes("in washington; my coworker commutes from vancouver, what can she carry") == ["WA"]
    assert codes("washington or vancouver bc, which allows more?") == ["WA", "CA-BC"]
    assert codes("michigan vs toronto possession") == ["MI", "CA-ON"]
