"""The knowledge base's typed state, built once by its lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, FastAPI, Request

from trichome.config import Settings
from trichome.forum.service import ForumKnowledgeBase, build_knowledge_base
from trichome.http.state import (
    CoreState,
    lifespan_state,
    open_core,
    run_in_background,
    sweep_held_calls,
)


@dataclass(frozen=True, slots=True)
class KbState:
    """The core state and the forum: its threads, index and answering engine."""

    core: CoreState
    knowledge: ForumKnowledgeBase


def kb_lifespan(
    settings: Settings,
) -> Callable[[FastAPI], AbstractAsyncContextManager[dict[str, object]]]:
    """The lifespan: the core state, then the forum, whose index is prepared (loaded with
    the sample corpus on a first start) before the first request and then kept up with the
    database (threads another process saved are indexed within seconds), and the sweep that
    gives back calls held past their deadline."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, object]]:
        async with AsyncExitStack() as stack:
            core = await open_core(settings, stack)
            knowledge = build_knowledge_base(settings, core.sessions)
            if knowledge.engine is not None:
                stack.push_async_callback(knowledge.engine.aclose)
            await knowledge.prepare()
            run_in_background(stack, knowledge.keep_up)
            sweep_held_calls(core, stack)
            yield {"core": core, "kb": KbState(core, knowledge)}

    return lifespan


async def get_kb(request: Request) -> KbState:
    """The knowledge base's state."""
    state: KbState = lifespan_state(request, "kb")
    return state


KbDep = Annotated[KbState, Depends(get_kb)]
