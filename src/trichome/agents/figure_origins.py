"""Questions asking where a figure named in them comes from ("why do labs multiply THCA by
0.877?", "where does that 0.877 come from?"): the fact deriving the figure answers, not one
using it, and of those the fact working out the very figure asked leads."""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.agents.asked_terms import asked_terms
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import Passage

# The question asks where a figure comes from, not only what it is: "where does that number
# come from", "why multiply by 0.877", "how is the 0.877 derived".
_ORIGIN = re.compile(
    r"\bwhere\s+(?:does|do|did)\b(?:[^?.!]|\.\d){0,40}\bcome\s+from\b|"
    r"\bwhere\b(?:[^?.!]|\.\d){0,40}\b(?:comes|came)\s+from\b|\bwhy\b(?:[^?.!]|\.\d){0,40}"
    r"\b(?:multipl\w*|divid\w*|times|use[sd]?|that\s+number|0?\.\d+)\b|"
    r"\b(?:derived|derive|derivation|worked\s+out|origin)\b",
    re.IGNORECASE,
)
# A fact deriving a figure says what it is the ratio or result of ("the mass ratio 314.47 /
# 358.48 is 0.877"), not only how it is used ("delta-9 plus 0.877 times THCA").
_DERIVES = re.compile(
    r"\bratio\b|\d\s*/\s*\d|\bderived\b|\bcomes?\s+from\b",
    re.IGNORECASE,
)


def asks_origin_of_figure(question: str) -> bool:
    """Whether the question asks where a figure it names comes from."""
    named = any(term.kind == "figure" for term in asked_terms(question))
    return named and bool(_ORIGIN.search(question))


def derives(fact: Fact) -> bool:
    """Whether the fact says what a figure it states is the ratio or result of."""
    return bool(_DERIVES.search(fact.text))


def explaining_first(question: str, passages: Sequence[Passage]) -> tuple[Passage, ...]:
    """The passages, those deriving the figure first when the question asks where a figure
    named in it comes from; otherwise as they were."""
    if not asks_origin_of_figure(question):
        return tuple(passages)
    figures = [term.text for term in asked_terms(question) if term.kind == "figure"]
    return tuple(
        sorted(
            passages,
            key=lambda passage: (
                not derives(passage.fact),
                not any(_worked_out(passage.fact.text, figure) for figure in figures),
            ),
        )
    )


def _worked_out(text: str, figure: str) -> bool:
    """Whether a text works the figure out: a ratio or product whose result it is ("314.47 /
    358.48 is 0.877"), not a neighbouring figure worked out beside it (CBNA's 0.876)."""
    return bool(
        re.search(
            rf"\d\s*[/x\u00d7]\s*\d[\d.]*\)?\s*(?:is|=|equals|gives|comes to)\s*"
            r"(?:about\s+|roughly\s+)?"
            rf"{re.escape(figure)}(?!\d)",
            text,
        )
    )
