"""A request for a definition is read in shop talk and texting as in plain words."""

from __future__ import annotations

import pytest

from trichome.agents.definitions_asked import defined_term


@pytest.mark.parametrize(
    ("text", "term"),
    [
        ("wtf is thca", "thca"),
        ("wth is live resin", "live resin"),
        ("what the hell is a terp", "terp"),
        ("what exactly is rso", "rso"),
        ("what is thca even", "thca"),
        ("whats RSO stand for", "RSO"),
        ("whats thca mean", "thca"),
        ("wtf does bho mean lol", "bho"),
        ("what does bho mean", "bho"),
        ("rso stands for?", "rso"),
    ],
)
def test_slang_and_shorthand_ask_for_a_definition(text: str, term: str) -> None:
    assert defined_term(text) == term


@pytest.mark.parametrize(
    "text",
    [
        "wtf is going on with the rules in michigan",
        "what is a good price for an eighth in denver",
        "what is the purchase limit in michigan",
    ],
)
def test_a_longer_question_asks_no_definition(text: str) -> None:
    assert defined_term(text) is None
