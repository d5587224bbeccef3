"""Issue 19: "federal" in a question about Canada or a province means Canada's federal
rules (the Cannabis Act), not the United States' federal law; a "home grower" asking about
making extracts is not asking about plant counts."""

from __future__ import annotations

from trichome.knowledge.jurisdictions import FEDERAL, detect_jurisdictions
from trichome.knowledge.topics import detect_topics


def test_federal_beside_a_province_is_not_the_us() -> None:
    assert FEDERAL not in detect_jurisdictions(
        "whats the federal thc cap on a drink sold in alberta"
    )


def test_federal_beside_a_us_state_or_alone_is_the_us() -> None:
    assert FEDERAL in detect_jurisdictions("federally, can a florida hemp shop ship to georgia")
    assert detect_jurisdictions("what's the federal definition of hemp") == [FEDERAL]


def test_a_home_grower_asking_about_making_extracts_is_not_asking_plant_counts() -> None:
    extract = "colorado homegrower here, is pressing rosin from my own buds legal?"
    plants = "colorado home grower - do the plants have to be locked up?"
    assert "home-grow" not in {topic.name for topic in detect_topics(extract)}
    assert "home-grow" in {topic.name for topic in detect_topics(plants)}


def test_exempt_from_a_percentage_asks_about_tax() -> None:
    names = {
        topic.name
        for topic in detect_topics("are vermont patients exempt from the 14% at the till")
    }
    assert "tax" in names


def test_who_a_product_is_marketed_to_asks_about_advertising() -> None:
    for question in (
        "can we market gummies to teens in michigan?",
        "is marketing our vapes toward college students allowed in ohio",
    ):
        assert "advertising" in {topic.name for topic in detect_topics(question)}
    # a market is also where product sells: "bring it to market" names no audience
    assert "advertising" not in {
        topic.name for topic in detect_topics("how long to bring a new gummy to market in ohio")
    }


def test_a_280e_deduction_asks_the_federal_income_tax_not_a_state_s_taxes() -> None:
    names = {t.name for t in detect_topics("can our colorado dispensary deduct rent under 280e")}
    assert "federal-tax" in names and "tax" not in names
    assert "tax" in {t.name for t in detect_topics("whats the sales tax on weed in colorado")}
