"""The PKCE verifiers of Drive connections under way, in the database: sealed with the
deployment's key, keyed by the hash of their OAuth `state`, used once, and deleted in
bounded batches once their time is up (by the dashboard's Drive upkeep and `trichome
dashboard cleanup`, never on a request's path)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.secrets import SecretBox, SecretUnreadable
from trichome.db.models import DriveAuthorization
from trichome.documents.drive_pkce import state_hash

# Expired PKCE verifiers one cleanup deletes at most (the next run takes the rest).
PURGE_BATCH = 500


async def begin_authorization(
    session: AsyncSession,
    box: SecretBox,
    organization_id: str,
    state: str,
    code_verifier: str,
    expires_at: datetime,
    now: datetime,
) -> None:
    """Keep the PKCE verifier of a connection under way, sealed, until the callback brings
    `state` back (`purge_expired_authorizations` forgets it once its time is up)."""
    session.add(
        DriveAuthorization(
            state_hash=state_hash(state),
            organization_id=organization_id,
            code_verifier_encrypted=box.seal(code_verifier),
            expires_at=expires_at,
        )
    )
    await session.flush()


async def purge_expired_authorizations(
    session: AsyncSession, now: datetime, batch: int = PURGE_BATCH
) -> int:
    """Delete at most `batch` PKCE verifiers whose time is up (by the `expires_at` index);
    returns how many."""
    expired = list(
        await session.scalars(
            select(DriveAuthorization.state_hash)
            .where(DriveAuthorization.expires_at < now)
            .order_by(DriveAuthorization.expires_at)
            .limit(batch)
        )
    )
    if not expired:
        return 0
    result = await session.execute(
        delete(DriveAuthorization).where(
            DriveAuthorization.state_hash.in_(expired), DriveAuthorization.expires_at < now
        )
    )
    return int(getattr(result, "rowcount", 0) or 0)


async def take_authorization(
    session: AsyncSession, box: SecretBox, organization_id: str, state: str, now: datetime
) -> str | None:
    """The verifier kept for `state`, forgotten as it is taken (a state works once); None
    when there is none for this organisation, its time is up, or it cannot be decrypted."""
    row = await session.get(DriveAuthorization, state_hash(state))
    if row is None:
        return None
    result = await session.execute(
        delete(DriveAuthorization).where(DriveAuthorization.state_hash == row.state_hash)
    )
    if not getattr(result, "rowcount", 0):
        return None  # taken meanwhile by another request
    if row.organization_id != organization_id or row.expires_at < now:
        return None
    try:
        return box.open(row.code_verifier_encrypted)
    except SecretUnreadable:
        return None
