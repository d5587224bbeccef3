"""What an OpenAI-compatible upstream's answer says, read strictly: the text, the tool-call
fragments, the finish reason and the token counts of a `chat.completion`, or of one
`chat.completion.chunk` of a streamed answer.

`content` may be a string or, as some compatible servers send it, a list of content parts
(`[{"type": "text", "text": "..."}]`), whose text parts are joined; parts of other kinds
(reasoning, for one) are left out. Any other shape in the places read here is refused as
`MalformedAnswer` (a 502 for the client, and the call is refunded) rather than passed on
to fail later, after the answer was counted as a success.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from trichome.llm.base import AnswerEvent, Finished, TextDelta, ToolCallDelta, Usage

TEXT_PART_TYPES = frozenset({"text", "output_text"})


class MalformedAnswer(ValueError):
    """The upstream's answer is JSON, but not in the shape of a chat completion."""


class ReportedError(Exception):
    """The upstream answered with an `error` object instead of (or in the middle of) an answer."""

    def __init__(self, detail: object) -> None:
        super().__init__(repr(detail)[:500])


def _object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise MalformedAnswer(f"{where} is not an object: {type(value).__name__}")
    return value


def _optional_object(value: object, where: str) -> dict[str, Any]:
    return {} if value is None else _object(value, where)


def _optional_string(value: object, where: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise MalformedAnswer(f"{where} is not a string: {type(value).__name__}")


def _count(value: object, where: str) -> int | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise MalformedAnswer(f"{where} is not a token count: {value!r:.40}")


def text_of(content: object, where: str) -> str:
    """The text of a message's or a delta's `content`: the string itself, or the text parts
    of a list of content parts joined; '' when there is none."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        found = type(content).__name__
        raise MalformedAnswer(f"{where} is neither text nor content parts: {found}")
    texts: list[str] = []
    for position, raw in enumerate(content):
        part = _object(raw, f"{where}[{position}]")
        kind = part.get("type")
        if not isinstance(kind, str):
            raise MalformedAnswer(f"{where}[{position}] has no type")
        if kind in TEXT_PART_TYPES:
            text = part.get("text")
            if not isinstance(text, str):
                raise MalformedAnswer(f"{where}[{position}].text is not a string")
            texts.append(text)
    return "".join(texts)


def tool_call_fragments(calls: object, where: str) -> list[ToolCallDelta]:
    """The tool calls (or, streamed, fragments of them) of a message or a delta."""
    if calls is None:
        return []
    if not isinstance(calls, list):
        raise MalformedAnswer(f"{where} is not a list: {type(calls).__name__}")
    fragments = []
    for position, raw in enumerate(calls):
        call = _object(raw, f"{where}[{position}]")
        index = call.get("index")
        if index is None:
            index = position
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise MalformedAnswer(f"{where}[{position}].index is not an index: {index!r:.40}")
        function = _optional_object(call.get("function"), f"{where}[{position}].function")
        fragments.append(
            ToolCallDelta(
                index=index,
                id=_optional_string(call.get("id"), f"{where}[{position}].id"),
                name=_optional_string(function.get("name"), f"{where}[{position}].function.name"),
                arguments=_optional_string(
                    function.get("arguments"), f"{where}[{position}].function.arguments"
                )
                or "",
            )
        )
    return fragments


def usage_of(raw: object) -> Usage | None:
    """The token counts an answer reports; None when it reports none (or only some)."""
    if raw is None:
        return None
    usage = _object(raw, "usage")
    prompt = _count(usage.get("prompt_tokens"), "usage.prompt_tokens")
    completion = _count(usage.get("completion_tokens"), "usage.completion_tokens")
    if prompt is None or completion is None:
        return None
    return Usage(prompt, completion)


def _finish_reason(raw: object, where: str) -> str | None:
    return _optional_string(raw, where) or None


def _checked_error(body: dict[str, Any]) -> None:
    if body.get("error") is not None:
        raise ReportedError(body["error"])


def completion_events(payload: object) -> list[AnswerEvent]:
    """The events of a whole `chat.completion`: its text, its tool calls, then `Finished` when
    it says how it finished.

    Raises:
        MalformedAnswer: the body is not a chat completion.
        ReportedError: the body is an error object.
    """
    body = _object(payload, "the answer")
    _checked_error(body)
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices:
        raise MalformedAnswer("the answer has no choices")
    choice = _object(choices[0], "choices[0]")
    message = _optional_object(choice.get("message"), "choices[0].message")
    events: list[AnswerEvent] = []
    text = text_of(message.get("content"), "choices[0].message.content")
    if text:
        events.append(TextDelta(text))
    events.extend(tool_call_fragments(message.get("tool_calls"), "choices[0].message.tool_calls"))
    reason = _finish_reason(choice.get("finish_reason"), "choices[0].finish_reason")
    usage = usage_of(body.get("usage"))
    if reason is not None:
        events.append(Finished(reason, usage))
    return events


@dataclass(slots=True)
class ChunkReading:
    """What one streamed chunk says: its text and tool-call fragments, and the finish reason
    and token counts it carries, if any."""

    events: list[TextDelta | ToolCallDelta] = field(default_factory=list)
    finish_reason: str | None = None
    usage: Usage | None = None


def read_chunk(payload: object) -> ChunkReading:
    """One `chat.completion.chunk`, read (only its first choice counts).

    A chunk without `choices` is read as one with none (some servers send the closing usage
    chunk so); a stream whose chunks never finish fails as incomplete.

    Raises:
        MalformedAnswer: the chunk is not a chat completion chunk.
        ReportedError: the chunk is an error object.
    """
    chunk = _object(payload, "a chunk")
    _checked_error(chunk)
    reading = ChunkReading(usage=usage_of(chunk.get("usage")))
    choices = chunk.get("choices")
    if choices is None:
        return reading
    if not isinstance(choices, list):
        raise MalformedAnswer(f"a chunk's choices is not a list: {type(choices).__name__}")
    if not choices:
        return reading
    choice = _object(choices[0], "a chunk's choices[0]")
    delta = _optional_object(choice.get("delta"), "a chunk's delta")
    text = text_of(delta.get("content"), "a chunk's delta.content")
    if text:
        reading.events.append(TextDelta(text))
    reading.events.extend(tool_call_fragments(delta.get("tool_calls"), "a chunk's tool_calls"))
    reading.finish_reason = _finish_reason(choice.get("finish_reason"), "a chunk's finish_reason")
    return reading
