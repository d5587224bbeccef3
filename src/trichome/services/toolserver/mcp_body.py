"""The body of an `/api/mcp` request: read once, within the tool server's own limit
(`TRICHOME_TOOLSERVER_MAX_REQUEST_BYTES`, 8 MiB by default), then handed to the MCP
transport.

A file given to a tool (`attach_lab_test_document`, `upload_item_media`) travels in the
JSON-RPC body as Base64, a third larger than the file, and Metrc takes files of at most
5 MB (Items UploadImage; LabTests CreateRecord), so the limit holds one such file with room
for the rest of the call. A larger body gets a 413 in the platform's error body that names
the limit, whether its size was declared or not, instead of the transport's bare one.
"""

from __future__ import annotations

from fastapi import Request
from starlette.types import Message, Receive

from trichome.http.deps import read_body
from trichome.http.errors import ApiError


def too_large(limit: int) -> ApiError:
    """The 413 of an `/api/mcp` body over `limit` bytes, naming the limit and what it holds."""
    return ApiError(
        413,
        f"The request body is larger than {limit:,} bytes ({limit / 2**20:g} MiB), the most "
        "/api/mcp accepts (TRICHOME_TOOLSERVER_MAX_REQUEST_BYTES). A file given to a tool "
        "travels in the request as Base64, a third larger than the file itself; the tools, as "
        "Metrc, take files of at most 5 MB.",
        type="invalid_request_error",
        code="request_too_large",
    )


async def body_within(request: Request, limit: int) -> bytes:
    """The whole body, read no further than `limit` bytes (also when no size is declared).

    Raises:
        ApiError: 413 past the limit, naming it; 408 for a body that comes too slowly.
    """
    try:
        return await read_body(request, limit)
    except ApiError as error:
        if error.status == 413:
            raise too_large(limit) from None
        raise


def replaying(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body already read, then what the client sends next."""
    pending: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]

    async def replay() -> Message:
        return pending.pop() if pending else await receive()

    return replay
