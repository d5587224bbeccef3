"""Batch scaling, symmetric tolerances and dilution from a starting amount (issue 20, the
lead's misreads): each answer, as the grounded engine writes it through
`AgentService.prepare`, leads with the number a user reads first, or asks for what is
missing. Expected numbers are worked here by hand, formula beside them."""

from __future__ import annotations

import pytest

from trichome.agents.engines.grounded import compose_answer
from trichome.agents.service import AgentService, ChatRequest, build_agent_service
from trichome.config import Settings
from trichome.llm.base import ChatTurn
from trichome.plans import OPERATOR_AGENT


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings())


def answer(service: AgentService, question: str) -> str:
    prepared = service.prepare(ChatRequest(OPERATOR_AGENT, (ChatTurn("user", question),)))
    return compose_answer(prepared.request)


def test_a_recipe_scaled_to_more_pieces_needs_no_potency(service: AgentService) -> None:
    # 5 g × 1200 / 50 = 120 g
    text = answer(
        service,
        "recipe makes 50 gummies with 5 g of distillate, we need 1200 gummies, how much distillate",
    )
    assert "120 g of distillate" in text
    assert "potency" not in text.split("\n\n")[0]


def test_every_ingredient_of_a_recipe_is_scaled(service: AgentService) -> None:
    # factor 750 / 100 = 7.5: sugar 3,750 g, gelatin 225 g, distillate 18.75 g
    text = answer(
        service,
        "our recipe: 500 g of sugar, 30 g of gelatin and 2.5 g of distillate makes 100 "
        "gummies. how much of each for 750 gummies",
    )
    assert "sugar 3,750 g" in text
    assert "gelatin 225 g" in text
    assert "distillate 18.75 g" in text


def test_a_new_batch_weight_scales_the_recipe(service: AgentService) -> None:
    # 12 g × 10 kg / 4 kg = 30 g
    text = answer(
        service,
        "a batch of 4 kg of gummy mass takes 12 g of distillate; we're making a 10 kg batch, "
        "how much distillate",
    )
    assert "30 g of distillate" in text


def test_a_recipe_with_no_new_size_gets_a_question(service: AgentService) -> None:
    text = answer(
        service, "recipe makes 50 gummies with 5 g of distillate, how much for the big batch?"
    )
    assert "scaling to" in text
    assert "120" not in text


@pytest.mark.parametrize(
    "spelling",
    ["plus or minus 15%", "±15%", "+/- 15%", "+/-15 percent", "plus/minus 15%", "+-15%"],
)
def test_a_symmetric_tolerance_in_any_spelling(service: AgentService, spelling: str) -> None:
    # 10 mg × (1 ∓ 15%) = 8.5 to 11.5 mg
    text = answer(service, f"label says 10 mg, state allows {spelling}, whats the passing window")
    assert "allows 8.5 to 11.5 mg" in text
    assert "-15" not in text


def test_within_a_percent_of_a_claim_is_a_window(service: AgentService) -> None:
    # 20 mg × (1 ∓ 15%) = 17 to 23 mg
    text = answer(service, "we have to be within 15% of a 20 mg claim, what's the window")
    assert "17 to 23 mg" in text


def test_a_tincture_diluted_to_a_lower_strength(service: AgentService) -> None:
    # V2 = 40 mL × 25 / 10 = 100 mL; add 100 - 40 = 60 mL
    text = answer(
        service,
        "we have 40 mL of tincture at 25 mg/mL and want to dilute to 10 mg/mL, how much mct to add",
    )
    assert text.startswith("Add 60 mL of mct to reach 10 mg/mL (100 mL in all).")


def test_a_concentrate_diluted_by_weight(service: AgentService) -> None:
    # 500 g × 90 / 75 = 600 g; add 100 g
    text = answer(
        service, "we have 500 g of distillate at 90% thc and want to dilute it to 75%, how much mct"
    )
    assert text.startswith("Add 100 g of mct to reach 75% (600 g in all).")
    # 50 g × 20 / 5 = 200 g; add 150 g
    text = answer(
        service, "50 g of infused coconut oil at 20 mg/g, want 5 mg/g, how much plain oil to add"
    )
    assert text.startswith("Add 150 g of plain oil to reach 5 mg/g (200 g in all).")


def test_a_final_amount_wanted_is_still_c1v1(service: AgentService) -> None:
    # V1 = 4 × 250 / 100 = 10 mL of stock
    text = answer(service, "100 mg/ml stock, need 250 ml at 4 mg/ml for seltzer, how much stock")
    assert text.startswith("Take 10 mL of the 100 mg/mL stock")


def test_a_dilution_then_the_doses_it_fills(service: AgentService) -> None:
    # 40 mL × 25 / 10 = 100 mL; 100 mL ÷ 1 mL = 100 doses
    text = answer(
        service, "dilute 40 mL of 25 mg/mL tincture to 10 mg/mL, then how many 1 mL doses is that"
    )
    assert "100 mL fills 100 doses of 1 mL" in text
    assert "Add 60 mL" in text


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (
            "we have 40 mL of tincture at 25 mg/mL and want to dilute it, how much mct to add",
            "the concentration you want to end at",
        ),
        (
            "we want to dilute our 40 mL tincture to 10 mg/mL, how much mct to add",
            "the concentration you start from",
        ),
        ("dilute 25 mg/mL tincture to 10 mg/mL, how many 1 mL doses", "how much you start with"),
        ("label says 10 mg, whats the passing window", "the variance allowed"),
    ],
)
def test_a_missing_input_gets_a_question(service: AgentService, question: str, asked: str) -> None:
    text = answer(service, question)
    assert asked in text
    assert "Working:" not in text
