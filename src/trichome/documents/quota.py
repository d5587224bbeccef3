"""Each organisation's storage use, reserved atomically: one conditional UPDATE moves the
counter only when the file still fits, so two uploads racing for the last bytes of a quota
cannot both pass (PostgreSQL locks the row; SQLite serialises writers)."""

from __future__ import annotations

from sqlalchemy import select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.db.models import StorageUsage


async def reserve(session: AsyncSession, organization_id: str, size: int, quota: int) -> int | None:
    """Add `size` to the organisation's use if it stays within `quota` (in the session's
    transaction); None when reserved, else the bytes already in use."""
    dialect = postgresql if session.get_bind().dialect.name == "postgresql" else sqlite
    await session.execute(
        dialect.insert(StorageUsage)
        .values(organization_id=organization_id, used_bytes=0)
        .on_conflict_do_nothing(index_elements=["organization_id"])
    )
    moved = await session.execute(
        update(StorageUsage)
        .where(
            StorageUsage.organization_id == organization_id,
            StorageUsage.used_bytes + size <= quota,
        )
        .values(used_bytes=StorageUsage.used_bytes + size)
        .execution_options(synchronize_session=False)
    )
    if moved.rowcount == 1:  # type: ignore[attr-defined]
        return None
    used = await session.scalar(
        select(StorageUsage.used_bytes).where(StorageUsage.organization_id == organization_id)
    )
    return int(used or 0)


async def release(session: AsyncSession, organization_id: str, size: int) -> None:
    """Give back `size` bytes of the organisation's use (in the session's transaction)."""
    await session.execute(
        update(StorageUsage)
        .where(StorageUsage.organization_id == organization_id)
        .values(used_bytes=StorageUsage.used_bytes - size)
        .execution_options(synchronize_session=False)
    )
