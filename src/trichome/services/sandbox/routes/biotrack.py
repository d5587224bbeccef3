"""BioTrackTHC's legacy JSON API: `POST /biotrack/serverjson.asp`, one action per request.

BioTrack serves this API at one `serverjson.asp` URL per state; the sandbox serves it under
`/biotrack/` beside its Metrc routes. Every answer is HTTP 200 with a JSON object whose
`success` is 1 or 0 (with `error` and `errorcode`), whatever the request held: BioTrack
clients send `Content-Type: text/JSON`, so the body is read as JSON whatever its type.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import JSONResponse

from trichome.http.openapi import PUBLIC
from trichome.sandbox.biotrack.actions import ACTION_NAMES, refusal
from trichome.sandbox.biotrack.reference import BAD_REQUEST
from trichome.services.sandbox.state import SandboxDep

PATH = "/biotrack/serverjson.asp"
router = APIRouter()

REQUEST = {
    "type": "object",
    "required": ["API", "action"],
    "properties": {
        "API": {"type": "string", "enum": ["4.0"]},
        "action": {"type": "string", "enum": sorted(ACTION_NAMES)},
        "sessionid": {"type": "string", "description": "From `login`; every other action."},
        "license_number": {"type": "string", "description": "`login`: the licence number."},
        "username": {"type": "string", "description": "`login`."},
        "password": {"type": "string", "description": "`login`."},
        "training": {"type": "integer", "enum": [0, 1]},
        "nonce": {"type": "string", "description": "Kept with a write's answer for replay."},
        "transaction_start": {"type": "integer", "minimum": 0},
        "transaction_end": {"type": "integer", "minimum": 0},
    },
    "additionalProperties": True,
}
ANSWER = {
    "type": "object",
    "required": ["success"],
    "properties": {
        "success": {"type": "integer", "enum": [0, 1]},
        "error": {"type": "string"},
        "errorcode": {"type": "integer"},
        "transactionid": {"type": "integer"},
        "sessiontime": {"type": "integer"},
        "sessionid": {"type": "string"},
    },
    "additionalProperties": True,
}


@router.post(
    PATH,
    tags=["BioTrack"],
    summary="Answer one BioTrack action",
    response_class=JSONResponse,
    openapi_extra={
        **PUBLIC,
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": REQUEST}},
        },
    },
    responses={
        200: {
            "description": "`success: 1` with the action's data, or `success: 0` with "
            "`error` and `errorcode` (a refusal is never another status).",
            "content": {"application/json": {"schema": ANSWER}},
        }
    },
)
async def serverjson(request: Request, sandbox: SandboxDep) -> JSONResponse:
    raw = await request.body()
    if len(raw) > sandbox.settings.max_request_bytes:
        return JSONResponse(refusal("The request is too large.", BAD_REQUEST))
    try:
        body: Any = json.loads(raw)
    except (ValueError, RecursionError):
        return JSONResponse(refusal("The request body is not valid JSON.", BAD_REQUEST))
    return JSONResponse(await sandbox.biotrack.answer(body))
