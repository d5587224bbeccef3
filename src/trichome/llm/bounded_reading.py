"""Reading an upstream's HTTP answer within bounds: the whole body, or the data of its
server-sent events line by line, never holding more than the caps allow.

An upstream is outside our control: one that sends a 200 MB line would otherwise be read
into memory whole (httpx's `aread` and `aiter_lines` keep no bound). Here the body is read
in the pieces the connection delivers, counted, and split into lines as they come; a body
past its cap, or a line past its cap, stops the reading with `AnswerTooLarge`.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncGenerator

import httpx


class AnswerTooLarge(Exception):
    """The upstream's answer, or one line of it, is larger than its cap."""


async def whole_body(response: httpx.Response, limit: int) -> bytes:
    """The response's body, at most `limit` bytes of it.

    Raises:
        AnswerTooLarge: the body is (or says it is) larger than `limit`.
    """
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise AnswerTooLarge(f"the answer declares {declared} bytes (cap {limit})")
    body = bytearray()
    async for piece in response.aiter_bytes():
        if len(body) + len(piece) > limit:
            raise AnswerTooLarge(f"the answer passed {limit} bytes")
        body += piece
    return bytes(body)


async def body_head(response: httpx.Response, limit: int) -> bytes:
    """The first `limit` bytes of the response's body (the rest is left unread)."""
    head = bytearray()
    async for piece in response.aiter_bytes():
        head += piece[: limit - len(head)]
        if len(head) >= limit:
            break
    return bytes(head)


class LineSplitter:
    """Splits a byte stream, fed in pieces, into lines (ended by CRLF, LF or CR, as
    server-sent events are), without their ends.

    Raises (from `feed`):
        AnswerTooLarge: the stream passed `total_limit` bytes, or a line `line_limit`.
    """

    def __init__(self, *, total_limit: int, line_limit: int) -> None:
        self._total_limit = total_limit
        self._line_limit = line_limit
        self._pending = bytearray()  # the start of a line whose end has not come yet
        self._received = 0
        self._after_cr = False  # the last piece ended in CR: an LF starting this one ends nothing

    def feed(self, piece: bytes) -> list[bytes]:
        """The lines this piece ends (the first one begun in earlier pieces)."""
        self._received += len(piece)
        if self._received > self._total_limit:
            raise AnswerTooLarge(f"the streamed answer passed {self._total_limit} bytes")
        if self._after_cr and piece.startswith(b"\n"):
            piece = piece[1:]
        self._after_cr = piece.endswith(b"\r")
        if b"\r" in piece:
            piece = piece.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        ended = piece.split(b"\n")
        rest = ended.pop()
        if ended:
            if self._pending:
                self._pending += ended[0]
                ended[0] = bytes(self._pending)
                self._pending.clear()
            if max(map(len, ended)) > self._line_limit:
                raise AnswerTooLarge(f"a streamed line passed {self._line_limit} bytes")
        if len(self._pending) + len(rest) > self._line_limit:
            raise AnswerTooLarge(f"a streamed line passed {self._line_limit} bytes")
        self._pending += rest
        return ended

    def end(self) -> list[bytes]:
        """The last line, when the stream ended without ending it."""
        last = [bytes(self._pending)] if self._pending else []
        self._pending.clear()
        return last


async def _line_batches(
    response: httpx.Response, splitter: LineSplitter
) -> AsyncGenerator[list[bytes]]:
    async for piece in response.aiter_bytes():
        yield splitter.feed(piece)
    yield [*splitter.end(), b""]  # the end of the stream ends its last event


async def sse_data(
    response: httpx.Response, *, total_limit: int, line_limit: int
) -> AsyncGenerator[bytes]:
    """The `data` of each server-sent event (multi-line data joined, comments and other
    fields skipped), read within the caps of `LineSplitter`.

    Raises:
        AnswerTooLarge: see `LineSplitter`.
    """
    splitter = LineSplitter(total_limit=total_limit, line_limit=line_limit)
    data: list[bytes] = []
    async with contextlib.aclosing(_line_batches(response, splitter)) as batches:
        async for lines in batches:
            for line in lines:
                if not line:
                    if data:
                        yield b"\n".join(data)
                        data = []
                elif line.startswith(b"data:"):
                    value = line[5:]
                    data.append(value[1:] if value.startswith(b" ") else value)
