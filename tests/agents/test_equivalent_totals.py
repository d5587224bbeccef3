"""A dried-cannabis limit worked out in the form asked (`agents/equivalent_totals.py`)."""

from __future__ import annotations

import pytest

from trichome.agents.equivalent_totals import first_worked_equivalent, worked_equivalent
from trichome.knowledge.packs import Fact

FACT = (
    "A member may hold up to 20 grams of dried cannabis at a time. Each 1 g of dried "
    "cannabis counts as 1 g of dried cannabis or, by product weight: 4 g of fresh cannabis, "
    "10 g of solids containing cannabis, 300 g of cannabis beverages, 50 g of non-solids "
    "other than cannabis beverages, 0.5 g of concentrates, or 2 plant seeds. Other text."
)


@pytest.mark.parametrize(
    ("question", "total"),
    [
        ("how much shatter does that allow", "10 g of concentrates"),
        ("and in wet, just-picked flower?", "80 g of fresh cannabis"),
        ("what about soda-style drinks", "6000 g of cannabis beverages"),
        ("how many seeds is that", "40 plant seeds"),
        ("how much tincture", "1000 g of non-solids"),
    ],
)
def test_the_total_in_the_form_asked_is_worked_from_the_table(question: str, total: str) -> None:
    answer = worked_equivalent(FACT, question)
    assert answer is not None and total in answer


def test_two_forms_asked_or_no_table_give_no_single_total() -> None:
    assert worked_equivalent(FACT, "gummies and wax together?") is None
    assert worked_equivalent("A member may hold up to 20 grams of dried cannabis.", "wax?") is None


def test_the_ratio_asked_leads_and_the_total_follows() -> None:
    answer = worked_equivalent(FACT, "how many grams of wet flower count as 1 g dried?")
    assert answer is not None
    assert answer.startswith("1 g of dried cannabis counts as 4 g of fresh cannabis; so")
    assert "80 g of fresh cannabis" in answer


def test_the_table_beside_a_leading_fact_is_used() -> None:
    province = Fact(
        id="p", pack_id="t", topic="possession-limits", jurisdiction="CA-XX", title="Province",
        text="A household may keep 1,000 g at home.", sources=(),
    )  # fmt: skip
    federal = Fact(
        id="f", pack_id="t", topic="possession-limits", jurisdiction="CA", title="Canada",
        text=FACT, sources=(),
    )  # fmt: skip
    found = first_worked_equivalent([province, federal], "fresh cannabis equivalent of that?")
    assert found is not None
    number, fact, worked = found
    assert (number, fact.id) == (2, "f")
    assert "80 g of fresh cannabis" in worked
