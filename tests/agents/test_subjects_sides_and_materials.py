"""Issue 19: a figure asked of two subjects gets one for each, or says which is missing; a
forklift told as "the lift" is a forklift; hemp named only as a process's material is no hemp
rule asked; a story told before the question does not pick the question's telling word; the
seller's offence is never answered by the under-age buyer's."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.hemp_material import hemp_as_material
from trichome.agents.offence_sides import asks_sellers_offence, states_sellers_offence
from trichome.agents.service import AgentService, build_agent_service
from trichome.agents.subject_figures import asked_subjects
from trichome.config import Settings
from trichome.knowledge.retrieval import asking_part
from trichome.knowledge.topics import detect_topics


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


# ---------------------------------------------------------------- two subjects, one figure


@pytest.mark.parametrize(
    ("question", "subjects"),
    [
        ("what are the molar masses of delta 9 THC and CBN?", ("THC", "CBN")),
        ("need the molecular weight for cbd and cbda", ("CBD", "CBDA")),
        ("boiling points of myrcene, limonene and linalool?", ("myrcene", "limonene", "linalool")),
        ("flash point for ethanol or n-hexane, which is lower", ("ethanol", "hexane")),
        (
            "we run a propane/butane mix. what are the boiling points of each",
            ("propane", "butane"),
        ),
        ("got cbd and cbn isolate here. molar mass for both?", ("CBD", "CBN")),
    ],
)
def test_a_figure_asked_of_several_subjects_names_each(
    question: str, subjects: tuple[str, ...]
) -> None:
    assert asked_subjects(question) == subjects


@pytest.mark.parametrize(
    "question",
    [
        "whats the difference between thca and thc",  # a contrast, read elsewhere
        "what is the molar mass of cbn",  # one subject
        "we make thc and cbd gummies, any tips on mixing?",  # no figure asked
        "how fast does THC turn into CBN in storage",  # a conversion, not a list
    ],
)
def test_other_questions_ask_no_figure_of_several_subjects(question: str) -> None:
    assert asked_subjects(question) == ()


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        (
            "doing a mass balance on old distillate THC -> CBN. what are the molar masses of "
            "delta 9 THC and CBN?",
            ("314.47", "310.44"),
        ),
        ("what's the molecular weight of cbd and cbda", ("314.47", "358.48")),
        ("molar mass for THCA, CBDA and CBGA?", ("358.48", "360.50")),
        ("boiling points of myrcene and limonene?", ("166-168", "175.5-176.5")),
    ],
)
def test_each_subject_gets_its_own_figure(
    service: AgentService, question: str, figures: tuple[str, ...]
) -> None:
    text = answer(service, question).text
    assert all(figure in text for figure in figures), text


def test_a_subject_with_no_sourced_figure_is_said_to_be_missing(service: AgentService) -> None:
    answered = answer(service, "molar mass of thcv and cbn?")
    assert "310.44" in answered.text
    assert "For THCV" in answered.text and "won't guess" in answered.text


def test_a_list_in_an_earlier_sentence_is_what_each_points_back_to(
    service: AgentService,
) -> None:
    answered = answer(
        service,
        "running a closed loop with a n-butane/isobutane blend. what are the boiling points "
        "of each at atmospheric pressure",
    )
    # each of the two: n-butane's and (since the packs hold it) isobutane's boiling point
    assert "-0.5" in answered.text
    assert "-11.7" in answered.text and "won't guess" not in answered.text


# ---------------------------------------------------------------- the lift is a forklift


@pytest.mark.parametrize(
    "question",
    [
        "one of our guys clipped a pallet rack with the lift yesterday, no injuries. any "
        "training consequences?",
        "our hi-lo operator backed into the dock door last week, does he need retraining?",
        "a guy knocked over a stack of pallets driving the lift. what does osha want after that",
    ],
)
def test_a_forklift_in_shop_talk_gets_the_refresher_rule(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert "ops-forklift-operator-training" in answered.fact_ids
    assert "refresher" in answered.text


def test_a_scissor_lift_is_no_forklift() -> None:
    names = {topic.name for topic in detect_topics("the scissor lift in veg is broken again")}
    assert "safety-equipment" not in names


# ---------------------------------------------------------------- hemp as the material


@pytest.mark.parametrize(
    "question",
    [
        "best decarb temp for cbd hemp flower",
        "hemp crude tests mostly cbda. how do i convert that to cbd for the potency math",
        "what oven temperature do you run hemp biomass at to decarb it",
    ],
)
def test_hemp_as_a_process_material_is_no_hemp_rule(question: str) -> None:
    assert hemp_as_material(question)


@pytest.mark.parametrize(
    "question",
    [
        "is hemp still legal after decarb if total thc goes over 0.3",
        "does the usda test hemp flower post decarb?",
        "we convert hemp cbd into delta 8, is that still hemp?",
        "can we sell decarbed hemp flower in texas",
    ],
)
def test_a_hemp_rule_asked_keeps_the_hemp_topic(question: str) -> None:
    assert not hemp_as_material(question)


def test_a_decarb_question_on_hemp_flower_gets_the_decarb_window(service: AgentService) -> None:
    answered = answer(service, "best decarb temp for cbd hemp flower")
    assert "95-125 C" in answered.text


def test_converting_hemp_cbda_for_the_math_gets_the_factor(service: AgentService) -> None:
    text = answer(
        service, "hemp crude tests mostly cbda. how do i convert that to cbd for the math"
    )
    assert "0.877" in text.text.split("\n")[0]


# ---------------------------------------------------------------- the story and the question


@pytest.mark.parametrize(
    ("query", "asked"),
    [
        (
            "explaining the plant side to our breeding team: which enzymes turn cbga into acids?",
            "which enzymes turn cbga into acids?",
        ),
        ("quick q's for my safety meeting: butane LEL? and a class 1 recall?", "quick q's"),
        ("hemp crude tests mostly cbda. how do i convert that to cbd?", "hemp crude tests"),
        ("possession limit in michigan?", "possession limit in michigan?"),
    ],
)
def test_the_asking_part_of_a_query(query: str, asked: str) -> None:
    assert asking_part(query).startswith(asked)


@pytest.mark.parametrize(
    "question",
    [
        "explaining the plant side to our breeding team: which enzymes turn cbga into the other "
        "acid cannabinoids?",
        "our geneticist asked me this one. which enzymes does the plant use to turn cbga into "
        "thca and cbda?",
    ],
)
def test_the_enzymes_asked_after_a_story_are_answered(service: AgentService, question: str) -> None:
    answered = answer(service, question)
    assert answered.agent == "formulation"
    assert "form-cbga-three-synthases" in answered.fact_ids


# ---------------------------------------------------------------- the seller's offence


@pytest.mark.parametrize(
    "question",
    [
        "alaska: what's the penalty for selling to a 20 year old",
        "what happens if my budtender sells to a 19 year old in anchorage",
        "whats the fine if we sell to someone under 21 in alaska",
    ],
)
def test_the_sellers_offence_is_answered_by_the_sellers_sanctions(
    service: AgentService, question: str
) -> None:
    assert asks_sellers_offence(question)
    answered = answer(service, question)
    assert answered.fact_ids == ("ak-sale-to-under-21-sanctions",)
    assert "$10,000" in answered.text


@pytest.mark.parametrize(
    ("question", "regulator"),
    [
        ("what's the fine for selling to someone under 21 in colorado", "Enforcement Division"),
        ("michigan: penalty for selling to a minor?", "Cannabis Regulatory Agency"),
    ],
)
def test_with_no_sellers_fact_the_answer_names_the_regulator(
    service: AgentService, question: str, regulator: str
) -> None:
    answered = answer(service, question)
    assert not answered.fact_ids
    assert regulator in answered.text


@pytest.mark.parametrize(
    "question",
    [
        "alaska: what's the penalty for a 20 year old caught buying weed",
        "if the feds charge distribution near a school under 21 usc 860, how much more time?",
        "can we sell to a 20 year old with a medical card",
    ],
)
def test_other_questions_do_not_ask_the_sellers_offence(question: str) -> None:
    assert not asks_sellers_offence(question)


def test_a_sellers_offence_is_stated_in_one_sentence() -> None:
    assert states_sellers_offence("Selling cannabis to a person under 21 is a class A misdemeanor.")
    assert not states_sellers_offence(
        "A person under 21 who shows false ID commits an offence. Stores must refuse to sell to "
        "anyone without valid ID proving they are 21 or older."
    )


# ---------------------------------------------------------------- an order placed with "you"


@pytest.mark.parametrize(
    "question",
    [
        "what was the batch number on the carts i bought from you guys last tuesday",
        "we ordered 3 cases from you last month, when do they ship?",
    ],
)
def test_an_order_bought_from_the_assistant_is_a_private_record(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert not answered.fact_ids
    assert "can't see your own records" in answered.text
