"""`GET /api/health` (no credentials): the tools offered and whether Metrc answers."""

from __future__ import annotations

import logging

import httpx
from fastapi import APIRouter
from pydantic import BaseModel, Field

from trichome import __version__
from trichome.config import Settings
from trichome.http.health import utc_timestamp
from trichome.http.openapi import PUBLIC
from trichome.services.toolserver.state import ToolServerDep

logger = logging.getLogger(__name__)


router = APIRouter()


class MetrcReachability(BaseModel):
    """Whether the track-and-trace API answers."""

    base_url: str
    sandbox: bool = Field(description="True when the tools use the local sandbox.")
    reachable: bool
    reason: str | None = None


class ToolServerHealth(BaseModel):
    """`GET /api/health` (no credentials)."""

    status: str = Field(description="`healthy`, or `degraded` with `reasons`.")
    uptime: int
    version: str
    timestamp: str
    tools: int = Field(description="Tools this server offers (skills included).")
    skills: int = Field(description="Analysis skills among them.")
    toolsets: dict[str, int] = Field(description="Tools per toolset.")
    read_only: bool
    metrc: MetrcReachability
    reasons: list[str]


async def metrc_problem(settings: Settings) -> str | None:
    """None when the track-and-trace API answers HTTP at all, else why it does not."""
    url = settings.metrc_url
    probe = f"{url}/api/health" if settings.uses_sandbox else url
    try:
        async with httpx.AsyncClient(timeout=3.0) as client:
            await client.get(probe)
    except httpx.HTTPError as error:
        return f"{type(error).__name__} reaching {url}"
    return None


@router.get("/api/health", response_model=ToolServerHealth, openapi_extra=PUBLIC)
async def health(tools: ToolServerDep) -> ToolServerHealth:
    settings, offered = tools.core.settings, tools.offered
    reasons: list[str] = []
    database = await tools.core.database_check()
    if database is not None:
        reasons.append(database)
    problem = await tools.metrc_check()
    if problem is not None:
        reasons.append(f"track-and-trace unreachable: {problem}")
    metrc = MetrcReachability(
        base_url=settings.metrc_url,
        sandbox=settings.uses_sandbox,
        reachable=problem is None,
        reason=problem,
    )
    toolsets: dict[str, int] = {}
    for spec in offered:
        toolsets[spec.category] = toolsets.get(spec.category, 0) + 1
    return ToolServerHealth(
        status="degraded" if reasons else "healthy",
        uptime=tools.core.uptime(),
        version=__version__,
        timestamp=utc_timestamp(),
        tools=len(offered),
        skills=sum(1 for spec in offered if spec.skill),
        toolsets=toolsets,
        read_only=settings.mcp_read_only,
        metrc=metrc,
        reasons=reasons,
    )
