"""Purchase and possession limits worked for a buyer (issue 20): how many pieces fit in
the state's limit, and what is left after what is already in the cart. Expected values by
hand from the states' text: Illinois 410 ILCS 705/10-10 (resident 30 g flower, 5 g
concentrate, 500 mg THC in products; non-resident half of each, the kinds adding up);
Colorado 1 CCR 212-3 Rule 6-110(C) (an ounce of flower = 8 g concentrate = 800 mg THC in
products, a mixed sale adding its parts as shares of that ounce); Canada, Cannabis Act
s. 8(1)(a) and Schedule 3 (30 g dried in public; 1 g dried = 5 g fresh = 15 g solids = 70 g
non-solids = 570 g beverages = 0.25 g concentrates, by the product's weight)."""

from __future__ import annotations

import asyncio
import math

import pytest

from trichome.agents import purchase_limits
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.knowledge.packs import load_packs
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT

OUNCE_G = 28.349523125


@pytest.mark.parametrize(
    ("question", "state", "expected", "unit"),
    [
        # pieces of a stated strength that fit in the limit for products
        ("im an illinois resident - how many 50 mg bars can i buy", "IL", 10, "bars"),
        ("out-of-state visitor in IL: how many 25mg tins may i possess", "IL", 10, "tins"),
        ("non resident, how many 10 mg gummies can i have in illinois", "IL", 25, "gummies"),
        (
            "denver dispensary, how many 100 mg chocolates can a customer buy at once",
            "CO",
            8,
            "chocolates",
        ),
        ("whats the most 5mg mints a guest could purchase in colorado", "CO", 160, "mints"),
        # the trade's eighth against the state's ounce
        ("colorado, how many eighths can a customer buy in one sale", "CO", 8, "eighths"),
        ("illinois resident, how many eighths can i legally have", "IL", 8, "eighths"),
    ],
)
def test_pieces_that_fit_in_the_limit(
    question: str, state: str, expected: float, unit: str
) -> None:
    found = recognise(question, state)
    assert found is not None and found.calculation is not None, found
    assert found.calculation.value == expected
    assert found.calculation.unit == unit


@pytest.mark.parametrize(
    ("question", "state", "expected"),
    [
        # Colorado: each kind held uses its share of the one allowance
        (
            "colorado: guy has 4 g of wax in the cart, how many mg of edibles can he still buy",
            "CO",
            400,
        ),
        (
            "in colorado a customer already has a quarter of flower, how much concentrate can they "
            "still purchase in grams",
            "CO",
            8 * (1 - 7 / OUNCE_G),
        ),
        (
            "colorado customer has 200 mg of gummies and 2 g of shatter in their cart, how many "
            "grams of flower can they still get",
            "CO",
            OUNCE_G * (1 - 0.25 - 0.25),
        ),
        # Illinois: the kinds add up, so only the same kind uses the limit
        (
            "illinois resident already holding 2 g of concentrate, how many mg of edibles can i "
            "still have",
            "IL",
            500,
        ),
        (
            "i live in illinois and have 120 mg of edibles, how many more mg of edibles can i "
            "legally have",
            "IL",
            380,
        ),
    ],
)
def test_what_is_left_after_the_cart(question: str, state: str, expected: float) -> None:
    found = recognise(question, state)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)


def test_residence_is_asked_when_the_limit_depends_on_it() -> None:
    found = recognise("how many 100mg packs of gummies can i buy in illinois", "IL")
    assert found is not None and found.calculation is None and found.asks
    assert "resident" in (found.refusal or "")


def test_a_state_without_a_table_entry_is_left_to_the_packs() -> None:
    found = recognise("how many 100mg packs of gummies can i buy", "WA")
    assert found is None or found.calculation is None or "purchase" not in found.calculation.name


def test_a_full_cart_leaves_nothing() -> None:
    limit = purchase_limits.limit_for("CO", None)
    assert limit is not None
    held = (purchase_limits.Held("concentrate", 8.0, "8 g of concentrate"),)
    worked = purchase_limits.remaining(limit, "products", held, 10.0, "gummies")
    assert worked.value == 0


def test_the_modal_can_is_not_a_can_of_a_drink() -> None:
    found = recognise("in colorado one customer can buy how many 10mg gummies", "CO")
    assert found is not None and found.calculation is not None, found
    assert found.calculation.value == 80
    assert not any("can" in shown for shown in found.read)


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("question", "number", "fact"),
    [
        ("illinois resident here, how many 50 mg chocolate bars can i have", "10", "il-"),
        (
            "colorado: my customer has 4 g of wax in the cart, how many mg of edibles can they "
            "still buy",
            "400",
            "co-",
        ),
    ],
)
def test_the_worked_limit_cites_the_state_fact(
    service: AgentService, question: str, number: str, fact: str
) -> None:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    text = asyncio.run(service.complete(prepared)).text
    assert number in text.split("\n")[0]
    cited = prepared.request.calculation_facts
    assert cited and all(f.id.startswith(fact) for f in cited)
    assert all(f.topic in ("purchase-limits", "possession-limits") for f in cited)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [("im a resident", 5), ("visiting from ohio", 2), ("i'm a tourist", 2)],
)
def test_the_residence_given_in_reply_answers(reply: str, expected: float) -> None:
    found = recognise_conversation(
        ("how many 100mg packs of gummies can i buy in illinois", reply), "IL"
    )
    assert found is not None and found.calculation is not None, found
    assert found.calculation.value == expected


def test_an_amount_not_held_is_not_taken_off_the_limit() -> None:
    found = recognise("colorado, how many 10mg gummies can i get from a 100mg bar", "CO")
    assert found is None or found.calculation is None or "purchase" not in found.calculation.name


@pytest.mark.parametrize(
    ("question", "state", "expected"),
    [
        # what a basket of several classes comes to in dried cannabis under Schedule 3
        (
            "in canada i have 300 g of chocolate, how much dried weed is that equivalent to",
            "CAN",
            20,
        ),
        (
            "bc: 10 g dried flower and 1 g of shatter, how many grams of dried equivalent is "
            "that towards the 30g limit",
            "CA-BC",
            14,
        ),
        (
            "canada - 1 g of carts plus 140 g of non-solid edibles, how much dried cannabis does "
            "that count as",
            "CAN",
            6,
        ),
        (
            "canada: 1140 g of cannabis drinks in the basket, how much dried is that equivalent to",
            "CAN",
            2,
        ),
        (
            "quebec customer with 50 g of fresh cannabis, how much dried is that worth in the "
            "public limit",
            "CA-QC",
            10,
        ),
        # Colorado's one ounce: a concentrate held is worth its share of the ounce of flower
        (
            "colorado customer has 4 g of shatter in the cart, how much flower is that "
            "equivalent to",
            "CO",
            OUNCE_G / 2,
        ),
    ],
)
def test_what_a_basket_is_worth_in_another_kind(question: str, state: str, expected: float) -> None:
    found = recognise(question, state)
    assert found is not None and found.calculation is not None, found
    assert found.calculation.name == "purchase_limit_equivalent"
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation


def test_a_basket_over_the_limit_is_warned() -> None:
    found = recognise(
        "canada: 40 g dried and 2 g of hash, how much dried equivalent is that toward the "
        "public limit",
        "CAN",
    )
    assert found is not None and found.calculation is not None, found
    assert found.calculation.value == 48
    assert any("over the limit" in w for w in found.calculation.warnings)


@pytest.mark.parametrize(
    ("question", "state", "expected"),
    [
        # a class's own share of an allowance written in dried cannabis
        (
            "how many grams of edibles can i carry in public in canada (30 g dried equivalent)",
            "CAN",
            450,
        ),
        ("quebec: how much fresh cannabis can an adult carry, 30g dried equiv", "CA-QC", 150),
        # what is left of it after what is already held
        (
            "canada, already holding 15 g dried, how many grams of concentrate can i still carry "
            "in public",
            "CAN",
            3.75,
        ),
    ],
)
def test_a_class_share_of_the_canadian_limit(question: str, state: str, expected: float) -> None:
    found = recognise(question, state)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation
    assert "hold in public" in found.calculation.summary


@pytest.mark.parametrize(
    ("question", "state"),
    [
        # each Illinois kind stands alone: no equivalent in another kind
        ("illinois resident has 2 g of wax, what is that equivalent to in flower", "IL"),
        # a plain unit conversion is not a limit question
        ("how many grams is an ounce equivalent to", "CO"),
        # a class Schedule 3 leaves to be chosen (a tincture) or THC milligrams: not guessed
        ("canada: 20 g of tincture and 5 g dried, how many grams dried equivalent is that", "CAN"),
        ("canada: 100 mg of gummies and 5 g dried, dried equivalent toward the 30 g limit?", "CAN"),
        # a state not in the table
        ("missouri: 7 g flower and 1 g cart, how many MMEs is that", "MO"),
    ],
)
def test_no_equivalent_is_guessed(question: str, state: str) -> None:
    found = recognise(question, state)
    assert (
        found is None
        or found.calculation is None
        or found.calculation.name != "purchase_limit_equivalent"
    ), found.calculation


def test_a_stated_limit_figure_is_used_not_counted_as_held() -> None:
    found = recognise(
        "canada: 5 g dried and 4 g of gummies... 30 g public limit, how much dried equivalent "
        "is that",
        "CAN",
    )
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, 5 + 4 / 15)
    assert "30 g" in found.read and "30 g" not in found.unused


def test_the_canada_calculator_and_its_pack_state_the_same_schedule_3_figures() -> None:
    """The compliance pack's public-possession fact and the calculator's table must give one
    Schedule 3: beverages at 570 g and the other non-solids at 70 g per gram of dried
    cannabis (SOR/2022-252), not the older single 70 g for every liquid."""
    fact = next(
        f for pack in load_packs() for f in pack.facts if f.id == "can-public-possession-30g"
    )
    limit = purchase_limits.limit_for("CAN", True)
    assert limit is not None
    per_dried_gram = {kind: grams / 30.0 for kind, grams in limit.amounts.items()}
    stated = {
        purchase_limits.FRESH: "5 g of fresh",
        purchase_limits.SOLIDS: "15 g of solids",
        purchase_limits.NON_SOLIDS: "70 g of non-solids other than cannabis beverages",
        purchase_limits.BEVERAGES: "570 g of cannabis beverages",
        purchase_limits.CONCENTRATE: "0.25 g of concentrates",
    }
    for kind, words in stated.items():
        assert words in fact.text, words
        figure = float(words.split(" g ")[0])
        assert math.isclose(per_dried_gram[kind], figure), (kind, per_dried_gram[kind])
    assert "70 g liquid product" not in fact.text
