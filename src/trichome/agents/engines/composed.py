"""A grounded answer as the user gets it: text citing `[n]` and its numbered sources."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import orjson

from trichome.knowledge.packs import Fact


def label(fact: Fact) -> str:
    """ "Illinois: " before a fact's text, unless the text names its place first."""
    name = fact.jurisdiction_name
    # Not "Nebraska: In Nebraska, ...": a text naming its place first needs no label.
    prefix = f"{name}: " if name and name not in fact.text[: len(name) + 4] else ""
    return prefix + fact.pending_note


def sources_block(facts: Sequence[Fact]) -> str:
    """The numbered list of sources under an answer."""
    lines = []
    for number, fact in enumerate(facts, start=1):
        source = fact.sources[0]
        lines.append(f"[{number}] {source.title}, {source.section}: {source.url}")
    return "Sources:\n" + "\n".join(lines)


@dataclass(frozen=True, slots=True)
class ComposedAnswer:
    """A grounded answer: its text, citing `[n]`, and the facts numbered from 1."""

    text: str
    sources: tuple[Fact, ...] = ()

    def as_text(self) -> str:
        """The answer followed by its numbered sources."""
        if not self.sources:
            return self.text
        return f"{self.text}\n\n{sources_block(self.sources)}"

    def as_json(self, agent: str) -> str:
        """The answer as the JSON object of `response_format: {"type": "json_object"}`."""
        sources = [
            {
                "number": number,
                "title": fact.sources[0].title,
                "section": fact.sources[0].section,
                "url": fact.sources[0].url,
            }
            for number, fact in enumerate(self.sources, start=1)
        ]
        body = {"answer": self.text, "agent": agent, "sources": sources}
        return orjson.dumps(body).decode()
