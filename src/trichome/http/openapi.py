"""`/openapi.json` as each service really behaves: the shared corrections to FastAPI's document.

FastAPI documents a 422 for every route with parameters; our handlers answer a bad
parameter with a 400 and the error body, so the 422 goes. A route whose parameters can be
refused lists its 400 itself (`error_responses`): FastAPI cannot tell which can. Each
service states how it authenticates (`securitySchemes`) and which operations need it, so a
generated client sends its credential and a fuzzer can check the operations refuse calls
without one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel

BEARER_AUTH = "BearerAuth"
BEARER_SCHEME: dict[str, Any] = {
    "type": "http",
    "scheme": "bearer",
    "description": "An API key (`trk_…`) from the dashboard or `.venv/bin/trichome keys create`.",
}
# A string that is not blank, as `str.strip()` sees it: one character that is white space
# neither to Python (which also strips U+001C to U+001F and U+0085) nor, but for U+FEFF
# (which Python keeps), to JSON Schema's ECMA-262 `\s`. The same in both regex engines, so
# what the document allows is exactly what the code accepts.
NOT_BLANK = r"[^\s\x1c-\x1f\x85]|\ufeff"
PUBLIC: dict[str, Any] = {"security": []}
"""`openapi_extra` of an operation that needs no credential."""

_FASTAPI_VALIDATION_SCHEMAS = ("HTTPValidationError", "ValidationError")


def optional(*schemes: str) -> dict[str, Any]:
    """`openapi_extra` of an operation that takes one of these credentials, or none."""
    return {"security": [{}, *({scheme: []} for scheme in schemes)]}


def install_openapi(
    app: FastAPI,
    *,
    security_schemes: Mapping[str, dict[str, Any]] | None = None,
    security: Sequence[Mapping[str, Sequence[str]]] = (),
    models: Sequence[type[BaseModel]] = (),
    extra_schemas: Mapping[str, dict[str, Any]] | None = None,
) -> None:
    """Serve the app's true document at `/openapi.json` (built once, on first request).

    `security` applies to every operation that does not state its own (`PUBLIC`,
    `optional(...)`); `models` (and `extra_schemas`, schemas built by hand) are added to the
    components for `$ref`s written by hand.
    """

    def build() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(
            title=app.title, version=app.version, description=app.description, routes=app.routes
        )
        components = schema.setdefault("components", {})
        schemas = components.setdefault("schemas", {})
        for model in models:
            model_schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
            schemas.update(model_schema.pop("$defs", {}))
            schemas[model.__name__] = model_schema
        schemas.update(extra_schemas or {})
        for item in schema.get("paths", {}).values():
            for operation in item.values():
                responses = operation.get("responses", {})
                responses.pop("422", None)
                for status, response in responses.items():
                    if status.startswith("3"):
                        # Redirects and 304s carry no body (FastAPI gives the default one
                        # the route's media type).
                        response.pop("content", None)
        for name in _FASTAPI_VALIDATION_SCHEMAS:
            schemas.pop(name, None)
        if security_schemes:
            components["securitySchemes"] = dict(security_schemes)
        if security:
            schema["security"] = [dict(requirement) for requirement in security]
        app.openapi_schema = schema
        return schema

    app.openapi = build  # type: ignore[method-assign]
