"""A deliberately cheap OpenAI-compatible upstream for the gateway benchmark.

It is a raw asyncio protocol on httptools (uvloop when installed), not a framework, so
that it costs a few microseconds per request and never limits what it sits behind:

* ``POST /v1/chat/completions``: a fixed small ``chat.completion``; with ``"stream": true``
  a few SSE chunks, a usage chunk when ``stream_options.include_usage`` is set, then
  ``data: [DONE]``.
* ``GET /v1/models``: a list with the one model.

Run it as ``python -m bench.gateway.fake_upstream --port PORT``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import time
from typing import Any, cast

import httptools
import orjson

MODEL = "fake-model"
ANSWER_PARTS = ("Edibles in Michigan ", "may hold up to 10 mg THC ", "per serving [1].")
PROMPT_TOKENS = 42
COMPLETION_TOKENS = 12
_USAGE = {
    "prompt_tokens": PROMPT_TOKENS,
    "completion_tokens": COMPLETION_TOKENS,
    "total_tokens": PROMPT_TOKENS + COMPLETION_TOKENS,
}


def completion_body() -> bytes:
    """A non-streaming chat.completion."""
    return orjson.dumps(
        {
            "id": "chatcmpl-fake",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": MODEL,
            "system_fingerprint": None,
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": "".join(ANSWER_PARTS)},
                    "logprobs": None,
                    "finish_reason": "stop",
                }
            ],
            "usage": _USAGE,
        }
    )


def _chunk(created: int, choices: list[dict[str, Any]], usage: Any = None) -> bytes:
    chunk = {
        "id": "chatcmpl-fake",
        "object": "chat.completion.chunk",
        "created": created,
        "model": MODEL,
        "choices": choices,
    }
    if usage is not None:
        chunk["usage"] = usage
    return b"data: " + orjson.dumps(chunk) + b"\n\n"


def stream_body(include_usage: bool) -> bytes:
    """The whole SSE stream of one answer (sent at once: the upstream is instant)."""
    created = int(time.time())
    parts = [_chunk(created, [{"index": 0, "delta": {"role": "assistant", "content": ""}}])]
    parts += [_chunk(created, [{"index": 0, "delta": {"content": text}}]) for text in ANSWER_PARTS]
    parts.append(_chunk(created, [{"index": 0, "delta": {}, "finish_reason": "stop"}]))
    if include_usage:
        parts.append(_chunk(created, [], _USAGE))
    parts.append(b"data: [DONE]\n\n")
    return b"".join(parts)


MODELS_BODY = orjson.dumps(
    {"object": "list", "data": [{"id": MODEL, "object": "model", "created": 0, "owned_by": "x"}]}
)
NOT_FOUND_BODY = orjson.dumps({"error": {"message": "not found", "type": "invalid_request_error"}})


def _response(status: bytes, content_type: bytes, body: bytes) -> bytes:
    head = (
        b"HTTP/1.1 " + status + b"\r\ncontent-type: " + content_type + b"\r\n"
        b"content-length: " + str(len(body)).encode() + b"\r\n\r\n"
    )
    return head + body


def respond(method: bytes, path: bytes, body: bytes) -> bytes:
    """The raw HTTP response to one request."""
    path = path.split(b"?", 1)[0].rstrip(b"/")
    if method == b"POST" and path.endswith(b"/chat/completions"):
        try:
            request = orjson.loads(body) if body else {}
        except orjson.JSONDecodeError:
            request = {}
        if request.get("stream"):
            options = request.get("stream_options") or {}
            payload = stream_body(bool(options.get("include_usage")))
            return _response(b"200 OK", b"text/event-stream", payload)
        return _response(b"200 OK", b"application/json", completion_body())
    if method == b"GET" and path.endswith(b"/models"):
        return _response(b"200 OK", b"application/json", MODELS_BODY)
    return _response(b"404 Not Found", b"application/json", NOT_FOUND_BODY)


class UpstreamProtocol(asyncio.Protocol):
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self) -> None:
        self._parser = httptools.HttpRequestParser(self)
        self._transport: asyncio.Transport | None = None
        self._url = b""
        self._body: list[bytes] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # uvloop's transports do not subclass asyncio.Transport, but implement it.
        self._transport = cast(asyncio.Transport, transport)

    def data_received(self, data: bytes) -> None:
        try:
            self._parser.feed_data(data)
        except httptools.HttpParserError:
            if self._transport is not None:
                self._transport.close()

    # httptools callbacks
    def on_message_begin(self) -> None:
        self._url = b""
        self._body = []

    def on_url(self, url: bytes) -> None:
        self._url += url

    def on_body(self, body: bytes) -> None:
        self._body.append(body)

    def on_message_complete(self) -> None:
        transport = self._transport
        if transport is None or transport.is_closing():
            return
        method = self._parser.get_method()
        transport.write(respond(method, self._url, b"".join(self._body)))
        if not self._parser.should_keep_alive():
            transport.close()


async def serve(host: str, port: int) -> None:
    """Serve until SIGINT or SIGTERM."""
    loop = asyncio.get_running_loop()
    server = await loop.create_server(UpstreamProtocol, host, port, backlog=1024)
    stop = asyncio.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    print(f"fake upstream on http://{host}:{port}/v1", flush=True)
    async with server:
        await stop.wait()


def main() -> None:
    """Entry point: ``--host`` and ``--port``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    asyncio.run(serve(args.host, args.port))


if __name__ == "__main__":
    main()
