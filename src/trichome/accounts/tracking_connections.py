"""One organisation's stored track-and-trace connections (Metrc keys, a BioTrack login) as
the dashboard lists them, masked, and when the tool server last used each successfully."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from sqlalchemy import or_, update
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.db.models import BioTrackConnection, MetrcConnection

System = Literal["metrc", "biotrack"]
SYSTEMS: tuple[System, ...] = ("metrc", "biotrack")
# A connection used by many calls a minute is written once a minute, not once a call.
USE_RECORDED_EVERY = timedelta(minutes=1)
_TABLES: dict[str, type[MetrcConnection] | type[BioTrackConnection]] = {
    "metrc": MetrcConnection,
    "biotrack": BioTrackConnection,
}


@dataclass(frozen=True, slots=True)
class StoredConnection:
    """A stored connection as a page shows it: never a key, password or whole username."""

    system: System
    base_url: str | None  # Metrc: where the keys are used (None: the server's default)
    state: str | None  # BioTrack: the state's system
    license_number: str | None  # BioTrack: the licence (Metrc keys reach every licence)
    hint: str  # the secrets' last characters, e.g. "vendor …1a2b, user …9z8y"
    updated_at: datetime
    last_used_at: datetime | None


async def organization_connections(
    session: AsyncSession, organization_id: str
) -> list[StoredConnection]:
    """The organisation's stored connections, Metrc first (each system has at most one)."""
    found: list[StoredConnection] = []
    metrc = await session.get(MetrcConnection, organization_id)
    if metrc is not None:
        found.append(
            StoredConnection(
                "metrc",
                metrc.base_url,
                None,
                None,
                f"vendor key …{metrc.vendor_key_last4}, user key …{metrc.user_key_last4}",
                metrc.updated_at,
                metrc.last_used_at,
            )
        )
    biotrack = await session.get(BioTrackConnection, organization_id)
    if biotrack is not None:
        found.append(
            StoredConnection(
                "biotrack",
                None,
                biotrack.state,
                biotrack.license_number,
                f"user …{biotrack.username_last4}",
                biotrack.updated_at,
                biotrack.last_used_at,
            )
        )
    return found


async def record_connection_use(
    session: AsyncSession, organization_id: str, system: System, at: datetime
) -> None:
    """Note a successful call through the organisation's stored connection of `system` (at
    most once a minute; nothing when it is no longer stored)."""
    table = _TABLES[system]
    await session.execute(
        update(table)
        .where(
            table.organization_id == organization_id,
            or_(table.last_used_at.is_(None), table.last_used_at < at - USE_RECORDED_EVERY),
        )
        .values(last_used_at=at)
    )
