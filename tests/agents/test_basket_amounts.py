"""Every amount in a buyer's basket counts (issue 20, `agents/basket_amounts.py`): an edible
given by its THC mg however it is written ("2 250mg gummies packs", "a 100 mg chocolate bar",
"two 10-packs of 10mg", "250mg edibles", "20 gummies at 10mg each"), a kind named before its
amount ("edibles 250mg, flower 7g"), and pieces or packs with no size asked about, never left
out. Expected values by hand: Missouri 1 MME = 3.5 g flower = 1 g concentrate = 100 mg THC
in products (19 CSR 100-1.040); Colorado one ounce (28.349523125 g) of flower = 8 g
concentrate = 800 mg THC in products per sale (1 CCR 212-3 Rule 6-110(C)); Illinois
residents 500 mg THC in products (410 ILCS 705/10-10(a))."""

from __future__ import annotations

import math

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.missing_inputs import PACKAGE_PIECES, PIECE_MASS, PIECE_THC

EIGHTH_G, QUARTER_G = 3.5, 7.0
OUNCE_G = 28.349523125


def mme(flower_g: float = 0, concentrate_g: float = 0, thc_mg: float = 0) -> float:
    return flower_g / 3.5 + concentrate_g / 1 + thc_mg / 100


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("basket: 7 g flower and 2 250mg gummies packs, how many MMEs?", mme(7, 0, 500)),
        ("how many MMEs is an eighth plus 2 250mg edibles", mme(EIGHTH_G, 0, 500)),
        ("patient has 3.5g flower, a 100 mg chocolate bar and a 1g cart, total MMEs?", mme(3.5, 1, 100)),
        ("two 10-packs of 10mg gummies and 7g of bud, how many mmes is that", mme(7, 0, 200)),
        ("2 x 250mg edibles and 1g wax - how many MMEs", mme(0, 1, 500)),
        ("how many MMEs: a quarter, 250mg edibles", mme(QUARTER_G, 0, 250)),
        ("how many MMEs is 250mg edibles and an eighth", mme(EIGHTH_G, 0, 250)),
        ("how many MMEs is a 250mg gummy pack and 2g of rosin", mme(0, 2, 250)),
        ("how many MMEs is three 100mg packs of gummies", mme(0, 0, 300)),
        ("a 10-pack of 10mg gummies, a 1g cart and an eighth in MMEs", mme(EIGHTH_G, 1, 100)),
        ("ten 10 mg gummies and 3.5 grams of flower, total MMEs", mme(3.5, 0, 100)),
        ("20 gummies at 10mg each and an eighth, how many MMEs", mme(EIGHTH_G, 0, 200)),
        ("a pack of 10 gummies, 5mg each, and 1g of wax: total MMEs", mme(0, 1, 50)),
        ("2 carts (1g each) and an eighth, how many MMEs", mme(EIGHTH_G, 2, 0)),
        ("3 prerolls at 1g each and 200mg of edibles, total MMEs", mme(3, 0, 200)),
        ("a 5 pack of 0.5g prerolls and 100mg edibles, total MMEs", mme(2.5, 0, 100)),
        # packs of a dose with the pieces in a pack said after them
        ("2 packs of 10mg gummies (10 per pack) and an eighth, how many MMEs", mme(EIGHTH_G, 0, 200)),
        ("3 bags of 5mg mints, 20 in each bag, how many MMEs", mme(0, 0, 300)),
        ("a pack of 10mg gummies (20 a pack) and 1g of wax, how many MMEs", mme(0, 1, 200)),
        # a kind named before its amount, as a list or a receipt writes it
        ("edibles 250mg, flower 7g, how many MMEs", mme(7, 0, 250)),
        ("flower 7g, wax 1g, edibles 250mg: how many MMEs", mme(7, 1, 250)),
        ("how many MMEs: flower - 14g; concentrate - 2g", mme(14, 2, 0)),
        ("250mg edibles 7g flower, total MMEs", mme(7, 0, 250)),
    ],
)  # fmt: skip
def test_every_amount_in_a_missouri_basket_counts(question: str, expected: float) -> None:
    found = recognise(question, "MO")
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-9), found.calculation.inputs
    assert found.calculation.unit == "MME"


@pytest.mark.parametrize(
    ("question", "state", "expected", "unit"),
    [
        # Colorado: what a basket comes to in flower, and the THC in products left
        ("customer has 2 250mg gummies packs and 7 g flower in the cart, how much is that in "
         "flower equivalent toward the limit", "CO", 7 + 500 / 800 * OUNCE_G, "g flower"),
        ("a 100mg chocolate bar and a 1g cart, what is that in flower equivalent toward the "
         "limit", "CO", 100 / 800 * OUNCE_G + 1 / 8 * OUNCE_G, "g flower"),
        ("already has 3.5 g flower and 2 250mg edibles in the cart, how many mg of edibles can "
         "they still buy", "CO", 800 - 3.5 / OUNCE_G * 800 - 500, "mg THC"),
        ("has 20 gummies at 10mg each in the cart, how much flower can they still buy", "CO",
         OUNCE_G - 200 / 800 * OUNCE_G, "g flower"),
        ("bought 2 packs of 10mg gummies, 10 in each pack, how much flower can they still buy",
         "CO", OUNCE_G - 200 / 800 * OUNCE_G, "g flower"),
        # Illinois: a resident's 500 mg of THC in products, less what is held
        ("resident already bought two 10-packs of 10mg gummies, how many more mg of edibles "
         "can they buy", "IL", 500 - 200, "mg THC"),
        ("resident already bought 250mg edibles, how many more mg of edibles can they buy",
         "IL", 500 - 250, "mg THC"),
        ("resident has a 100 mg chocolate bar in the cart, how many 10mg gummies can they "
         "still buy", "IL", (500 - 100) / 10, "gummies"),
        ("resident already has 250mg edibles, how many more mg of edibles can they buy",
         "IL", 500 - 250, "mg THC"),
        ("my customer has 100mg bars in her bag already, how many more mg can the resident buy",
         "IL", 500 - 100, "mg THC"),
    ],
)  # fmt: skip
def test_edibles_held_count_against_a_states_limit(
    question: str, state: str, expected: float, unit: str
) -> None:
    found = recognise(question, state)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation.inputs
    assert found.calculation.unit == unit


@pytest.mark.parametrize(
    "question",
    [
        "the store has 100mg chocolate bars, how many mg of edibles can an illinois resident buy",
        "we have 10mg gummies, how many mg of edibles can a resident buy at once",
    ],
)
def test_a_product_on_sale_is_not_an_amount_held(question: str) -> None:
    found = recognise(question, "IL")
    calculation = found.calculation if found else None
    assert calculation is None or not any("already" in i for i in calculation.inputs), calculation


@pytest.mark.parametrize(
    ("question", "state", "missing"),
    [
        ("2 packs of 10mg gummies and an eighth, how many MMEs?", "MO", PACKAGE_PIECES),
        ("how many MMEs is 2 10-packs of 0.5g prerolls", "MO", PACKAGE_PIECES),
        ("has 2 packs of 10mg gummies in the cart, how much flower can they still buy", "CO", PACKAGE_PIECES),
        ("how many MMEs is 3.5g of flower and 2 carts", "MO", PIECE_MASS),
        ("how many MMEs is 3.5g of flower and 4 gummies", "MO", PIECE_THC),
    ],
)  # fmt: skip
def test_pieces_or_packs_without_a_size_are_asked_about(
    question: str, state: str, missing: str
) -> None:
    found = recognise(question, state)
    assert found is not None and found.calculation is None and found.asks, found
    assert found.missing == (missing,)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how much thc in 2 10-packs of 5mg gummies", 100),
        ("how much thc in a 10-pack of 10mg gummies", 100),
        ("how much thc is in three 20-packs of 2.5mg mints", 150),
        ("how much thc in 10 10mg gummies", 100),
        ("how many mg in a 20 pack of 5mg gummies", 100),
    ],
)
def test_packs_of_dosed_pieces_hold_every_piece(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected) and found.calculation.unit == "mg THC"
