"""An organisation's Google Drive connection (its OAuth tokens encrypted, the folder it
syncs, how the last sync went), which of its files came from which Drive file, and the
Drive files it refused."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from trichome.db.models.base import Base, UTCDateTime, utcnow


class DriveConnection(Base):
    """One organisation's connected Google Drive. The tokens are sealed with the
    deployment's secret key (`accounts.secrets.SecretBox`), never stored in clear."""

    __tablename__ = "drive_connections"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    refresh_token_encrypted: Mapped[str] = mapped_column(Text)
    access_token_encrypted: Mapped[str | None] = mapped_column(Text, nullable=True)
    access_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # The folder whose files are synced (None: connected, no folder chosen yet).
    folder_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    connected_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    last_sync_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # What the last sync could not do, in words for the page (never a token).
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    # A sync under way holds the connection until then; another worker leaves it alone.
    sync_claimed_until: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class DriveFile(Base):
    """A document synced from a Drive file: which Drive file, at which `modifiedTime`."""

    __tablename__ = "drive_files"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    drive_file_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    # Deleting the document (on the page or through the API) forgets the link too.
    file_id: Mapped[str] = mapped_column(ForeignKey("files.id", ondelete="CASCADE"), index=True)
    modified_time: Mapped[str] = mapped_column(String(40))
    synced_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DriveRefusal(Base):
    """A Drive file the sync could not keep (too large, not an accepted type, encrypted,
    damaged), at the `modifiedTime` it was refused at: it is not downloaded again until it
    changes, and the documents page names it with the reason."""

    __tablename__ = "drive_refusals"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    drive_file_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    name: Mapped[str] = mapped_column(String(500))
    modified_time: Mapped[str] = mapped_column(String(40))
    # The upload error code (`file_too_large`, `encrypted_file`, ...) and the reason in words.
    code: Mapped[str] = mapped_column(String(40))
    reason: Mapped[str] = mapped_column(Text)
    refused_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
