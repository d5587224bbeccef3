"""When /v1/responses goes to the web: low pack confidence, fresh facts, or the caller's choice."""

from __future__ import annotations

from datetime import date

import pytest

from trichome.websearch.decide import Why, decide, freshness

REVIEWED = date(2026, 11, 21)


@pytest.mark.parametrize(
    "question",
    [
        "What's the latest news on Metrc in Michigan?",
        "What are wholesale flower prices in Colorado?",
        "Which new rules did California announce?",
        "What changed this month for hemp THC?",
        "Is the rule different today?",
    ],
)
def test_questions_about_what_changes_need_fresh_facts(question: str) -> None:
    assert freshness(question, REVIEWED) is not None
    decision = decide(question, 0.9, threshold=0.5, packs_reviewed=REVIEWED)
    assert decision.search
    assert decision.why is Why.FRESH_FACTS


@pytest.mark.parametrize(
    "question",
    ["What will the Michigan edible limit be in March 2027?", "Rules from 2027-01-05 on"],
)
def test_a_date_past_the_packs_review_needs_fresh_facts(question: str) -> None:
    reason = freshness(question, REVIEWED)
    assert reason is not None and "2026-11-21" in reason


def test_dates_before_the_review_and_timeless_questions_do_not() -> None:
    assert freshness("What did the rule say in June 2025?", REVIEWED) is None
    assert freshness("What is the decarboxylation factor for THCA?", REVIEWED) is None
    # Without a review date, a date alone proves nothing.
    assert freshness("What applies in March 2027?", None) is None


def test_low_confidence_searches_and_says_by_how_much() -> None:
    decision = decide("How do I wax a surfboard?", 0.12, threshold=0.5, packs_reviewed=REVIEWED)
    assert decision.search and decision.why is Why.LOW_CONFIDENCE
    assert "0.12" in decision.detail and "0.50" in decision.detail


def test_a_confident_timeless_answer_stays_with_the_packs() -> None:
    decision = decide(
        "What is the THC limit per serving of edibles in Michigan?",
        0.8,
        threshold=0.5,
        packs_reviewed=REVIEWED,
    )
    assert not decision.search and decision.why is Why.CONFIDENT


def test_the_threshold_is_the_boundary() -> None:
    question = "What is the decarboxylation factor?"
    assert not decide(question, 0.5, threshold=0.5, packs_reviewed=None).search
    assert decide(question, 0.49, threshold=0.5, packs_reviewed=None).search
    assert not decide(question, 0.2, threshold=0.0, packs_reviewed=None).search


def test_the_callers_tool_choice_wins() -> None:
    off = decide("latest news", 0.0, threshold=0.5, packs_reviewed=None, tool_choice="none")
    assert not off.search and off.why is Why.DISABLED
    forced = decide("THCA factor", 1.0, threshold=0.5, packs_reviewed=None, tool_choice="required")
    assert forced.search and forced.why is Why.REQUESTED
