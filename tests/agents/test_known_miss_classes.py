"""Issue 19, the known misses of the 3,713-question run, asked in words of their own: the FDA's
acidified- and low-acid-food line is found whoever answers, and food-safety questions on
anything else do not get it; a substance's boiling or critical point is the formulation
scientist's however much an extractor's story leans to operations; "ND" on a COA is not
detected, not North Dakota; slang asks the glossary; "and limonene?" keeps the boiling
point asked of myrcene; "bc" is British Columbia only where a place fits; a claim about
one's own product is marketing's; and a testimonial asked in Ontario is answered by the
rule on testimonials, not the one on inducements."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings

ACIDIFIED = "form-acidified-foods-ph-4-6"
CO2_CRITICAL = "form-co2-critical-point"


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    "question",
    [
        "what ph does the fda want for acidified foods",
        "is a gummy with aw 0.85 a low acid food under fda rules",
        "whats the fda ph cutoff for a low-acid food",
        "what water activity makes something a low acid food",
        "our infused hot sauce is going in jars on the shelf, what ph do we need to get under?",
    ],
)
def test_the_acidified_food_line_answers_whoever_is_asked(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids[:1] == (ACIDIFIED,)
    assert "4.6" in answered.text and "0.85" in answered.text


@pytest.mark.parametrize(
    "question",
    [
        "what food safety rules apply to our edibles kitchen in colorado",
        "what food safety rules do edibles makers have to follow",
        "what ph level should my nutrient water be for hydro",
        "water activity target for gummies?",
    ],
)
def test_other_food_safety_questions_do_not_get_the_acidified_food_line(
    service: AgentService, question: str
) -> None:
    assert ACIDIFIED not in answer(service, question).fact_ids


@pytest.mark.parametrize(
    "question",
    [
        "whats the critical point of co2 for supercritical extraction",
        "new to running our co2 extractor. above what temp and pressure does co2 go "
        "supercritical? our old tech said 'like 1000 psi and room temp'",
        "our extraction room lead wants to know the critical temperature and pressure of co2",
    ],
)
def test_the_co2_critical_point_is_answered_from_the_chemistry(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.agent == "formulation"
    assert answered.fact_ids[:1] == (CO2_CRITICAL,)
    assert "31 C" in answered.text and "73.8 bar" in answered.text and "1,070 psi" in answered.text


@pytest.mark.parametrize(
    "question",
    [
        "coa says ND for delta 9, what does that mean vs LOD and LOQ",
        "the lab put ND next to cbg on our coa, is that the same as <LOQ?",
    ],
)
def test_nd_on_a_coa_is_answered_as_not_detected(service: AgentService, question: str) -> None:
    answered = answer(service, question)
    assert "North Dakota" not in answered.text
    assert "form-coa-lod-loq-definitions" in answered.fact_ids


@pytest.mark.parametrize(
    ("question", "entry", "words"),
    [
        ("wtf is thca", "gen-glossary-thca", "acid"),
        ("whats RSO stand for", "gen-glossary-rso", "Rick Simpson"),
        ("what does bho mean", "gen-glossary-bho", "butane hash oil"),
        ("wth is live resin lol", "gen-glossary-live-vs-cured-resin", "frozen"),
    ],
)
def test_a_definition_asked_in_slang_gets_the_glossary_entry(
    service: AgentService, question: str, entry: str, words: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == (entry,)
    assert words in answered.text


def test_a_bare_follow_up_naming_another_terpene_keeps_the_boiling_point(
    service: AgentService,
) -> None:
    answered = answer(service, "at what temp does myrcene boil, we press rosin", "and limonene?")
    assert answered.fact_ids == ("form-terpene-limonene-boiling-point",)
    assert answered.text.startswith("Limonene") and "176" in answered.text


def test_a_follow_up_whose_boiling_point_no_fact_gives_is_admitted(
    service: AgentService,
) -> None:
    # the flash-point fact names linalool and a temperature, but not where it boils
    answered = answer(service, "what temp does myrcene boil at", "what about linalool?")
    assert answered.fact_ids == ()
    assert "linalool" in answered.text


@pytest.mark.parametrize(
    ("question", "place"),
    [
        ("licensed in bc, what are the packaging rules", True),
        ("bc rules on edible potency?", True),
        ("can i sell edibles bc my friend does", False),
        ("is it ok to grow at home bc my doctor said so", False),
    ],
)
def test_bc_is_british_columbia_only_where_a_place_fits(
    service: AgentService, question: str, place: bool
) -> None:
    answered = answer(service, question)
    if place:  # British Columbia's own rules, or the Cannabis Act's that hold there
        assert answered.fact_ids
        assert all(fact.startswith(("ca-bc-", "can-")) for fact in answered.fact_ids)
    else:
        assert "British Columbia" not in answered.text
        assert not any(fact.startswith("ca-bc-") for fact in answered.fact_ids)


@pytest.mark.parametrize(
    "question",
    [
        "can we say our uv-treated flower is cleaner",
        "can i tell customers my uv sterilized buds are safer than the other shops",
        "is it ok to market our irradiated flower as mold free",
    ],
)
def test_a_claim_about_our_own_product_is_marketing(service: AgentService, question: str) -> None:
    assert answer(service, question).agent == "marketing"


def test_a_vendors_claim_about_uv_is_not_a_claim_we_make() -> None:
    from trichome.agents.understanding import understand

    understood = understand(["sales rep says adding UV bars will bump our thc a few points"])
    assert "advertising" not in [topic.name for topic in understood.topics]


@pytest.mark.parametrize(
    "question",
    [
        "can we use customer testimonials in our ontario promotion",
        "toronto store: can our instagram post reviews from customers, like testimonials?",
        "in ontario can a budtender endorsement be used in our promo materials",
    ],
)
def test_testimonials_in_ontario_are_led_by_the_testimonial_rule(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids[:1] == ("can-promotion-rules",)
    assert "ca-on-no-inducements-from-lps" not in answered.fact_ids
    assert "testimonials" in answered.text
