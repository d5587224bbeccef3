"""`GET /threads/{id}`: a thread as a readable page, the page a citation links to."""

from __future__ import annotations

from fastapi import APIRouter, Path, Query, Request
from starlette.responses import Response

from trichome.http.errors import error_responses
from trichome.services.kb.access import admit_kb_call, caller, kb_outcome
from trichome.services.kb.state import KbDep
from trichome.services.kb.thread_page import (
    ID_PATTERN,
    PAGE_HEADERS,
    error_page,
    parse_thread_id,
    thread_page,
)

router = APIRouter()

_HTML = "text/html; charset=utf-8"
_MALFORMED = (
    "A thread's address is /threads/ followed by its id, a positive whole number "
    "(such as /threads/12), as the knowledge base's search results and citations give it."
)


def _page(body: str, status: int, headers: dict[str, str] | None = None) -> Response:
    return Response(body, status, media_type=_HTML, headers={**PAGE_HEADERS, **(headers or {})})


@router.get(
    "/threads/{thread_id}",
    response_class=Response,
    responses={
        200: {"content": {"text/html": {}}, "description": "The thread's page."},
        400: {"content": {"text/html": {}}, "description": "The id or `post` is malformed."},
        404: {"content": {"text/html": {}}, "description": "No thread has this id."},
        **error_responses(401, 429, 503),
    },
    summary="A thread as a readable page (where citations link)",
)
async def thread(
    request: Request,
    kb: KbDep,
    # Checked below (not by FastAPI), so that a malformed one gets the HTML 400 page.
    thread_id: str = Path(
        description="The thread's id (`id` in search results and citations).",
        json_schema_extra={"pattern": ID_PATTERN},
    ),
    post: str | None = Query(
        None,
        description="The number of a post in the thread to mark as the one cited.",
        json_schema_extra={"pattern": ID_PATTERN},
    ),
) -> Response:
    principal = await caller(request, kb.core)
    number = parse_thread_id(thread_id)
    if number is None:
        return _page(error_page("Not a thread address", _MALFORMED), 400)
    cited = None if post is None else parse_thread_id(post)
    if post is not None and cited is None:
        message = "The post to mark is given by its number in the thread, such as ?post=3."
        return _page(error_page("Not a post number", message), 400)
    admitted = await admit_kb_call(request, kb.core, principal)
    headers = admitted.usage.headers(kb.core.limiter.now())
    outcome = kb_outcome(kb.core.limiter, admitted, principal)
    try:
        found = (await kb.knowledge.threads([number])).get(number)
        await outcome.succeeded(False)
    except BaseException:
        await outcome.failed()
        raise
    if found is None:
        message = f"No thread has the id {number}: it may have been removed, or the link mistyped."
        return _page(error_page("Thread not found", message), 404, headers)
    return _page(thread_page(found, cited), 200, headers)
