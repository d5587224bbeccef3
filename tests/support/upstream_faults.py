"""The scripted upstream's faulty answers (`tests/support/fake_upstream.py` serves them in
the modes named in `FAULT_MODES`), each as a whole `chat.completion` and as a stream:

* `parts`: `content` as a list of content parts, as some compatible servers send it (a
  valid answer: its text parts make the usual answer, a reasoning part is to be left out);
* `number`, `bad_parts`, `bad_arguments`, `no_choices`, `bad_delta`, `bad_usage`,
  `error_object`: JSON that is no chat completion, in one place each;
* `big_line`: a 200 MB line (a stream's one `data:` line, or a whole body without a line
  break), made lazily from one small block so the test process never holds it;
* `many_chunks`: valid chunks, 8 MiB of them in all, past the default answer cap;
* `trickle`: a first piece of text, then a keep-alive comment every 50 ms, for a minute:
  never silent long enough for a read timeout, so only the total timeout ends it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

from starlette.responses import JSONResponse, Response, StreamingResponse

PARTS_ANSWER = ["The decarboxylation ", "factor is ", "0.877 [1]."]
REASONING = {"type": "reasoning", "text": "NOT FOR THE CLIENT"}
BIG_LINE_BYTES = 200 * 1024 * 1024
MANY_CHUNKS_BYTES = 8 * 1024 * 1024
BLOCK = b"a" * 65536
TRICKLE_SECONDS = 60.0
USAGE = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
FAULT_MODES = frozenset(
    {
        "parts",
        "number",
        "bad_parts",
        "bad_arguments",
        "no_choices",
        "bad_delta",
        "bad_usage",
        "error_object",
        "big_line",
        "many_chunks",
        "trickle",
    }
)

Chunk = Callable[..., bytes]


def _call(arguments: object) -> dict[str, Any]:
    return {"index": 0, "id": "call_1", "type": "function",
            "function": {"name": "lookup_rule", "arguments": arguments}}  # fmt: skip


def _message(mode: str) -> dict[str, Any]:
    """The whole answer's message in `mode` (the ones whose fault is in the message)."""
    message: dict[str, Any] = {"role": "assistant", "content": "".join(PARTS_ANSWER)}
    if mode == "parts":
        message["content"] = [REASONING, *({"type": "text", "text": t} for t in PARTS_ANSWER)]
    elif mode == "number":
        message["content"] = 0.877
    elif mode == "bad_parts":
        message["content"] = [{"type": "text", "text": 0.877}]
    elif mode == "bad_arguments":
        message = {"role": "assistant", "content": None, "tool_calls": [_call({"state": "MI"})]}
    return message


async def _big_body(prefix: bytes) -> AsyncIterator[bytes]:
    yield prefix
    for _ in range(BIG_LINE_BYTES // len(BLOCK)):
        yield BLOCK
    yield b'"}}]}\n'


def whole(mode: str) -> Response:
    """The whole answer (`stream: false`) in a fault mode."""
    if mode == "big_line":
        prefix = b'{"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "stop",'
        return StreamingResponse(_big_body(prefix + b' "message": {"content": "'),
                                 media_type="application/json")  # fmt: skip
    if mode == "error_object":
        return JSONResponse({"error": {"message": "overloaded", "type": "server_error"}})
    body: dict[str, Any] = {"id": "upstream-1", "object": "chat.completion", "created": 0,
                            "model": "upstream-model", "usage": USAGE, "choices": [
                                {"index": 0, "message": _message(mode), "finish_reason": "stop"}]}  # fmt: skip
    if mode == "bad_arguments":
        body["choices"][0]["finish_reason"] = "tool_calls"
    elif mode == "no_choices":
        del body["choices"]
    elif mode == "bad_delta":
        body["choices"][0]["message"] = "0.877"
    elif mode == "bad_usage":
        body["usage"] = {"prompt_tokens": "11", "completion_tokens": 7}
    return JSONResponse(body)


async def _stream(mode: str, chunk: Chunk) -> AsyncIterator[bytes]:
    if mode == "big_line":
        yield b"data: "
        for _ in range(BIG_LINE_BYTES // len(BLOCK)):
            yield BLOCK
        yield b"\n\n"
        return
    if mode == "error_object":
        yield chunk({"role": "assistant", "content": "The decarboxylation "})
        yield f"data: {json.dumps({'error': {'message': 'overloaded'}})}\n\n".encode()
        return
    if mode == "bad_arguments":
        yield chunk({"role": "assistant", "content": None, "tool_calls": [_call(None)]})
        yield chunk({"tool_calls": [{"index": 0, "function": {"arguments": {"state": "MI"}}}]})
        yield chunk({}, "tool_calls")
        yield b"data: [DONE]\n\n"
        return
    yield chunk({"role": "assistant", "content": ""})
    if mode == "many_chunks":
        piece = "word " * 800
        for _ in range(MANY_CHUNKS_BYTES // len(piece)):
            yield chunk({"content": piece})
    elif mode == "trickle":
        yield chunk({"content": PARTS_ANSWER[0]})
        for _ in range(int(TRICKLE_SECONDS / 0.05)):
            await asyncio.sleep(0.05)
            yield b": keep-alive\n\n"
    for text in PARTS_ANSWER:
        content: object = {
            "parts": [REASONING, {"type": "text", "text": text}],
            "number": 0.877,
            "bad_parts": [{"type": "text", "text": 0.877}],
        }.get(mode, text)
        if mode == "no_choices":
            yield f"data: {json.dumps({'object': 'chat.completion.chunk'})}\n\n".encode()
        elif mode == "bad_delta":
            body = {"object": "chat.completion.chunk", "choices": [{"index": 0, "delta": text}]}
            yield f"data: {json.dumps(body)}\n\n".encode()
        else:
            yield chunk({"content": content})
    if mode != "no_choices":
        yield chunk({}, "stop")
    usage = {"prompt_tokens": "11", "completion_tokens": 7} if mode == "bad_usage" else USAGE
    yield f"data: {json.dumps({'choices': [], 'usage': usage})}\n\n".encode()
    yield b"data: [DONE]\n\n"


def streamed(mode: str, chunk: Chunk) -> Response:
    """The streamed answer (`stream: true`) in a fault mode; `chunk` writes one SSE chunk."""
    return StreamingResponse(_stream(mode, chunk), media_type="text/event-stream")
