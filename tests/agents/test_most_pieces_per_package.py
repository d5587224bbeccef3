"""Issue 19: "10 mg chews, how many max in one package?" asks the state's package cap divided
by the piece: the sourced cap answers it, whichever edible the pieces are (chews, squares,
bites) and when "most" alone says the cap is asked."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("turns", "fact_id", "lead"),
    [
        (
            ("nj chewables at 10 mg each. how many chews max in one package?",),
            "nj-edible-thc-per-package",
            "At most 10 pieces of 10 mg fit under New Jersey's 100 mg package cap.",
        ),
        (
            ("colorado: 10mg chocolate squares, whats the most squares in one package",),
            "co-edible-package-100mg",
            "At most 10 pieces of 10 mg fit under Colorado's 100 mg package cap.",
        ),
        (
            (
                "california edible rules - per serving and per package limits?",
                "so if i do 5mg gummies whats the most pieces i can put in one bag",
            ),
            "ca-edible-thc-per-package",
            "At most 20 pieces of 5 mg fit under California's 100 mg package cap.",
        ),
    ],
)
def test_the_most_pieces_asked_is_worked_from_the_state_cap(
    service: AgentService, turns: tuple[str, ...], fact_id: str, lead: str
) -> None:
    answered = answer(service, *turns)
    assert answered.text.startswith(lead)
    assert fact_id in answered.fact_ids
