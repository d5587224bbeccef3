"""Issue 19, the tenth operator set's classes: what no sourced fact can answer is declined
briefly with who to ask (a valuation, a decision still to come, a person's registry status,
whether a dismissal is safe); every part and every side of a question is answered or
admitted; the fact asked for leads, not the programme's status or a neighbouring fact."""

from __future__ import annotations

import pytest

from tests.agents.test_answer_or_abstain_classes import ask
from trichome.agents.scope import scope_of
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("turns", "reason", "says"),
    [
        (("what's our michigan provisioning center licence worth on the market these days?",), "valuation", "worth"),
        (("ballpark, how much would we get if we sold the colorado dispensary for?",), "valuation", "broker"),
        (("we filed the renewal with the OCM in november, will it be approved by march?",), "forecast", "predict"),
        (("colorado: how much can i carry?", "do you reckon colorado will let delivery open statewide by 2027? yes or no"), "forecast", "predict"),
        (("can you find out whether my tenant is on the oregon medical registry?",), "personal-data", "registry"),
        (("a trimmer came in stoned in michigan, could we terminate him without getting sued?",), "employment", "employment lawyer"),
        (("heading to idaho with some edibles, how do i hide them from the cops at the border",), "fraud", "police"),
    ],
)  # fmt: skip
def test_what_no_source_can_answer_is_declined_with_who_to_ask(
    service: AgentService, turns: tuple[str, ...], reason: str, says: str
) -> None:
    assert scope_of(turns[-1]) == reason
    text, agent, cited = ask(service, *turns)
    assert cited == 0
    assert agent == "main_agent"
    assert says in text


def test_a_decline_only_the_regulator_can_settle_names_that_regulator(
    service: AgentService,
) -> None:
    text, _, _ = ask(service, "how much could i sell my oklahoma grow licence for right now?")
    assert "Oklahoma Medical Marijuana Authority" in text
    text, _, _ = ask(service, "will the AGCO approve our ontario store before the holidays?")
    assert "Alcohol and Gaming Commission of Ontario" in text


@pytest.mark.parametrize(
    "question",
    [
        "how long does the AGCO usually take to approve a store authorization?",
        "can an employer in new jersey fire a worker for a positive thc test?",
        "when will the new rules take effect in ohio",
        "what is the value of a plant for the excise tax",
        "OMMP patient, my caregiver keeps some of my meds, whats our combined limit",
        "buddy got caught with 3 lbs in minnesota, what degree of crime is that and the max sentence",
    ],
)
def test_rule_questions_near_those_declines_are_still_answered(question: str) -> None:
    assert scope_of(question) is None


def test_a_second_question_with_no_sourced_rule_is_admitted_not_dropped(
    service: AgentService,
) -> None:
    text, _, cited = ask(
        service,
        "illinois card holder: how much can a patient pick up every 14 days, and how much "
        "can they hold at once?",
    )
    assert cited >= 1
    assert "2.5 ounces" in text
    assert "possession limits" in text and "won't guess" in text
    assert "Illinois Department of Financial and Professional Regulation" in text


def test_both_sides_of_a_two_state_comparison_are_answered(service: AgentService) -> None:
    text, _, _ = ask(
        service,
        "training sheet: washington's concentrate cap per sale versus what a montana adult "
        "may possess in concentrate?",
    )
    assert "7 g" in text or "7 grams" in text
    assert "8 grams" in text


def test_the_fact_asked_leads_not_the_programmes_status(service: AgentService) -> None:
    text, _, _ = ask(
        service, "montana cardholder now. do i get more plants than i had as a rec grower?"
    )
    first = text.split("\n\n")[0]
    assert "4 mature plants" in first and "2 mature" in first
    assert "sales operate" not in text


def test_a_patients_limits_for_product_forms_are_not_answered_by_plant_counts(
    service: AgentService,
) -> None:
    text, _, _ = ask(
        service, "okc patient, whats the limit for concentrates and edibles? same as bud right"
    )
    assert "72 ounces of edible" in text and "1 ounce of concentrate" in text


def test_making_hash_at_home_is_answered_by_the_personal_use_rule(service: AgentService) -> None:
    text, agent, _ = ask(
        service, "phoenix: can we make bubble hash or rosin at home legally? is bho ok too?"
    )
    assert agent == "compliance"
    assert "mechanical" in text and "chemical extraction" in text


def test_a_ballot_measure_or_programme_name_places_the_question(service: AgentService) -> None:
    text, _, cited = ask(
        service, "OMMP cardholder here - my caregiver and i, combined usable limit?"
    )
    assert cited >= 1
    assert "24 ounces" in text


def test_copying_customer_ids_is_answered_by_the_id_rule_not_transport(
    service: AgentService,
) -> None:
    text, _, cited = ask(
        service, "new jersey shop: our POS wants to photocopy each customer's drivers license, ok?"
    )
    assert cited >= 1
    assert "must not keep copies of IDs" in text


def test_the_current_new_jersey_transaction_equivalents_are_given(service: AgentService) -> None:
    text, _, _ = ask(
        service, "nj adult-use register setup: max vape oil or concentrate in one sale?"
    )
    assert "4 grams of solid concentrate" in text


def test_the_date_of_an_unannounced_inspection_is_declined(service: AgentService) -> None:
    text, agent, cited = ask(
        service, "when will the OLCC inspector come back to our portland shop?"
    )
    assert (agent, cited) == ("main_agent", 0)
    assert "Oregon Liquor and Cannabis Commission" in text


def test_a_longer_vent_about_the_shift_is_small_talk(service: AgentService) -> None:
    text, agent, cited = ask(
        service, "what a week, two budtenders out sick and the line wrapped round the block haha"
    )
    assert (agent, cited) == ("main_agent", 0)
    assert "Trichome" in text and "won't guess" not in text


def test_an_email_to_the_pos_vendor_after_a_rule_is_written_by_operations(
    service: AgentService,
) -> None:
    _, agent, cited = ask(
        service,
        "michigan adult-use: what's the most concentrate per sale?",
        "thanks. now write an email to our POS vendor asking them to change the purchase "
        "limits before the weekend",
    )
    assert agent == "operations"
    assert cited == 0
