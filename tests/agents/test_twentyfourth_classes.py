"""Issue 19, phrasing families from the twenty-fourth unseen set, each asked in its own
words: a tax by weight applied to the weight given; a cap asked beside a product's numbers
is the rule's figure, not a servings sum; a borough's own tax is the borough's; a pet or a
child that ate a product is a vet's or poison control's question, not arithmetic; a thanks
after an answer is chat; a stressed "IN" is a word, not Indiana; "the federal cannabis act"
is Canada's; 280E, FinCEN and a business's cash reports are federal rules answered as such."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.jurisdictions import detect_jurisdictions


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "owed"),
    [
        (
            "alaska cultivator here. we transferred 2 lb of mature bud to a retail store last "
            "month, how much excise do we owe the state?",
            "$1,600.00",
        ),
        (
            "alaska: 40 oz of mature bud sold to a manufacturer, what's the excise come to?",
            "$2,000",
        ),
    ],
)
def test_a_tax_by_weight_is_applied_to_the_weight_given(
    service: AgentService, question: str, owed: str
) -> None:
    answered = answer(service, question)
    assert answered.text.startswith(owed) or owed in answered.text.split("\n")[0]
    assert "ak-cultivation-excise-tax" in answered.fact_ids


def test_a_weight_tax_rate_is_not_applied_to_another_material(service: AgentService) -> None:
    # the $50 rate is mature bud's; trim is taxed at another rate, so no $2,400 sum
    answered = answer(
        service, "alaska grow, we sold 3 lb of trim to a manufacturer. what excise do we owe?"
    )
    assert "$2,400" not in answered.text


def test_a_cap_asked_beside_a_products_numbers_gives_the_rule(service: AgentService) -> None:
    answered = answer(
        service,
        "our delta 9 gummies are 5mg each, 20 per pouch, sold in a kentucky vape shop. a rep "
        "said the federal hemp definition now caps thc per container. what is that limit?",
    )
    assert "0.4 milligrams" in answered.text
    assert "servings" not in answered.text.split("\n")[0]


def test_a_boroughs_own_tax_is_not_answered_by_the_states_rule(service: AgentService) -> None:
    answered = answer(
        service, "what sales tax does the kenai peninsula borough levy on marijuana in alaska?"
    )
    assert answered.fact_ids == ()
    assert "Kenai Peninsula Borough" in answered.text
    assert "Alaska" in answered.text


@pytest.mark.parametrize(
    "question",
    [
        "our beagle got into a bag of 5mg gummies and ate maybe 6 of them, she's 25 lbs. is "
        "that a dangerous amount?",
        "my 3 year old found my 10mg chocolates and ate two squares, how much thc is that for him",
    ],
)
def test_a_pet_or_child_that_ate_a_product_is_sent_to_help_not_summed(
    service: AgentService, question: str
) -> None:
    answered = answer(service, question)
    assert answered.fact_ids == ()
    assert "30 mg" not in answered.text and "20 mg" not in answered.text
    assert "veterinarian" in answered.text and "(888) 426-4435" in answered.text
    assert "1-800-222-1222" in answered.text


def test_a_thanks_after_an_answer_is_chat(service: AgentService) -> None:
    answered = answer(
        service,
        "what is the cannabis excise rate in vermont",
        "great, that was just what we were looking for, appreciate ya",
        own_replies=True,
    )
    assert answered.agent == "main_agent"
    assert answered.fact_ids == ()
    assert "14" not in answered.text
    assert answered.text.startswith("Glad it helped")


def test_a_stressed_in_is_a_word_and_a_heading_in_is_indiana() -> None:
    assert detect_jurisdictions("do we have to print anything IN the ad itself in oregon?") == [
        "OR"
    ]
    assert detect_jurisdictions("we run a shop in IN. what are the possession rules?") == ["IN"]


def test_the_federal_cannabis_act_is_canadas(service: AgentService) -> None:
    answered = answer(
        service,
        "three of us share a house in kelowna. under the federal cannabis act can we each grow "
        "4 plants or is it 4 for the whole house?",
    )
    assert "can-home-grow-4-plants" in answered.fact_ids
    assert "4 cannabis plants per dwelling-house" in answered.text


@pytest.mark.parametrize(
    ("question", "fact_id", "said"),
    [
        (
            "our accountant keeps bringing up 280E. what does it actually say and which "
            "schedules does it cover?",
            "gen-280e-tax",
            "Schedule I or II",
        ),
        (
            "the bank told us they file SARs on every cannabis account. what labels does "
            "fincen's guidance have them use?",
            None,
            "Marijuana Termination",
        ),
        (
            "a buyer paid us $12k in cash for a wholesale order of flower. is there a form we "
            "have to file?",
            "us-form-8300-cash-over-10000",
            "Form 8300",
        ),
    ],
)
def test_federal_instruments_named_are_answered_from_federal_facts(
    service: AgentService, question: str, fact_id: str | None, said: str
) -> None:
    answered = answer(service, question)
    assert said in answered.text
    assert answered.fact_ids
    if fact_id is not None:
        assert fact_id in answered.fact_ids


@pytest.mark.parametrize(
    ("question", "fact_id", "said"),
    [
        (
            "we're adding a catwalk over the flower room, about 6 feet up with one open side. "
            "from what height does osha require fall protection in general industry?",
            "ops-osha-fall-protection-4-feet",
            "4 feet",
        ),
        (
            "redoing our hazcom binder: how many sections does an sds need and where are the "
            "exposure limits and ppe listed?",
            "ops-osha-sds-16-sections",
            "16 sections",
        ),
        (
            "our ppe hazard assessment was just a verbal walkthrough with the lead. does osha "
            "require it to be written and certified?",
            "ops-osha-ppe-hazard-assessment-certification",
            "written certification",
        ),
    ],
)
def test_osha_general_industry_duties_are_answered_by_operations(
    service: AgentService, question: str, fact_id: str, said: str
) -> None:
    answered = answer(service, question)
    assert answered.agent == "operations"
    assert fact_id in answered.fact_ids
    assert said in answered.text


def test_terpene_share_is_worked_out_when_both_weights_are_given(service: AgentService) -> None:
    # "of strain specific terps": the terpenes named a few words after their weight
    answered = answer(
        service, "put 2 g of live resin derived terpenes into 18 g of disty, what terp % is that"
    )
    assert answered.text.startswith("2 g in 20 g is 10% by weight")


def test_a_recipes_max_thc_is_still_worked_out(service: AgentService) -> None:
    # "what's the max thc in the butter" asks what the recipe holds, not a rule's cap
    answered = answer(
        service,
        "7 g of flower at 20% thca into a cup of butter, full decarb, whats the max thc in the "
        "butter?",
    )
    assert "1,227.8 mg" in answered.text
