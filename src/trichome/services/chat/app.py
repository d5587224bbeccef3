"""The chat API (port 8000): OpenAI-compatible `/v1` routes and `/health`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from pydantic import BaseModel, Field
from starlette.responses import Response

from trichome import __version__
from trichome.accounts.lookup import create_key_lookup
from trichome.accounts.tokens import AccessTokenVerifier
from trichome.ads.inventory import AdInventory
from trichome.agents.registry import AGENTS
from trichome.agents.service import AgentService, build_agent_service
from trichome.answering.answers import (
    answer,
    checked_options,
    metered,
    stream_requested,
    to_chat_request,
)
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.http.auth import Authenticator
from trichome.http.deps import PrincipalDep, SettingsDep, read_body, resolve_model
from trichome.http.errors import ApiError, error_responses, install_error_handlers
from trichome.http.health import CachedCheck, check_database, utc_timestamp
from trichome.http.limits import check_conversation_cap, too_many_requests
from trichome.http.middleware import RequestIdMiddleware
from trichome.http.openai.chat import (
    MODELS_CREATED,
    OWNED_BY,
    ChatCompletion,
    ChatCompletionChunk,
    ModelEntry,
    ModelList,
    chat_request_schemas,
    parse_chat_request,
)
from trichome.http.openai.responses import responses_request_schema
from trichome.http.openapi import BEARER_AUTH, BEARER_SCHEME, PUBLIC, install_openapi
from trichome.limits.service import (
    Limiter,
    LimitExceeded,
    create_counter_store,
)
from trichome.limits.usage_log import UsageLog
from trichome.plans import PUBLIC_MODELS, PublicModel, listed_model
from trichome.services.chat.routes import endpoints, feedback, responses
from trichome.websearch.answer import SearchAnswerer
from trichome.websearch.research import build_web_researcher

logger = logging.getLogger(__name__)

AD_IMPRESSION_FLUSH_SECONDS = 5.0


class HealthReport(BaseModel):
    """`GET /health` (spec section 2, Health report)."""

    status: str = Field(description="`healthy`, or `degraded` with `reasons`.")
    uptime: int = Field(description="Seconds since this worker started.")
    agents: dict[str, str] = Field(description="Every agent and its status.")
    version: str
    timestamp: str = Field(description="ISO 8601, UTC.")
    engine: str = Field(description="The answer engine in use: grounded or openai.")
    reasons: list[str] = Field(description="Why the service is degraded; empty when healthy.")


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
    **error_responses(400, 401, 403, 413, 429, 500, 502, 503, 504),
}


def create_app(settings: Settings | None = None) -> FastAPI:
    """The chat API application."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = create_engine(settings)
        sessions = create_sessionmaker(engine)
        service = build_agent_service(settings)
        key_lookup = create_key_lookup(engine)
        tokens = AccessTokenVerifier(settings) if settings.accepts_access_tokens else None
        counters = create_counter_store(settings, engine)
        ads = AdInventory(sessions, settings.upgrade_url)
        usage_log = UsageLog(engine)
        app.state.settings = settings
        app.state.sessions = sessions
        app.state.auth = Authenticator(settings, key_lookup, sessions, tokens)
        app.state.limiter = Limiter(counters)
        app.state.agents = service
        researcher = build_web_researcher(settings)
        app.state.answerer = SearchAnswerer(
            service, researcher, settings.search_confidence_threshold, settings.search_pages
        )
        app.state.ads = ads
        app.state.usage_log = usage_log
        app.state.started = time.monotonic()
        app.state.database_check = CachedCheck(lambda: check_database(engine), ttl=1.0)
        app.state.engine_check = CachedCheck(service.engine.check, ttl=settings.health_check_ttl)
        flusher = asyncio.create_task(ads.flush_periodically(AD_IMPRESSION_FLUSH_SECONDS))
        usage_flusher = asyncio.create_task(usage_log.flush_periodically())
        try:
            yield
        finally:
            for task in (flusher, usage_flusher):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            with contextlib.suppress(Exception):
                await ads.flush()
            await usage_log.flush()
            await service.engine.aclose()
            await researcher.aclose()
            if tokens is not None:
                await tokens.aclose()
            await counters.aclose()
            key_lookup.close()
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
    app.include_router(feedback.router)
    app.include_router(endpoints.router)
    app.include_router(responses.router)
    install_openapi(
        app,
        security_schemes={BEARER_AUTH: BEARER_SCHEME},
        # Anonymous mode serves callers without a key as the Free tier.
        security=[{}, {BEARER_AUTH: []}] if settings.anonymous else [{BEARER_AUTH: []}],
        models=(ChatCompletion, ChatCompletionChunk),
        # The request schema admits only the settings the configured engine honours.
        extra_schemas={
            **chat_request_schemas(settings.engine),
            "ResponsesRequest": responses_request_schema(settings.engine),
        },
    )

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
        state = request.app.state
        limiter: Limiter = state.limiter
        window = limiter.calls_window(principal, state.auth.client(request))
        service: AgentService = state.agents
        try:
            body = parse_chat_request(await read_body(request, settings.max_request_bytes))
            model = resolve_model(body.model, principal, settings.upgrade_url)
            options = checked_options(body, service.engine.check_options)
            user_messages = sum(1 for message in body.messages if message.role == "user")
            await check_conversation_cap(limiter, window, model, user_messages)
            usage = await limiter.reserve_call(window, anonymous=principal.is_anonymous)
        except ApiError as error:
            error.headers.update((await limiter.usage(window)).headers(limiter.now()))
            raise
        except LimitExceeded as exceeded:
            raise too_many_requests(exceeded, limiter.now()) from None
        chat = to_chat_request(body, model, options, principal.upstream_models.get(model.id))
        prepared, outcome = await metered(state, principal, model, window, service.prepare(chat))
        return await answer(
            service,
            prepared,
            model,
            stream=stream_requested(body, request),
            include_usage=bool(body.stream_options and body.stream_options.include_usage),
            headers=usage.headers(limiter.now()),
            outcome=outcome,
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

    @app.get(
        "/health",
        response_model=HealthReport,
        summary="Health check (no authentication)",
        openapi_extra=PUBLIC,
    )
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
