"""Whole answers, byte for byte: with the clock and the id generator fixed, a streamed answer's
SSE transcript and a completion's JSON body are compared with the files in `transcripts/`.
A change to the wire format, the grounded answer or its sources shows up here as a diff;
after reviewing it, `UPDATE_TRANSCRIPTS=1` rewrites the files."""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from tests.conftest import KeyMaker, started
from tests.services.chat.test_chat import bearer
from trichome.config import Settings
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio

TRANSCRIPTS = Path(__file__).parent / "transcripts"
MOMENT = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
QUESTIONS = {
    "decarboxylation": "What is the decarboxylation factor for THCA?",
    "calculation": "I have 500 mg THCA, how much THC after decarb?",
}


def counting_ids() -> Callable[[str], str]:
    """Ids that count up from 1 after their prefix, as a fresh server would hand them out."""
    numbers = itertools.count(1)
    return lambda prefix: f"{prefix}{next(numbers):04d}"


@pytest.fixture
async def fixed(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(settings, clock=lambda: MOMENT, ids=counting_ids())
    async with started(app) as client:
        yield client


def compare(name: str, body: str) -> None:
    path = TRANSCRIPTS / name
    if os.environ.get("UPDATE_TRANSCRIPTS"):
        TRANSCRIPTS.mkdir(exist_ok=True)
        path.write_text(body, encoding="utf-8")
    assert path.exists(), f"no transcript {name}; run with UPDATE_TRANSCRIPTS=1"
    assert body == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("question", sorted(QUESTIONS))
async def test_a_streamed_answer_is_the_same_transcript_every_time(
    fixed: httpx.AsyncClient, make_key: KeyMaker, question: str
) -> None:
    body = {
        "model": "operator-agent",
        "stream": True,
        "stream_options": {"include_usage": True},
        "messages": [{"role": "user", "content": QUESTIONS[question]}],
    }
    response = await fixed.post("/v1/chat/completions", headers=bearer(await make_key()), json=body)
    assert response.status_code == 200
    compare(f"{question}.stream.txt", response.text)


@pytest.mark.parametrize("question", sorted(QUESTIONS))
async def test_a_completion_is_the_same_body_every_time(
    fixed: httpx.AsyncClient, make_key: KeyMaker, question: str
) -> None:
    body = {
        "model": "operator-agent",
        "stream": False,
        "messages": [{"role": "user", "content": QUESTIONS[question]}],
    }
    response = await fixed.post("/v1/chat/completions", headers=bearer(await make_key()), json=body)
    assert response.status_code == 200
    compare(f"{question}.json", response.text + "\n")


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "json"])
async def test_a_response_is_the_same_every_time(
    fixed: httpx.AsyncClient, make_key: KeyMaker, stream: bool
) -> None:
    body = {"model": "operator-agent", "input": QUESTIONS["calculation"], "stream": stream}
    response = await fixed.post("/v1/responses", headers=bearer(await make_key()), json=body)
    assert response.status_code == 200
    compare(f"responses.{'stream.txt' if stream else 'json'}", response.text.rstrip("\n") + "\n")
