"""One Metrc request: Basic auth, the facility's limits, retries with backoff, typed errors.

An answer is parsed by its media type: JSON (and a body without a type) as JSON, an HTML
page as text, and any other type (a PDF, an image, `application/octet-stream`) as a file:
its bytes, unread as text, in a `MetrcFile` (files.py), up to `max_file_bytes`. Errors are
parsed as JSON whatever their type.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeAlias

import httpx

from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.errors import (
    MetrcConnectionError,
    MetrcError,
    describe_call,
    error_for_response,
)
from trichome.metrc.files import (
    MAX_FILE_BYTES,
    MetrcFile,
    file_name_of,
    is_file_type,
    sniffed_type,
)
from trichome.metrc.limits import FacilityLimiter
from trichome.metrc.retry import (
    RetryPolicy,
    parse_retry_after,
    retryable_failure,
    retryable_status,
)

logger = logging.getLogger("trichome.metrc")

Sleep = Callable[[float], Awaitable[None]]
Query: TypeAlias = list[tuple[str, str]]


class MetrcTransport:
    """Sends requests to one base URL, within per-licence limits, retrying what is safe to."""

    def __init__(
        self,
        base_url: str,
        *,
        connect_timeout: float,
        read_timeout: float,
        retry: RetryPolicy,
        limiter: FacilityLimiter,
        sleep: Sleep | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        user_agent: str = "trichome-metrc",
        max_file_bytes: int = MAX_FILE_BYTES,
    ) -> None:
        self.retry = retry
        self.max_file_bytes = max_file_bytes
        self.limiter = limiter
        self._sleep: Sleep = sleep or asyncio.sleep
        timeout = httpx.Timeout(
            connect=connect_timeout, read=read_timeout, write=read_timeout, pool=read_timeout
        )
        self._http = httpx.AsyncClient(
            base_url=base_url,
            timeout=timeout,
            transport=transport,
            headers={"Accept": "application/json", "User-Agent": user_agent},
            follow_redirects=False,  # never carry the Authorization header elsewhere
        )

    async def aclose(self) -> None:
        """Close the connections."""
        await self._http.aclose()

    async def send(
        self,
        method: str,
        path: str,
        license_number: str | None,
        query: Query,
        body: Any,
        credentials: MetrcCredentials,
        *,
        row_offset: int = 0,
    ) -> Any:
        """Send one request and return its parsed JSON (None for an empty body), an HTML
        page's text, or a file (`MetrcFile`) when Metrc answers one.

        Raises:
            MetrcError: any of its subclasses, once retrying is over or unsafe.
        """
        headers = {"Authorization": credentials.authorization()}
        try:
            return await self._attempts(
                method, path, license_number, query, body, headers, row_offset,
                credentials.vendor_id(),
            )  # fmt: skip
        except MetrcError as error:
            error.redact(credentials.secrets())
            raise

    async def _attempts(
        self,
        method: str,
        path: str,
        license_number: str | None,
        query: Query,
        body: Any,
        headers: dict[str, str],
        row_offset: int,
        vendor: str,
    ) -> Any:
        policy = self.retry
        started = time.monotonic()
        waited = 0.0
        where = describe_call(method, path, license_number)
        attempt = 0
        while True:
            attempt += 1
            retry_after: float | None = None
            status: int | None = None
            try:
                async with self.limiter.slot(license_number, is_get=method == "GET", vendor=vendor):
                    request = self._http.build_request(
                        method, path, params=tuple(query), json=body, headers=headers
                    )
                    response, file = await self._exchange(request, where)
            except httpx.TransportError as failure:
                retryable = retryable_failure(failure, method)
                problem = f"{type(failure).__name__}: {failure}".rstrip(": ")
                error: MetrcError = MetrcConnectionError(
                    _connection_message(where, problem, attempt, method, retryable),
                    method=method,
                    path=path,
                    license_number=license_number,
                )
            else:
                if response.status_code < 300:
                    return file if file is not None else _parse(response, where)
                status = response.status_code
                retryable = retryable_status(status, method)
                retry_after = parse_retry_after(response.headers.get("Retry-After"))
                error = error_for_response(
                    status,
                    response.content,
                    method=method,
                    path=path,
                    license_number=license_number,
                    attempts=attempt,
                    retry_after=retry_after,
                    row_offset=row_offset,
                )
            if not retryable or attempt >= policy.max_attempts:
                raise error
            delay = retry_after if retry_after is not None else policy.backoff(attempt)
            if max(time.monotonic() - started, waited) + delay > policy.max_total:
                raise error
            logger.warning(
                "Metrc %s answered %s; retrying in %.2f s (attempt %d of %d)",
                where, status or type(error).__name__, delay, attempt + 1, policy.max_attempts,
            )  # fmt: skip
            await self._sleep(delay)
            waited += delay

    async def _exchange(
        self, request: httpx.Request, where: str
    ) -> tuple[httpx.Response, MetrcFile | None]:
        """Send a request and read its answer: a successful file answer as a `MetrcFile`, read
        no further than `max_file_bytes`; anything else whole, as before."""
        response = await self._http.send(request, stream=True)
        try:
            kind = response.headers.get("content-type")
            if response.status_code >= 300 or not is_file_type(kind):
                await response.aread()
                return response, None
            content = await _read_file(response, where, self.max_file_bytes)
        finally:
            await response.aclose()
        if not content:
            return response, None
        name = file_name_of(response.headers.get("content-disposition"))
        return response, MetrcFile(content, sniffed_type(kind, content), name)


async def _read_file(response: httpx.Response, where: str, limit: int) -> bytes:
    """The file's bytes, refusing (before reading on) one over `limit` bytes."""
    too_large = MetrcError(
        f"Metrc answered {where} with a file over {limit:,} bytes, more than this client "
        "reads; it was not downloaded.",
        status=response.status_code,
    )
    declared = response.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in response.aiter_bytes():
        size += len(chunk)
        if size > limit:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


def _parse(response: httpx.Response, where: str) -> Any:
    if not response.content.strip():
        return None
    if response.headers.get("content-type", "").startswith("text/html"):
        return response.text  # a manifest's printable page (GET /transfers/v2/manifest/{id}/html)
    try:
        return json.loads(response.content)
    except ValueError:
        raise MetrcError(
            f"Metrc answered {where} with HTTP {response.status_code} but not with JSON.",
            status=response.status_code,
        ) from None


def _connection_message(where: str, problem: str, attempt: int, method: str, retried: bool) -> str:
    tries = f" after {attempt} attempts" if attempt > 1 else ""
    if method != "GET" and not retried:
        return (
            f"The connection to Metrc failed during {where} ({problem}). The request had been "
            "sent, so Metrc may or may not have applied it; check the records before sending "
            "it again."
        )
    return f"Could not reach Metrc for {where}{tries} ({problem}). Try again later."
