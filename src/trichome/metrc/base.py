"""The generic Metrc layer: get, list (all pages, 24-hour windows) and chunked writes."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Mapping, Sequence
from datetime import datetime
from itertools import chain
from types import TracebackType
from typing import Any, Self, TypeAlias, TypeVar

import httpx

from trichome.metrc import states
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.errors import MetrcError, describe_call
from trichome.metrc.files import MAX_FILE_BYTES
from trichome.metrc.limits import (
    DEFAULT_CONCURRENCY,
    DEFAULT_GETS_PER_SECOND,
    DEFAULT_VENDOR_CONCURRENCY,
    DEFAULT_VENDOR_GETS_PER_SECOND,
    FacilityLimiter,
)
from trichome.metrc.list_queries import paged
from trichome.metrc.paging import (
    MAX_PAGE_SIZE,
    Page,
    check_page_size,
    date_windows,
    deduplicate,
    read_page,
)
from trichome.metrc.retry import RetryPolicy
from trichome.metrc.serialize import BodyObject, MetrcBody, ParamValue, query_value, to_json
from trichome.metrc.transport import MetrcTransport, Query, Sleep
from trichome.metrc.writes import (
    MAX_OBJECTS_PER_WRITE,
    WriteResult,
    chunk_note,
    chunks,
    merge_write_results,
)

T = TypeVar("T")
Params = Mapping[str, ParamValue]
Body = Sequence[BodyObject] | BodyObject
# `list` is a method of the client, so annotations inside the class use this alias.
JsonList: TypeAlias = list[Any]


async def _first_error(coroutines: Sequence[Coroutine[Any, Any, T]]) -> list[T]:
    """Run the coroutines together; results in order, or the first error (not a group)."""
    if len(coroutines) == 1:
        return [await coroutines[0]]
    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(coroutine) for coroutine in coroutines]
    except BaseExceptionGroup as failure:
        error: BaseException = failure
        while isinstance(error, BaseExceptionGroup):
            error = error.exceptions[0]
        raise error from None
    return [task.result() for task in tasks]


class MetrcBaseClient:
    """Async client of one Metrc base URL: the generic get/list/post/put/delete layer."""

    def __init__(
        self,
        base_url: str | None = None,
        *,
        state: str | None = None,
        sandbox: bool = False,
        credentials: MetrcCredentials | None = None,
        connect_timeout: float = 10.0,
        read_timeout: float = 60.0,
        retry: RetryPolicy | None = None,
        max_concurrency_per_facility: int | None = DEFAULT_CONCURRENCY,
        max_gets_per_second_per_facility: float | None = DEFAULT_GETS_PER_SECOND,
        max_concurrency_per_vendor: int | None = DEFAULT_VENDOR_CONCURRENCY,
        max_gets_per_second_per_vendor: float | None = DEFAULT_VENDOR_GETS_PER_SECOND,
        max_pages: int = 1000,
        max_objects_per_write: int = MAX_OBJECTS_PER_WRITE,
        sleep: Sleep | None = None,
        transport: httpx.AsyncBaseTransport | None = None,
        user_agent: str = "trichome-metrc",
        max_file_bytes: int = MAX_FILE_BYTES,
    ) -> None:
        if (base_url is None) == (state is None):
            raise ValueError("Give either a base_url or a state (with sandbox=True for Metrc's).")
        self.base_url = (base_url or states.base_url(state or "", sandbox)).rstrip("/")
        self._credentials = credentials
        self.max_pages = max_pages
        self.max_objects_per_write = max_objects_per_write
        self._transport = MetrcTransport(
            self.base_url,
            connect_timeout=connect_timeout,
            read_timeout=read_timeout,
            retry=retry or RetryPolicy(),
            limiter=FacilityLimiter(
                max_concurrency_per_facility,
                max_gets_per_second_per_facility,
                max_concurrency_per_vendor,
                max_gets_per_second_per_vendor,
            ),
            sleep=sleep,
            transport=transport,
            user_agent=user_agent,
            max_file_bytes=max_file_bytes,
        )

    def __repr__(self) -> str:
        keys = "set" if self._credentials else "per call"
        return f"{type(self).__name__}(base_url={self.base_url!r}, credentials={keys})"

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connections."""
        await self._transport.aclose()

    # The generic layer -------------------------------------------------------------------------

    async def get(
        self,
        path: str,
        license_number: str | None = None,
        params: Params | None = None,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Any:
        """GET a path and return its parsed JSON (None for an empty body).

        Raises:
            MetrcError: any of its subclasses, for Metrc's refusals and connection failures.
        """
        return await self._request("GET", path, license_number, params, None, credentials)

    async def list(
        self,
        path: str,
        license_number: str | None = None,
        params: Params | None = None,
        *,
        page_size: int | None = None,
        last_modified_start: datetime | None = None,
        last_modified_end: datetime | None = None,
        credentials: MetrcCredentials | None = None,
    ) -> JsonList:
        """Every record of a list endpoint: all pages, all 24-hour windows, de-duplicated by Id.

        `page_size` (1..20) is the page size; None means Metrc's largest, 20, on a read Metrc
        documents as paged (`trichome.metrc.list_queries`), and no paging on any other: Metrc
        returns an unpaged list whole, which on a large licence is one very long answer.
        `UNPAGED` (0) sends no paging, for a read its dates keep short.

        Raises:
            ValueError: a bad page size or date range.
            MetrcError: any of its subclasses, for Metrc's refusals and connection failures.
        """
        check_page_size(page_size)
        if page_size is None and paged(path):
            page_size = MAX_PAGE_SIZE
        windows = date_windows(last_modified_start, last_modified_end)
        base = dict(params or {})
        if not windows:
            return await self._all_pages(path, license_number, base, page_size, credentials)
        fetches = [
            self._all_pages(
                path,
                license_number,
                base | {"lastModifiedStart": start, "lastModifiedEnd": end},
                page_size,
                credentials,
            )
            for start, end in windows
        ]
        return deduplicate(chain.from_iterable(await _first_error(fetches)))

    async def post(
        self,
        path: str,
        license_number: str | None = None,
        params: Params | None = None,
        body: Body | None = None,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """POST objects in chunks of at most 10 and merge Metrc's `{Ids, Warnings}` answers.

        Raises:
            MetrcError: any of its subclasses; `saved_ids` holds the Ids of parts already saved.
        """
        return await self._write("POST", path, license_number, params, body, credentials)

    async def put(
        self,
        path: str,
        license_number: str | None = None,
        params: Params | None = None,
        body: Body | None = None,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """PUT objects in chunks of at most 10 and merge Metrc's answers.

        Raises:
            MetrcError: any of its subclasses; `saved_ids` holds the Ids of parts already saved.
        """
        return await self._write("PUT", path, license_number, params, body, credentials)

    async def delete(
        self,
        path: str,
        license_number: str | None = None,
        params: Params | None = None,
        body: Body | None = None,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> WriteResult:
        """DELETE a path, with an optional body of objects sent in chunks of at most 10.

        Raises:
            MetrcError: any of its subclasses; `saved_ids` holds the Ids of parts already saved.
        """
        return await self._write("DELETE", path, license_number, params, body, credentials)

    async def call(
        self,
        method: str,
        path: str,
        license_number: str | None = None,
        params: Params | None = None,
        body: Body | None = None,
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Any:
        """Send one request and return Metrc's answer as it came (None for an empty body):
        for the writes that answer with a document rather than `{Ids, Warnings}` (Retail ID's
        GenerateQrCodeFromPackage and PackagesInfo). The body is sent whole, not in chunks.

        Raises:
            MetrcError: any of its subclasses.
        """
        if isinstance(body, str | bytes):
            raise TypeError("A Metrc write body is a list of objects (or one object), not text.")
        sent = None
        if body is not None:
            sent = (
                _object(body)
                if isinstance(body, MetrcBody | Mapping)
                else [_object(item) for item in body]
            )
        return await self._request(method, path, license_number, params, sent, credentials)

    # Internals ---------------------------------------------------------------------------------

    async def _all_pages(
        self,
        path: str,
        license_number: str | None,
        params: dict[str, ParamValue],
        page_size: int | None,
        credentials: MetrcCredentials | None,
    ) -> JsonList:
        query = params | ({"pageNumber": 1, "pageSize": page_size} if page_size else {})
        first = self._page(
            await self._request("GET", path, license_number, query, None, credentials), path
        )
        size = page_size or first.page_size
        if first.total_pages <= 1 or not size:
            return first.records
        if first.total_pages > self.max_pages:
            raise MetrcError(
                f"{describe_call('GET', path, license_number)} has {first.total_pages} pages, "
                f"more than the {self.max_pages} this client fetches; narrow it with "
                "last-modified dates.",
                method="GET",
                path=path,
                license_number=license_number,
            )
        rest = [
            self._request(
                "GET", path, license_number, params | {"pageNumber": number, "pageSize": size},
                None, credentials,
            )
            for number in range(2, first.total_pages + 1)
        ]  # fmt: skip
        pages = [first] + [self._page(data, path) for data in await _first_error(rest)]
        return deduplicate(chain.from_iterable(page.records for page in pages))

    @staticmethod
    def _page(data: Any, path: str) -> Page:
        try:
            return read_page(data)
        except ValueError as problem:
            raise MetrcError(
                f"Metrc answered GET {path} with an unexpected shape: {problem}.",
                method="GET",
                path=path,
            ) from None

    async def _write(
        self,
        method: str,
        path: str,
        license_number: str | None,
        params: Params | None,
        body: Body | None,
        credentials: MetrcCredentials | None,
    ) -> WriteResult:
        if isinstance(body, str | bytes):
            raise TypeError("A Metrc write body is a list of objects (or one object), not text.")
        if body is None or isinstance(body, MetrcBody | Mapping):
            single = None if body is None else _object(body)
            answer = await self._request(method, path, license_number, params, single, credentials)
            return merge_write_results([answer])
        objects = [_object(item) for item in body]
        if not objects:
            return WriteResult(Ids=[], Warnings=None)
        size = self.max_objects_per_write
        parts = chunks(objects, size)
        answers: list[Any] = []
        for index, part in enumerate(parts):
            try:
                answers.append(
                    await self._request(
                        method, path, license_number, params, list(part), credentials,
                        row_offset=index * size,
                    )
                )  # fmt: skip
            except MetrcError as error:
                if len(parts) > 1:
                    error.saved_ids = merge_write_results(answers)["Ids"]
                    error.amend(chunk_note(index, len(parts), size, len(objects)))
                raise
        return merge_write_results(answers)

    async def _request(
        self,
        method: str,
        path: str,
        license_number: str | None,
        params: Params | None,
        body: Any,
        credentials: MetrcCredentials | None,
        *,
        row_offset: int = 0,
    ) -> Any:
        chosen = credentials or self._credentials
        if chosen is None:
            raise ValueError(
                "No Metrc credentials: give MetrcCredentials to the client or the call."
            )
        if "://" in path or path.startswith("//"):
            raise ValueError("Give a path on the Metrc base URL, not a full URL.")
        path = "/" + path.lstrip("/")
        query: Query = [("licenseNumber", license_number)] if license_number else []
        for name, value in (params or {}).items():
            text = query_value(value)
            if text is not None:
                query.append((name, text))
        return await self._transport.send(
            method, path, license_number, query, body, chosen, row_offset=row_offset
        )


def _object(item: BodyObject) -> Any:
    return item.to_metrc() if isinstance(item, MetrcBody) else to_json(item)
