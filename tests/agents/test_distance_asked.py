"""Issue 19: a question asking how far apart or how far from something ("how far apart do
two outdoor grows have to be?") asks a distance; a fact of the place giving none (a
licence's classes, a fence's height) answers another question, and the engine says what
it lacks and names the regulator instead."""

from __future__ import annotations

import pytest

from tests.support.answers import answer_text as ask
from trichome.agents.figures import DISTANCE, figure_units, gives_units
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings


@pytest.fixture(scope="module")
def service() -> AgentService:
    return build_agent_service(Settings(engine="grounded"))


@pytest.mark.parametrize(
    "question",
    [
        "how far apart do two licensed grows need to be",
        "whats the minimum distance from a school for a dispensary",
        "required distance between two retail stores?",
        "how many feet from a park can we open",
    ],
)
def test_a_distance_is_asked(question: str) -> None:
    assert DISTANCE in figure_units(question)


@pytest.mark.parametrize(
    "question",
    [
        "how far in advance do we notify the board of a move",
        "how far back do the camera records have to go",
        "how far before harvest can the samples be pulled",
        "what's the fence height for an outdoor grow",
    ],
)
def test_a_time_or_a_size_is_no_distance(question: str) -> None:
    assert DISTANCE not in figure_units(question)


@pytest.mark.parametrize(
    ("text", "gives"),
    [
        ("No sign may stand within 1,000 feet of school grounds.", True),
        ("A retailer must be 500 feet from a school.", True),
        ("A 300-metre buffer applies around schools.", True),
        ("Outdoor grows sit behind an 8-foot sight-obscuring fence.", False),
        ("The licence costs $1,381 a year.", False),
    ],
)
def test_a_distance_given_is_a_length_apart_not_a_size(text: str, gives: bool) -> None:
    assert gives_units(text, frozenset({DISTANCE})) is gives


def test_a_place_with_no_distance_sourced_is_admitted_with_its_regulator(
    service: AgentService,
) -> None:
    text = ask(service, "washington producer here: how far apart must two outdoor grow sites be")
    assert "[1]" not in text
    assert "Liquor and Cannabis Board" in text


def test_a_distance_sourced_still_answers(service: AgentService) -> None:
    text = ask(service, "washington shop sign, how far from a playground does it have to be")
    assert "1,000 feet" in text
