"""Issue 19: questions the packs answer, read as users write them. Each class failed before
in several phrasings: a postal code taken for the question's subject ("IL resident limits?"
answered with Illinois' Metrc fact), a count of plants or "holding at any one time" not read
as a home-grow or possession question, a second topic sharing no word with its fact, a
story told around a short question, and a regulator's decision asked as a forecast."""

from __future__ import annotations

import pytest

from tests.agents.test_answer_or_abstain_classes import ask, service  # noqa: F401
from trichome.agents.scope import scope_of
from trichome.agents.service import AgentService
from trichome.agents.understanding import understand
from trichome.knowledge.packs import load_packs
from trichome.knowledge.retrieval import FactIndex


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("chicago dispensary, IL resident limits again? flower, concentrate, infused", "30 grams"),
        ("IL resident possession limits on flower?", "30 grams"),
        ("what can an IL resident carry, flower and concentrate", "5 grams"),
    ],
)  # fmt: skip
def test_a_postal_code_is_the_place_not_the_subject(
    service: AgentService,  # noqa: F811
    question: str,
    says: str,
) -> None:
    text, _, cited = ask(service, question)
    assert says in text and "point-of-sale" not in text.split("Also:")[0]
    assert cited


def test_a_postal_code_is_never_a_query_s_key_term() -> None:
    index = FactIndex([fact for pack in load_packs() for fact in pack.facts])
    passages = index.search("IL resident limits flower concentrate", jurisdictions=("IL",))
    assert passages and all(p.has_key_term for p in passages[:2])
    assert passages[0].fact.topic in {"possession-limits", "purchase-limits"}


@pytest.mark.parametrize(
    ("turns", "says"),
    [
        (("and 60 plants in virginia?",), "Class 6 felony"),
        (("va. what if its like 30 plants in a basement",), "Class 1 misdemeanor"),
        (("how many plants can i grow in virginia", "what about 150 plants in virginia?"), "250,000"),
        (("virginia, my neighbor has 7 plants going. what's the penalty",), "$250 civil penalty"),
    ],
)  # fmt: skip
def test_a_count_of_plants_asks_the_home_grow_rule_and_its_penalty_tiers(
    service: AgentService,  # noqa: F811
    turns: tuple[str, ...],
    says: str,
) -> None:
    text, _, cited = ask(service, *turns)
    assert says in text and cited


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("and 60 plants in virginia?", "home-grow"),
        ("what if it's 12 plants in the garage", "home-grow"),
        ("nice. and growing? how many plants and how many can be flowering", "home-grow"),
        ("how many plants? and how many can be mature", "home-grow"),
        ("the at home limit was 10 oz in MI, is RI lower?", "possession-limits"),
        ("how much can they be holding at any one time?", "possession-limits"),
        ("how much can a patient be holding at one time", "possession-limits"),
    ],
)
def test_shop_talk_for_plant_counts_and_amounts_held_names_the_topic(text: str, topic: str) -> None:
    assert topic in [found.name for found in understand([text]).topics]


def test_a_grow_room_plant_count_is_not_home_grow() -> None:
    topics = [t.name for t in understand(["how many plants fit under a 1000w led"]).topics]
    assert "home-grow" not in topics


@pytest.mark.parametrize(
    ("question", "both"),
    [
        ("burlington vt. how much can i have + how many plants", ("2 mature", "1 ounce")),
        (
            "sioux falls med patient with a grow endorsement - how much can i have and how many plants?",
            ("two flowering", "3 ounces"),
        ),
    ],
)  # fmt: skip
def test_each_topic_asked_of_one_place_gets_its_fact(
    service: AgentService,  # noqa: F811
    question: str,
    both: tuple[str, str],
) -> None:
    text, _, cited = ask(service, question)
    assert all(part in text for part in both), text
    assert cited >= 2


def test_a_misread_second_topic_brings_in_no_fact(service: AgentService) -> None:  # noqa: F811
    """Nothing the question's words found answers it: a fact fetched by a topic's name alone
    would answer "what's the penalty?" with the minimum age."""
    text, _, cited = ask(
        service,
        "my 19 yo nephew got caught with like 6 grams in chicago. what's the penalty under the "
        "cannabis control act?",
    )
    assert "may possess up to 30 grams" not in text.split("Sources:")[0].split("\n")[0]
    assert not cited or "civil" in text


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("boiling point of myrcene? trying to set my rotovap so i dont strip it", "166"),
        ("myrcene boiling point, my extractor keeps saying the room smells like mango after purge", "166"),
        ("does CBDA decarb at the same speed as THCA? running a 1:1 tincture and want both converted", "twice"),
        ("is cbda slower to decarb than thca?", "twice"),
        ("which decarbs faster, thca or cbda?", "twice"),
    ],
)  # fmt: skip
def test_a_question_told_in_a_story_is_answered_from_the_fact_on_its_subject(
    service: AgentService,  # noqa: F811
    question: str,
    says: str,
) -> None:
    text, _, cited = ask(service, question)
    assert says in text and cited


@pytest.mark.parametrize(
    "question",
    [
        "will my social equity application in new york get approved? we submitted in march",
        "will our cultivation permit in humboldt county be approved this year",
        "will we get a licence in the lottery",
        "would my license renewal be denied, it's been pending a while",
    ],
)
def test_the_regulator_s_decision_on_one_s_own_file_is_a_forecast(
    service: AgentService,  # noqa: F811
    question: str,
) -> None:
    assert scope_of(question) == "forecast"
    text, _, cited = ask(service, question)
    assert cited == 0 and "predict" in text


@pytest.mark.parametrize(
    "question",
    [
        "how do i get my application approved in NY",
        "would our renewal be denied if we had one violation",
        "what does a new york social equity application need",
    ],
)
def test_asking_how_an_application_is_decided_is_no_forecast(question: str) -> None:
    assert scope_of(question) is None


@pytest.mark.parametrize(
    ("turns", "says", "not_says"),
    [
        (
            ("what % is the LEL for butane, setting up our gas detector alarms", "and if we switch to straight propane?"),
            "2.1%",
            "1.6%",
        ),
        (("butane lel?", "what about propane"), "2.1%", "1.6%"),
        (("propane LEL for our detectors?", "ok and what about butane?"), "1.6%", "2.1%"),
    ],
)  # fmt: skip
def test_a_follow_up_going_on_from_the_last_turn_asks_its_question_of_the_new_thing(
    service: AgentService,  # noqa: F811
    turns: tuple[str, ...],
    says: str,
    not_says: str,
) -> None:
    text, _, cited = ask(service, *turns)
    lead = text.split("\n\n")[0]
    assert says in lead and not_says not in lead and cited


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("why does THCA lose weight when it turns into THC? like chemically what leaves", "CO2"),
        ("what leaves the molecule when thca turns into thc", "CO2"),
        ("whats the legal difference between hemp and marijuana, in one line", "0.3%"),
        ("hemp vs marijuana, what's the legal line", "0.3%"),
        ("what should a batch production record actually contain? we're moving from whiteboards", "date and time"),
    ],
)  # fmt: skip
def test_the_fact_on_the_subject_answers_with_its_figure(
    service: AgentService,  # noqa: F811
    question: str,
    says: str,
) -> None:
    text, _, cited = ask(service, question)
    assert says in text and cited


def test_chat_words_are_never_what_a_question_is_about() -> None:
    from trichome.knowledge.words import tokenize

    assert tokenize("im wondering, i think the thing is a couple of little stuff, ballpark") == []


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("who regulates this stuff in nj anyway", "Cannabis Regulatory Commission"),
        ("in minnesota is having 3 oz of flower in public a crime or just a ticket type thing", "2 ounces"),
        ("can i grow a couple plants in my chicago apartment for rec use", "home cultivation only"),
    ],
)  # fmt: skip
def test_a_question_padded_with_chat_words_is_answered(
    service: AgentService,  # noqa: F811
    question: str,
    says: str,
) -> None:
    text, _, cited = ask(service, question)
    assert says in text and cited
