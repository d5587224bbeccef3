"""`GET /health` (no authentication)."""

from __future__ import annotations

from fastapi import APIRouter
from pydantic import BaseModel, Field

from trichome import __version__
from trichome.agents.registry import AGENTS
from trichome.http.health import utc_timestamp
from trichome.http.openapi import PUBLIC
from trichome.services.chat.state import ChatDep

router = APIRouter()


class HealthReport(BaseModel):
    """`GET /health` (spec section 2, Health report)."""

    status: str = Field(description="`healthy`, or `degraded` with `reasons`.")
    uptime: int = Field(description="Seconds since this worker started.")
    agents: dict[str, str] = Field(description="Every agent and its status.")
    version: str
    timestamp: str = Field(description="ISO 8601, UTC.")
    engine: str = Field(description="The answer engine in use: grounded or openai.")
    reasons: list[str] = Field(description="Why the service is degraded; empty when healthy.")


@router.get(
    "/health",
    response_model=HealthReport,
    summary="Health check (no authentication)",
    openapi_extra=PUBLIC,
)
async def health(chat: ChatDep) -> HealthReport:
    core = chat.core
    checks = (await core.database_check(), await core.counters_check(), await chat.engine_check())
    reasons = [reason for reason in checks if reason]
    agent_status = "unavailable" if reasons else "available"
    return HealthReport(
        status="degraded" if reasons else "healthy",
        uptime=chat.core.uptime(),
        agents={name: agent_status for name in AGENTS},
        version=__version__,
        timestamp=utc_timestamp(),
        engine=chat.agents.engine.name,
        reasons=reasons,
    )
