"""The chat API's typed state, built once by its lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, FastAPI, Request

from trichome.ads.inventory import AdInventory
from trichome.agents.service import AgentService, build_agent_service
from trichome.answering.calls import Answering
from trichome.config import Settings
from trichome.db.models import utcnow
from trichome.documents.coa_answers import CertificateAnswers
from trichome.documents.index import DocumentIndexes, content_link
from trichome.documents.service import FileService
from trichome.documents.sweep import FileSweeper
from trichome.documents.wiring import open_file_service
from trichome.http.health import CachedCheck
from trichome.http.state import (
    Clock,
    CoreState,
    IdFactory,
    lifespan_state,
    open_core,
    random_id,
    run_in_background,
    sweep_held_calls,
)
from trichome.websearch.answer import SearchAnswerer
from trichome.websearch.research import build_web_researcher


@dataclass(frozen=True, slots=True)
class ChatState:
    """The agents, how calls are answered and metered, web search, the engine's health, and
    the organisations' files."""

    core: CoreState
    agents: AgentService
    answering: Answering
    answerer: SearchAnswerer
    engine_check: CachedCheck
    files: FileService


def chat_lifespan(
    settings: Settings, *, clock: Clock = utcnow, ids: IdFactory = random_id
) -> Callable[[FastAPI], AbstractAsyncContextManager[dict[str, object]]]:
    """The lifespan: the core state, the agents and their engine, the ads, the sweep
    that gives back calls held past their deadline, and the files sweep."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, object]]:
        async with AsyncExitStack() as stack:
            core = await open_core(settings, stack, clock=clock, ids=ids)
            agents = build_agent_service(settings)
            stack.push_async_callback(agents.engine.aclose)
            researcher = build_web_researcher(settings)
            stack.push_async_callback(researcher.aclose)
            ads = AdInventory(core.sessions, settings.upgrade_url)
            sweep_held_calls(core, stack)
            files = open_file_service(settings, core.sessions, stack)
            indexes = DocumentIndexes(core.sessions, content_link(settings.dashboard_base_url))
            run_in_background(stack, FileSweeper(core.sessions, files, indexes).run_periodically)
            state = ChatState(
                core=core,
                agents=agents,
                answering=Answering(
                    agents,
                    core.limiter,
                    ads,
                    indexes,
                    CertificateAnswers(core.sessions, settings.dashboard_base_url),
                ),
                answerer=SearchAnswerer(
                    agents, researcher, settings.search_confidence_threshold, settings.search_pages
                ),
                engine_check=CachedCheck(agents.engine.check, ttl=settings.health_check_ttl),
                files=files,
            )
            yield {"core": core, "chat": state}

    return lifespan


async def get_chat(request: Request) -> ChatState:
    """The chat API's state."""
    state: ChatState = lifespan_state(request, "chat")
    return state


ChatDep = Annotated[ChatState, Depends(get_chat)]
