"""Formulation questions about a batch of units are worked for the batch: a vape fill for
N carts, an emulsion dosed into cans, a tincture measured in part-droppers, and an overage
added in a follow-up."""

from __future__ import annotations

from trichome.agents.calculation_conversations import recognise_conversation
from trichome.agents.calculation_requests import describe


def answer(*turns: str) -> str:
    recognised = recognise_conversation(list(turns))
    assert recognised is not None and recognised.calculation is not None
    return describe(recognised)


def test_a_vape_fill_is_worked_for_every_cart() -> None:
    text = answer(
        "vape batch: 2000 carts at 0.5g fill, formula is 92% distillate 8% terps by weight. "
        "how many grams of each do i need"
    )
    assert "80 g of terpenes and 920 g of distillate" in text


def test_a_single_blend_without_a_count_is_not_multiplied() -> None:
    text = answer("8% terps in a 100 g blend, how much terps and how much distillate")
    assert "8 g of terpenes and 92 g of distillate" in text


def test_an_emulsion_is_dosed_per_can_and_for_the_batch() -> None:
    text = answer(
        "water soluble emulsion is 20 mg/ml thc. we want 5mg per 12oz can, batch of 2,400 "
        "cans. how much emulsion per can and for the batch?"
    )
    assert "0.25 mL" in text
    assert "600 mL" in text


def test_each_measure_of_a_tincture_asked_gets_its_milligrams() -> None:
    text = answer(
        "30 ml tincture bottle with 600 mg thc total. how much thc per 1 ml dropper? and per "
        "0.25 ml"
    )
    assert "20 mg per 1 mL dropper" in text
    assert "0.25 mL holds 5 mg" in text


def test_an_overage_added_in_a_follow_up_keeps_the_potency() -> None:
    text = answer(
        "need 1000 gummies at 10mg each. distillate tests at 90% thc. how many grams of "
        "distillate go in (no overage)",
        "ok now add 5% overage for process loss",
    )
    assert "11.696 g of 90% concentrate" in text
