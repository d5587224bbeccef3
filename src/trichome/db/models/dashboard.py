"""The dashboard's sign-in sessions, one-time login links and team invitations."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from trichome.db.models.base import Base, UTCDateTime, utcnow


class DashboardSession(Base):
    """A signed-in dashboard browser: only the SHA-256 of its cookie's token is stored."""

    __tablename__ = "dashboard_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    # The playground's short-lived credential for the chat API (only its hash), which
    # dies with the session: minting another replaces it, signing out deletes it.
    playground_token_hash: Mapped[str | None] = mapped_column(
        String(64), nullable=True, unique=True
    )
    playground_expires_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class LoginLink(Base):
    """A one-time sign-in link (`trichome dashboard login-link`), stored as a hash."""

    __tablename__ = "login_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    used_at: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


class Invitation(Base):
    """An invitation to join a Team-tier organisation, pending until the invitee accepts it.

    Its link carries a one-time token of which only the SHA-256 is stored; accepting deletes
    the row. Rows from before links existed have no token (the owner invites again).
    """

    __tablename__ = "invitations"
    __table_args__ = (UniqueConstraint("organization_id", "email"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    organization_id: Mapped[str] = mapped_column(ForeignKey("organizations.id", ondelete="CASCADE"))
    email: Mapped[str] = mapped_column(String(320))
    role: Mapped[str] = mapped_column(String(16))
    invited_by: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
