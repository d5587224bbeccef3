"""Classes of misreading the twenty-second benchmark found (issue 20), each in new words: the
question as a user types it, and what the user is shown. Expected values are worked by hand
(total = neutral + 0.877 x acid, mg/g / 10 = %; a blend = the mass-weighted mean; an ounce's
price = the pound's / 16; a stated equivalence = amount x its equal / the amount it equals; a
limit stated as alternatives = each kind's limit x (1 - the share used); a tax asked alone =
price x rate; the avoirdupois ounce 28.349523125 g, the trade's 28 g)."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents import missing_inputs as needs
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe, recognise

FACTOR = 0.877
POUND_G = 453.59237
OUNCE_G = 28.349523125


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a lab sheet with dotted leaders between each analyte and its result
        ("COA:\nTHCa ........ 250.0 mg/g\nD9-THC ....... 8.0 mg/g\nCBD ......... ND\n"
         "what % total thc", (8.0 + FACTOR * 250.0) / 10),
        ("Potency\nTHCA ..... 22.4 %\nΔ9-THC ... 0.6 %\nTotal Cannabinoids ... 26.1 %\ntotal thc?",
         0.6 + FACTOR * 22.4),
        ("CBDA .......... 14.0 %\nCBD ...... 0.8 %\nwhat percent total cbd", 0.8 + FACTOR * 14.0),
    ],
)  # fmt: skip
def test_a_lab_sheet_with_dotted_leaders(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert unit == "%"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a total asked "what % total thc" of a sheet in mg/g is given in %
        ("THCA 180.5 mg/g, D9 3.1 mg/g, what % total thc is that", (3.1 + FACTOR * 180.5) / 10),
        ("thca 200 mg/g and d9 5 mg/g. what percentage thc goes on the jar",
         (5 + FACTOR * 200) / 10),
    ],
)  # fmt: skip
def test_a_percent_asked_before_the_total(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert unit == "%"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # lots named by their potency alone beside their amounts ("2 kg of the 88")
        ("blend 3 kg of our 91 and 1 kg of our 80 distillate, final potency?", 88.25),
        ("500 g of the 90% mixed with 250 g of the 70, what do I end up at", 250 / 3),
        ("combining 1.2k grams of the 85 with 800 grams of the 65% oil, potency?",
         (1200 * 85 + 800 * 65) / 2000),
    ],
)  # fmt: skip
def test_lots_named_by_potency_blended(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert unit == "%"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # a thousands shorthand priced by the pound, asked by the ounce
        ("2.4k per lb, per oz?", 2400 / 16),
        ("1.8k a pound, whats an ounce run", 1800 / 16),
        ("vendor says 3k per lb. price per ounce", 3000 / 16),
    ],
)
def test_k_thousands_priced_by_the_pound_per_ounce(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-6), (question, value)
    assert unit == "$/oz"


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # "whats a gram" asked at the clause's end; a k shorthand revising the price
        (("paying 1800 a pound, whats a gram",), 1800 / POUND_G),
        (("got quoted 1700 a pound, whats a gram?", "now he says 1.4k"), 1400 / POUND_G),
        (("2000 per lb, what's a gram", "he came down to 1.75k"), 1750 / POUND_G),
    ],
)
def test_the_gram_asked_and_a_price_in_thousands_revised(
    turns: tuple[str, ...], expected: float
) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)


def test_a_qp_in_grams_gives_the_trade_and_the_pound_readings() -> None:
    for question in ("how many grams is a QP", "qp in grams?"):
        found = recognise(question)
        assert found is not None and found.calculation is not None
        assert found.calculation.value == 112  # the trade's four 28 g zips (README)
        shown = describe(found)
        assert "113.3981 g" in shown and "quarter of the 453.59237 g pound" in shown
    found = recognise("how many grams in an hp")
    assert found is not None and found.calculation is not None
    assert found.calculation.value == 224
    assert "226.7962 g, half of the 453.59237 g pound" in describe(found)


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # an equivalence the user states, either way round, in g or mg of THC
        ("a gram of shatter is equal to 4 g of flower. she's got 2.5 g of shatter, what's "
         "that in flower", 10.0, "g flower"),
        ("3.5 g of flower counts as 1 g of concentrate here. he has 10 g of flower, how much "
         "concentrate is that equivalent to", 10 / 3.5, "g concentrate"),
        ("10 mg of thc in edibles counts as 0.1 g of flower. how many grams of flower does a "
         "100 mg bar count as", 1.0, "g flower"),
        ("our shop treats 1 g of rosin the same as 5 g of bud. how much bud is 3 g of rosin "
         "worth", 15.0, "g flower"),
        ("gummies: 50mg thc = 0.5 g flower toward the limit. 300mg of gummies, flower "
         "equivalent?", 3.0, "g flower"),
    ],
)  # fmt: skip
def test_an_equivalence_the_user_states(question: str, expected: float, unit: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), question
    assert found.calculation.unit == unit
    assert "you stated" in describe(found)  # the equivalence is the user's, and said so


@pytest.mark.parametrize(
    ("question", "expected", "unit"),
    [
        # a limit stated as alternatives, part of it used
        ("limit is 28 g flower or 8 g concentrate. bought 10 g flower, how much concentrate "
         "can he still get", 8 * (1 - 10 / 28), "g concentrate"),
        ("our limit is 2.5 oz flower or 15 g concentrate. she already picked up 1 oz of "
         "flower, how many grams of concentrate does she have left",
         15 * (1 - 1 / 2.5), "g concentrate"),
        ("limit: 2 oz of flower or 16 g of concentrate or 1600 mg of edibles, combined. she "
         "already has 800 mg of gummies and 4 g of wax, how much flower is left",
         2 * OUNCE_G * (1 - 800 / 1600 - 4 / 16), "g flower"),
        # limits that each stand alone: the other kind bought uses none of this one
        ("limit is 28 g of flower and 8 g of concentrate. he bought 4 g of wax, how much "
         "concentrate can he still get", 4.0, "g concentrate"),
    ],
)  # fmt: skip
def test_what_is_left_of_a_limit_stated_as_alternatives(
    question: str, expected: float, unit: str
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), question
    assert found.calculation.unit == unit


def test_a_limit_in_ounces_is_the_avoirdupois_ounce() -> None:
    found = recognise(
        "max is 1 ounce of flower or 5 g of concentrate, they count against each other. "
        "already sold him 2.5 g of concentrate, how many grams of flower can he still buy"
    )
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, OUNCE_G / 2, rel_tol=1e-6)
    assert "28.349523125 g" in describe(found)


@pytest.mark.parametrize(
    ("question", "expected", "total"),
    [
        # the tax itself asked: its amount, the total said beside it
        ("whats the excise on a $60 quarter at 15%", 9.0, 69.0),
        ("how much tax on a $25 cart at 8%?", 2.0, 27.0),
        ("what would the sales tax be on $120 at 6.5%", 7.8, 127.8),
    ],
)
def test_a_tax_asked_alone_is_its_amount(question: str, expected: float, total: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9)
    assert f"${total:,.2f}" in found.calculation.summary


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # what the buyer pays asked: the total stands
        ("$60 quarter plus 15% excise, total?", 69.0),
        ("pre-tax $30, 10% tax, what do they pay", 33.0),
        ("whats the excise on a $40 eighth at 10%, and the total out the door", 44.0),
    ],
)
def test_a_tax_with_the_total_asked_is_the_total(question: str, expected: float) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected, rel_tol=1e-9)
    assert unit == "$"


@pytest.mark.parametrize(
    "question",
    [
        "what's the excise on this sale at 15%",
        "20% tax on the order, what do they pay",
        "how much sales tax on his purchase at 7%",
    ],
)
def test_a_tax_rate_without_the_sale_asks_for_the_sale(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == (needs.SALE_AMOUNT,)
    assert "amount of the sale" in describe(found)


@pytest.mark.parametrize(
    "question",
    [
        "the receipt shows 6% sales tax and another line, whats the excise rate at the register?",
        "customer asked about the order's 6% line, what percent is the other tax",
    ],
)
def test_a_tax_rate_asked_beside_a_sale_asks_for_no_amount(question: str) -> None:
    found = recognise(question)
    assert found is None or needs.SALE_AMOUNT not in found.missing


@pytest.mark.parametrize(
    "question",
    [
        "how much of the 95% do I add to my 70% batch to hit 80%",
        "how much 90% distillate do we need to bring our 75% up to 85%?",
        "how many grams of the 92 go into our 80% lot to reach 85%",
    ],
)
def test_a_lot_added_to_without_its_mass_asks_for_it(question: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is None and found.asks
    assert found.missing == (needs.LOT_MASS,)
    assert "for every 1 g" in describe(found)  # the ratio that holds whatever it weighs


@pytest.mark.parametrize(
    ("turns", "expected"),
    [
        # the lot's mass given in reply: the other potency to add to it
        (("how much of the 95% do I add to my 70% batch to hit 80%", "600 g"), 400.0),
        (("how much of the 95% do I add to my 70% batch to hit 80%", "600"), 400.0),
        (("how much 90% distillate do we need to bring our 75% up to 85%?", "500 g"), 1000.0),
    ],
)
def test_the_lot_mass_given_in_reply(turns: tuple[str, ...], expected: float) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found and found.refusal
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6)
