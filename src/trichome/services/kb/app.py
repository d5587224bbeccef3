"""The knowledge-base API (port 8002): thread search, cited answers, a chat-completions adapter.

Every route but `/api/health` and the chat widget's (`/widget.js`, `/demo`) takes an
optional API key (`Authorization: Bearer` or `X-API-Key`). Without one, a client IP gets
`TRICHOME_KB_REQUESTS_PER_HOUR` requests an hour; with one, each request counts against the
organisation's monthly quota.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from trichome import __version__
from trichome.config import Settings
from trichome.http.apidocs import install_docs
from trichome.http.errors import install_error_handlers
from trichome.http.middleware import RequestIdMiddleware
from trichome.http.openai.chat import chat_request_schemas
from trichome.http.openai.completions import ChatCompletion
from trichome.http.openapi import install_openapi
from trichome.services.kb.routes import (
    chat,
    completions,
    health,
    models,
    thread_pages,
    threads,
)
from trichome.services.kb.routes.widget import widget_router
from trichome.services.kb.schemas import OPTIONAL_KEY, SECURITY_SCHEMES, completion_request_schema
from trichome.services.kb.state import kb_lifespan

ROUTERS = (threads, thread_pages, chat, completions, models, health)


def create_app(settings: Settings | None = None) -> FastAPI:
    """The knowledge-base application."""
    settings = settings or Settings()
    app = FastAPI(
        title="Trichome knowledge base",
        version=__version__,
        description=(
            "Search forum threads and get answers that cite them. An API key is optional "
            "(`Authorization: Bearer <key>` or `X-API-Key: <key>`): without one, "
            f"{settings.kb_requests_per_hour} requests an hour per client IP."
        ),
        docs_url=None,
        redoc_url=None,
        lifespan=kb_lifespan(settings),
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
    install_docs(app)
    install_openapi(
        app,
        security_schemes=SECURITY_SCHEMES,
        security=OPTIONAL_KEY,
        models=(ChatCompletion,),
        # The completions request admits only the settings the configured engine honours.
        extra_schemas={
            **chat_request_schemas(settings.engine),
            "KbCompletionRequest": completion_request_schema(settings.engine),
        },
    )
    app.include_router(widget_router())
    for module in ROUTERS:
        app.include_router(module.router)
    return app
