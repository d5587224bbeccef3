"""How each sandbox operation is called and what it answers, for `/openapi.json`.

The routes read their query parameters and bodies themselves, as Metrc's API is shaped
(`licenseNumber` on nearly every call, an array of objects on every write), so each route
states them here: `openapi_extra` for the parameters and the body, `responses` for every
status with Metrc's bodies (`{"Message"}`, or the rows a write refused).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.responses import Response

from trichome.sandbox.facilities import KNOWN
from trichome.services.sandbox.rules import MAX_OBJECTS_PER_WRITE, MAX_PAGE_NUMBER, MAX_PAGE_SIZE

# ----------------------------------------------------------------------------- parameters


def _query(
    name: str, schema: dict[str, Any], description: str, *, required: bool = False
) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "required": required,
        "description": description,
        "schema": schema,
    }


def query(name: str, schema: dict[str, Any], description: str) -> dict[str, Any]:
    """An optional query parameter of an operation."""
    return _query(name, schema, description)


LICENSE = _query(
    "licenseNumber",
    {"type": "string", "enum": sorted(KNOWN)},
    "The facility's licence: one of the sandbox's facilities, which its development keys "
    "hold (any other is a 401; the Massachusetts one only in the sandbox told it is in MA). "
    "Whether the facility's type may do this is checked too.",
    required=True,
)
PAGING = [
    _query(
        "pageNumber",
        {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_NUMBER, "default": 1},
        "The page, from 1 (read with pageSize).",
    ),
    _query(
        "pageSize",
        {"type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE},
        f"Objects per page, at most {MAX_PAGE_SIZE}; without it, every object in one page.",
    ),
]
WINDOW = [
    _query(
        "lastModifiedStart",
        {"type": "string", "format": "date-time"},
        "Only objects changed at or after this time (ISO 8601 with an offset). Must come "
        "with lastModifiedEnd, at most 24 hours later.",
    ),
    _query(
        "lastModifiedEnd",
        {"type": "string", "format": "date-time"},
        "Only objects changed at or before this time (with lastModifiedStart).",
    ),
]

SALES_DATES = [
    _query(
        "salesDateStart",
        {"type": "string", "format": "date-time"},
        "Only receipts sold at or after this time (ISO 8601, e.g. 2026-05-01T00:00:00Z). "
        "Not with lastModifiedStart/lastModifiedEnd.",
    ),
    _query(
        "salesDateEnd",
        {"type": "string", "format": "date-time"},
        "Only receipts sold at or before this time (ISO 8601). Not with last-modified dates.",
    ),
]


def id_query(name: str, what: str) -> dict[str, Any]:
    """A required numeric id in the query string."""
    return _query(name, {"type": "integer", "minimum": 0}, f"The {what}'s id.", required=True)


def text_query(name: str, description: str) -> dict[str, Any]:
    """A required text parameter in the query string."""
    return _query(name, {"type": "string", "minLength": 1}, description, required=True)


# ----------------------------------------------------------------------------- bodies

MESSAGE: dict[str, Any] = {
    "type": "object",
    "required": ["Message"],
    "properties": {"Message": {"type": "string"}},
}
ROW_ERRORS: dict[str, Any] = {
    "type": "array",
    "description": "Every object of the write that was refused (nothing was written).",
    "items": {
        "type": "object",
        "required": ["row", "message"],
        "properties": {
            "row": {"type": "integer", "description": "The object's index in the request."},
            "message": {"type": "string"},
        },
    },
}
DOCUMENT: dict[str, Any] = {
    "type": "object",
    "required": ["Id"],
    "properties": {"Id": {"type": "integer"}},
    "description": "The object as Metrc returns it.",
}
ENVELOPE: dict[str, Any] = {
    "type": "object",
    "required": ["Data", "Total", "PageSize", "Page", "TotalPages"],
    "properties": {
        "Data": {"type": "array", "items": {"type": "object"}},
        "Total": {"type": "integer"},
        "TotalRecords": {"type": "integer"},
        "PageSize": {"type": "integer"},
        "RecordsOnPage": {"type": "integer"},
        "Page": {"type": "integer"},
        "CurrentPage": {"type": "integer"},
        "TotalPages": {"type": "integer"},
    },
    "description": "Metrc v2's list envelope.",
}
ROWS: dict[str, Any] = {"type": "array", "items": {"type": "object"}}
WRITTEN: dict[str, Any] = {
    "type": "object",
    "required": ["Ids"],
    "properties": {
        "Ids": {"type": "array", "items": {"type": "integer"}},
        "Warnings": {"type": "null"},
    },
    "description": "The ids of the objects created or changed, in the order sent.",
}

_WHY = {
    400: "The request is invalid: no licence number, bad paging or window, a body that is "
    "not an array of objects, or objects the write refused (listed by row).",
    401: "The keys are missing or wrong, the user does not hold the licence, or the "
    "facility's type may not do this.",
    404: "No such object at this facility.",
    413: f"More than {MAX_OBJECTS_PER_WRITE} objects in one write.",
    415: "The body is not sent as JSON.",
    429: "Too many GETs for this facility this second (`Retry-After`).",
}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def _error(status: int, *, rows: bool = False) -> dict[str, Any]:
    schema = {"anyOf": [MESSAGE, ROW_ERRORS]} if rows else MESSAGE
    answer: dict[str, Any] = {"description": _WHY[status], "content": _json(schema)}
    if status == 401:
        answer["headers"] = {
            "WWW-Authenticate": {
                "description": '`Basic realm="metrc"` when the keys were refused.',
                "schema": {"type": "string"},
            }
        }
    if status == 429:
        answer["headers"] = {
            "Retry-After": {
                "required": True,
                "description": "Seconds.",
                "schema": {"type": "string"},
            }
        }
    return answer


def responses(
    ok: dict[str, Any] | None, *errors: int, rows: bool = False
) -> dict[int | str, dict[str, Any]]:
    """`responses` of an operation: 200 with this body (None: an empty body), and errors."""
    success: dict[str, Any] = {"description": "Done."}
    if ok is not None:
        success = {"description": "The result.", "content": _json(ok)}
    return {200: success, **{status: _error(status, rows=rows) for status in errors}}


# ----------------------------------------------------------------------------- operations


def operation(*parameters: Mapping[str, Any], body: dict[str, Any] | None = None) -> dict[str, Any]:
    """`openapi_extra` of an operation: its query parameters, and its body when it writes."""
    extra: dict[str, Any] = {"parameters": [dict(parameter) for parameter in parameters]}
    if body is not None:
        extra["requestBody"] = {
            "required": True,
            "content": _json(
                {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": MAX_OBJECTS_PER_WRITE,
                    "items": body,
                }
            ),
        }
    return extra


def listing() -> dict[str, Any]:
    """A list of a facility's objects: paged and windowed."""
    return {
        "openapi_extra": operation(LICENSE, *PAGING, *WINDOW),
        "responses": responses(ENVELOPE, 400, 401, 429),
    }


def receipt_listing() -> dict[str, Any]:
    """A list of a facility's receipts: paged, and by sale date or last-modified window."""
    return {
        "openapi_extra": operation(LICENSE, *PAGING, *SALES_DATES, *WINDOW),
        "responses": responses(ENVELOPE, 400, 401, 429),
    }


def reference_list(*, items: dict[str, Any] | None = None, paged: bool = False) -> dict[str, Any]:
    """A reference list a licence may read: paged in the list envelope, or (`items`) a
    plain array of them, or (`items` and `paged`) those items paged in the envelope."""
    if items is None or paged:
        data = {"type": "array", "items": items or {"type": "object"}}
        body = {**ENVELOPE, "properties": {**ENVELOPE["properties"], "Data": data}}
        return {
            "openapi_extra": operation(LICENSE, *PAGING),
            "responses": responses(body, 400, 401, 429),
        }
    rows = {"type": "array", "items": items}
    return {"openapi_extra": operation(LICENSE), "responses": responses(rows, 400, 401, 429)}


def state_reference_list() -> dict[str, Any]:
    """A state-wide reference list in the list envelope that needs only the keys (no licence)."""
    return {"openapi_extra": operation(*PAGING), "responses": responses(ENVELOPE, 400, 401)}


def state_list(items: dict[str, Any] | None = None) -> dict[str, Any]:
    """A state-wide list (of objects, or of `items`) that needs only the keys."""
    rows = ROWS if items is None else {"type": "array", "items": items}
    return {"openapi_extra": operation(), "responses": responses(rows, 401)}


def one() -> dict[str, Any]:
    """One object by its id or label (the path), at the facility."""
    return {
        "openapi_extra": operation(LICENSE),
        "responses": responses(DOCUMENT, 400, 401, 404, 429),
    }


def children(*extra: Mapping[str, Any], paged: bool = True) -> dict[str, Any]:
    """The list of what belongs to one object (its id in the path or the query)."""
    parameters = [LICENSE, *extra, *(PAGING if paged else ())]
    return {
        "openapi_extra": operation(*parameters),
        "responses": responses(ENVELOPE, 400, 401, 404, 429),
    }


def write(
    body: dict[str, Any], *, found: bool = False, answer: dict[str, Any] | None = WRITTEN
) -> dict[str, Any]:
    """A write of 1 to 10 objects, all or nothing (`found`: its path names an object;
    `answer`: what a success returns, None for an empty body)."""
    errors = (400, 401, *((404,) if found else ()), 413, 415)
    documented: dict[str, Any] = {
        "openapi_extra": operation(LICENSE, body=body),
        "responses": responses(answer, *errors, rows=True),
    }
    if answer is None:
        documented["response_class"] = Response  # no body, so no media type
    return documented


def action(ok: dict[str, Any] | None = None, *, rows: bool = False) -> dict[str, Any]:
    """A change to the object the path names, without a body (`ok`: what a success
    answers; None: an empty 200)."""
    documented: dict[str, Any] = {
        "openapi_extra": operation(LICENSE),
        "responses": responses(ok, 400, 401, 404, rows=rows),
    }
    if ok is None:
        documented["response_class"] = Response  # no body, so no media type
    return documented
