"""Batch sizes a recipe is scaled between, written as a range ("from 30 ml up to 2 liters"),
as the pieces made and a bare number wanted ("60 brownies ... how many cups for 150?"), or as
a bare number the recipe makes and the pieces wanted ("makes 60 ... scaling to 150 cookies")."""

from __future__ import annotations

import re

from trichome.agents.calculation_questions import Question, piece_counts
from trichome.agents.quantities import Quantity


def stated_sizes(question: Question) -> list[Quantity]:
    """The old and new batch sizes, when the question writes them in one of those ways."""
    text = question.text
    amounts = question.find("mass", "volume")
    starts = [q for q in amounts if re.search(r"\bfrom\s+$", text[max(0, q.start - 6) : q.start])]
    for start in starts:
        ends = [
            q
            for q in amounts
            if q.kind == start.kind
            and q.start > start.end
            and re.search(r"\b(?:up\s+|down\s+)?to\s+$", text[max(0, q.start - 10) : q.start])
        ]
        if ends:
            return [start, ends[0]]
    made = piece_counts(question)
    wanted = [
        q
        for q in question.find("number")
        if re.search(r"\b(?:for|make|making|to)\s+$", text[max(0, q.start - 8) : q.start])
        and q.value == int(q.value)
    ]
    if (
        len(made) == 1
        and len(wanted) == 1
        and question.says(r"\bbatch|recipe|\buses\b|calls\s+for")
    ):
        return [made[0], wanted[0]]
    # "recipe makes 60: ..., scaling to 150 cookies": the recipe's yield is the bare number,
    # the pieces counted are the batch wanted.
    yielded = [
        q
        for q in question.find("number")
        if re.search(
            r"\b(?:makes?|made|yields?|serves|gives)\s+(?:about\s+|around\s+|roughly\s+)?$",
            text[max(0, q.start - 20) : q.start],
            re.IGNORECASE,
        )
        and q.value == int(q.value)
    ]
    targets = [
        q
        for q in made
        if re.search(r"\b(?:to|for|into|make|making|get)\s+$", text[max(0, q.start - 8) : q.start])
    ]
    if len(yielded) == 1 and len(targets) == 1 and question.says(r"\bbatch|recipe"):
        return [yielded[0], targets[0]]
    return []
