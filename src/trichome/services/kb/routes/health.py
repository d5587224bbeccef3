"""`GET /api/health` (no authentication): the threads in the database and in the index."""

from __future__ import annotations

from fastapi import APIRouter

from trichome import __version__
from trichome.http.health import utc_timestamp
from trichome.http.openapi import PUBLIC
from trichome.services.kb.schemas import KbHealth
from trichome.services.kb.state import KbDep

router = APIRouter()


@router.get(
    "/api/health",
    response_model=KbHealth,
    summary="Health check (no authentication)",
    openapi_extra=PUBLIC,
)
async def health(kb: KbDep) -> KbHealth:
    knowledge = kb.knowledge
    reasons: list[str] = []
    database = await kb.core.database_check()
    threads = 0
    if database:
        reasons.append(database)
    else:
        threads = await knowledge.thread_count()
    counters = await kb.core.counters_check()
    if counters:
        reasons.append(counters)
    indexed = knowledge.index.count()
    if not database and indexed != threads:
        reasons.append(
            f"the search index holds {indexed} threads, the database {threads} "
            "(run `.venv/bin/trichome kb reindex`)"
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
