"""Organisations' stored Metrc keys: saved encrypted, read back for the tool server."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.secrets import SecretBox
from trichome.db.models import MetrcConnection, Organization, utcnow
from trichome.metrc.credentials import MetrcCredentials


@dataclass(frozen=True, slots=True)
class StoredMetrcKeys:
    """An organisation's Metrc keys, decrypted, and the base URL they are for (None: default)."""

    credentials: MetrcCredentials
    base_url: str | None


@dataclass(frozen=True, slots=True)
class MetrcKeysListing:
    """What listings show of stored keys: never the keys, only their last four characters."""

    organization: str
    base_url: str | None
    vendor_key_last4: str
    user_key_last4: str
    updated_at: datetime
    last_used_at: datetime | None = None  # the tool server's last successful call with them


async def store_metrc_keys(
    session: AsyncSession,
    box: SecretBox,
    organization_id: str,
    credentials: MetrcCredentials,
    base_url: str | None = None,
) -> None:
    """Save (or replace) an organisation's Metrc keys, encrypted."""
    vendor, user = credentials.vendor_key, credentials.user_key
    row = await session.get(MetrcConnection, organization_id)
    if row is None:
        row = MetrcConnection(organization_id=organization_id)
        session.add(row)
    row.base_url = base_url
    row.vendor_key_encrypted = box.seal(vendor)
    row.user_key_encrypted = box.seal(user)
    row.vendor_key_last4 = vendor[-4:]
    row.user_key_last4 = user[-4:]
    row.updated_at = utcnow()
    row.last_used_at = None  # new keys have not been used yet
    await session.flush()


async def load_metrc_keys(
    session: AsyncSession, box: SecretBox, organization_id: str
) -> StoredMetrcKeys | None:
    """An organisation's stored keys, or None.

    Raises:
        SecretUnreadable: they cannot be decrypted with this deployment's key.
    """
    row = await session.get(MetrcConnection, organization_id)
    if row is None:
        return None
    credentials = MetrcCredentials(
        box.open(row.vendor_key_encrypted), box.open(row.user_key_encrypted)
    )
    return StoredMetrcKeys(credentials, row.base_url)


async def forget_metrc_keys(session: AsyncSession, organization_id: str) -> bool:
    """Delete an organisation's stored keys; False when there were none."""
    result = await session.execute(
        delete(MetrcConnection).where(MetrcConnection.organization_id == organization_id)
    )
    return bool(getattr(result, "rowcount", 0))


async def list_metrc_keys(session: AsyncSession) -> list[MetrcKeysListing]:
    """Every organisation with stored keys (masked), by name."""
    rows = await session.execute(
        select(MetrcConnection, Organization.name)
        .join(Organization, Organization.id == MetrcConnection.organization_id)
        .order_by(Organization.name)
    )
    return [
        MetrcKeysListing(
            name,
            row.base_url,
            row.vendor_key_last4,
            row.user_key_last4,
            row.updated_at,
            row.last_used_at,
        )
        for row, name in rows.all()
    ]
