"""An organisation's own documents: uploaded files, their metadata and extracted text."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, ForeignKey, Index, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from trichome.db.models.base import Base, UTCDateTime, utcnow


class StoredFile(Base):
    """One uploaded file. Its bytes live in the file store under `storage_key`; `text` is
    what extraction found in it, kept for indexing (deferred: listings do not load it)."""

    __tablename__ = "files"
    __table_args__ = (Index("ix_files_listing", "organization_id", "created_at", "id"),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    filename: Mapped[str] = mapped_column(String(255))
    purpose: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(16))
    media_type: Mapped[str] = mapped_column(String(100))
    size_bytes: Mapped[int] = mapped_column(BigInteger)
    sha256: Mapped[str] = mapped_column(String(64))
    storage_key: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(Text, deferred=True)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    # `pending` from the quota reservation until the bytes are stored, then `processed`;
    # only processed files are shown, and a pending one older than an upload can take is
    # swept away with whatever bytes it may have left.
    status: Mapped[str] = mapped_column(String(16), default="processed", server_default="processed")


class StorageUsage(Base):
    """The bytes an organisation's files take (pending uploads included), moved in the same
    transaction as the file rows by a conditional update, so that concurrent uploads cannot
    pass the tier's storage quota together."""

    __tablename__ = "storage_usage"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    used_bytes: Mapped[int] = mapped_column(BigInteger, default=0)
