"""Field types every OpenAI request model shares: text content, integers, strict models."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    WithJsonSchema,
)
from pydantic_core import PydanticCustomError

_TEXT_PARTS_SCHEMA: dict[str, Any] = {
    "type": "array",
    "items": {
        "type": "object",
        "properties": {"type": {"const": "text"}, "text": {"type": "string"}},
        "required": ["type", "text"],
    },
}
TEXT_SCHEMA: dict[str, Any] = {
    "anyOf": [{"type": "string"}, _TEXT_PARTS_SCHEMA],
    "description": "A string, or an array of text parts (joined in order).",
}


def flatten_content(value: Any) -> str:
    """Message content as text: a string, or the text parts of an array joined together."""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        texts = []
        for position, part in enumerate(value):
            if not isinstance(part, dict):
                raise PydanticCustomError(
                    "invalid_content",
                    "content part {position} must be an object",
                    {"position": position},
                )
            if part.get("type") != "text":
                raise PydanticCustomError(
                    "unsupported_content",
                    "only text content parts are supported, got '{part_type}'",
                    {"part_type": part.get("type")},
                )
            if not isinstance(part.get("text"), str):
                raise PydanticCustomError(
                    "invalid_content",
                    "content part {position} needs a string 'text'",
                    {"position": position},
                )
            texts.append(part["text"])
        return "".join(texts)
    raise PydanticCustomError(
        "invalid_type", "content must be a string or an array of text parts", {}
    )


Text = Annotated[str, BeforeValidator(flatten_content), WithJsonSchema(TEXT_SCHEMA)]


def integral(value: Any) -> Any:
    # JSON Schema counts 1.0 as an integer; so do we.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


Integer = Annotated[int, BeforeValidator(integral)]
# A before-validator hides the bounds from pydantic's schema generator, so they are stated.
PositiveInteger = Annotated[
    int,
    BeforeValidator(integral),
    Field(ge=1),
    WithJsonSchema({"type": "integer", "minimum": 1}),
]


# The schema of a field that is refused whenever it carries a value.
UNSUPPORTED_SCHEMA: dict[str, Any] = {
    "type": "null",
    "description": "Not supported (a 400 when set).",
}


class StrictModel(BaseModel):
    """A request object: types are not coerced, unknown fields are ignored."""

    model_config = ConfigDict(extra="ignore", strict=True)


# tool_choice's two shapes, as tagged in validation errors.
TOOL_CHOICE_MODE, TOOL_CHOICE_FUNCTION = "mode", "named-function"
