"""Synthetic forum threads in `trichome kb import`'s JSON Lines format, from a seeded `random`.

Shaped like the sample corpus: six categories; titles of 5-12 words; 2-15 posts a thread,
most threads short; posts of 20-250 words, most under 80. Each thread has a few focus terms
of its category that its title names and its posts repeat, over a Zipf-like mix of common
English and the trade's vocabulary. Threads come from one random stream in order, so a
smaller corpus is the first threads of a larger one and the corpora are stable across runs.

`python -m bench.kb.generate SIZE [PATH]` writes one corpus (default: the cached file).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path
from typing import Any

import orjson

from bench.kb.vocabulary import (
    CATEGORIES,
    CLOSERS,
    FILLER,
    NUMERIC,
    OPENERS,
    SHARED,
    USERNAME_PARTS,
)

# Bump when the output changes: cached corpora of another version are regenerated.
GENERATOR_VERSION = 1
SEED = 7061
HOST = "bench.forum.example"
WORK = Path(__file__).resolve().parent.parent / ".work" / "kb"

# Zipf-Mandelbrot ranks: "the" about 6% of words, the 30 commonest about half.
ZIPF_EXPONENT = 1.05
ZIPF_OFFSET = 2.7
# The most common English words lead the ranking; everything else is mixed in after them.
LEADING_FILLER = 30
FOCUS_SHARE = 0.08
AUTHORS = 3_000
FIRST_THREAD_AT = 1_546_300_800  # 2019-01-01T00:00:00Z
THREAD_GAP_SECONDS = 1_500.0  # mean; 100,000 threads span about 4.8 years
REPLY_GAP_SECONDS = 14_400.0  # mean
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


@dataclass(frozen=True, slots=True)
class Category:
    """A category's words ranked for drawing (Zipf weights, cumulative) and its own terms."""

    name: str
    terms: tuple[str, ...]
    tags: tuple[str, ...]
    words: tuple[str, ...]
    cumulative: tuple[float, ...]


def _categories(rng: random.Random) -> tuple[Category, ...]:
    built = []
    for name, (terms, tags) in CATEGORIES.items():
        own = tuple(dict.fromkeys(terms))
        rest = list(dict.fromkeys([*FILLER[LEADING_FILLER:], *own, *SHARED, *NUMERIC]))
        rest = [word for word in rest if word not in FILLER[:LEADING_FILLER]]
        rng.shuffle(rest)
        words = tuple(dict.fromkeys([*FILLER[:LEADING_FILLER], *rest]))
        weights = [1 / (rank + ZIPF_OFFSET) ** ZIPF_EXPONENT for rank in range(1, len(words) + 1)]
        built.append(Category(name, own, tags, words, tuple(accumulate(weights))))
    return tuple(built)


def _authors(rng: random.Random) -> tuple[tuple[str, ...], tuple[float, ...]]:
    first, second = USERNAME_PARTS
    names: dict[str, None] = {}
    while len(names) < AUTHORS:
        name = f"{rng.choice(first)}_{rng.choice(second)}"
        if rng.random() < 0.6:
            name += str(rng.randrange(1, 100))
        names[name] = None
    # A few members write most of the posts.
    cumulative = tuple(accumulate(1 / rank**0.9 for rank in range(1, AUTHORS + 1)))
    return tuple(names), cumulative


def _iso(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def slugify(title: str) -> str:
    """The URL slug of a title, as Discourse makes it."""
    return _NOT_SLUG.sub("-", title.lower()).strip("-")[:80].rstrip("-")


class ThreadGenerator:
    """Threads one after another from one seeded stream (thread n is the same in every size)."""

    def __init__(self, seed: int = SEED) -> None:
        self._rng = random.Random(seed)
        self._categories = _categories(self._rng)
        self._authors, self._author_weights = _authors(self._rng)
        self._titles: set[str] = set()
        self._clock = float(FIRST_THREAD_AT)
        self._next_id = 1

    def _author(self) -> str:
        return self._rng.choices(self._authors, cum_weights=self._author_weights)[0]

    def _sentences(self, words: list[str]) -> str:
        """Words as sentences of 6-18 words: capitalised, full stops, a question now and then."""
        rng = self._rng
        parts = []
        start = 0
        while start < len(words):
            end = min(len(words), start + rng.randint(6, 18))
            sentence = " ".join(words[start:end])
            mark = "?" if rng.random() < 0.12 else "."
            parts.append(sentence[:1].upper() + sentence[1:] + mark)
            start = end
        return " ".join(parts)

    def _post_words(self, category: Category, focus: Sequence[str], count: int) -> list[str]:
        rng = self._rng
        words = rng.choices(category.words, cum_weights=category.cumulative, k=count)
        for _ in range(max(1, int(count * FOCUS_SHARE))):
            words[rng.randrange(count)] = rng.choice(focus)
        return words

    def _title(self, category: Category, focus: Sequence[str]) -> str:
        rng = self._rng
        while True:
            words = rng.choice(OPENERS).split()
            words += rng.sample(focus, k=min(len(focus), rng.randint(1, 3)))
            length = rng.randint(5, 12)
            while len(words) < length:
                pool = category.terms if rng.random() < 0.4 else category.words[:120]
                words.append(rng.choice(pool))
            title = " ".join(words[:12])
            title = title[:1].upper() + title[1:] + ("?" if rng.random() < 0.5 else "")
            if title not in self._titles:
                self._titles.add(title)
                return title

    def thread(self) -> dict[str, Any]:
        """The next thread as its JSON object."""
        rng = self._rng
        topic_id = self._next_id
        self._next_id += 1
        category = rng.choice(self._categories)
        focus = rng.sample(category.terms, k=rng.randint(3, 6))
        title = self._title(category, focus)
        slug = slugify(title)
        self._clock += rng.expovariate(1 / THREAD_GAP_SECONDS)
        moment = self._clock
        author = self._author()
        post_count = min(15, 2 + int(rng.expovariate(1 / 4.0)))
        posts = []
        for number in range(1, post_count + 1):
            length = min(250, 20 + int(rng.expovariate(1 / 50.0)))
            text = self._sentences(self._post_words(category, focus, length))
            if number == 1:
                text = f"{title.rstrip('?')}? {text} {rng.choice(CLOSERS).capitalize()}"
            else:
                moment += rng.expovariate(1 / REPLY_GAP_SECONDS)
            posts.append(
                {
                    "id": topic_id * 100 + number,
                    "post_number": number,
                    "author": author if number == 1 else self._author(),
                    "created_at": _iso(moment),
                    "content": text,
                }
            )
        return {
            "id": topic_id,
            "title": title,
            "slug": slug,
            "url": f"https://{HOST}/t/{slug}/{topic_id}",
            "category": category.name,
            "tags": rng.sample(category.tags, k=rng.randint(1, 3)),
            "author": author,
            "created_at": posts[0]["created_at"],
            "last_activity_at": posts[-1]["created_at"],
            "views": int(rng.lognormvariate(6.5, 1.0)),
            "reply_count": post_count - 1,
            "posts": posts,
        }

    def threads(self, count: int) -> Iterator[dict[str, Any]]:
        """The next `count` threads."""
        for _ in range(count):
            yield self.thread()


def corpus_path(size: int) -> Path:
    """Where the corpus of `size` threads is cached."""
    return WORK / f"threads-{size}-seed{SEED}-v{GENERATOR_VERSION}.jsonl"


def write_corpus(size: int, path: Path) -> None:
    """Write `size` threads as JSON Lines (to a temporary name first, so a cut-off run never
    leaves a partial corpus behind)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    with partial.open("wb") as stream:
        for thread in ThreadGenerator().threads(size):
            stream.write(orjson.dumps(thread))
            stream.write(b"\n")
    os.replace(partial, path)


def ensure_corpus(size: int) -> tuple[Path, float | None]:
    """The cached corpus of `size` threads, written when missing; the seconds writing took
    (None when it was cached)."""
    path = corpus_path(size)
    if path.exists():
        return path, None
    for stale in WORK.glob(f"threads-{size}-*.jsonl"):
        stale.unlink()
    started = time.perf_counter()
    write_corpus(size, path)
    return path, time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> int:
    """Write one corpus and say where and how fast."""
    parser = argparse.ArgumentParser(prog="python -m bench.kb.generate", description=__doc__)
    parser.add_argument("size", type=int, help="threads to write")
    parser.add_argument("path", nargs="?", type=Path, help="default: the benchmark's cache")
    args = parser.parse_args(argv)
    path = args.path or corpus_path(args.size)
    started = time.perf_counter()
    write_corpus(args.size, path)
    seconds = time.perf_counter() - started
    megabytes = path.stat().st_size / 1e6
    print(f"{args.size:,} threads, {megabytes:,.0f} MB in {seconds:.1f} s: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
