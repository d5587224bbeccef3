"""What every sandbox route needs: the store, the caller's facility, lists and writes."""

from __future__ import annotations

import contextlib
import inspect
import math
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import date
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Path, Request
from starlette.convertors import Convertor, register_url_convertor
from starlette.responses import Response

from trichome.http.openapi import NOT_BLANK
from trichome.metrc.list_queries import dated
from trichome.sandbox.facilities import Facility
from trichome.sandbox.store import Record, SandboxStore, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.rules import (
    GetRateLimit,
    RowErrors,
    envelope,
    facility_of,
    message,
    objects_of,
    paging_of,
    require,
    window_of,
)
from trichome.services.sandbox.shapes import parse_day, shape_problems

# A package or plant by its id or its tag label (24 characters, as Metrc prints them). Only
# these reach the route, so `/packages/v2/adjust` is not a package called "adjust".
IDENT_PATTERN = "[0-9]+|[0-9A-Z]{24}"


class IdentConvertor(Convertor[str]):
    """The `{name:ident}` path segment: an id or a tag label."""

    regex = IDENT_PATTERN

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value


register_url_convertor("ident", IdentConvertor())
# Numeric ids are routed as `{name:int}` for the same reason.
ObjectId = Annotated[int, Path(ge=0, description="The object's id.")]
Ident = Annotated[str, Path(pattern=f"^({IDENT_PATTERN})$", description="An id or a tag label.")]


def json(body: Any, status: int = 200) -> Response:
    """A JSON response serialised with orjson."""
    return Response(orjson.dumps(body), status, media_type="application/json")


def store(request: Request) -> SandboxStore:
    """The app's sandbox store."""
    found: SandboxStore = request.state.sandbox.store
    return found


def reading(request: Request, capability: str | None = None, action: str = "") -> Facility:
    """The facility of a GET, counted against its rate limit and checked for a capability."""
    facility = facility_of(request)
    limiter: GetRateLimit = request.state.sandbox.get_rate
    limiter.check(facility.license_number)
    if capability is not None:
        require(facility, capability, action)
    return facility


def writing(request: Request, capability: str | None = None, action: str = "") -> Facility:
    """The facility of a write, checked for a capability."""
    facility = facility_of(request)
    if capability is not None:
        require(facility, capability, action)
    return facility


async def listing(
    request: Request,
    kind: str,
    states: Sequence[str] | None,
    *,
    capability: str | None = None,
    action: str = "",
    as_partner: bool = False,
) -> Response:
    """A facility's objects of a kind in a state, in Metrc's list envelope. Last-modified
    dates narrow only the lists Metrc documents them for (`trichome.metrc.list_queries`):
    on any other (adjustments, waste, rejected manifests) they are ignored."""
    facility = reading(request, capability, action)
    paging = paging_of(request)
    window = window_of(request) if dated(request.url.path) else None
    async with store(request).transaction() as tx:
        records, total = await tx.page(
            facility.license_number,
            kind,
            states,
            window=window,
            paging=paging,
            as_partner=as_partner,
        )
    return json(envelope(records, total, paging))


def list_routes(
    router: APIRouter,
    kind: str,
    routes: Mapping[str, Sequence[str] | None],
    *,
    capability: tuple[str, str] | None = None,
    as_partner: Sequence[str] = (),
) -> None:
    """Register Metrc list endpoints: each path lists a facility's objects of a kind in
    some states (all states for None), optionally only for licences with a capability.
    The paths in `as_partner` list the objects whose partner is the facility (incoming).
    """

    def handler(states: Sequence[str] | None, partner: bool) -> Any:
        async def list_objects(request: Request) -> Response:
            flag, action = capability or (None, "")
            return await listing(
                request, kind, states, capability=flag, action=action, as_partner=partner
            )

        return list_objects

    for path, states in routes.items():
        router.add_api_route(
            path, handler(states, path in as_partner), methods=["GET"], **openapi.listing()
        )


ById = Callable[[Request, int], Awaitable[Response]]


def _by_id(
    router: APIRouter,
    path: str,
    method: str,
    handler: ById,
    name: str,
    documented: dict[str, Any] | None = None,
) -> None:
    """Route `handler(request, object_id)` at a path whose one `{<param>:int}` segment keeps
    its own name, so the OpenAPI document and its readers see that parameter as before
    (`documented`: its OpenAPI description, when not the usual one of a GET or an action)."""
    param = re.fullmatch(r"[^{]*\{(\w+):int\}[^{]*", path)
    assert param is not None, path
    key = param.group(1)

    async def route(request: Request, **segments: int) -> Response:
        return await handler(request, segments[key])

    kinds = inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY
    route.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("request", kinds[0], annotation=Request),
            inspect.Parameter(key, kinds[1], annotation=ObjectId),
        ]
    )
    route.__name__ = name
    extra = documented or (openapi.one() if method == "GET" else openapi.action())
    router.add_api_route(path, route, methods=[method], name=name, **extra)


def one_route(
    router: APIRouter,
    path: str,
    kind: str,
    what: str,
    *,
    capability: tuple[str, str] | None = None,
    name: str = "one",
) -> None:
    """Register Metrc's "one object by Id" GET: the facility's `kind` record with the id in
    the path (404 naming `what` when it is unknown or another licence's)."""

    async def one(request: Request, object_id: int) -> Response:
        facility = reading(request, *(capability or (None, "")))
        async with store(request).transaction() as tx:
            record = owned(await tx.get(kind, object_id), facility, f"{what} {object_id}")
        return json(record.document())

    _by_id(router, path, "GET", one, name)


def archive_route(
    router: APIRouter,
    path: str,
    kind: str,
    what: str,
    *,
    again: bool = False,
    capability: tuple[str, str] | None = None,
    on_archive: Callable[[Transaction, Record], Awaitable[None]] | None = None,
    name: str = "archive",
) -> None:
    """Register Metrc's "archive by Id" DELETE: an active record of the facility moves to
    its inactive list and the answer is an empty 200. Archiving an inactive one again is a
    404 like an unknown id, or with `again` a 400 saying it is already archived.
    `on_archive` does what archiving also does (a voided sale gives its quantities back)."""

    async def archive(request: Request, object_id: int) -> Response:
        facility = writing(request, *(capability or (None, "")))
        async with store(request).transaction() as tx:
            record = owned(await tx.get(kind, object_id), facility, f"{what} {object_id}")
            if record.state != "active":
                if again:
                    raise message(400, f"{what} {object_id} is already archived.")
                owned(None, facility, f"{what} {object_id}")
            if on_archive is not None:
                await on_archive(tx, record)
            record.state = "inactive"
            await tx.save(record)
        return Response(status_code=200)

    _by_id(router, path, "DELETE", archive, name)


def static_list(request: Request, rows: Sequence[dict[str, Any]]) -> Response:
    """Reference data in the list envelope (paged like any list)."""
    paging = paging_of(request)
    records = [
        Record("", "reference", "active", dict(row), id=int(row.get("Id", n)))
        for n, row in enumerate(rows, start=1)
    ]
    total = len(records)
    if paging is not None:
        start = (paging.number - 1) * paging.size
        records = records[start : start + paging.size]
    body = envelope(records, total, paging)
    for entry, record in zip(body["Data"], records, strict=True):
        # A row's own LastModified (documented for waste methods) stays; none is made up.
        own = record.data.get("LastModified")
        if own is None:
            entry.pop("LastModified", None)
        else:
            entry["LastModified"] = own
        if "Id" not in rows[0]:
            entry.pop("Id", None)
    return json(body)


def name_list(request: Request, names: Sequence[str]) -> Response:
    """Plain names in the list envelope, paged like any list (OpenMetrc's StringMetrcWrapper)."""
    paging = paging_of(request)
    shown = list(names)
    if paging is not None:
        start = (paging.number - 1) * paging.size
        shown = shown[start : start + paging.size]
    body = envelope([], len(names), paging)
    body.update(Data=shown, RecordsOnPage=len(shown))
    return json(body)


async def written(request: Request) -> list[dict[str, Any]]:
    """A write's objects, each fitting the schema its route documents (`openapi.write`).

    Raises:
        MetrcHttpError: 415, 413 or 400 for the body (see `objects_of`), 400 listing every
            object that does not fit.
    """
    found = await objects_of(request)
    route = request.scope["route"]
    content = route.openapi_extra["requestBody"]["content"]["application/json"]
    schema = content["schema"]["items"]
    errors = RowErrors()
    for row, obj in enumerate(found):
        for problem in shape_problems(schema, obj, ""):
            errors.add(row, problem)
    errors.raise_if_any()
    return found


def canonical(value: str | None, known: Iterable[str]) -> str | None:
    """The reference list's spelling of a name given in any case, or None if it is not there."""
    if value is None:
        return None
    wanted = value.strip().casefold()
    return next((name for name in known if name.casefold() == wanted), None)


def text(obj: dict[str, Any], key: str, row: int, errors: RowErrors) -> str:
    """A required non-blank string field of a posted object, stripped."""
    value = obj.get(key)
    if not isinstance(value, str) or not re.search(NOT_BLANK, value):
        errors.add(row, f"{key} is required.")
        return ""
    return value.strip()


def number(
    obj: dict[str, Any], key: str, row: int, errors: RowErrors, *, positive: bool = True
) -> float:
    """A required, finite number field (above zero unless `positive` is false)."""
    value = obj.get(key)
    amount = math.nan
    # An integer beyond any float is not a quantity either.
    if isinstance(value, int | float) and not isinstance(value, bool):
        with contextlib.suppress(OverflowError):
            amount = float(value)
    if not math.isfinite(amount):
        errors.add(row, f"{key} must be a number.")
        return 0.0
    if positive and amount <= 0:
        errors.add(row, f"{key} must be greater than zero.")
    return amount


def a_date(obj: dict[str, Any], key: str, row: int, errors: RowErrors) -> date | None:
    """A required YYYY-MM-DD date field (a date-time's date part is accepted too)."""
    value = obj.get(key)
    found = parse_day(value) if isinstance(value, str) else None
    if found is None:
        errors.add(row, f"{key} must be a date (YYYY-MM-DD).")
    return found


def found(record: Record | None, what: str) -> Record:
    """The record, or 404 like Metrc for an unknown id or label.

    Raises:
        MetrcHttpError: 404.
    """
    from trichome.services.sandbox.rules import message

    if record is None:
        raise message(404, f"{what} was not found.")
    return record


def owned(record: Record | None, facility: Facility, what: str) -> Record:
    """A record that belongs to the facility.

    Raises:
        MetrcHttpError: 404 when it does not exist or belongs to another licence.
    """
    record = found(record, what)
    if record.license != facility.license_number:
        return found(None, what)
    return record
