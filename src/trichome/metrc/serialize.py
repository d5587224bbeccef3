"""Python values to Metrc's JSON bodies (PascalCase names) and query strings."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from enum import Enum
from typing import Any

# A value a query parameter may take; None leaves the parameter out.
ParamValue = str | int | float | bool | date | datetime | None


def pascal(name: str) -> str:
    """snake_case to Metrc's PascalCase: unit_of_measure -> UnitOfMeasure."""
    return "".join(part[:1].upper() + part[1:] for part in name.split("_"))


def to_json(value: Any) -> Any:
    """A body value as JSON: bodies by Metrc names, dates in ISO 8601, None fields left out."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return body_object(value)
    if isinstance(value, Enum):
        return to_json(value.value)
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, Sequence) and not isinstance(value, str | bytes):
        return [to_json(item) for item in value]
    return value


def body_object(body: Any) -> dict[str, Any]:
    """A body dataclass as a Metrc object; a field's `metrc` metadata overrides its name."""
    result: dict[str, Any] = {}
    extra: Mapping[str, Any] = {}
    for spec in dataclasses.fields(body):
        value = getattr(body, spec.name)
        if spec.name == "extra":
            extra = value or {}
            continue
        if value is None:
            continue
        if spec.metadata.get("local_time") and isinstance(value, datetime):
            value = value.replace(tzinfo=None)
        result[spec.metadata.get("metrc") or pascal(spec.name)] = to_json(value)
    result.update(to_json(extra))
    return result


def query_value(value: ParamValue) -> str | None:
    """A query parameter as text: booleans as true/false, dates as ISO 8601."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)


@dataclasses.dataclass(frozen=True, kw_only=True, slots=True)
class MetrcBody:
    """Base of the typed write bodies; `extra` adds further Metrc fields verbatim."""

    extra: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def to_metrc(self) -> dict[str, Any]:
        """The object as Metrc expects it in a request body."""
        return body_object(self)


# What a write accepts for each object: a typed body, or a dict already in Metrc's shape.
BodyObject = MetrcBody | Mapping[str, Any]


def one_of(kind: str, id_: int | None, label: str | None) -> None:
    """Check that exactly one of an id and a label was given.

    Raises:
        ValueError: neither or both.
    """
    if (id_ is None) == (label is None):
        raise ValueError(f"Give either the {kind}'s id or its label, not both or neither.")
