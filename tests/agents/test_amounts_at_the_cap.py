"""Issue 19: an amount given as the place's cap ("a bar at the package max", "each at the
legal limit") is read from the sourced cap and worked through the sum asked in passing,
instead of answering with the cap alone."""

from __future__ import annotations

from tests.support.answers import answer_text as ask
from trichome.agents.service import build_agent_service
from trichome.config import Settings


def test_a_package_made_at_the_cap_and_split_into_pieces_gives_each_piece() -> None:
    service = build_agent_service(Settings(engine="grounded"))
    text = ask(
        service,
        "washington brownie tray dosed at the package limit, cut into 20 pieces, mg per piece?",
    )
    first = text.split("\n")[0]
    assert "5 mg" in first  # 100 mg / 20
    assert "Sources:" in text


def test_a_run_of_products_each_at_the_cap_gives_the_run_total() -> None:
    service = build_agent_service(Settings(engine="grounded"))
    text = ask(
        service,
        "alaska kitchen: 300 gummy packs, each at the package max. total thc across the run?",
    )
    assert "30,000 mg" in text.split("\n")[0]  # 300 x 100 mg (the cap since 1 Sept 2021)
