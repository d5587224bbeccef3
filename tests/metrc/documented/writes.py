"""Writes against Metrc's documented request bodies, for the documented fixture server.

A write fixture (`"operation": "POST /packages/v2/adjust"`, in any folder under
tests/metrc/fixtures/documented) carries `"body_shape"`: the field names and JSON types of
Metrc's documented example request, written down from the example (the source it names).
A shape is a type (`"string"`, `"number|null"`), or for a list or an object
`{"types": "array", "items": <shape>}` / `{"types": "object", "fields": {name: <shape>}}`;
an array the example leaves empty has no `items` (anything goes in it). A `null` shape means
the operation is documented without a body. `"required"` names the fields every object must
carry: those without which the write names no record or no change (Metrc's examples always
fill them), as the fixture says. `"one_of"` lists groups of fields of which every object must
fill at least one, where Metrc's example names a record either way (a plant by `Id` or
`Label`, a strain by `StrainId` or `StrainName`).

The server answers a write only when it fits: the method, path and the fixture's query
parameters; an array body of objects (at most `"most"` of them, 10 where Metrc documents its
10-object cap) when the example is an array; no field the example lacks; every required field;
every value of a type the example shows for it (null only where the example has null). Any
other write is a 400 with Metrc's row errors, so a tool sending something Metrc does not
document fails its test loudly. A write that fits gets the fixture's documented answer:
`{"Ids": [...], "Warnings": null}`, or no body at all (`"response": null`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.responses import JSONResponse, Response

from tests.metrc.fake_metrc import Call, FakeMetrc

MOST_OBJECTS = 10  # Metrc's documented cap on the objects one write may carry


@dataclass(frozen=True)
class Write:
    """One write a fixture answers: where it goes, the documented body, and the answer."""

    fixture: str
    method: str
    path: str
    query: dict[str, str]
    shape: Any
    required: tuple[str, ...]
    most: int
    response: Any
    one_of: tuple[tuple[str, ...], ...] = ()


def load_writes(folder: Path) -> list[Write]:
    """Every write the fixtures under a folder describe (those with a documented body shape)."""
    writes = []
    for file in sorted(folder.rglob("*.json")):
        document = json.loads(file.read_text(encoding="utf-8"))
        method, template = document["operation"].split(" ", 1)
        if method == "GET" or "body_shape" not in document:
            continue
        for request in document["requests"]:
            path = (request.get("path") or template).rstrip("/")
            writes.append(
                Write(
                    file.stem,
                    method,
                    path,
                    request["query"],
                    document["body_shape"],
                    tuple(document.get("required", ())),
                    int(document.get("most", MOST_OBJECTS)),
                    request.get("response"),
                    tuple(tuple(group) for group in document.get("one_of", ())),
                )
            )
    return writes


def _type_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def _types(shape: Any) -> set[str]:
    text = shape if isinstance(shape, str) else shape["types"]
    return set(text.split("|"))


def problems(shape: Any, value: Any, where: str) -> list[str]:
    """How a value differs from a documented shape (none when it fits)."""
    found = _type_of(value)
    if found not in _types(shape):
        return [f"{where} is {found}; Metrc documents {'|'.join(sorted(_types(shape)))}."]
    if isinstance(shape, str) or value is None:
        return []
    if found == "array":
        if "items" not in shape:
            return []
        return [
            p
            for n, item in enumerate(value)
            for p in problems(shape["items"], item, f"{where}[{n}]")
        ]
    fields = shape.get("fields", {})
    unknown = [f"{where}.{key} is not a documented field." for key in value if key not in fields]
    return unknown + [
        p for key, item in value.items() if key in fields for p in problems(fields[key], item, f"{where}.{key}")
    ]  # fmt: skip


def check(write: Write, body: Any) -> list[str]:
    """Why Metrc would refuse this body for this write (nothing when it fits)."""
    if write.shape is None:
        return [] if body in (None, b"", "") else ["The operation takes no body."]
    if body is None:
        return ["A body is required."]
    if _types(write.shape) == {"array"}:
        if not isinstance(body, list) or not body:
            return ["The body must be a non-empty array of objects."]
        if len(body) > write.most:
            return [f"At most {write.most} objects may be sent in one call; got {len(body)}."]
    found = problems(write.shape, body, "body")
    rows = body if isinstance(body, list) else [body]
    for n, row in enumerate(rows):
        if isinstance(row, dict):
            found += [f"body[{n}].{k} is required." for k in write.required if row.get(k) is None]
            found += [
                f"body[{n}] needs one of {' or '.join(group)}."
                for group in write.one_of
                if all(row.get(k) is None for k in group)
            ]
    return found


def answer_write(writes: Sequence[Write], call: Call) -> Response | None:
    """The documented answer to a write that fits its fixture, a 400 when it does not, and
    None when no fixture describes a write to that path."""
    path = call.path.rstrip("/")
    matches = [
        w
        for w in writes
        if (w.method, w.path) == (call.method, path)
        and all(call.params.get(k) == v for k, v in w.query.items())
    ]
    if not matches:
        return None
    write = matches[0]
    unexpected = set(call.params) - set(write.query)
    found = [f"Query parameter {name} is not documented." for name in sorted(unexpected)]
    found += check(write, call.body)
    if found:
        return JSONResponse([{"row": 0, "message": message} for message in found], 400)
    if write.response is None:
        return Response(status_code=200)
    return JSONResponse(write.response)


def sent(fake: FakeMetrc) -> list[tuple[str, str, Any]]:
    """The writes a tool sent to the fake Metrc: method, path and body."""
    return [(c.method, c.path, c.body) for c in fake.calls if c.method != "GET"]
