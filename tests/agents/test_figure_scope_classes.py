"""Issue 19: a limit asked per sale in shop words ("per order", "each sale") is a purchase
limit, answered by the sale's limit and not a packaging unit; a question asking two figures
("per serving and per package") gets both, each from its own fact."""

from __future__ import annotations

import pytest

from tests.support.answers import answer_text as ask
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.knowledge.topics import detect_topics


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    "question",
    ["max dabs i can sell someone per order in seattle?", "concentrate cap on each sale, wa?"],
)
def test_a_limit_per_order_or_each_sale_is_a_purchase_limit(question: str) -> None:
    assert "purchase-limits" in {topic.name for topic in detect_topics(question)}


def test_a_per_order_concentrate_limit_is_the_sale_limit_not_the_unit_size(
    service: AgentService,
) -> None:
    first = ask(service, "most concentrate we can sell one customer per order in seattle?")
    first = first.split("\n")[0]
    assert "7 grams of concentrate" in first


def test_a_serving_and_a_package_cap_asked_together_are_both_given(
    service: AgentService,
) -> None:
    text = ask(
        service,
        "we're a spokane kitchen doing infused cookies, whats the cap per serving and per package",
    )
    assert "10 mg" in text and "100 mg" in text
