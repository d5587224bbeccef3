"""`GET /api/threads`: search the threads."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request
from starlette.responses import Response

from trichome.http.errors import error_responses, invalid_request
from trichome.http.openapi import NOT_BLANK
from trichome.http.responses import json_response
from trichome.services.kb.access import admit_kb_call, caller, kb_outcome
from trichome.services.kb.schemas import (
    MAX_LIMIT,
    MAX_OFFSET,
    MAX_QUERY_CHARS,
    ThreadSearch,
    thread_result,
)
from trichome.services.kb.state import KbDep

router = APIRouter()


@router.get(
    "/api/threads",
    response_model=ThreadSearch,
    responses=error_responses(400, 401, 429, 503),
    summary="Search the threads",
)
async def search_threads(
    request: Request,
    kb: KbDep,
    q: str = Query(
        description="The search text (not blank).",
        max_length=MAX_QUERY_CHARS,
        # Checked below, so that a blank `q` is `missing_required_field` as documented.
        json_schema_extra={"minLength": 1, "pattern": NOT_BLANK},
        openapi_examples={"search": {"value": "winterization filter clogging"}},
    ),
    limit: int = Query(10, ge=1, le=MAX_LIMIT),
    offset: int = Query(0, ge=0, le=MAX_OFFSET),
    category: str | None = Query(None, description="Only this forum category.", max_length=200),
) -> Response:
    principal = await caller(request, kb.core)
    if not q.strip():
        raise invalid_request(
            "The query parameter q (the search text) is required and must not be empty.",
            code="missing_required_field",
            param="q",
        )
    admitted = await admit_kb_call(request, kb.core, principal)
    headers = admitted.usage.headers(kb.core.limiter.now())
    outcome = kb_outcome(kb.core.limiter, admitted, principal)
    try:
        page = kb.knowledge.search(q, limit=limit, offset=offset, category=category or None)
        await outcome.succeeded(False)
    except BaseException:
        await outcome.failed()
        raise
    found = {
        "object": "list",
        "query": q,
        "terms": page.terms,
        "total": page.total,
        "limit": limit,
        "offset": offset,
        "data": [thread_result(hit, str(request.base_url)) for hit in page.hits],
    }
    return json_response(found, headers)
