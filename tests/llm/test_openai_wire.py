"""An upstream's chat completion, read strictly: content as text or as content parts (their
text parts joined), and any other shape in the places read refused as MalformedAnswer."""

from __future__ import annotations

from typing import Any

import pytest

from trichome.llm.base import Finished, TextDelta, ToolCallDelta, Usage
from trichome.llm.openai_wire import (
    MalformedAnswer,
    ReportedError,
    completion_events,
    read_chunk,
    text_of,
)

USAGE = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}


def completion(message: object, finish: object = "stop", **extra: object) -> dict[str, Any]:
    choice = {"index": 0, "message": message, "finish_reason": finish}
    return {"object": "chat.completion", "choices": [choice], "usage": USAGE, **extra}


def chunk(delta: object, finish: object = None, **extra: object) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {"object": "chat.completion.chunk", "choices": [choice], **extra}


def test_content_parts_give_their_text_parts_joined() -> None:
    parts = [
        {"type": "text", "text": "The factor "},
        {"type": "reasoning", "text": "not for the client"},
        {"type": "thinking", "thinking": [{"type": "text", "text": "nor this"}]},
        {"type": "output_text", "text": "is 0.877."},
    ]
    assert text_of(parts, "content") == "The factor is 0.877."
    assert text_of("plain", "content") == "plain"
    assert text_of(None, "content") == text_of([], "content") == ""
    assert completion_events(completion({"role": "assistant", "content": parts})) == [
        TextDelta("The factor is 0.877."),
        Finished("stop", Usage(11, 7)),
    ]
    assert read_chunk(chunk({"content": parts[:1]})).events == [TextDelta("The factor ")]


def test_a_whole_answer_gives_its_text_tool_calls_and_end() -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    events = completion_events(
        completion({"content": None, "tool_calls": [call]}, "tool_calls", usage=None)
    )
    assert events == [ToolCallDelta(0, "c1", "f", "{}"), Finished("tool_calls", None)]
    assert completion_events(completion({"content": "x"}, None)) == [TextDelta("x")]


def test_a_chunk_gives_its_fragments_finish_reason_and_usage() -> None:
    fragment = {"index": 1, "function": {"arguments": '{"a"'}}
    reading = read_chunk(chunk({"tool_calls": [fragment]}, "tool_calls", usage=USAGE))
    assert reading.events == [ToolCallDelta(1, None, None, '{"a"')]
    assert (reading.finish_reason, reading.usage) == ("tool_calls", Usage(11, 7))
    closing = read_chunk({"usage": USAGE})  # no choices at all: some servers end so
    assert (closing.events, closing.usage) == ([], Usage(11, 7))
    assert read_chunk(chunk(None)).events == []
    partial = read_chunk({"choices": [], "usage": {"prompt_tokens": 3}})
    assert partial.usage is None  # counts only some: unknown, estimated later


MALFORMED_MESSAGES = {
    "numeric content": {"content": 0.877},
    "content object": {"content": {"text": "x"}},
    "a part not an object": {"content": ["x"]},
    "a part without type": {"content": [{"text": "x"}]},
    "a text part's text not a string": {"content": [{"type": "text", "text": 1}]},
    "tool_calls not a list": {"tool_calls": {"id": "c"}},
    "a tool call not an object": {"tool_calls": ["c"]},
    "arguments not a string": {"tool_calls": [{"function": {"name": "f", "arguments": {}}}]},
    "name not a string": {"tool_calls": [{"function": {"name": 3}}]},
    "function not an object": {"tool_calls": [{"function": "f"}]},
    "index not an index": {"tool_calls": [{"index": "0", "function": {"name": "f"}}]},
    "negative index": {"tool_calls": [{"index": -1, "function": {"name": "f"}}]},
}


@pytest.mark.parametrize("message", MALFORMED_MESSAGES.values(), ids=MALFORMED_MESSAGES.keys())
def test_a_malformed_message_or_delta_is_refused(message: dict[str, Any]) -> None:
    with pytest.raises(MalformedAnswer):
        completion_events(completion(message))
    with pytest.raises(MalformedAnswer):
        read_chunk(chunk(message))


MALFORMED_COMPLETIONS = {
    "not an object": [completion({"content": "x"})],
    "choices missing": {"object": "chat.completion", "usage": USAGE},
    "choices empty": {"choices": []},
    "choices not a list": {"choices": {"0": {}}},
    "a choice not an object": {"choices": ["x"]},
    "message not an object": completion("x"),
    "finish_reason not a string": completion({"content": "x"}, 1),
    "usage not an object": completion({"content": "x"}, usage=[11, 7]),
    "usage counts as strings": completion({"content": "x"}, usage={"prompt_tokens": "11",
                                                                   "completion_tokens": 7}),
    "usage counts as booleans": completion({"content": "x"}, usage={"prompt_tokens": True,
                                                                    "completion_tokens": 7}),
    "negative usage": completion({"content": "x"}, usage={"prompt_tokens": -1,
                                                          "completion_tokens": 7}),
    "fractional usage": completion({"content": "x"}, usage={"prompt_tokens": 1.5,
                                                            "completion_tokens": 7}),
}  # fmt: skip


@pytest.mark.parametrize("body", MALFORMED_COMPLETIONS.values(), ids=MALFORMED_COMPLETIONS.keys())
def test_a_malformed_completion_is_refused(body: object) -> None:
    with pytest.raises(MalformedAnswer):
        completion_events(body)


MALFORMED_CHUNKS = {
    "not an object": "data",
    "choices not a list": {"choices": "x"},
    "a choice not an object": {"choices": [1]},
    "delta not an object": chunk("0.877"),
    "finish_reason not a string": chunk({}, ["stop"]),
    "usage counts as strings": chunk({}, usage={"prompt_tokens": "11", "completion_tokens": 7}),
}


@pytest.mark.parametrize("body", MALFORMED_CHUNKS.values(), ids=MALFORMED_CHUNKS.keys())
def test_a_malformed_chunk_is_refused(body: object) -> None:
    with pytest.raises(MalformedAnswer):
        read_chunk(body)


def test_an_error_object_is_reported_and_a_null_error_is_not() -> None:
    with pytest.raises(ReportedError):
        completion_events({"error": {"message": "overloaded"}})
    with pytest.raises(ReportedError):
        read_chunk({"error": {"message": "overloaded"}})
    assert read_chunk(chunk({"content": "x"}, error=None)).events == [TextDelta("x")]
