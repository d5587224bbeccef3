"""The tool server's typed state, built once by its lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, FastAPI, Request

from trichome.accounts.secrets import SecretBox
from trichome.agents.service import AgentService, build_agent_service
from trichome.config import Settings
from trichome.http.health import CachedCheck
from trichome.http.state import CoreState, lifespan_state, open_core
from trichome.metrc.tools import ToolSpec
from trichome.services.toolserver.biotrack_access import BioTrackClients
from trichome.services.toolserver.gate import Gatekeeper
from trichome.services.toolserver.mcp_server import ToolServer
from trichome.services.toolserver.metrc_access import MetrcClients


@dataclass(frozen=True, slots=True)
class ToolServerState:
    """Who may use the tools, the tools offered, the agents (with an LLM) and Metrc's health."""

    core: CoreState
    gatekeeper: Gatekeeper
    offered: tuple[ToolSpec, ...]
    agents: AgentService | None
    metrc_check: CachedCheck


def toolserver_lifespan(
    settings: Settings,
    mcp: ToolServer,
    offered: tuple[ToolSpec, ...],
    metrc_problem: Callable[[Settings], Awaitable[str | None]],
) -> Callable[[FastAPI], AbstractAsyncContextManager[dict[str, object]]]:
    """The lifespan: the core state, Metrc and BioTrack clients, the agents when an LLM answers
    `/api/chat` (offline it maps the question to a tool itself), and the MCP session
    manager of `/api/mcp`."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, object]]:
        async with AsyncExitStack() as stack:
            core = await open_core(settings, stack)
            clients = MetrcClients(settings)
            stack.push_async_callback(clients.aclose)
            biotrack = BioTrackClients(settings)
            stack.push_async_callback(biotrack.aclose)
            agents = build_agent_service(settings) if settings.engine == "openai" else None
            if agents is not None:
                stack.push_async_callback(agents.engine.aclose)
            gatekeeper = Gatekeeper(
                settings, core.auth, core.sessions, SecretBox(settings), clients, biotrack
            )
            check = CachedCheck(lambda: metrc_problem(settings), ttl=settings.health_check_ttl)
            state = ToolServerState(core, gatekeeper, offered, agents, check)
            await stack.enter_async_context(mcp.session_manager.run())
            yield {"core": core, "toolserver": state}

    return lifespan


async def get_toolserver(request: Request) -> ToolServerState:
    """The tool server's state."""
    state: ToolServerState = lifespan_state(request, "toolserver")
    return state


ToolServerDep = Annotated[ToolServerState, Depends(get_toolserver)]
