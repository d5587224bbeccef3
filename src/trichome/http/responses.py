"""JSON responses written with orjson (pydantic models dumped in JSON mode)."""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import BaseModel
from starlette.responses import Response


def json_response(payload: BaseModel | dict[str, Any], headers: dict[str, str]) -> Response:
    """`payload` as a JSON response with `headers`."""
    body = payload.model_dump(mode="json") if isinstance(payload, BaseModel) else payload
    return Response(orjson.dumps(body), media_type="application/json", headers=headers)
