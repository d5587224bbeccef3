"""Typed ORM models, one module per part of the product. Every schema change comes with an
Alembic revision; every model is importable from here (`from trichome.db.models import X`),
and importing this package registers them all on `Base.metadata`."""

from __future__ import annotations

from trichome.db.models.accounts import (
    ApiKey,
    BioTrackConnection,
    Endpoint,
    Membership,
    MetrcConnection,
    Organization,
    User,
)
from trichome.db.models.answers import Ad, Feedback
from trichome.db.models.base import NAMING_CONVENTION, Base, UTCDateTime, utcnow
from trichome.db.models.billing import BillingEvent, Subscription
from trichome.db.models.dashboard import DashboardSession, Invitation, LoginLink
from trichome.db.models.documents import StorageUsage, StoredFile
from trichome.db.models.drive import (
    DriveAuthorization,
    DriveConnection,
    DriveFile,
    DriveFolder,
    DriveRefusal,
)
from trichome.db.models.forum import KbCrawl, KbPost, KbThread
from trichome.db.models.oauth import OAuthClient, OAuthCode, OAuthGrant, OAuthToken
from trichome.db.models.sandbox import SandboxObject
from trichome.db.models.usage import (
    SIGNED_IN,
    CallHold,
    CallSettlement,
    UsageCounter,
    UsageDay,
)

__all__ = [
    "NAMING_CONVENTION",
    "SIGNED_IN",
    "Ad",
    "ApiKey",
    "Base",
    "BillingEvent",
    "BioTrackConnection",
    "CallHold",
    "CallSettlement",
    "DashboardSession",
    "DriveAuthorization",
    "DriveConnection",
    "DriveFile",
    "DriveFolder",
    "DriveRefusal",
    "Endpoint",
    "Feedback",
    "Invitation",
    "KbCrawl",
    "KbPost",
    "KbThread",
    "LoginLink",
    "Membership",
    "MetrcConnection",
    "OAuthClient",
    "OAuthCode",
    "OAuthGrant",
    "OAuthToken",
    "Organization",
    "SandboxObject",
    "StorageUsage",
    "StoredFile",
    "Subscription",
    "UTCDateTime",
    "UsageCounter",
    "UsageDay",
    "User",
    "utcnow",
]
