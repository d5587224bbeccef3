import numpy as np
import pytest

from trichome.agents.registry import AGENTS, MAIN_AGENT
from trichome.agents.router import Router, load_examples, routing_text


@pytest.fixture(scope="module")
def router() -> Router:
    return Router.from_packaged_data()


def test_the_labelled_set_covers_every_agent_with_a_held_out_part() -> None:
    examples = load_examples()
    assert len(examples) >= 2700
    for agent in AGENTS:
        mine = [e for e in examples if e.agent == agent]
        assert len(mine) >= 300, agent
        assert sum(e.split == "test" for e in mine) >= 60, agent
    # No text twice, even when case and surrounding whitespace differ (the README's rule).
    assert len({e.text.strip().lower() for e in examples}) == len(examples)


def test_held_out_questions_are_routed_accurately(router: Router) -> None:
    held_out = [e for e in load_examples() if e.split == "test"]
    predicted = router.predict([e.text for e in held_out])
    accuracy = np.mean([p == e.agent for p, e in zip(predicted, held_out, strict=True)])
    assert accuracy >= 0.95  # the target; bench/router prints the details


def test_the_compiled_classifier_matches_sklearn(router: Router) -> None:
    for example in load_examples()[:50]:
        assert np.allclose(
            router.probabilities(example.text), router.reference_probabilities(example.text)
        )


@pytest.mark.parametrize(
    ("question", "agent"),
    [
        ("What are the labelling rules for edibles in Michigan?", "compliance"),
        ("how much 85% distillate for 200 gummies at 10 mg?", "formulation"),
        ("Write an SOP for our waste disposal log", "operations"),
        ("Instagram caption ideas for our 4/20 sale", "marketing"),
        ("hello there", MAIN_AGENT),
    ],
)
def test_typical_questions_go_to_their_specialist(
    router: Router, question: str, agent: str
) -> None:
    decision = router.route(question)
    assert decision.agent == agent
    assert 0 < decision.confidence <= 1


def test_empty_text_goes_to_the_main_agent(router: Router) -> None:
    assert router.route("   ").agent == MAIN_AGENT


def test_short_follow_ups_are_routed_with_the_turn_before() -> None:
    assert routing_text(["What is the edible limit in Michigan?", "and Colorado?"]) == (
        "What is the edible limit in Michigan?\nand Colorado?"
    )
    assert routing_text(["first question here", "a longer second question stands alone"]) == (
        "a longer second question stands alone"
    )
    assert routing_text([]) == ""
