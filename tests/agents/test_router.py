import zipfile
from pathlib import Path

import numpy as np
import pytest

from trichome.agents.registry import AGENTS, MAIN_AGENT
from trichome.agents.router import (
    Router,
    _pipeline,
    char_word_grams,
    load_examples,
    routing_text,
    word_grams,
)


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


@pytest.fixture(scope="module")
def trained() -> Router:
    return Router.train([e for e in load_examples() if e.split == "train"])


def test_the_compiled_classifier_matches_sklearn(trained: Router) -> None:
    for example in load_examples()[:50]:
        assert np.allclose(
            trained.probabilities(example.text), trained.reference_probabilities(example.text)
        )


def test_a_saved_router_reads_back_the_same(trained: Router, tmp_path: Path) -> None:
    # Workers read the router fitted once on the machine instead of fitting it each.
    trained.save(tmp_path / "router.npz")
    loaded = Router.load(tmp_path / "router.npz")
    assert loaded.labels == trained.labels
    for example in load_examples()[:200]:
        assert np.allclose(loaded.probabilities(example.text), trained.probabilities(example.text))
    with pytest.raises(RuntimeError):
        loaded.reference_probabilities("hello")


def test_the_router_reads_text_as_sklearn_would_without_importing_it() -> None:
    # A worker reads the fitted router with analyzers of its own (sklearn takes seconds to
    # import); they must see exactly the terms the fitted vectorizers saw.
    words, chars = (v.build_analyzer() for _, v in _pipeline().steps[0][1].transformer_list)
    texts = [e.text for e in load_examples()] + [
        "",
        "a",
        "  Δ9-THC   at 0.3%\tin   Québec?!",
        "it's 10mg/serving — is that OK??",
        "x y z 1 2 3",
    ]
    for text in texts:
        assert sorted(word_grams(text)) == sorted(words(text)), text
        assert sorted(char_word_grams(text)) == sorted(chars(text)), text


def test_a_damaged_saved_router_is_refused(trained: Router, tmp_path: Path) -> None:
    (tmp_path / "junk.npz").write_bytes(b"not a router")
    with pytest.raises(ValueError):
        Router.load(tmp_path / "junk.npz")
    trained.save(tmp_path / "router.npz")  # cut short, as by a full disk
    (tmp_path / "cut.npz").write_bytes((tmp_path / "router.npz").read_bytes()[:1000])
    with pytest.raises(zipfile.BadZipFile):
        Router.load(tmp_path / "cut.npz")


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


@pytest.mark.parametrize(
    "question",
    [
        "section 280e: what can a dispensary still deduct",
        "which federal agency told banks how to handle marijuana customers",
        "irs 280e and our gross margin, how does it work",
    ],
)
def test_federal_tax_and_banking_go_to_the_main_agent(router: Router, question: str) -> None:
    """280E and federal banking guidance are the main agent's (its general-federal-status
    pack holds them; a state's taxes are the compliance specialist's)."""
    assert router.route(question).agent == MAIN_AGENT


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


@pytest.mark.parametrize(
    "follow_up",
    [
        "and what if the second run tests at 84% instead?",
        "ok now scale it to 2500 pieces with 3% loss",
        "what about the same thing for a 500 ml tincture bottle",
        "does that change if the store is medical only",
    ],
)
def test_a_longer_turn_that_goes_on_from_the_last_is_routed_with_it(follow_up: str) -> None:
    first = "need 1000 gummies at 10 mg from distillate at 90%, how many grams"
    assert routing_text([first, follow_up]) == f"{first}\n{follow_up}"


@pytest.mark.parametrize(
    ("latest", "question"),
    [
        (
            "unrelated question: and what is the osha limit for co2 in a grow room",
            "and what is the osha limit for co2 in a grow room",
        ),
        (
            "haha ok fine, serious q: how long do we keep visitor logs",
            "how long do we keep visitor logs",
        ),
        (
            "different topic - best way to price our new vape line",
            "best way to price our new vape line",
        ),
    ],
)
def test_a_turn_that_says_it_changes_the_subject_is_routed_alone(
    latest: str, question: str
) -> None:
    """Only what follows the change of subject is routed, never the turn before."""
    assert routing_text(["what's the dli at 900 ppfd for 12 hours", latest]) == question
    assert routing_text([latest]) == question


def test_a_change_of_subject_with_little_after_it_is_routed_whole() -> None:
    assert routing_text(["tell me a joke", "ok, new topic: metrc?"]) == "ok, new topic: metrc?"


def test_a_follow_up_goes_to_the_agent_of_the_conversation(router: Router) -> None:
    turns = [
        "our gummy batch was labelled 10 mg and tested 8.7 mg, within 15%?",
        "and if it was 11.6?",
    ]
    assert router.route(routing_text(turns)).agent == router.route(turns[0]).agent
