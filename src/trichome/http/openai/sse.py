"""Server-Sent Events of a streamed chat completion."""

from __future__ import annotations

from typing import Any

import orjson

from trichome.http.errors import ApiError


class ChunkWriter:
    """Serialises one streamed answer as SSE `data:` lines with a fixed id, created and model."""

    def __init__(self, chunk_id: str, created: int, model: str, *, include_usage: bool) -> None:
        # The invariant part of every chunk is rendered once; only choices vary.
        self._head = (
            b'data: {"id":"'
            + chunk_id.encode()
            + b'","object":"chat.completion.chunk","created":'
            + str(created).encode()
            + b',"model":'
            + orjson.dumps(model)
            + b',"system_fingerprint":null,"choices":'
        )
        self._tail = b',"usage":null}\n\n' if include_usage else b"}\n\n"
        self._role_sent = False

    def delta(
        self, content: str | None = None, tool_calls: list[dict[str, Any]] | None = None
    ) -> bytes:
        """A chunk with the next content or tool-call fragment; the first also carries the role."""
        delta: dict[str, Any] = {}
        if not self._role_sent:
            delta["role"] = "assistant"
            self._role_sent = True
        if content is not None:
            delta["content"] = content
        if tool_calls is not None:
            delta["tool_calls"] = tool_calls
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": None}
        return self._head + orjson.dumps([choice]) + self._tail

    @property
    def started(self) -> bool:
        """Whether the first delta went out."""
        return self._role_sent

    def finish(self, reason: str, extra: dict[str, Any] | None = None) -> bytes:
        """The closing chunk: an empty delta and the finish reason, and `extra`'s fields (a
        service's own, such as the knowledge base's citations) beside `choices`."""
        choice = {"index": 0, "delta": {}, "logprobs": None, "finish_reason": reason}
        fields = b"," + orjson.dumps(extra)[1:-1] if extra else b""
        return self._head + orjson.dumps([choice]) + fields + self._tail

    def usage(self, prompt_tokens: int, completion_tokens: int) -> bytes:
        """The `stream_options.include_usage` chunk: no choices, the whole usage."""
        usage = {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        }
        return self._head + b"[]," + b'"usage":' + orjson.dumps(usage) + b"}\n\n"

    @staticmethod
    def error(error: ApiError) -> bytes:
        """An error event after the stream started (the OpenAI SDK raises it as APIError)."""
        return b"data: " + orjson.dumps(error.body()) + b"\n\n"

    DONE = b"data: [DONE]\n\n"
