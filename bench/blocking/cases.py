"""The worst single requests a client can send, each built just inside (or just past) the
limit that bounds it: the longest message, the largest body, the deepest nesting."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import chain
from typing import Any, Literal

import orjson

from bench.kb.vocabulary import CATEGORIES, FILLER, SHARED
from trichome.config import Settings
from trichome.services.kb.schemas import MAX_MESSAGE_CHARS as KB_MESSAGE_CHARS

Service = Literal["chat", "kb"]
# Room left in a maximum-size body for everything around the messages' text.
BODY_MARGIN = 4096
NESTING_DEPTH = 1_000_000


@dataclass(frozen=True, slots=True)
class Case:
    """One kind of request: where it goes, its body, and the status it must get."""

    name: str
    service: Service
    path: str
    body: bytes
    expect: int
    with_key: bool = False
    stream: bool = False


def trade_text(chars: int, seed: int) -> str:
    """Exactly `chars` characters of the trade's words: every word counts for the router and
    retrieval, which is the expensive case (filler would be cheaper to read)."""
    words = list(chain(SHARED, FILLER, *(terms for terms, _ in CATEGORIES.values())))
    pick = random.Random(seed).choice
    parts: list[str] = []
    length = 0
    while length < chars:
        parts.append(pick(words))
        length += len(parts[-1]) + 1
    return " ".join(parts)[:chars].rstrip().ljust(chars, ".")


def _json(value: dict[str, Any]) -> bytes:
    return orjson.dumps(value)


def _chat(model: str, messages: list[dict[str, str]], *, stream: bool) -> bytes:
    return _json({"model": model, "stream": stream, "messages": messages})


def _many_messages(model: str, chars: int, body_bytes: int, *, stream: bool) -> bytes:
    """Turns of `chars` characters, user and assistant in turn ending with a user's, as many
    as fit in a body of `body_bytes`."""
    messages: list[dict[str, str]] = []
    for turn in range(body_bytes // chars + 1):
        role = "user" if turn % 2 == 0 else "assistant"
        candidate = [*messages, {"role": role, "content": trade_text(chars, seed=turn)}]
        if len(_chat(model, candidate, stream=stream)) > body_bytes - BODY_MARGIN:
            break
        messages = candidate
    if messages[-1]["role"] != "user":
        messages.pop()
    return _chat(model, messages, stream=stream)


def _deeply_nested(depth: int) -> bytes:
    """A chat request whose tool's parameters hold `depth` nested arrays."""
    nested = b"[" * depth + b"]" * depth
    return (
        b'{"model":"operator-agent","messages":[{"role":"user","content":"hi"}],'
        b'"tools":[{"type":"function","function":{"name":"f","parameters":'
        b'{"type":"object","x":' + nested + b"}}}]}"
    )


def chat_cases(settings: Settings) -> list[Case]:
    """Every kind of request to the chat API, streamed and not where it answers."""
    longest = settings.max_message_chars
    largest = settings.max_request_bytes
    question = trade_text(longest, seed=1)
    cases: list[Case] = []
    for stream in (False, True):
        suffix = ", streamed" if stream else ""
        anonymous = _chat("free-agent", [{"role": "user", "content": question}], stream=stream)
        keyed = _chat("operator-agent", [{"role": "user", "content": question}], stream=stream)
        long_input = _json({"model": "operator-agent", "input": question, "stream": stream})
        many = _many_messages("operator-agent", longest, largest, stream=stream)
        cases += [
            Case(f"longest question, anonymous{suffix}", "chat", "/v1/chat/completions",
                 anonymous, 200, stream=stream),
            Case(f"longest question, with a key{suffix}", "chat", "/v1/chat/completions",
                 keyed, 200, with_key=True, stream=stream),
            Case(f"largest body of many messages{suffix}", "chat", "/v1/chat/completions",
                 many, 200, with_key=True, stream=stream),
            Case(f"/v1/responses, longest input{suffix}", "chat", "/v1/responses",
                 long_input, 200, with_key=True, stream=stream),
        ]  # fmt: skip
    over = trade_text(longest + 1, seed=2)
    huge = (
        b'{"model":"free-agent","messages":[{"role":"user","content":"'
        + b"a" * (4 * largest)
        + b'"}]}'
    )
    cases += [
        Case("question over the cap (400)", "chat", "/v1/chat/completions",
             _chat("free-agent", [{"role": "user", "content": over}], stream=False), 400),
        Case("body 4x the size limit (413)", "chat", "/v1/chat/completions", huge, 413),
        Case(f"nested {NESTING_DEPTH:,} deep (400)", "chat", "/v1/chat/completions",
             _deeply_nested(NESTING_DEPTH), 400, with_key=True),
    ]  # fmt: skip
    return cases


def kb_cases() -> list[Case]:
    """The knowledge base's chat endpoints with their longest message."""
    message = trade_text(KB_MESSAGE_CHARS, seed=3)
    cases = [Case("kb /api/chat, longest message", "kb", "/api/chat",
                  _json({"message": message}), 200)]  # fmt: skip
    for stream in (False, True):
        body = _chat("knowledge-base", [{"role": "user", "content": message}], stream=stream)
        name = f"kb /v1/chat/completions, longest{', streamed' if stream else ''}"
        cases.append(Case(name, "kb", "/v1/chat/completions", body, 200, stream=stream))
    return cases
