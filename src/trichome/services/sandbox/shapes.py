"""Checking that a written object fits its body schema, and the date forms the schemas use.

`shape_problems` reads the JSON Schema keywords the schemas of `bodies` use and says, one
line each, why an object does not fit; `written` (in `common`) refuses such objects with a
400 naming their row. `parse_day` and `parse_moment` read the `DAY` and `MOMENT` values.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from datetime import date, datetime
from typing import Any

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}")


def parse_day(value: str) -> date | None:
    """The date of a `DAY` value (a date, or a date-time's date), or None."""
    try:
        if _DATE.fullmatch(value):
            return date.fromisoformat(value)
        if _DATE_TIME.match(value):
            return parse_moment(value).date()
    except ValueError:
        return None
    return None


def parse_moment(value: str) -> datetime:
    """A date-time in ISO 8601 (`Z` or an offset, or none).

    Raises:
        ValueError: it is not one.
    """
    if not _DATE_TIME.match(value):
        raise ValueError(value)
    return datetime.fromisoformat(value.upper().replace("Z", "+00:00"))


def _is_type(value: Any, kind: str) -> bool:
    if kind == "string":
        return isinstance(value, str)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    if kind == "array":
        return isinstance(value, list)
    if kind == "object":
        return isinstance(value, dict)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    if isinstance(value, int):
        return True
    return math.isfinite(value) and (kind == "number" or value.is_integer())


_TYPE_WORDS = {
    "string": "text",
    "number": "a number",
    "integer": "a whole number",
    "boolean": "true or false",
    "array": "an array",
    "object": "an object",
    "null": "null",
}


def shape_problems(schema: dict[str, Any], value: Any, where: str) -> Iterator[str]:
    """Why `value` does not fit `schema` (the keywords these schemas use), one line each."""
    kinds = schema.get("type")
    if kinds is not None:
        kinds = [kinds] if isinstance(kinds, str) else kinds
        if not any(_is_type(value, kind) for kind in kinds):
            words = " or ".join(_TYPE_WORDS[kind] for kind in kinds)
            yield f"{where} must be {words}."
            return
    if "anyOf" in schema:
        options = [list(shape_problems(option, value, where)) for option in schema["anyOf"]]
        if all(options):
            if all("required" in option for option in schema["anyOf"]):
                keys = " or ".join(option["required"][0] for option in schema["anyOf"])
                yield f"{where or 'The object'} needs {keys}."
            else:
                yield options[0][0]
    if "enum" in schema and value not in schema["enum"]:
        folded = value.strip().casefold() if isinstance(value, str) else None
        if not schema.get("x-any-case") or folded not in {
            str(known).casefold() for known in schema["enum"]
        }:
            yield f"{where} must be one of {schema['enum']}."
    if isinstance(value, str):
        if "pattern" in schema and not re.search(schema["pattern"], value):
            yield f"{where} must not be blank."
        if schema.get("format") == "date" and not (
            _DATE.fullmatch(value) and parse_day(value) is not None
        ):
            yield f"{where} must be a date (YYYY-MM-DD)."
        if schema.get("format") == "date-time":
            try:
                parse_moment(value)
            except ValueError:
                yield f"{where} must be an ISO 8601 date-time."
    if _is_type(value, "number"):
        if "minimum" in schema and value < schema["minimum"]:
            yield f"{where} must be at least {schema['minimum']}."
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            yield f"{where} must be greater than {schema['exclusiveMinimum']}."
        if "maximum" in schema and value > schema["maximum"]:
            yield f"{where} must be at most {schema['maximum']}."
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            yield f"{where} must hold at least {schema['minItems']}."
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            yield f"{where} must hold at most {schema['maxItems']}."
        if "items" in schema:
            for position, item in enumerate(value):
                yield from shape_problems(schema["items"], item, f"{where}[{position}]")
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            if key not in value:
                yield f"{_join(where, key)} is required."
        for key, field in schema.get("properties", {}).items():
            if key in value:
                yield from shape_problems(field, value[key], _join(where, key))


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key
