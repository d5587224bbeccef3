"""A count given without its noun ("10 per box", "12 a pack", "x20 in a bag", "10/box") is
the pieces in one package, and a per-piece amount stated as "each <piece> tests N mg" is one
piece's; a range per piece gives the package's range, or the end asked (issue 20). The
expected values are pieces x mg per piece, worked by hand."""

from __future__ import annotations

import math

import pytest

from tests.agents.calculation_answers import answer
from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import recognise
from trichome.agents.container_words import container_words


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("each chocolate tests 4.8-5.2 mg, 10 per box, max mg a box", 10 * 5.2),
        ("each gummy tests 9.5-10.5 mg, 20 per jar, whats the most mg in a jar", 20 * 10.5),
        ("every gummie tests 9-11mg, 10 in a bag, whats the max mg per bag", 10 * 11),
        ("each chew testin 4.5-5.5 mg, 12 per bag, max total per bag", 12 * 5.5),
        ("choclates test 4.8-5.2mg each. 10 per box. maximum mg in a box?", 10 * 5.2),
        ("chocolates tested 4.8-5.2mg per piece, 10/box, max mg per box", 10 * 5.2),
        ("each piece tests 4.8 - 5.2mg, box of 10, max mg in the box", 10 * 5.2),
        ("each cookie tests 9 to 11 mg, 6 per box, max in a box", 6 * 11),
        ("each cookie is 8 to 12 mg, 6 in a box, least mg in a box", 6 * 8),
        ("4.8-5.2mg per chocolate, 10 a box, whats the minimum mg per box", 10 * 4.8),
        ("each gummy 4.8-5.2 mg, 12 per jar, lowest mg a jar", 12 * 4.8),
    ],
)
def test_a_range_per_piece_gives_the_end_of_the_package_asked(
    question: str, expected: float
) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected), (value, unit)
    assert unit.startswith("mg")


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("gummies are 10mg each, 12 a pack, how much thc in a pack", 120),
        ("5mg gummies x20 in a bag, total mg per bag", 100),
        ("chocolates each test 5 mg, x12 in a box, total mg a box", 60),
        ("each gummy tests 10mg, 20 a jar, how much thc a jar", 200),
        ("each bite comes in at 2.5 mg, 20 a tin, mg per tin", 50),
        ("each truffle is dosed at 5mg, x10 per box, how many mg in the box", 50),
        ("each piece came back at 9.5 mg, 10 per pack, mg a pack", 95),
        ("each capsule labeled 25mg, 30 a bottle, total mg per bottle?", 750),
        ("10mg gummies, 20/bag, thc a bag", 200),
        ("mints 2.5mg each, 40 to a tin, total thc per tin", 100),
        ("each tablet 2.5 mg, 30 a bottle, mg per bottle", 75),
    ],
)
def test_a_count_without_its_noun_is_the_pieces_in_the_package(
    question: str, expected: float
) -> None:
    value, unit = answer(question)
    assert math.isclose(value, expected), (value, unit)
    assert unit.startswith("mg")


@pytest.mark.parametrize(
    ("question", "low", "high"),
    [
        ("each chocolate tests 4.8-5.2 mg, 10 per box, mg a box", 48, 52),
        ("each lozenge measures 4-6 mg, 8 to a sleeve, worst case mg per sleeve", 32, 48),
    ],
)
def test_a_range_with_no_end_asked_gives_both_ends_for_the_package(
    question: str, low: float, high: float
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.details["low"], low)
    assert math.isclose(found.calculation.details["high"], high)
    assert f"{low:g} to {high:g}" in found.calculation.summary


def test_a_price_a_bottle_is_not_a_count_of_pieces() -> None:
    assert container_words("paid 30 a bottle") == "paid 30 a bottle"
    assert container_words("it costs 30 for a box") == "it costs 30 for a box"
    assert container_words("$12 a pack") == "$12 a pack"
    assert container_words("12 a pack") == "12 pieces a pack"
    assert container_words("10/box") == "10 pieces per box"
    value, _ = answer("paid 30 a bottle for 25mg caps, 30 caps per bottle, mg per bottle")
    assert value == 750


@pytest.mark.parametrize(
    ("turns", "expected", "changed"),
    [
        (["each chocolate tests 4.8-5.2 mg, 10 per box, max mg a box", "what if its 12 per box"],
         12 * 5.2, "10 pieces → 12 pieces"),
        (["gummies 10mg each, 12 a pack, mg a pack", "what if its 20 a pack"],
         200, "12 pieces → 20 pieces"),
        (["7 g of 20% flower into butter, 24 brownies, mg per brownie?", "what if 36 brownies"],
         7 * 1000 * 0.20 / 36, "24 brownies → 36 brownies"),
    ],
)  # fmt: skip
def test_a_follow_up_changing_the_count_keeps_its_noun(
    turns: list[str], expected: float, changed: str
) -> None:
    found = recognise_conversation(turns)
    assert found is not None and found.calculation is not None, found
    assert math.isclose(found.calculation.value, expected)
    assert changed in found.changed
