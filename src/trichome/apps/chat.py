"""The chat API (port 8000): OpenAI-compatible `/v1` routes and `/health`."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import orjson
from fastapi import FastAPI, Request
from fastapi.openapi.utils import get_openapi
from pydantic import BaseModel, Field
from starlette.responses import Response, StreamingResponse

from trichome import __version__
from trichome.accounts.lookup import create_key_lookup
from trichome.accounts.principal import Principal
from trichome.accounts.tiers import PUBLIC_MODELS, PublicModel, listed_model, tiers_for
from trichome.agents.registry import AGENTS
from trichome.agents.service import AgentService, ChatRequest, PreparedAnswer, build_agent_service
from trichome.apps.deps import PrincipalDep, SettingsDep, read_body
from trichome.apps.errors import ApiError, error_responses, install_error_handlers, invalid_request
from trichome.apps.health import CachedCheck, check_database, utc_timestamp
from trichome.apps.middleware import RequestIdMiddleware
from trichome.apps.openai_wire import (
    AssistantMessage,
    ChatCompletion,
    ChatCompletionChunk,
    ChatCompletionRequest,
    ChatMessageIn,
    ChunkWriter,
    ModelEntry,
    ModelList,
    ToolMessage,
    completion_id,
    parse_chat_request,
)
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.llm.base import (
    AnswerEvent,
    ChatTurn,
    GenerationOptions,
    TextDelta,
    ToolCallDelta,
    UpstreamError,
)

logger = logging.getLogger(__name__)

OWNED_BY = "trichome"
# Models list entries need a creation time; ours is the public models' launch date.
MODELS_CREATED = 1767225600  # 2026-01-01T00:00:00Z
_SSE_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


class HealthReport(BaseModel):
    """`GET /health` (spec section 2, Health report)."""

    status: str = Field(description="`healthy`, or `degraded` with `reasons`.")
    uptime: int = Field(description="Seconds since this worker started.")
    agents: dict[str, str] = Field(description="Every agent and its status.")
    version: str
    timestamp: str = Field(description="ISO 8601, UTC.")
    engine: str = Field(description="The answer engine in use: grounded or openai.")
    reasons: list[str] = Field(description="Why the service is degraded; empty when healthy.")


def resolve_model(model_id: str, principal: Principal, upgrade_url: str) -> PublicModel:
    """The public model a request names, if the caller's tier includes it.

    Raises:
        ApiError: 400 for an unknown model, 403 for a model above the caller's tier.
    """
    model = PUBLIC_MODELS.get(model_id)
    if model is None:
        raise invalid_request(
            f"The model '{model_id}' does not exist. Models: {', '.join(PUBLIC_MODELS)}.",
            code="model_not_found",
            param="model",
        )
    if not model.allowed_for(principal.tier):
        raise ApiError(
            403,
            f"The model '{model.id}' requires the {tiers_for(model)} tier; your organisation is "
            f"on the {principal.tier.label} tier. Upgrade at {upgrade_url}.",
            type="permission_error",
            code="model_not_in_tier",
            param="model",
        )
    return model


def to_chat_request(body: ChatCompletionRequest, model: PublicModel) -> ChatRequest:
    """The domain request for a validated wire request."""
    stop = (body.stop,) if isinstance(body.stop, str) else tuple(body.stop) if body.stop else None
    options = GenerationOptions(
        temperature=body.temperature,
        top_p=body.top_p,
        max_tokens=body.max_tokens,
        max_completion_tokens=body.max_completion_tokens,
        stop=stop,
        seed=body.seed,
        user=body.user,
        presence_penalty=body.presence_penalty,
        frequency_penalty=body.frequency_penalty,
        tools=tuple(t.model_dump(exclude_none=True) for t in body.tools) if body.tools else None,
        tool_choice=body.tool_choice,
        parallel_tool_calls=body.parallel_tool_calls,
        response_format=body.response_format.model_dump() if body.response_format else None,
        metadata=body.metadata,
    )
    messages = tuple(_turn(message) for message in body.messages)
    return ChatRequest(model=model, messages=messages, options=options)


def _turn(message: ChatMessageIn) -> ChatTurn:
    if isinstance(message, AssistantMessage):
        calls = tuple(call.model_dump() for call in message.tool_calls or ())
        return ChatTurn("assistant", message.content, message.name, calls)
    if isinstance(message, ToolMessage):
        return ChatTurn("tool", message.content, tool_call_id=message.tool_call_id)
    return ChatTurn(message.role, message.content, message.name)


def upstream_api_error(error: UpstreamError) -> ApiError:
    """How an engine failure reaches the client."""
    return ApiError(error.status, error.message, type="upstream_error", code=error.code)


def _tool_call_fragment(event: ToolCallDelta) -> dict[str, Any]:
    fragment: dict[str, Any] = {"index": event.index}
    if event.id:
        fragment["id"] = event.id
        fragment["type"] = "function"
    function: dict[str, str] = {"arguments": event.arguments}
    if event.name:
        function["name"] = event.name
    fragment["function"] = function
    return fragment


async def sse_body(
    first: AnswerEvent,
    events: AsyncIterator[AnswerEvent],
    writer: ChunkWriter,
    *,
    include_usage: bool,
) -> AsyncIterator[bytes]:
    """The SSE stream of one answer; a failure after the start becomes an error event."""
    event = first
    try:
        while True:
            if isinstance(event, TextDelta):
                yield writer.delta(content=event.text)
            elif isinstance(event, ToolCallDelta):
                yield writer.delta(tool_calls=[_tool_call_fragment(event)])
            else:
                if not writer.started:
                    yield writer.delta(content="")
                yield writer.finish(event.reason)
                if include_usage and event.usage is not None:
                    yield writer.usage(event.usage.prompt_tokens, event.usage.completion_tokens)
                yield ChunkWriter.DONE
                return
            event = await anext(events)
    except UpstreamError as error:
        yield ChunkWriter.error(upstream_api_error(error))
        yield ChunkWriter.DONE
    except Exception:
        logger.exception("answer stream failed")
        failure = ApiError(
            500, "The answer failed mid-stream.", type="server_error", code="internal_error"
        )
        yield ChunkWriter.error(failure)
        yield ChunkWriter.DONE
    finally:
        await events.aclose()  # type: ignore[attr-defined]


async def answer(
    service: AgentService,
    prepared: PreparedAnswer,
    model: PublicModel,
    *,
    stream: bool,
    include_usage: bool,
) -> Response:
    """The chat response: a chat.completion body, or an SSE stream of chunks."""
    headers = {
        "X-Trichome-Agent": prepared.agent.name,
        "X-Trichome-Route-Confidence": f"{prepared.route.confidence:.4f}",
    }
    created = int(time.time())
    chunk_id = completion_id()
    if not stream:
        try:
            completed = await service.complete(prepared)
        except UpstreamError as error:
            raise _with_headers(upstream_api_error(error), headers) from None
        message: dict[str, Any] = {
            "role": "assistant",
            "content": completed.text if completed.text or not completed.tool_calls else None,
            "refusal": None,
        }
        if completed.tool_calls:
            message["tool_calls"] = completed.tool_calls
        body = {
            "id": chunk_id,
            "object": "chat.completion",
            "created": created,
            "model": model.id,
            "system_fingerprint": None,
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "logprobs": None,
                    "finish_reason": completed.finish_reason,
                }
            ],
            "usage": {
                "prompt_tokens": completed.usage.prompt_tokens,
                "completion_tokens": completed.usage.completion_tokens,
                "total_tokens": completed.usage.total_tokens,
            },
        }
        return Response(orjson.dumps(body), media_type="application/json", headers=headers)
    events = service.stream(prepared)
    try:
        first = await anext(events)
    except UpstreamError as error:
        raise _with_headers(upstream_api_error(error), headers) from None
    writer = ChunkWriter(chunk_id, created, model.id, include_usage=include_usage)
    return StreamingResponse(
        sse_body(first, events, writer, include_usage=include_usage),
        media_type="text/event-stream",
        headers=headers | _SSE_HEADERS,
    )


def _with_headers(error: ApiError, headers: dict[str, str]) -> ApiError:
    error.headers.update(headers)
    return error


def _openapi(app: FastAPI) -> dict[str, Any]:
    if app.openapi_schema:
        return app.openapi_schema
    schema = get_openapi(
        title=app.title, version=app.version, description=app.description, routes=app.routes
    )
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for model in (ChatCompletionRequest, ChatCompletion, ChatCompletionChunk):
        model_schema = model.model_json_schema(ref_template="#/components/schemas/{model}")
        components.update(model_schema.pop("$defs", {}))
        components[model.__name__] = model_schema
    app.openapi_schema = schema
    return schema


_CHAT_REQUEST_BODY = {
    "required": True,
    "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/ChatCompletionRequest"}}
    },
}
_CHAT_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "The answer: a chat.completion (stream false) or an SSE stream of chunks.",
        "content": {
            "application/json": {"schema": {"$ref": "#/components/schemas/ChatCompletion"}},
            "text/event-stream": {
                # Before OpenAPI 3.2, the schema of an event stream describes one event.
                "schema": {
                    "type": "object",
                    "required": ["data"],
                    "properties": {
                        "data": {
                            "type": "string",
                            "description": (
                                "A chat.completion.chunk object as JSON (see "
                                "ChatCompletionChunk), an error body as JSON when the answer "
                                "fails after the stream started, or [DONE] to end the stream."
                            ),
                        },
                        "event": {"type": "string"},
                    },
                }
            },
        },
        "headers": {
            "X-Trichome-Agent": {
                "description": "The agent that answered.",
                "schema": {"type": "string"},
            },
            "X-Trichome-Route-Confidence": {
                "description": "The router's confidence in its pick, 0 to 1.",
                "schema": {"type": "string"},
            },
        },
    },
    **error_responses(400, 401, 403, 413, 500, 502, 503, 504),
}


def create_app(settings: Settings | None = None) -> FastAPI:
    """The chat API application."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = create_engine(settings)
        service = build_agent_service(settings)
        app.state.settings = settings
        app.state.sessions = create_sessionmaker(engine)
        app.state.key_lookup = create_key_lookup(engine)
        app.state.agents = service
        app.state.started = time.monotonic()
        app.state.database_check = CachedCheck(lambda: check_database(engine), ttl=1.0)
        app.state.engine_check = CachedCheck(service.engine.check, ttl=settings.health_check_ttl)
        try:
            yield
        finally:
            await service.engine.aclose()
            app.state.key_lookup.close()
            await engine.dispose()

    app = FastAPI(
        title="Trichome chat API",
        version=__version__,
        description=(
            "OpenAI-compatible chat completions in front of Trichome's cannabis-trade agents. "
            "Authenticate with `Authorization: Bearer <API key>`."
        ),
        lifespan=lifespan,
    )
    app.add_middleware(RequestIdMiddleware)
    install_error_handlers(app)
    app.openapi = lambda: _openapi(app)  # type: ignore[method-assign]

    @app.post(
        "/v1/chat/completions",
        openapi_extra={"requestBody": _CHAT_REQUEST_BODY},
        responses=_CHAT_RESPONSES,
        response_class=Response,
        summary="Chat completion (streams by default)",
    )
    async def chat_completions(
        request: Request, principal: PrincipalDep, settings: SettingsDep
    ) -> Response:
        body = parse_chat_request(await read_body(request, settings.max_request_bytes))
        model = resolve_model(body.model, principal, settings.upgrade_url)
        service: AgentService = request.app.state.agents
        prepared = service.prepare(to_chat_request(body, model))
        include_usage = bool(body.stream_options and body.stream_options.include_usage)
        return await answer(
            service, prepared, model, stream=body.stream, include_usage=include_usage
        )

    @app.get(
        "/v1/models",
        response_model=ModelList,
        responses=error_responses(401, 503),
        summary="The models of the caller's tier",
    )
    async def list_models(principal: PrincipalDep) -> ModelList:
        model = listed_model(principal.tier)
        return ModelList(object="list", data=[_model_entry(model)])

    @app.get(
        "/v1/models/{model_id}",
        response_model=ModelEntry,
        responses=error_responses(401, 404, 503),
        summary="One model, if the caller's tier includes it",
    )
    async def retrieve_model(model_id: str, principal: PrincipalDep) -> ModelEntry:
        model = PUBLIC_MODELS.get(model_id)
        if model is None or not model.allowed_for(principal.tier):
            raise ApiError(
                404,
                f"The model '{model_id}' does not exist or is not on your tier.",
                type="invalid_request_error",
                code="model_not_found",
                param="model_id",
            )
        return _model_entry(model)

    @app.get("/health", response_model=HealthReport, summary="Health check (no authentication)")
    async def health(request: Request) -> HealthReport:
        state = request.app.state
        reasons = [r for r in (await state.database_check(), await state.engine_check()) if r]
        agent_status = "unavailable" if reasons else "available"
        return HealthReport(
            status="degraded" if reasons else "healthy",
            uptime=int(time.monotonic() - state.started),
            agents={name: agent_status for name in AGENTS},
            version=__version__,
            timestamp=utc_timestamp(),
            engine=state.agents.engine.name,
            reasons=reasons,
        )

    return app


def _model_entry(model: PublicModel) -> ModelEntry:
    return ModelEntry(id=model.id, object="model", created=MODELS_CREATED, owned_by=OWNED_BY)
