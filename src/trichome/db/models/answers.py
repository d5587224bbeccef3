"""What answers leave behind: ratings of them, and the sponsored lines they carry."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from trichome.db.models.base import Base, UTCDateTime, utcnow


class Feedback(Base):
    """A rating of one answer, sent with or without a credential."""

    __tablename__ = "feedback"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    completion_id: Mapped[str] = mapped_column(String(100), index=True)
    rating: Mapped[str] = mapped_column(String(4))
    comment: Mapped[str | None] = mapped_column(Text, nullable=True)
    organization_id: Mapped[str | None] = mapped_column(
        ForeignKey("organizations.id", ondelete="SET NULL"), nullable=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class Ad(Base):
    """A sponsored line for answers of ad-carrying models; `agent` None fits any agent."""

    __tablename__ = "ads"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    agent: Mapped[str | None] = mapped_column(String(32), nullable=True)
    text: Mapped[str] = mapped_column(String(300))
    url: Mapped[str | None] = mapped_column(String(500), nullable=True)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    impressions: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
