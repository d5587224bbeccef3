"""The track-and-trace sandbox's Metrc objects."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Index, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from trichome.db.models.base import Base, UTCDateTime


class SandboxObject(Base):
    """One Metrc object of the track-and-trace sandbox: its document and the columns queried.

    `data` is the object in Metrc's PascalCase shape, without `Id` (the row id is it).
    `partner_license` is the other licence of a transfer (its recipient).
    """

    __tablename__ = "sandbox_objects"
    __table_args__ = (
        Index("ix_sandbox_objects_listing", "license", "kind", "state", "last_modified"),
        Index("ix_sandbox_objects_label", "kind", "label"),
        Index("ix_sandbox_objects_name", "license", "kind", "name"),
        Index("ix_sandbox_objects_partner", "partner_license", "kind", "state"),
    )

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    license: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(32))
    label: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name: Mapped[str | None] = mapped_column(String(200), nullable=True)
    state: Mapped[str] = mapped_column(String(32))
    partner_license: Mapped[str | None] = mapped_column(String(40), nullable=True)
    last_modified: Mapped[datetime] = mapped_column(UTCDateTime())
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
