"""The spec's error body for every failure, 404 and 405 included."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping
from typing import Any

import orjson
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field
from sqlalchemy import exc as sql_errors
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.routing import Match, Mount
from starlette.staticfiles import StaticFiles

from trichome.limits.base import CountersUnavailable

logger = logging.getLogger(__name__)

_HTTP_ERRORS: dict[int, tuple[str, str]] = {
    400: ("invalid_request_error", "invalid_request"),
    401: ("authentication_error", "invalid_api_key"),
    403: ("permission_error", "forbidden"),
    404: ("invalid_request_error", "not_found"),
    405: ("invalid_request_error", "method_not_allowed"),
    408: ("invalid_request_error", "request_timeout"),
    413: ("invalid_request_error", "request_too_large"),
    415: ("invalid_request_error", "unsupported_media_type"),
    429: ("rate_limit_error", "rate_limit_exceeded"),
    503: ("service_unavailable_error", "service_unavailable"),
}


class ErrorDetail(BaseModel):
    """What went wrong, for people (`message`) and for programs (`type`, `code`, `param`)."""

    message: str
    type: str
    code: str
    param: str | None = Field(None, description="The request field at fault, when there is one.")


class ErrorBody(BaseModel):
    """The error body of every non-2xx response (spec section 2)."""

    error: ErrorDetail


class ApiError(Exception):
    """A failure to report to the client with the spec's error body."""

    def __init__(
        self,
        status: int,
        message: str,
        *,
        type: str,
        code: str,
        param: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.type = type
        self.code = code
        self.param = param
        self.headers = dict(headers or {})

    def body(self) -> dict[str, Any]:
        """The JSON body of this error."""
        return {
            "error": {
                "message": self.message,
                "type": self.type,
                "code": self.code,
                "param": self.param,
            }
        }


def database_unavailable() -> ApiError:
    """A 503: the account database could not be reached."""
    return ApiError(
        503,
        "The account database is unavailable; retry shortly.",
        type="service_unavailable_error",
        code="database_unavailable",
    )


def counters_unavailable(error: CountersUnavailable) -> ApiError:
    """A 503: the quota counters (Redis, or the database) could not be reached."""
    if error.store == "database":
        return database_unavailable()
    return ApiError(
        503,
        "The quota counters are unavailable; retry shortly.",
        type="service_unavailable_error",
        code="counters_unavailable",
    )


# Errors that mean the database went away (shutting down, restarting, a connection cut).
_DATABASE_OUTAGES = (
    # asyncpg's own connect error (refused, reset) passes through SQLAlchemy unwrapped
    ConnectionError,
    sql_errors.OperationalError,
    sql_errors.InterfaceError,
    sql_errors.DisconnectionError,
    sql_errors.TimeoutError,
    sqlite3.OperationalError,
)


def unavailable(error: BaseException) -> ApiError | None:
    """The 503 for a dependency that could not be reached (the counters, the database),
    else None."""
    if isinstance(error, CountersUnavailable):
        return counters_unavailable(error)
    if isinstance(error, _DATABASE_OUTAGES) or (
        isinstance(error, sql_errors.DBAPIError) and error.connection_invalidated
    ):
        return database_unavailable()
    return None


def invalid_request(message: str, *, code: str, param: str | None = None) -> ApiError:
    """A 400 `invalid_request_error`."""
    return ApiError(400, message, type="invalid_request_error", code=code, param=param)


def error_response(error: ApiError, request_id: str | None = None) -> Response:
    """A JSON response carrying the error body."""
    headers = dict(error.headers)
    if request_id:
        headers["x-request-id"] = request_id
    return Response(
        orjson.dumps(error.body()),
        status_code=error.status,
        media_type="application/json",
        headers=headers,
    )


def request_id_of(request: Request) -> str | None:
    """The id the request-id middleware gave this request."""
    value = request.scope.get("state", {}).get("request_id")
    return value if isinstance(value, str) else None


_METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def allowed_methods(request: Request) -> list[str]:
    """Every method some route of the app takes at the request's path, for a 405's `Allow`.

    Starlette names only the methods of the first route whose path matched; FastAPI makes
    one route per method, so a path with GET and POST routes would advertise only one of
    them (RFC 9110, section 15.5.6: `Allow` lists the methods the target resource supports).
    Each method is asked of the app's router as the request would be, included routers and
    all.
    """
    scope = request.scope
    # Routing as the app's router saw the request (a mount rewrites `root_path` on the way in).
    base = {
        "type": "http",
        "path": scope["path"],
        "root_path": scope.get("app_root_path", scope.get("root_path", "")),
    }
    allowed: set[str] = set()
    for route in request.app.router.routes:
        if isinstance(route, Mount):
            # A mount matches any method; static files take only these.
            static = isinstance(route.app, StaticFiles)
            if static and route.matches(base | {"method": "GET"})[0] is not Match.NONE:
                allowed.update(("GET", "HEAD"))
            continue
        for method in _METHODS:
            if method not in allowed and route.matches(base | {"method": method})[0] is Match.FULL:
                allowed.add(method)
    return [method for method in _METHODS if method in allowed]


def _http_error(exc: StarletteHTTPException, request: Request) -> ApiError:
    error_type, code = _HTTP_ERRORS.get(
        exc.status_code,
        ("invalid_request_error" if exc.status_code < 500 else "server_error", "http_error"),
    )
    headers = dict(exc.headers or {})
    if exc.status_code == 404:
        message = f"No route {request.method} {request.url.path}."
    elif exc.status_code == 405:
        allowed = allowed_methods(request)
        headers["Allow"] = ", ".join(allowed)
        message = (
            f"Method {request.method} is not allowed on {request.url.path}; "
            f"it takes {', '.join(allowed)}."
        )
    else:
        message = str(exc.detail)
    return ApiError(exc.status_code, message, type=error_type, code=code, headers=headers)


def install_error_handlers(app: FastAPI) -> None:
    """Route every exception through the spec's error body."""

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return error_response(exc, request_id_of(request))

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        return error_response(_http_error(exc, request), request_id_of(request))

    async def on_validation_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        first = exc.errors()[0] if exc.errors() else {}
        location = [str(part) for part in first.get("loc", ()) if part not in ("body", "query")]
        param = ".".join(location) or None
        missing = first.get("type") == "missing"
        error = invalid_request(
            f"Missing required parameter: '{param}'."
            if missing
            else f"Invalid value for '{param}': {first.get('msg', 'invalid')}.",
            code="missing_required_field" if missing else "invalid_value",
            param=param,
        )
        return error_response(error, request_id_of(request))

    async def on_unexpected(request: Request, exc: Exception) -> Response:
        request_id = request_id_of(request)
        outage = unavailable(exc)
        if outage is not None:
            logger.warning(
                "%s %s [%s]: %s (%s)", request.method, request.url.path, request_id,
                outage.code, exc,
            )  # fmt: skip
            return error_response(outage, request_id)
        logger.exception(
            "unhandled error in %s %s [%s]", request.method, request.url.path, request_id
        )
        error = ApiError(
            500,
            f"Internal server error. Quote request id {request_id} when reporting it.",
            type="server_error",
            code="internal_error",
        )
        return error_response(error, request_id)

    app.add_exception_handler(ApiError, on_api_error)
    app.add_exception_handler(StarletteHTTPException, on_http_error)
    app.add_exception_handler(RequestValidationError, on_validation_error)
    # Handled where they are raised (not by the last-resort handler, which re-raises to the
    # server after answering): a dependency that went away is a 503, not a crash.
    for dependency_error in (CountersUnavailable, sql_errors.DBAPIError, *_DATABASE_OUTAGES):
        app.add_exception_handler(dependency_error, on_unexpected)
    app.add_exception_handler(Exception, on_unexpected)


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` entries documenting the error body for these statuses."""
    descriptions = {
        400: "The request is invalid: a required field is missing or a parameter is wrong.",
        401: "The credential is missing or invalid.",
        403: "The credential is valid, but its tier does not allow this (or its quota is used).",
        404: "No such route or resource.",
        408: "The request body did not arrive in time.",
        413: "The request body is too large.",
        415: "The body's media type, or an uploaded file's type, is not accepted.",
        429: "A rate limit or quota is exceeded.",
        500: "Internal error; the message carries a request id.",
        502: "The answer engine failed.",
        503: "A dependency (database or answer engine) is unavailable.",
        504: "The answer engine timed out.",
    }
    return {
        status: {"model": ErrorBody, "description": descriptions[status]} for status in statuses
    }
