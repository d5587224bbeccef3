"""Cited answers: every citation points at a retrieved thread that holds the quoted words."""

from __future__ import annotations

import copy
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from tests.forum.conftest import THREADS, jsonl, thread
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.forum.answers import NO_MATCH
from trichome.forum.service import ForumKnowledgeBase
from trichome.llm.base import ChatTurn, Finished, TextDelta

pytestmark = pytest.mark.anyio
_QUOTE = re.compile(r'^- (?P<author>[^:]+): "(?P<quote>.+)" \[(?P<number>\d+)\]$', re.MULTILINE)


@asynccontextmanager
async def _knowledge(
    settings: Settings, threads: list[dict[str, Any]]
) -> AsyncIterator[ForumKnowledgeBase]:
    """A knowledge base holding only `threads` (its own index, on a cleared database)."""
    engine = create_engine(settings)
    knowledge = ForumKnowledgeBase(settings, create_sessionmaker(engine))
    try:
        await knowledge.import_jsonl(jsonl(threads))
        yield knowledge
    finally:
        await engine.dispose()


async def _answer(forum: ForumKnowledgeBase, question: str) -> tuple[str, object]:
    reply = await forum.reply([ChatTurn("user", question)])
    text = ""
    async for event in reply.events:
        if isinstance(event, TextDelta):
            text += event.text
        else:
            assert isinstance(event, Finished)
    return text, reply.citations(text)


@pytest.mark.parametrize(
    ("question", "expected_title"),
    [
        ("Why does my winterization filter keep clogging?", THREADS[0]["title"]),
        ("What water activity do labs accept for flower?", THREADS[2]["title"]),
        ("plate temperature for pressing fresh frozen hash", THREADS[3]["title"]),
    ],
)
async def test_citations_point_at_threads_that_contain_the_cited_words(
    forum: ForumKnowledgeBase, question: str, expected_title: str
) -> None:
    text, citations = await _answer(forum, question)
    assert citations, text
    by_number = {c.number: c for c in citations}  # type: ignore[attr-defined]
    assert by_number[1].title == expected_title
    stored = await forum.threads([c.thread_id for c in by_number.values()])
    quotes = list(_QUOTE.finditer(text))
    assert quotes, text
    for match in quotes:
        cited = by_number[int(match["number"])]
        posts = stored[cited.thread_id].record.posts
        assert any(match["quote"] in p.content and p.author == match["author"] for p in posts), (
            match.group(0)
        )
    for citation in by_number.values():
        assert f"[{citation.number}] [{citation.title}]({citation.url})" in text


async def test_a_reply_is_quoted_before_the_opening_question(forum: ForumKnowledgeBase) -> None:
    text, _ = await _answer(forum, "is a dark period before harvest worth it")
    first = _QUOTE.search(text)
    assert first is not None and first["author"] == "terp_farmer_ok"


@pytest.mark.parametrize(
    "question", ["best pizza dough recipe", "pizza dough for winterization", "", "???"]
)
async def test_no_matching_thread_says_so(forum: ForumKnowledgeBase, question: str) -> None:
    text, citations = await _answer(forum, question)
    assert text == NO_MATCH
    assert citations == ()


async def test_the_latest_user_message_is_the_question(forum: ForumKnowledgeBase) -> None:
    reply = await forum.reply(
        [
            ChatTurn("user", "best pizza dough recipe"),
            ChatTurn("assistant", NO_MATCH),
            ChatTurn("user", "Which Metrc adjustment reason covers drying loss?"),
        ]
    )
    assert reply.retrieval.sources[0].hit.title == THREADS[4]["title"]


async def test_the_accepted_answer_is_quoted_and_cited_first(kb_settings: Settings) -> None:
    question = "Why does my winterization filter keep clogging?"
    marked = copy.deepcopy(THREADS[0])
    marked["posts"][1]["accepted"] = True  # qa_mireille's: let the waxes settle
    for threads, author, post_number in ((THREADS, "hashhound", 3), ([marked], "qa_mireille", 2)):
        async with _knowledge(kb_settings, threads) as forum:
            text, citations = await _answer(forum, question)
        first = _QUOTE.search(text)
        assert first is not None and first["author"] == author, text
        assert citations[0].post_number == post_number  # type: ignore[index]


async def test_the_askers_report_of_what_worked_comes_before_the_question(
    kb_settings: Settings,
) -> None:
    resolved = thread(
        8,
        "Rosin bags blowing out at the seams",
        "Extraction",
        ("hashhound", "My 25 micron rosin bags keep blowing out at the seams at 1000 psi."),
        ("lab_lorenzo", "Cheap rosin bags blow out at the seams, try another brand of bag."),
        (
            "hashhound",
            "Fixed: my rosin bags no longer blow out at the seams since I ramp slowly to 1000 psi.",
        ),
    )
    async with _knowledge(kb_settings, [resolved]) as forum:
        text, citations = await _answer(forum, "rosin bags blowing out at the seams")
    first = _QUOTE.search(text)
    assert first is not None and first["quote"].startswith("Fixed:"), text
    assert citations[0].post_number == 3  # type: ignore[index]
