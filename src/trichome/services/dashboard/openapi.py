"""How the dashboard's pages are called and what they answer, for `/openapi.json`.

The pages are HTML for browsers, but they are HTTP operations all the same: a generated
client or a fuzzer needs their session cookie, their form fields and every status they
answer. Signed-in pages answer 303 to `/login` without a valid session; every POST of a
signed-in page needs `csrf_token` (an HMAC of the session's token, which the page's form
carries) and answers a 403 page without it, changing nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi.responses import HTMLResponse

from trichome.http.errors import ErrorBody

SESSION_AUTH = "SessionCookie"
SECURITY_SCHEMES: dict[str, dict[str, Any]] = {
    SESSION_AUTH: {
        "type": "apiKey",
        "in": "cookie",
        "name": "trichome_session",
        "description": (
            "The browser session, set by a sign-in (`GET /login/link?token=…` from "
            "`.venv/bin/trichome dashboard login-link`, or Google through `POST /login/token`)."
        ),
    }
}
SIGNED_IN: list[dict[str, list[str]]] = [{SESSION_AUTH: []}]
EITHER: list[dict[str, list[str]]] = [{}, {SESSION_AUTH: []}]
NOBODY: list[dict[str, list[str]]] = []

_HTML = {"text/html": {"schema": {"type": "string"}}}
_ERROR_JSON = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
_LOCATION = {
    "Location": {"required": True, "description": "Where to go.", "schema": {"type": "string"}}
}
_WHY = {
    200: "The page.",
    303: "Done, or no valid session (to `/login`): go to `Location`.",
    400: "A page saying what to correct, or (JSON) a path, query or form field that is too "
    "long or a form that cannot be read.",
    401: "A page: the access token was refused.",
    403: "A page: the form's `csrf_token` is not this session's (nothing changed), or the "
    "user may not do this.",
    404: "A page: no such object here.",
    409: "A page: the organisation no longer takes members.",
    410: "A page: the invitation expired.",
    503: "A page: sign-in with access tokens is not configured.",
}
CSRF = {
    "type": "string",
    "description": "The session's CSRF token, from the page's form.",
}


def _response(status: int) -> dict[str, Any]:
    if status == 303:
        return {"description": _WHY[303], "headers": _LOCATION}
    content = {**_HTML, **_ERROR_JSON} if status == 400 else _HTML
    return {"description": _WHY[status], "content": content}


def page(
    *statuses: int,
    security: list[dict[str, list[str]]] = SIGNED_IN,
    form: dict[str, dict[str, Any]] | None = None,
    required: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Route keyword arguments documenting a page: who may open it, the form it takes
    (`application/x-www-form-urlencoded`) and each status it answers."""
    extra: dict[str, Any] = {"security": security}
    if form is not None:
        schema = {"type": "object", "properties": form, "required": list(required)}
        extra["requestBody"] = {
            "required": True,
            "content": {"application/x-www-form-urlencoded": {"schema": schema}},
        }
    responses: dict[int | str, dict[str, Any]] = {status: _response(status) for status in statuses}
    # FastAPI adds ErrorBody to the components when a response names its model.
    if 400 in statuses:
        responses[400]["model"] = ErrorBody
    return {
        "openapi_extra": extra,
        "responses": responses,
        "response_class": HTMLResponse,
        # The status FastAPI documents by itself: the page, or else the redirect.
        "status_code": 200 if 200 in statuses else 303,
    }


def signed_in_form(
    *statuses: int, fields: dict[str, dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A POST of a signed-in page: `csrf_token` and these fields."""
    form = {"csrf_token": CSRF, **(fields or {})}
    return page(*statuses, form=form, required=("csrf_token",))
