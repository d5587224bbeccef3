"""Pydantic's validation errors as the spec's 400s: a precise `code` and the field's `param`."""

from __future__ import annotations

from typing import Any

from pydantic import (
    ValidationError,
)

from trichome.http.errors import ApiError, invalid_request
from trichome.http.openai.types import TOOL_CHOICE_FUNCTION, TOOL_CHOICE_MODE

_TYPE_NAMES = {
    "string_type": "a string",
    "bool_type": "a boolean",
    "int_type": "an integer",
    "float_type": "a number",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "int_from_float": "an integer",
}


_ROLES = ("system", "developer", "user", "assistant", "tool")
_UNION_MEMBERS = frozenset({"str", "int", "float", "bool", "list", "dict", "none"})
# Discriminated unions put their tag after the field's name.
_TAGS_AFTER = {
    "response_format": frozenset({"text", "json_object", "json_schema"}),
    "tool_choice": frozenset({TOOL_CHOICE_MODE, TOOL_CHOICE_FUNCTION}),
}


def _param(location: tuple[int | str, ...]) -> str | None:
    # Pydantic puts union members ("str", "list[ToolCall]"), validator tags and, after a
    # message's index, its role tag into the location; clients want their field's path.
    text = ""
    previous: int | str | None = None
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        elif (
            "[" in part
            or part in _UNION_MEMBERS
            or part.startswith(("function-", "json-or-python"))
            or (isinstance(previous, int) and part in _ROLES)
            or (isinstance(previous, str) and part in _TAGS_AFTER.get(previous, ()))
        ):
            pass
        else:
            text += f".{part}" if text else part
        previous = part
    return text or None


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


def to_api_error(error: ValidationError) -> ApiError:
    """The first validation failure as a 400 with a precise `code` and `param`."""
    first = error.errors(include_url=False)[0]
    kind = first["type"]
    param = _param(first["loc"])
    where = f"'{param}'" if param else "the request body"
    # A discriminated union names its tag field in the context, quoted: "'role'", "'type'".
    tag = str(first.get("ctx", {}).get("discriminator", "'role'")).strip("'")
    if kind in ("missing", "union_tag_not_found", "missing_content"):
        if kind != "missing":
            param = f"{param}.{tag if kind == 'union_tag_not_found' else 'content'}"
        return invalid_request(
            f"Missing required parameter: '{param}'.", code="missing_required_field", param=param
        )
    if kind == "union_tag_invalid":
        expected = str(first["ctx"]["expected_tags"]).replace("'", "")
        return invalid_request(
            f"Invalid value for '{param}.{tag}': {first['input'].get(tag)!r}. "
            f"Supported: {expected}.",
            code="invalid_value",
            param=f"{param}.{tag}",
        )
    if param == "n" and kind == "less_than_equal":
        return invalid_request(
            "Only n=1 is supported: each request returns one choice.",
            code="unsupported_value",
            param="n",
        )
    if kind == "json_invalid":
        return invalid_request(
            f"The request body is not valid JSON: {first['msg']}.", code="invalid_json"
        )
    if kind in _TYPE_NAMES:
        expected = _TYPE_NAMES[kind]
        return invalid_request(
            f"Invalid type for {where}: expected {expected}, got {_json_type(first.get('input'))}.",
            code="invalid_type",
            param=param,
        )
    if kind in ("invalid_type", "invalid_content"):
        return invalid_request(
            f"Invalid type for {where}: {first['msg']}.", code="invalid_type", param=param
        )
    return invalid_request(
        f"Invalid value for {where}: {first['msg']}.", code="invalid_value", param=param
    )
