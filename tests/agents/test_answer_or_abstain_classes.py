"""Issue 19: a fact near the question is not its answer. Each test asks in its own words a
kind of question the agents answered with a neighbouring fact (and its citation) before:
the answer now gives the figure asked for, works it out, or says plainly that no source
covers it, naming who to ask."""

from __future__ import annotations

import asyncio

import pytest

from trichome.agents.engine import AnswerRequest
from trichome.agents.engines.grounded import compose, compose_answer
from trichome.agents.registry import AGENTS
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.agents.understanding import RequestKind, understand
from trichome.config import Settings
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import Passage
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


def ask(service: AgentService, *turns: str) -> tuple[str, str, int]:
    """The last answer's text, the agent that gave it and how many sources it cites."""
    messages: list[ChatTurn] = []
    text = ""
    for index, turn in enumerate(turns):
        if index:
            messages.append(ChatTurn("assistant", text))
        messages.append(ChatTurn("user", turn))
        prepared = service.prepare(ChatRequest(OPERATOR_AGENT, tuple(messages)))
        text = asyncio.run(service.complete(prepared)).text
    request = prepared.request
    if request.calculation is not None:
        cited = len(request.calculation_facts)
    else:
        cited = len(compose(request).sources)
    return text, prepared.agent.name, cited


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("should we appeal the city's denial of our permit in denver? what are our chances", "attorney"),
        ("what are the odds the legislature raises the michigan excise next year", "predict"),
        ("where is our colorado licence renewal at, we sent it in back in march", "regulator"),
        ("recommend a good cannabis accountant in denver", "recommend"),
        ("how do we structure it so my brother's name doesn't appear on the michigan license application", "won't help"),
    ],
)  # fmt: skip
def test_strategy_forecasts_private_files_and_concealment_get_no_sourced_fact(
    service: AgentService, question: str, says: str
) -> None:
    text, _, cited = ask(service, question)
    assert cited == 0
    assert says in text


def test_thanks_with_chatter_after_an_answer_is_small_talk(service: AgentService) -> None:
    text, agent, cited = ask(
        service,
        "oregon, how many plants can i grow at home?",
        "awesome thanks, my roommate owes me a coffee now haha",
    )
    assert cited == 0 and agent == "main_agent"
    assert "Glad it helped" in text


def test_a_sale_limit_is_not_answered_by_a_package_cap(service: AgentService) -> None:
    text, _, cited = ask(
        service, "in colorado how many mg of edibles can a customer buy in a single transaction"
    )
    assert cited >= 1
    assert "800 mg" in text and "single transaction" in text
    assert "No individual Edible" not in text  # the 100 mg package cap is another question


def test_an_amount_kept_at_home_is_not_a_plant_count(service: AgentService) -> None:
    text, _, _ = ask(service, "how much weed am i allowed to keep at my house in new york")
    assert "5 pounds" in text


def test_a_tolerance_no_fact_states_is_admitted_with_the_regulator(service: AgentService) -> None:
    text, _, cited = ask(
        service,
        # (Canada's extract tolerance is sourced now, s. 97(1): Vermont's is not)
        "what's the allowed variance on the thc label of a vape cart in vermont (not edibles)",
    )
    assert cited == 0
    assert "won't guess" in text and "Vermont Cannabis Control Board" in text


def test_a_label_range_asked_for_a_labelled_amount_is_worked_out(service: AgentService) -> None:
    text, _, cited = ask(
        service,
        "canadian gummies labelled 6 mg: what is the highest the coa can read and still pass",
    )
    assert cited == 1
    assert "5.1 mg to 6.9 mg" in text


@pytest.mark.parametrize(
    ("turns", "left"),
    [
        (("illinois resident, already has 12 g of flower on him. how much more flower can he have",), "18 g left"),
        (("kentucky patient already bought 1,000 mg of edibles. how many mg are left in the 30-day supply",), "2,900 mg left"),
    ],
)  # fmt: skip
def test_what_is_left_of_a_limit_is_worked_out(
    service: AgentService, turns: tuple[str, ...], left: str
) -> None:
    text, _, cited = ask(service, *turns)
    assert cited >= 1
    assert text.startswith(left) or f": {left}" in text.split("\n")[0]


def test_a_national_cap_asked_with_mg_stays_with_compliance(service: AgentService) -> None:
    text, agent, cited = ask(
        service, "selling a 2 pack of 10mg chocolates in british columbia, is 20mg a box too much?"
    )
    assert agent == "compliance" and cited >= 1
    assert "over Canada's 10 mg cap" in text


def test_a_province_with_its_national_law_is_no_comparison() -> None:
    kind = understand(["ontario maker here, is a 20mg box ok with health canada?"]).kind
    assert kind is not RequestKind.COMPARISON


def test_a_card_duration_is_not_answered_by_the_programmes_status(service: AgentService) -> None:
    text, _, cited = ask(service, "how long is a missouri medical card valid before renewal")
    assert cited == 0
    assert "Missouri Department of Health and Senior Services" in text


def test_what_a_label_must_show_is_answered_by_the_label_rule(service: AgentService) -> None:
    text, _, _ = ask(
        service, "front panel of a massachusetts gummy tin, what thc info has to go on it?"
    )
    assert "total mg of active THC" in text


def test_both_parts_of_a_plants_and_concentrate_question_are_answered(
    service: AgentService,
) -> None:
    text, _, _ = ask(
        service,
        "oklahoma patient: how many plants can i grow and how much concentrate am i allowed",
    )
    assert "6 mature" in text and "1 ounce of concentrate" in text


def test_an_offence_grade_threshold_is_answered_by_the_possession_rule(
    service: AgentService,
) -> None:
    text, _, _ = ask(
        service,
        "minnesota: edibles over 1,600 mg thc count as third degree, yes?",
        "and flower outside the house, where does third degree begin",
    )
    assert "4 ounces" in text


def test_a_visiting_patient_is_answered_by_the_rule_for_out_of_state_patients(
    service: AgentService,
) -> None:
    text, _, cited = ask(
        service, "i have a michigan medical card, can i buy at a hawaii dispensary"
    )
    assert cited >= 1 and "out-of-state" in text


def test_a_tax_rule_asked_with_an_example_price_is_the_states_rule_worked_out(
    service: AgentService,
) -> None:
    text, _, cited = ask(
        service, "delaware shop, how should the till round the 15 percent tax on a $19.99 eighth"
    )
    assert cited >= 1
    assert "$3.00" in text and "rounded up to the next whole cent" in text


@pytest.mark.parametrize(
    ("question", "says"),
    [
        ("ontario gummies labelled 5 mg came back 4.1 mg from the lab, does that meet the variability rule?", "4.1 mg against a 5 mg label passes"),
        ("whats the allowed +/- on a 1 mg label claim in canada", "from 0.75 mg to 1.25 mg"),
    ],
)  # fmt: skip
def test_the_variance_rule_named_is_applied_not_another_sum(
    service: AgentService, question: str, says: str
) -> None:
    text, _, cited = ask(service, question)
    assert cited == 1
    assert says in text


def test_more_than_the_carry_limit_kept_at_home_is_answered_by_the_home_rule(
    service: AgentService,
) -> None:
    text, _, cited = ask(
        service, "new mexico: got 5 oz stored at the house, is keeping it at home ok?"
    )
    assert cited >= 1
    assert "private residence" in text


def test_a_per_can_figure_compared_is_not_answered_by_a_package_cap(service: AgentService) -> None:
    text, _, _ = ask(service, "new jersey: per-can thc limit for drinks vs gummies?")
    # New Jersey's package cap may come with the serving rule only when the fact says the
    # serving figure could not be read and must be confirmed: never as the can's limit.
    if "each package of finished product" in text:
        assert "confirm the serving cap" in text


def test_a_percentage_asked_is_answered_by_the_fact_giving_one_not_the_best_scored() -> None:
    source = (Source("Tax Code 1", "https://example.gov/tax", "1"),)
    licence_fee = Fact(
        id="xx-fee", pack_id="compliance-xx", topic="tax", title="Licence fee",
        text="A retailer pays a $5,000 licence fee each year.", sources=source, jurisdiction="MI",
    )  # fmt: skip
    excise = Fact(
        id="xx-excise", pack_id="compliance-xx", topic="tax", title="Excise",
        text="A 10 percent excise applies to retail sales.", sources=source, jurisdiction="MI",
    )  # fmt: skip
    request = AnswerRequest(
        public_model="operator-agent", agent=AGENTS["compliance"], question="what % tax?",
        messages=(), jurisdictions=("MI",), on_topic=True, figure_units=frozenset({"percent"}),
        passages=(Passage(licence_fee, 9.0, 0.6, 2, 3), Passage(excise, 5.0, 0.5, 2, 3)),
    )  # fmt: skip
    answer = compose_answer(request)
    assert "10 percent excise" in answer and "$5,000" not in answer
