"""A change asked to the draft just given ("make it shorter and add a disclaimer", "more
playful", "now for nevada") gets the same kind of document again, with the earlier brief and
the change, never a refusal as if it were a rule question."""

from __future__ import annotations

import pytest

from tests.agents.asking import answer
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    ("turns", "kind"),
    [
        (("write me an instagram caption for our new live rosin drop",
          "make it shorter and add a compliance disclaimer"), "social post"),
        (("write me an instagram caption for our new live rosin drop, we're in michigan",
          "more playful pls"), "social post"),
        (("draft an email to our wholesale buyers about the price increase", "now for nevada"),
         "email"),
    ],
)  # fmt: skip
def test_a_change_to_the_draft_gives_the_draft_again(
    service: AgentService, turns: tuple[str, ...], kind: str
) -> None:
    answered = answer(service, *turns, own_replies=True)
    assert answered.text.startswith(f"Here is an outline for your {kind}")
    assert f"(changed: {turns[-1]})" in answered.text
    assert not answered.fact_ids


def test_a_question_after_a_draft_is_still_a_question(service: AgentService) -> None:
    answered = answer(
        service,
        "write me an instagram caption for our new live rosin drop, we're in colorado",
        "can we say it's the strongest in the state?",
        own_replies=True,
    )
    assert not answered.text.startswith("Here is an outline")
