"""The search strings both sides run: a fixed, seeded set of what forum members type.

Four kinds, mixed: one or two trade terms of a category; a short question in the posters'
words; words taken from real thread titles (from the first threads, which every corpus
size holds); and terms of two different categories together.
"""

from __future__ import annotations

import random

from bench.kb.generate import ThreadGenerator
from bench.kb.vocabulary import CATEGORIES, FILLER, NUMERIC, OPENERS, SHARED

QUERY_SEED = 8002
# Titles are drawn from the first threads, so the set is the same for every corpus size.
TITLE_POOL = 2_000


def _terms(rng: random.Random, count: int) -> list[str]:
    terms, _ = CATEGORIES[rng.choice(list(CATEGORIES))]
    return rng.sample(terms, k=count)


def _question(rng: random.Random) -> str:
    words = rng.choice(OPENERS).split()[:2]
    words += _terms(rng, rng.randint(1, 2))
    if rng.random() < 0.5:
        words.append(rng.choice(SHARED))
    return " ".join(words[:5])


def _from_title(rng: random.Random, titles: list[str]) -> str:
    words = rng.choice(titles).rstrip("?").split()
    meaningful = [word for word in words if word.lower() not in FILLER] or words
    count = min(len(meaningful), rng.randint(2, 5))
    start = rng.randrange(len(meaningful) - count + 1)
    return " ".join(meaningful[start : start + count])


def _across(rng: random.Random) -> str:
    first, second = rng.sample(list(CATEGORIES), k=2)
    words = [rng.choice(CATEGORIES[first][0]), rng.choice(CATEGORIES[second][0])]
    if rng.random() < 0.3:
        words.append(rng.choice(NUMERIC))
    return " ".join(words)


def build_queries(count: int) -> list[str]:
    """`count` search strings of 1-5 words, the same on every run."""
    rng = random.Random(QUERY_SEED)
    titles = [thread["title"] for thread in ThreadGenerator().threads(TITLE_POOL)]
    queries = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.35:
            query = " ".join(_terms(rng, rng.randint(1, 2)))
        elif kind < 0.6:
            query = _question(rng)
        elif kind < 0.85:
            query = _from_title(rng, titles)
        else:
            query = _across(rng)
        queries.append(query)
    return queries
