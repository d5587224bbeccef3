"""A tool call's arguments checked against the JSON Schema its tool declares.

Not every OpenAI-compatible upstream enforces a tool's schema, and a model may send a
percentage of 120, a unit no calculator knows or a count of 2.5. The arguments are checked
here against the same schema the model was shown (types, enums, minimums and maximums, array
items, required and unknown names) and defaults are filled in; anything wrong comes back to
the model as a `CalculationError` naming the argument, what was sent and what is allowed.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.tool_schemas import function_tool

_BOUNDS = (
    ("minimum", operator.ge, "at least"),
    ("exclusiveMinimum", operator.gt, "above"),
    ("maximum", operator.le, "at most"),
    ("exclusiveMaximum", operator.lt, "below"),
)


@dataclass(frozen=True, slots=True)
class CheckedTool:
    """A calculator offered as a function tool whose arguments are checked against its
    schema before `run` sees them: `run` gets every declared argument, defaults filled in."""

    name: str
    description: str
    properties: dict[str, Any]
    required: list[str]
    run: Callable[[dict[str, Any]], Calculation]

    @property
    def definition(self) -> dict[str, Any]:
        """The OpenAI function tool the model is offered."""
        return function_tool(self.name, self.description, self.properties, self.required)

    def checked(self, arguments: object) -> dict[str, Any]:
        """The model's arguments, checked against the schema, defaults filled in.

        Raises:
            CalculationError: what is wrong with them, for the model to read.
        """
        return checked(self.definition["function"]["parameters"], arguments)


def checked(schema: dict[str, Any], arguments: object) -> dict[str, Any]:
    """`arguments` as an object matching `schema` (an object schema), defaults filled in.

    Raises:
        CalculationError: an argument missing, unknown, of the wrong type or out of range.
    """
    return _object("the arguments", schema, arguments)


def _object(where: str, schema: dict[str, Any], value: object) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CalculationError(f"{where} must be a JSON object")
    properties: dict[str, Any] = schema.get("properties", {})
    if schema.get("additionalProperties") is False:
        unknown = sorted(set(value) - set(properties))
        if unknown:
            raise CalculationError(
                f"unknown argument {unknown[0]!r} in {where}; the arguments are "
                + ", ".join(properties)
            )
    result: dict[str, Any] = {}
    for name, inner in properties.items():
        given = value.get(name)
        if given is None:
            if name in schema.get("required", ()):
                raise CalculationError(f"{_named(where, name)} is required")
            if "default" in inner:
                result[name] = inner["default"]
            continue
        result[name] = _value(_named(where, name), inner, given)
    return result


def _named(where: str, name: str) -> str:
    return name if where == "the arguments" else f"{where}.{name}"


def _value(name: str, schema: dict[str, Any], value: object) -> Any:
    kind = schema.get("type")
    if kind in ("number", "integer"):
        return _number(name, schema, value)
    if kind == "boolean":
        if not isinstance(value, bool):
            raise CalculationError(f"{name} must be true or false, got {value!r}")
        return value
    if kind == "string":
        if not isinstance(value, str):
            raise CalculationError(f"{name} must be a string, got {value!r}")
        allowed = schema.get("enum")
        if allowed is not None and value not in allowed:
            raise CalculationError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")
        return value
    if kind == "array":
        if not isinstance(value, list):
            raise CalculationError(f"{name} must be a list")
        fewest = schema.get("minItems", 0)
        if len(value) < fewest:
            raise CalculationError(f"{name} needs at least {fewest} item(s), got {len(value)}")
        items = schema.get("items", {})
        return [_value(f"{name}[{n}]", items, item) for n, item in enumerate(value, 1)]
    if kind == "object":
        return _object(name, schema, value)
    return value


def _number(name: str, schema: dict[str, Any], value: object) -> float | int:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise CalculationError(f"{name} must be a number, got {value!r}")
    if schema["type"] == "integer":
        if value != int(value):
            raise CalculationError(f"{name} must be a whole number, got {fmt(value, 4)}")
        value = int(value)
    for key, holds, words in _BOUNDS:
        bound = schema.get(key)
        if bound is not None and not holds(value, bound):
            raise CalculationError(f"{name} must be {words} {fmt(bound, 4)}, got {fmt(value, 4)}")
    return value
