"""The chat API (port 8000): OpenAI-compatible `/v1` routes and `/health`."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from trichome import __version__
from trichome.config import Settings
from trichome.db.models import utcnow
from trichome.http.apidocs import install_docs
from trichome.http.errors import install_error_handlers
from trichome.http.middleware import RequestIdMiddleware
from trichome.http.openai.chat import chat_request_schemas
from trichome.http.openai.completions import ChatCompletion, ChatCompletionChunk
from trichome.http.openai.responses_schema import responses_request_schema
from trichome.http.openapi import BEARER_AUTH, BEARER_SCHEME, install_openapi
from trichome.http.state import Clock, IdFactory, random_id
from trichome.services.chat.routes import (
    coa,
    completions,
    endpoints,
    feedback,
    files,
    health,
    models,
    responses,
)
from trichome.services.chat.state import chat_lifespan

ROUTERS = (completions, responses, models, files, coa, endpoints, feedback, health)


def create_app(
    settings: Settings | None = None, *, clock: Clock = utcnow, ids: IdFactory = random_id
) -> FastAPI:
    """The chat API application; `clock` and `ids` stamp its answers (fixed in tests)."""
    settings = settings or Settings()
    app = FastAPI(
        title="Trichome chat API",
        version=__version__,
        description=(
            "OpenAI-compatible chat completions in front of Trichome's cannabis-trade agents. "
            "Authenticate with `Authorization: Bearer <API key>`."
        ),
        docs_url=None,
        redoc_url=None,
        lifespan=chat_lifespan(settings, clock=clock, ids=ids),
    )
    # The dashboard's playground calls chat completions from the browser (with a short-lived
    # token, never a cookie), so its origin, and only it, may read the answers.
    app.add_middleware(
        CORSMiddleware,
        allow_origins=[settings.dashboard_base_url],
        allow_credentials=False,
        allow_methods=["POST", "OPTIONS"],
        allow_headers=["Authorization", "Content-Type"],
        expose_headers=[
            "X-Trichome-Agent",
            "X-Trichome-Route-Confidence",
            "x-request-id",
            "x-ratelimit-limit-requests",
            "x-ratelimit-remaining-requests",
            "x-ratelimit-reset-requests",
        ],
        max_age=600,
    )
    app.add_middleware(RequestIdMiddleware)
    install_error_handlers(app)
    for module in ROUTERS:
        app.include_router(module.router)
    install_docs(app)
    install_openapi(
        app,
        security_schemes={BEARER_AUTH: BEARER_SCHEME},
        # Anonymous mode serves callers without a key as the Free tier.
        security=[{}, {BEARER_AUTH: []}] if settings.anonymous else [{BEARER_AUTH: []}],
        models=(ChatCompletion, ChatCompletionChunk),
        # The request schemas admit only the settings the configured engine honours.
        extra_schemas={
            **chat_request_schemas(settings.engine),
            "ResponsesRequest": responses_request_schema(settings.engine),
        },
    )
    return app
