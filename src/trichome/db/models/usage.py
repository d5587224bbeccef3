"""Usage counted per organisation: quota and rate-limit windows, the calls held while in
flight and those settled, and calls per day."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from trichome.db.models.base import Base, UTCDateTime


class UsageCounter(Base):
    """A quota or rate-limit counter for one key and window (when Redis is not configured)."""

    __tablename__ = "usage_counters"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    count: Mapped[int] = mapped_column(Integer, default=0)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class CallHold(Base):
    """A unit of a counter reserved for a call in flight (database counters only; Redis keeps
    its holds beside its counters). Settling or releasing the call deletes it; one past
    `expires_at` belonged to a worker that died mid-answer and is given back by a sweep."""

    __tablename__ = "call_holds"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    counter_key: Mapped[str] = mapped_column(String(200))
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class CallSettlement(Base):
    """A call whose settlement committed, by the id of its hold: written in the settlement's
    own transaction, so settling the same call again (a retry after the database failed to
    acknowledge the COMMIT) finds it and charges nothing twice. Rows are kept a day."""

    __tablename__ = "call_settlements"

    hold_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    settled_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class UsageDay(Base):
    """Successful chat calls per organisation, day of its quota period, public model and
    credential.

    A day starts at the quota period's start time plus whole days (midnight UTC for a
    calendar month), so the days of a period add up to what its quota counted. `key_id`
    is the API key that made the calls, `SIGNED_IN` for calls made without a key (the
    dashboard's playground, an auth provider's access token), and NULL on rows logged
    before calls were counted per key (migration 0016).
    """

    __tablename__ = "usage_days"
    __table_args__ = (UniqueConstraint("organization_id", "starts_at", "model", "key_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    starts_at: Mapped[datetime] = mapped_column(UTCDateTime())
    model: Mapped[str] = mapped_column(String(64))
    # Not a foreign key: the calls of a key stay counted after the key is revoked.
    key_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    calls: Mapped[int] = mapped_column(Integer, default=0)


SIGNED_IN = "signed-in"
"""`UsageDay.key_id` of calls made by a signed-in member rather than with an API key."""
