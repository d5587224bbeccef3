"""An organisation's Google Drive connection (its OAuth tokens encrypted, the folder it
syncs and its shared drive, how the last sync went, where the Changes API left off, its
push notification channel), the folders of the synced
tree, which of its files came from which Drive file, the Drive files it refused, and the
OAuth authorisations under way (their PKCE verifiers encrypted)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, String, Text
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
    # The Changes API's start page token after the last complete sync of `folder_id`: the
    # next sync asks `changes.list` what changed since. None: the next sync lists the folder
    # whole. A cursor, not a credential (it reads nothing without an access token).
    page_token: Mapped[str | None] = mapped_column(String(500), nullable=True)
    # The shared drive `folder_id` is in (Drive's `driveId`), as the last full listing found
    # it; None: the folder is in the user's My Drive. Changes are then read for that drive.
    drive_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    # Whether the last sync read only the Changes API's changes (True) or listed the folder
    # whole (False); None before the first sync.
    last_sync_from_changes: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # When Google last pushed a change notification no sync has taken up yet (None: none).
    notified_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # The `changes.watch` notification channel open for this connection (all None: none):
    # its id, Google's id of the watched resource (to stop it), the SHA-256 of the channel
    # token Google sends back with each notification (the token itself is not kept), and
    # when Google said the channel ends.
    channel_id: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    channel_resource_id: Mapped[str | None] = mapped_column(String(200), nullable=True)
    channel_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    channel_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class DriveFolder(Base):
    """A folder of the synced tree (the chosen folder, path "", and its subfolders), as the
    last complete listing found it: a changed file is in the tree when its parent is here."""

    __tablename__ = "drive_folders"

    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), primary_key=True
    )
    drive_folder_id: Mapped[str] = mapped_column(String(200), primary_key=True)
    # Its subfolders below the synced folder, "/"-joined ("" for the synced folder).
    path: Mapped[str] = mapped_column(Text)


class DriveAuthorization(Base):
    """A connection under way: the PKCE code verifier (RFC 7636) of one OAuth `state`,
    encrypted with the deployment's key and found by the state's SHA-256 hash; used once by
    the callback, and worthless after `expires_at`."""

    __tablename__ = "drive_authorizations"

    state_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    organization_id: Mapped[str] = mapped_column(
        ForeignKey("organizations.id", ondelete="CASCADE"), index=True
    )
    code_verifier_encrypted: Mapped[str] = mapped_column(Text)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


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
