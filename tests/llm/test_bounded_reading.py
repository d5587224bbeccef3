"""An upstream's body is read within its caps: lines split as they come (CRLF, LF or CR,
even across the pieces the connection delivers), a line or a stream past its cap stopped
after reading little more than the cap, a whole body past its cap (or declaring it) refused."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest

from trichome.llm.bounded_reading import (
    AnswerTooLarge,
    LineSplitter,
    body_head,
    sse_data,
    whole_body,
)

pytestmark = pytest.mark.anyio


async def pieces_of(*pieces: bytes) -> AsyncIterator[bytes]:
    for piece in pieces:
        yield piece


def read_lines(*pieces: bytes, total: int = 1 << 20, line: int = 1 << 20) -> list[bytes]:
    splitter = LineSplitter(total_limit=total, line_limit=line)
    ended = [each for piece in pieces for each in splitter.feed(piece)]
    return ended + splitter.end()


@pytest.mark.parametrize(
    "pieces",
    [
        (b"one\ntwo\r\nthree\rfour",),
        (b"on", b"e\nt", b"wo\r", b"\nthree\r", b"four"),
        (b"one\n", b"two\r", b"\n", b"three", b"\r", b"four"),
    ],
)
def test_lines_end_at_crlf_lf_or_cr_wherever_the_pieces_split(
    pieces: tuple[bytes, ...],
) -> None:
    assert read_lines(*pieces) == [b"one", b"two", b"three", b"four"]


def test_a_cr_then_lf_is_one_line_end_and_blank_lines_are_kept() -> None:
    assert read_lines(b"a\r", b"\n\r\n", b"\nb\n\n") == [b"a", b"", b"", b"b", b""]
    assert read_lines(b"a\r\r\nb\n\r", b"\r") == [b"a", b"", b"b", b"", b""]


def test_a_line_at_the_cap_passes_and_one_byte_more_does_not() -> None:
    assert read_lines(b"x" * 1024 + b"\n", line=1024) == [b"x" * 1024]
    with pytest.raises(AnswerTooLarge):
        read_lines(b"x" * 1025 + b"\n", line=1024)
    with pytest.raises(AnswerTooLarge):
        read_lines(b"x" * 600, b"x" * 425, b"\n", line=1024)


def test_an_endless_line_is_stopped_after_little_more_than_the_cap() -> None:
    splitter = LineSplitter(total_limit=1 << 40, line_limit=65536)
    fed = 0
    with pytest.raises(AnswerTooLarge, match="line"):
        while True:
            assert splitter.feed(b"a" * 4096) == []
            fed += 4096
    assert fed <= 65536


def test_a_stream_of_short_lines_is_stopped_at_its_total_cap() -> None:
    with pytest.raises(AnswerTooLarge, match="streamed answer"):
        read_lines(*[b"data: {}\n\n"] * 200, total=1024)


async def test_sse_data_joins_data_lines_and_skips_comments_and_other_fields() -> None:
    body = b': keep-alive\n\nevent: x\ndata: {"a":\ndata:1}\n\ndata: [DONE]\n\n'
    response = httpx.Response(200, content=pieces_of(body[:7], body[7:]))
    data = [d async for d in sse_data(response, total_limit=4096, line_limit=1024)]
    assert data == [b'{"a":\n1}', b"[DONE]"]
    unended = httpx.Response(200, content=pieces_of(b"data: 1\n\ndata: [DONE]"))
    data = [d async for d in sse_data(unended, total_limit=4096, line_limit=1024)]
    assert data == [b"1", b"[DONE]"]  # the stream's end ends its last line and event


async def test_a_whole_body_past_its_cap_is_refused_read_or_declared() -> None:
    small = httpx.Response(200, content=pieces_of(b"x" * 512, b"y" * 512))
    assert await whole_body(small, 1024) == b"x" * 512 + b"y" * 512
    with pytest.raises(AnswerTooLarge, match="passed"):
        await whole_body(httpx.Response(200, content=pieces_of(b"x" * 1024, b"y")), 1024)
    declared = httpx.Response(200, headers={"Content-Length": "1025"}, content=pieces_of(b""))
    with pytest.raises(AnswerTooLarge, match="declares"):
        await whole_body(declared, 1024)


async def test_only_the_head_of_an_error_body_is_read() -> None:
    response = httpx.Response(500, content=pieces_of(b"x" * 1500, b"y" * 1500, b"z" * 10**6))
    assert await body_head(response, 2048) == b"x" * 1500 + b"y" * 548
