"""The knowledge-base API (port 8002): thread search, cited answers, a chat-completions adapter.

Every route but `/api/health` and the chat widget's (`/widget.js`, `/demo`) takes an
optional API key (`Authorization: Bearer` or `X-API-Key`). Without one, a client IP gets
`TRICHOME_KB_REQUESTS_PER_HOUR` requests an hour; with one, each request counts against the
organisation's monthly quota.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

import orjson
from fastapi import FastAPI, Query, Request
from fastapi.middleware.cors import CORSMiddleware
from pydantic import BaseModel, Field, ValidationError
from starlette.responses import Response, StreamingResponse

from trichome import __version__
from trichome.accounts.lookup import create_key_lookup
from trichome.accounts.principal import Principal
from trichome.accounts.tokens import AccessTokenVerifier
from trichome.answering.answers import (
    SSE_HEADERS,
    Outcome,
    chat_turns,
    checked_options,
    completion_body,
    sse_body,
    stream_requested,
    upstream_api_error,
)
from trichome.config import KB_MODEL, Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.forum.answers import Citation
from trichome.forum.index import ThreadHit
from trichome.forum.service import ForumKnowledgeBase, Reply, build_knowledge_base
from trichome.http.auth import Authenticator
from trichome.http.deps import SettingsDep, read_body
from trichome.http.errors import ApiError, error_responses, install_error_handlers, invalid_request
from trichome.http.health import CachedCheck, check_database, utc_timestamp
from trichome.http.limits import too_many_requests
from trichome.http.middleware import RequestIdMiddleware
from trichome.http.openai.chat import (
    MODELS_CREATED,
    OWNED_BY,
    ChatCompletion,
    ChunkWriter,
    ModelEntry,
    ModelList,
    chat_request_schemas,
    completion_id,
    parse_chat_request,
    to_api_error,
)
from trichome.http.openapi import (
    BEARER_AUTH,
    BEARER_SCHEME,
    NOT_BLANK,
    PUBLIC,
    install_openapi,
)
from trichome.limits import windows
from trichome.limits.base import Window
from trichome.limits.service import Limiter, LimitExceeded, Usage, create_counter_store
from trichome.llm.base import ChatTurn, Finished, TextDelta, UpstreamError
from trichome.services.kb.routes.widget import widget_router

API_KEY_HEADER = "x-api-key"
NO_KEY_CREDENTIALS = frozenset({"", "bearer", "bearer anonymous"})
MAX_LIMIT = 50
MAX_OFFSET = 1_000
MAX_QUERY_CHARS = 500
MAX_MESSAGE_CHARS = 4_000


# ----------------------------------------------------------------------------- wire shapes


class ThreadResult(BaseModel):
    """One matching thread."""

    id: int = Field(description="The thread's id in this knowledge base.")
    title: str
    url: str = Field(description="The thread on its forum.")
    category: str = Field(description="The forum's own category.")
    score: float = Field(description="BM25 relevance (higher is better; not bounded).")
    snippet: str = Field(description="A passage around the matched words, plain text.")
    snippet_html: str = Field(description="The snippet, HTML-escaped, matched words in <mark>.")
    highlights: list[tuple[int, int]] = Field(
        description="[start, end) character offsets of the matched words in `snippet`."
    )
    post_count: int


class ThreadSearch(BaseModel):
    """`GET /api/threads`."""

    object: str = "list"
    query: str
    terms: list[str] = Field(description="The words searched for (common words dropped).")
    total: int = Field(description="Threads matching in all.")
    limit: int
    offset: int
    data: list[ThreadResult]


class CitedThread(BaseModel):
    """A thread an answer cites as [number]."""

    number: int
    id: int
    title: str
    url: str
    category: str
    score: float


class ChatIn(BaseModel):
    """`POST /api/chat`."""

    model_config = {"extra": "forbid"}

    message: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS)


class ChatOut(BaseModel):
    """An answer with numbered citations and the threads they point at."""

    answer: str = Field(description="Markdown; [n] marks cite `citations[n-1]`.")
    citations: list[CitedThread]
    engine: str = Field(description="`grounded` (offline) or `openai` (an LLM).")


class KbHealth(BaseModel):
    """`GET /api/health`."""

    status: str
    threads: int = Field(description="Threads in the database.")
    indexed: int = Field(description="Threads in the search index.")
    engine: str
    version: str
    timestamp: str
    reasons: list[str]


API_KEY_AUTH = "ApiKeyAuth"
_SECURITY_SCHEMES = {
    BEARER_AUTH: BEARER_SCHEME,
    API_KEY_AUTH: {
        "type": "apiKey",
        "in": "header",
        "name": "X-API-Key",
        "description": "An API key, for browsers that cannot send a credentialed request.",
    },
}
# A key is optional everywhere it is read: without one, the client IP's hourly limit applies.
_OPTIONAL_KEY: list[dict[str, list[str]]] = [{}, {BEARER_AUTH: []}, {API_KEY_AUTH: []}]


def _completion_request_schema(engine: str) -> dict[str, Any]:
    """The chat API's request (as the engine in use honours it) with the knowledge base's
    one model, and a user question."""
    schema = chat_request_schemas(engine)["ChatCompletionRequest"]
    schema["properties"]["model"] = {"const": KB_MODEL}
    schema["properties"]["messages"]["contains"] = {
        "type": "object",
        "required": ["role", "content"],
        "properties": {
            "role": {"const": "user"},
            "content": {
                "anyOf": [
                    {"type": "string", "pattern": NOT_BLANK},
                    {
                        "type": "array",
                        "contains": {
                            "type": "object",
                            "required": ["type", "text"],
                            "properties": {
                                "type": {"const": "text"},
                                "text": {"type": "string", "pattern": NOT_BLANK},
                            },
                        },
                    },
                ]
            },
        },
    }
    return schema


def _json_body(schema: dict[str, Any]) -> dict[str, Any]:
    """`openapi_extra` of a route that reads its JSON body itself."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


_CHAT_IN_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["message"],
    "properties": {
        "message": {
            "type": "string",
            "minLength": 1,
            "maxLength": MAX_MESSAGE_CHARS,
            "pattern": NOT_BLANK,
            "description": "The question.",
        }
    },
}
_COMPLETION_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": (
            "The answer: a chat.completion with `citations` (stream false), or an SSE stream "
            "of chat.completion.chunk events ending with `data: [DONE]`."
        ),
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/ChatCompletion"}},
            "text/event-stream": {
                # Before OpenAPI 3.2, the schema of an event stream describes one event.
                "schema": {
                    "type": "object",
                    "required": ["data"],
                    "properties": {"data": {"type": "string"}},
                }
            },
        },
    },
    **error_responses(400, 401, 413, 429, 502, 503, 504),
}


def _result(hit: ThreadHit) -> dict[str, Any]:
    """A `ThreadResult` as its JSON object (built directly: ten a search, on the hot path)."""
    return {
        "id": hit.id,
        "title": hit.title,
        "url": hit.url,
        "category": hit.category,
        "score": round(hit.score, 4),
        "snippet": hit.snippet.text,
        "snippet_html": hit.snippet.html(),
        "highlights": hit.snippet.highlights,
        "post_count": hit.post_count,
    }


def _cited(citation: Citation) -> CitedThread:
    return CitedThread(
        number=citation.number,
        id=citation.thread_id,
        title=citation.title,
        url=citation.url,
        category=citation.category,
        score=round(citation.score, 4),
    )


# ----------------------------------------------------------------------------- access


async def _caller(request: Request) -> Principal | None:
    """The key's principal, or None for a caller without a key.

    Raises:
        ApiError: 401 for a key that is malformed, unknown or revoked.
    """
    auth: Authenticator = request.app.state.auth
    authorization = request.headers.get("authorization")
    # No key: an empty credential, or `anonymous` (the OpenAI SDK insists on some api_key).
    if authorization is None or authorization.strip().lower() not in NO_KEY_CREDENTIALS:
        found = await auth.optional_principal(request)
        if found is not None:
            return found
    key = request.headers.get(API_KEY_HEADER)
    if key is None or key.strip().lower() == "anonymous":
        return None
    if not key.strip():
        raise ApiError(
            401,
            "The X-API-Key header is empty; send a key or leave the header out.",
            type="authentication_error",
            code="invalid_api_key",
        )
    return await auth.key_principal(key)


async def _admit(request: Request, principal: Principal | None) -> tuple[Usage, Window]:
    """Count a valid request against its window: the client's hour without a key, the
    organisation's quota with one.

    Raises:
        ApiError: 429 over the limit.
    """
    state = request.app.state
    limiter: Limiter = state.limiter
    settings: Settings = state.settings
    client = state.auth.client(request)
    if principal is None or principal.organization_id is None:
        window = windows.fixed_window(
            "kb", client, settings.kb_requests_per_hour, timedelta(hours=1), limiter.now()
        )
        code = "rate_limit_exceeded"
        message = (
            f"Without an API key the knowledge base answers {window.limit} requests an hour "
            "per client. Retry after the wait, or send an API key."
        )
    else:
        window = limiter.calls_window(principal, client)
        code = "insufficient_quota"
        message = (
            f"Your organisation has used its {window.limit} calls for this period. "
            "Upgrade your plan for more, or wait for the period to renew."
        )
    try:
        return await limiter.reserve(window, code, message), window
    except LimitExceeded as exceeded:
        raise too_many_requests(exceeded, limiter.now()) from None


def _json(payload: BaseModel | dict[str, Any], headers: dict[str, str]) -> Response:
    body = payload.model_dump(mode="json") if isinstance(payload, BaseModel) else payload
    return Response(orjson.dumps(body), media_type="application/json", headers=headers)


async def _whole(reply: Reply, limiter: Limiter, window: Window) -> tuple[str, Finished]:
    """The reply's text and end (a failed engine gives its call back).

    Raises:
        ApiError: the engine failed.
    """
    parts: list[str] = []
    try:
        async for event in reply.events:
            if isinstance(event, TextDelta):
                parts.append(event.text)
            elif isinstance(event, Finished):
                return "".join(parts), event
    except UpstreamError as error:
        await limiter.release(window)
        raise upstream_api_error(error) from None
    await limiter.release(window)
    raise ApiError(
        502, "The answer engine stopped mid-answer.", type="upstream_error", code="upstream_error"
    )


# ----------------------------------------------------------------------------- the app


def create_app(settings: Settings | None = None) -> FastAPI:
    """The knowledge-base application."""
    settings = settings or Settings()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = create_engine(settings)
        sessions = create_sessionmaker(engine)
        key_lookup = create_key_lookup(engine)
        tokens = AccessTokenVerifier(settings) if settings.accepts_access_tokens else None
        counters = create_counter_store(settings, engine)
        knowledge = build_knowledge_base(settings, sessions)
        await knowledge.prepare()
        app.state.settings = settings
        app.state.auth = Authenticator(settings, key_lookup, sessions, tokens)
        app.state.limiter = Limiter(counters)
        app.state.knowledge = knowledge
        app.state.database_check = CachedCheck(lambda: check_database(engine), ttl=1.0)
        try:
            yield
        finally:
            if knowledge.engine is not None:
                await knowledge.engine.aclose()
            if tokens is not None:
                await tokens.aclose()
            await counters.aclose()
            key_lookup.close()
            await engine.dispose()

    app = FastAPI(
        title="Trichome knowledge base",
        version=__version__,
        description=(
            "Search forum threads and get answers that cite them. An API key is optional "
            "(`Authorization: Bearer <key>` or `X-API-Key: <key>`): without one, "
            f"{settings.kb_requests_per_hour} requests an hour per client IP."
        ),
        lifespan=lifespan,
    )
    app.add_middleware(
        CORSMiddleware,
        allow_origins=["*"],
        allow_credentials=False,
        allow_methods=["GET", "POST", "OPTIONS"],
        allow_headers=["Authorization", "X-API-Key", "Content-Type"],
        expose_headers=[
            "Retry-After",
            "x-request-id",
            "x-ratelimit-limit-requests",
            "x-ratelimit-remaining-requests",
            "x-ratelimit-reset-requests",
        ],
        max_age=3600,
    )
    app.add_middleware(RequestIdMiddleware)
    install_error_handlers(app)
    install_openapi(
        app,
        security_schemes=_SECURITY_SCHEMES,
        security=_OPTIONAL_KEY,
        models=(ChatCompletion,),
        extra_schemas=chat_request_schemas(settings.engine),
    )
    app.include_router(widget_router())

    @app.get(
        "/api/threads",
        response_model=ThreadSearch,
        responses=error_responses(400, 401, 429, 503),
        summary="Search the threads",
    )
    async def search_threads(
        request: Request,
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
        principal = await _caller(request)
        if not q.strip():
            raise invalid_request(
                "The query parameter q (the search text) is required and must not be empty.",
                code="missing_required_field",
                param="q",
            )
        usage, _ = await _admit(request, principal)
        headers = usage.headers(request.app.state.limiter.now())
        knowledge: ForumKnowledgeBase = request.app.state.knowledge
        page = knowledge.search(q, limit=limit, offset=offset, category=category or None)
        found = {
            "object": "list",
            "query": q,
            "terms": page.terms,
            "total": page.total,
            "limit": limit,
            "offset": offset,
            "data": [_result(hit) for hit in page.hits],
        }
        return _json(found, headers)

    @app.post(
        "/api/chat",
        response_model=ChatOut,
        responses=error_responses(400, 401, 413, 429, 502, 503, 504),
        summary="An answer from the threads, with citations",
        openapi_extra=_json_body(_CHAT_IN_SCHEMA),
    )
    async def chat(request: Request, settings: SettingsDep) -> Response:
        principal = await _caller(request)
        raw = await read_body(request, settings.max_request_bytes)
        if not raw.strip():
            raise invalid_request(
                "The request body is empty; send a JSON object with 'message'.",
                code="missing_required_field",
                param="message",
            )
        try:
            body = ChatIn.model_validate_json(raw)
        except ValidationError as error:
            raise to_api_error(error) from None
        if not body.message.strip():
            raise invalid_request(
                "message must not be blank.", code="invalid_value", param="message"
            )
        usage, window = await _admit(request, principal)
        limiter: Limiter = request.app.state.limiter
        headers = usage.headers(limiter.now())
        try:
            knowledge: ForumKnowledgeBase = request.app.state.knowledge
            reply = await knowledge.reply([ChatTurn("user", body.message)], incremental=False)
            text, _ = await _whole(reply, limiter, window)
        except ApiError as error:
            error.headers.update(headers)
            raise
        answer = ChatOut(
            answer=text,
            citations=[_cited(c) for c in reply.citations(text)],
            engine=reply.engine,
        )
        return _json(answer, headers)

    @app.post(
        "/v1/chat/completions",
        response_class=Response,
        responses=_COMPLETION_RESPONSES,
        summary="Chat completions with the model `knowledge-base` (streams when asked)",
        openapi_extra=_json_body(_completion_request_schema(settings.engine)),
    )
    async def chat_completions(request: Request, settings: SettingsDep) -> Response:
        principal = await _caller(request)
        body = parse_chat_request(await read_body(request, settings.max_request_bytes))
        if body.model != KB_MODEL:
            raise invalid_request(
                f"The model '{body.model}' does not exist here; the knowledge base's model "
                f"is '{KB_MODEL}'.",
                code="model_not_found",
                param="model",
            )
        turns = chat_turns(body)
        if not any(t.role == "user" and t.content and t.content.strip() for t in turns):
            raise invalid_request(
                "messages needs a user message with text to answer.",
                code="missing_required_field",
                param="messages",
            )
        knowledge: ForumKnowledgeBase = request.app.state.knowledge
        options = checked_options(body, knowledge.check_options)
        stream = stream_requested(body, request)
        usage, window = await _admit(request, principal)
        limiter: Limiter = request.app.state.limiter
        headers = usage.headers(limiter.now())
        try:
            reply = await knowledge.reply(turns, options=options, incremental=stream)
        except ApiError as error:
            error.headers.update(headers)
            raise
        created = int(time.time())
        chunk_id = completion_id()
        if not stream:
            try:
                text, finished = await _whole(reply, limiter, window)
            except ApiError as error:
                error.headers.update(headers)
                raise
            used = finished.usage
            prompt, completion = (used.prompt_tokens, used.completion_tokens) if used else (0, 0)
            whole = completion_body(
                chunk_id,
                created,
                KB_MODEL,
                {"role": "assistant", "content": text, "refusal": None},
                finished.reason,
                prompt,
                completion,
            )
            whole["citations"] = [_cited(c).model_dump() for c in reply.citations(text)]
            return _json(whole, headers)
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        try:
            first = await anext(reply.events)
        except UpstreamError as error:
            await limiter.release(window)
            failure = upstream_api_error(error)
            failure.headers.update(headers)
            raise failure from None
        writer = ChunkWriter(chunk_id, created, KB_MODEL, include_usage=include_usage)
        outcome = Outcome(refund=lambda: limiter.release(window))
        return StreamingResponse(
            sse_body(first, reply.events, writer, include_usage=include_usage, outcome=outcome),
            media_type="text/event-stream",
            headers=headers | SSE_HEADERS,
        )

    @app.get(
        "/v1/models",
        response_model=ModelList,
        summary="The knowledge base's one model",
        openapi_extra=PUBLIC,
    )
    async def models() -> ModelList:
        entry = ModelEntry(id=KB_MODEL, object="model", created=MODELS_CREATED, owned_by=OWNED_BY)
        return ModelList(object="list", data=[entry])

    @app.get(
        "/api/health",
        response_model=KbHealth,
        summary="Health check (no authentication)",
        openapi_extra=PUBLIC,
    )
    async def health(request: Request) -> KbHealth:
        state = request.app.state
        knowledge: ForumKnowledgeBase = state.knowledge
        reasons: list[str] = []
        database = await state.database_check()
        threads = 0
        if database:
            reasons.append(database)
        else:
            threads = await knowledge.thread_count()
        indexed = knowledge.index.count()
        if not database and indexed != threads:
            reasons.append(
                f"the search index holds {indexed} threads, the database {threads} "
                "(run `trichome kb reindex`)"
            )
        return KbHealth(
            status="degraded" if reasons else "healthy",
            threads=threads,
            indexed=indexed,
            engine=knowledge.engine.name if knowledge.engine else "grounded",
            version=__version__,
            timestamp=utc_timestamp(),
            reasons=reasons,
        )

    return app
