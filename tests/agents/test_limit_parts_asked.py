"""Issue 19 ("answer or abstain") and 21: a limit asked in the words people use is read as
the limit it is, and every part asked is given: a visitor's possession limit, grams of
"carts/concentrate", plants kept growing at home (a home grow, not a stash), a per-piece
and a whole-pack cap. Each test asks in its own words."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.counting import counted_subject, mentions
from trichome.agents.figure_scopes import HOME, PACKAGE, asked_scopes
from trichome.agents.figures import asks_per_serving
from trichome.agents.residence import split_residence
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.packs import load_packs
from trichome.knowledge.topics import detect_topics


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("how many grams of wax am i allowed to have on me in michigan", "possession-limits"),
        ("the most weed a tourist can legally carry in nevada?", "possession-limits"),
        ("for out of state visitors whats the limit on edibles in illinois", "possession-limits"),
        ("how many flowering plants can i keep in new mexico?", "home-grow"),
        ("can i keep growing at home after moving to quebec?", "home-grow"),
    ],
)
def test_the_limit_asked_is_read(question: str, topic: str) -> None:
    assert topic in [t.name for t in detect_topics(question)]


def test_plants_kept_growing_at_home_are_no_stash() -> None:
    topics = [t.name for t in detect_topics("can i keep growing at home after moving to quebec?")]
    assert "possession-limits" not in topics
    assert HOME not in asked_scopes(
        "how many flowering plants can i have at home?", frozenset({"home-grow"})
    )


def test_a_cap_on_one_piece_and_the_whole_pack_asks_both() -> None:
    question = "the thc cap on one square and on the whole box of chocolate?"
    assert asks_per_serving(question)
    assert PACKAGE in asked_scopes(question, frozenset({"edible-thc-limits"}))


def test_alternatives_joined_by_a_slash_are_held_by_either() -> None:
    subject = counted_subject("how many grams of carts/concentrate can i carry?")
    facts = (fact for pack in load_packs() for fact in pack.facts)
    fact = next(fact for fact in facts if fact.id == "il-possession-resident")
    assert subject == ("carts/concentrate",)
    assert mentions(fact, subject)


def test_plates_and_demonyms_name_places() -> None:
    applicable, residence = split_residence("lots of ohio plates at our michigan store today")
    assert applicable == ["MI"] and residence == ["OH"]
    assert detect_jurisdictions("can marylanders keep plants?") == ["MD"]


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        ("for non residents in illinois whats the cap on wax and on infused stuff", ("2.5", "250")),
        ("how many grams of vapes/concentrate can an illinois resident hold", ("5 grams",)),
        (
            "albuquerque: how many flowering plants can i have at home, whole house too?",
            ("6", "12"),
        ),
        (
            "california: the thc cap on one piece and on the whole box of gummies?",
            ("10 mg", "100 mg"),
        ),
        ("moving to montreal - can i keep growing at home there?", ("prohibit",)),
    ],
)
def test_every_part_asked_is_answered(
    service: AgentService, question: str, figures: tuple[str, ...]
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids
    for figure in figures:
        assert figure in answered.text
