"""Reading an upstream's HTTP answer within bounds: the whole body, or the data of its
server-sent events line by line, never holding more than the caps allow.

An upstream is outside our control: one that sends a 200 MB line would otherwise be read
into memory whole (httpx's `aread` and `aiter_lines` keep no bound). Here the body is read
in the pieces the connection delivers, counted, and split into lines as they come; a body
past its cap, or a line past its cap, stops the reading with `AnswerTooLarge`.
"""

from __future__ import annotations

import re
from collections.abc import AsyncGenerator, AsyncIterator

import httpx

_LINE_END = re.compile(rb"\r\n?|\n")


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


async def lines(
    pieces: AsyncIterator[bytes], *, total_limit: int, line_limit: int
) -> AsyncGenerator[bytes]:
    """The lines of a byte stream (ended by CRLF, LF or CR, as server-sent events are),
    without their ends.

    Raises:
        AnswerTooLarge: the stream passed `total_limit` bytes, or a line `line_limit`.
    """
    pending = bytearray()  # the start of a line whose end has not come yet
    received = 0
    after_cr = False  # the last piece ended in CR: an LF starting this one ends nothing
    async for piece in pieces:
        received += len(piece)
        if received > total_limit:
            raise AnswerTooLarge(f"the streamed answer passed {total_limit} bytes")
        position = 1 if after_cr and piece.startswith(b"\n") else 0
        after_cr = False
        for end in _LINE_END.finditer(piece, position):
            start, position = position, end.end()
            if len(pending) + end.start() - start > line_limit:
                raise AnswerTooLarge(f"a streamed line passed {line_limit} bytes")
            if pending:
                pending += piece[start : end.start()]
                line = bytes(pending)
                pending.clear()
            else:
                line = piece[start : end.start()]
            yield line
            after_cr = position == len(piece) and end.group() == b"\r"
        if len(pending) + len(piece) - position > line_limit:
            raise AnswerTooLarge(f"a streamed line passed {line_limit} bytes")
        pending += piece[position:]
    if pending:
        yield bytes(pending)


async def sse_data(
    response: httpx.Response, *, total_limit: int, line_limit: int
) -> AsyncGenerator[bytes]:
    """The `data` of each server-sent event (multi-line data joined, comments and other
    fields skipped), read within the caps of `lines`.

    Raises:
        AnswerTooLarge: see `lines`.
    """
    data: list[bytes] = []
    async for line in lines(response.aiter_bytes(), total_limit=total_limit, line_limit=line_limit):
        if not line:
            if data:
                yield b"\n".join(data)
                data = []
        elif line.startswith(b"data:"):
            value = line[5:]
            data.append(value[1:] if value.startswith(b" ") else value)
    if data:
        yield b"\n".join(data)
