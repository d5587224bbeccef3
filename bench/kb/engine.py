"""The raw engine, in the benchmark's own process, on the server's index directory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import tantivy

from bench.kb.latency import RESULT_LIMIT
from trichome.forum.index import SCHEMA, TITLE_BOOST, ThreadIndex, query_terms


def engine_search(index: ThreadIndex) -> Callable[[str], object]:
    """What the API's search does below HTTP: `ThreadIndex.search` (the top 10 with their
    stored fields and a highlighted snippet each)."""

    def search(query: str) -> object:
        return index.search(query, limit=RESULT_LIMIT)

    return search


def tantivy_search(path: Path) -> Callable[[str], object]:
    """Tantivy's part of `ThreadIndex.search` alone: the same query parsed and scored, the
    top 10 addresses and the count; no stored documents, no snippets."""
    index = tantivy.Index(SCHEMA, path=str(path), reuse=True)

    def search(query: str) -> object:
        parsed = index.parse_query(
            " ".join(query_terms(query)), ["title", "body"], field_boosts={"title": TITLE_BOOST}
        )
        return index.searcher().search(parsed, RESULT_LIMIT, count=True)

    return search
