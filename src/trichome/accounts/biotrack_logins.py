"""Organisations' stored BioTrack logins: saved encrypted, read back for the tool server."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.secrets import SecretBox
from trichome.db.models import BioTrackConnection, Organization, utcnow


@dataclass(frozen=True, slots=True)
class StoredBioTrackLogin:
    """An organisation's BioTrack login, decrypted."""

    state: str
    license_number: str
    username: str = field(repr=False)
    password: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class BioTrackLoginListing:
    """What listings show of a stored login: never the password or the whole username."""

    organization: str
    state: str
    license_number: str
    username_last4: str
    updated_at: datetime
    last_used_at: datetime | None = None  # the tool server's last successful call with it


async def store_biotrack_login(
    session: AsyncSession, box: SecretBox, organization_id: str, login: StoredBioTrackLogin
) -> None:
    """Save (or replace) an organisation's BioTrack login, encrypted."""
    row = await session.get(BioTrackConnection, organization_id)
    if row is None:
        row = BioTrackConnection(organization_id=organization_id)
        session.add(row)
    row.state = login.state
    row.license_number = login.license_number
    row.username_encrypted = box.seal(login.username)
    row.password_encrypted = box.seal(login.password)
    row.username_last4 = login.username[-4:]
    row.updated_at = utcnow()
    row.last_used_at = None  # a new login has not been used yet
    await session.flush()


async def load_biotrack_login(
    session: AsyncSession, box: SecretBox, organization_id: str
) -> StoredBioTrackLogin | None:
    """An organisation's stored login, or None.

    Raises:
        SecretUnreadable: it cannot be decrypted with this deployment's key.
    """
    row = await session.get(BioTrackConnection, organization_id)
    if row is None:
        return None
    return StoredBioTrackLogin(
        row.state,
        row.license_number,
        box.open(row.username_encrypted),
        box.open(row.password_encrypted),
    )


async def forget_biotrack_login(session: AsyncSession, organization_id: str) -> bool:
    """Delete an organisation's stored login; False when there was none."""
    result = await session.execute(
        delete(BioTrackConnection).where(BioTrackConnection.organization_id == organization_id)
    )
    return bool(getattr(result, "rowcount", 0))


async def list_biotrack_logins(session: AsyncSession) -> list[BioTrackLoginListing]:
    """Every organisation with a stored login (masked), by name."""
    rows = await session.execute(
        select(BioTrackConnection, Organization.name)
        .join(Organization, Organization.id == BioTrackConnection.organization_id)
        .order_by(Organization.name)
    )
    return [
        BioTrackLoginListing(
            name,
            row.state,
            row.license_number,
            row.username_last4,
            row.updated_at,
            row.last_used_at,
        )
        for row, name in rows.all()
    ]
