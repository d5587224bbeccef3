"""A scripted OpenAI-compatible upstream, served over real HTTP on 127.0.0.1.

Tests set `upstream.mode` to choose the next answers' behaviour, and read
`upstream.requests` to see what the chat API sent. The modes of faulty answers (content
parts, numbers, other malformed shapes, a 200 MB line, a trickle) are in
`tests/support/upstream_faults.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import threading
import time
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from tests.support import upstream_faults
from tests.support.schema_model import reply_to
from tests.support.servers import free_port

ANSWER = ["The decarboxylation ", "factor is ", "0.877 [1]."]
JSON_ANSWER = '{"factor": 0.877, "cited": "[1]"}'
LONG_ANSWER = ["word " * 40 for _ in range(5)]
LEAKY_ERROR = "Incorrect API key provided: sk-upstream-SECRET-1234"
# The calculator the `calculate` mode calls unless a test names another: name, JSON arguments.
INFUSION_CALL = ("trichome_infusion", '{"units": 200, "mg_per_unit": 10, "potency_percent": 85}')


@dataclass
class FakeUpstream:
    """The upstream's script and what it received."""

    mode: str = "ok"
    delay: float = 3.0
    requests: list[dict[str, Any]] = field(default_factory=list)
    base_url: str = ""
    calculator_call: tuple[str, str] = INFUSION_CALL

    def chunk(self, delta: dict[str, Any], finish: str | None = None) -> bytes:
        body = {
            "id": "upstream-1",
            "object": "chat.completion.chunk",
            "created": int(time.time()),
            "model": "upstream-model",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        return f"data: {json.dumps(body)}\n\n".encode()

    def calculator_turn(self) -> tuple[str | None, dict[str, Any] | None]:
        """In `calculate` mode: first call `calculator_call`, then answer with the summary it
        returned, or say it refused and why."""
        last = self.requests[-1]["messages"][-1]
        if last["role"] == "tool":
            result = json.loads(last["content"])
            if "error" in result:
                return f"The calculator refused: {result['error']}", None
            return str(result["summary"]), None
        name, arguments = self.calculator_call
        call = {"id": "call_calc", "type": "function",
                "function": {"name": name, "arguments": arguments}}  # fmt: skip
        return None, call

    def metrc_turn(self) -> tuple[str | None, dict[str, Any] | None]:
        """In `metrc` mode: call the needs_attention tool on the store, then report its count."""
        request = self.requests[-1]
        last = request["messages"][-1]
        if last["role"] == "tool":
            result = json.loads(last["content"])
            return f"{len(result['findings'])} findings: {result['summary']}", None
        offered = {tool["function"]["name"] for tool in request.get("tools", [])}
        if "needs_attention" not in offered:
            return "No needs_attention tool was offered.", None
        call = {
            "id": "call_metrc",
            "type": "function",
            "function": {
                "name": "needs_attention",
                "arguments": '{"license_number": "SF-SBX-CO-24-8002"}',
            },
        }
        return None, call

    def citing_answer(self) -> list[str]:
        """In `cite` mode: source [1]'s first sentence cited, a claim no source makes cited to
        [1], and a citation of a source that was never given."""
        system = self.requests[-1]["messages"][0]["content"]
        first = re.search(r"^\[1\] [^:]+: (.+?[.!?])(?: | \(from )", system, re.MULTILINE)
        quoted = first.group(1) if first else "No sources were given."
        return [
            f"{quoted} [1] ",
            "Prices tripled overnight to 9000 dollars per pound [1]. ",
            "Regulators meet again next week [9].",
        ]

    async def stream(self) -> AsyncIterator[bytes]:
        if self.mode == "model":
            reply = reply_to(self.requests[-1])
            if reply.tool_call is not None:
                call = reply.tool_call | {"index": 0}
                yield self.chunk({"role": "assistant", "content": None, "tool_calls": [call]})
            else:
                yield self.chunk({"role": "assistant", "content": ""})
                for word in (reply.content or "").split(" "):
                    yield self.chunk({"content": word + " "})
            yield self.chunk({}, reply.finish_reason)
            yield b"data: [DONE]\n\n"
            return
        if self.mode == "cite":
            yield self.chunk({"role": "assistant", "content": ""})
            for text in self.citing_answer():
                yield self.chunk({"content": text})
            yield self.chunk({}, "stop")
            yield b"data: [DONE]\n\n"
            return
        if self.mode in ("calculate", "metrc"):
            answer, call = self.calculator_turn() if self.mode == "calculate" else self.metrc_turn()
            if call is not None:
                yield self.chunk(
                    {"role": "assistant", "content": None, "tool_calls": [call | {"index": 0}]}
                )
                yield self.chunk({}, "tool_calls")
            else:
                yield self.chunk({"role": "assistant", "content": answer})
                yield self.chunk({}, "stop")
            yield b"data: [DONE]\n\n"
            return
        if self.mode == "tool_call":
            call = {"index": 0, "id": "call_1", "type": "function",
                    "function": {"name": "lookup_rule", "arguments": ""}}  # fmt: skip
            yield self.chunk({"role": "assistant", "content": None, "tool_calls": [call]})
            for part in ('{"state": ', '"MI"}'):
                yield self.chunk({"tool_calls": [{"index": 0, "function": {"arguments": part}}]})
            yield self.chunk({}, "tool_calls")
            yield b"data: [DONE]\n\n"
            return
        if self.mode in ("json", "long", "length"):
            yield self.chunk({"role": "assistant", "content": ""})
            parts = {"json": [JSON_ANSWER], "long": LONG_ANSWER, "length": ANSWER[:2]}[self.mode]
            for text in parts:
                yield self.chunk({"content": text})
            yield self.chunk({}, "length" if self.mode == "length" else "stop")
            yield b"data: [DONE]\n\n"
            return
        yield self.chunk({"role": "assistant", "content": ""})
        for position, text in enumerate(ANSWER):
            if self.mode == "cut" and position == 2:
                raise ConnectionResetError("upstream dropped the connection")
            if self.mode == "stall" and position == 2:
                await asyncio.sleep(self.delay)
            yield self.chunk({"content": text})
        if self.mode != "no_finish":
            yield self.chunk({}, "stop")
            usage = {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18}
            body = {"id": "upstream-1", "object": "chat.completion.chunk", "created": 0,
                    "model": "upstream-model", "choices": [], "usage": usage}  # fmt: skip
            yield f"data: {json.dumps(body)}\n\n".encode()
        yield b"data: [DONE]\n\n"

    async def completions(self, request: Request) -> Response:
        payload = await request.json()
        self.requests.append(payload)
        if self.mode == "error_500":
            return JSONResponse({"error": {"message": LEAKY_ERROR, "type": "server_error"}}, 500)
        if self.mode == "rate_limited":
            return JSONResponse({"error": {"message": "slow down", "type": "rate_limit"}}, 429)
        if self.mode == "slow":
            await asyncio.sleep(self.delay)
        if self.mode == "garbage":
            return Response(b"<html>not json</html>", media_type="text/html")
        if self.mode in upstream_faults.FAULT_MODES:
            if payload.get("stream"):
                return upstream_faults.streamed(self.mode, self.chunk)
            return upstream_faults.whole(self.mode)
        if payload.get("stream"):
            return StreamingResponse(self.stream(), media_type="text/event-stream")
        return JSONResponse(self.whole())

    def whole(self) -> dict[str, Any]:
        """The answer of the current mode as one chat.completion."""
        message: dict[str, Any] = {"role": "assistant", "content": "".join(ANSWER)}
        finish: str | None = "stop"
        if self.mode == "model":
            reply = reply_to(self.requests[-1])
            message["content"] = reply.content
            if reply.tool_call is not None:
                message["tool_calls"] = [reply.tool_call]
            finish = reply.finish_reason
        elif self.mode == "cite":
            message["content"] = "".join(self.citing_answer())
        elif self.mode in ("calculate", "metrc"):
            answer, call = self.calculator_turn() if self.mode == "calculate" else self.metrc_turn()
            message = {
                "role": "assistant",
                "content": answer,
                "tool_calls": [call] if call else None,
            }
            finish = "tool_calls" if call else "stop"
        elif self.mode == "tool_call":
            message = {"role": "assistant", "content": None, "tool_calls": [
                {"id": "call_1", "type": "function",
                 "function": {"name": "lookup_rule", "arguments": '{"state": "MI"}'}}]}  # fmt: skip
            finish = "tool_calls"
        elif self.mode == "no_finish":
            finish = None
        elif self.mode == "json":
            message["content"] = JSON_ANSWER
        elif self.mode == "long":
            message["content"] = "".join(LONG_ANSWER)
        elif self.mode == "length":
            message["content"] = "".join(ANSWER[:2])
            finish = "length"
        return {
            "id": "upstream-1", "object": "chat.completion", "created": int(time.time()),
            "model": "upstream-model",
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
        }  # fmt: skip

    async def models(self, request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [{"id": "upstream-model", "object": "model",
                                                         "created": 0, "owned_by": "fake"}]})  # fmt: skip


@contextlib.contextmanager
def fake_upstream() -> Iterator[FakeUpstream]:
    """The scripted upstream, listening on a free port for the duration."""
    upstream = FakeUpstream()
    app = Starlette(
        routes=[
            Route("/v1/chat/completions", upstream.completions, methods=["POST"]),
            Route("/v1/models", upstream.models),
        ]
    )
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("fake upstream did not start")
        time.sleep(0.02)
    upstream.base_url = f"http://127.0.0.1:{port}/v1"
    try:
        yield upstream
    finally:
        server.should_exit = True
        thread.join(timeout=10)
