"""Settings fields of the Google Drive connection of the documents page: the OAuth client the
deployment registered with Google, Google's endpoints (configurable so that tests and
proxies can stand in for them) and how often connected folders are synced. The table's
order is kept by `SettingFields`."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings


class DriveFields(BaseSettings):
    """The Google OAuth client, Google's endpoints and the periodic sync."""

    google_client_id: str | None = Field(
        None,
        description=(
            'OAuth client id (type "Web application") from the Google Cloud console, for '
            "connecting a Google Drive folder on the documents page; its authorised redirect "
            "URI must be `{dashboard_url}/documents/drive/callback`. Unset: no Drive connection."
        ),
    )
    google_client_secret: SecretStr | None = Field(
        None, description="The OAuth client's secret (needed with `TRICHOME_GOOGLE_CLIENT_ID`)."
    )
    google_auth_url: str = Field(
        "https://accounts.google.com/o/oauth2/v2/auth",
        description="Google's authorization endpoint the browser is sent to.",
    )
    google_token_url: str = Field(
        "https://oauth2.googleapis.com/token",
        description="Google's token endpoint (authorization codes and refresh tokens).",
    )
    google_revoke_url: str = Field(
        "https://oauth2.googleapis.com/revoke",
        description="Google's revocation endpoint, called when a Drive is disconnected.",
    )
    google_drive_url: str = Field(
        "https://www.googleapis.com/drive/v3",
        description=(
            "Base URL of the Google Drive API v3 (`/files`, `/files/{id}/export`, `/changes`)."
        ),
    )
    google_drive_sync_minutes: float = Field(
        60.0,
        ge=0,
        description=(
            "Minutes between syncs of each connected Drive folder by the dashboard's "
            "background task (0: only `Sync now` and `trichome documents sync`)."
        ),
    )
    google_drive_upkeep_seconds: float = Field(
        60.0,
        gt=0,
        description=(
            "Seconds between runs of the dashboard's Drive upkeep: a folder Google notified "
            "during a sync is synced, push channels near their end are renewed, unfinished "
            "connections' PKCE verifiers are deleted."
        ),
    )
    google_drive_push: bool = Field(
        True,
        description=(
            "Ask Google to push Drive change notifications (`changes.watch`) to "
            "`{dashboard_url}/api/webhooks/google-drive`, so a change is synced within moments. "
            "Only when `TRICHOME_DASHBOARD_URL` is a public `https://` address (Google calls "
            "nothing else); otherwise, as by default, folders are polled."
        ),
    )
    google_timeout: float = Field(30.0, gt=0, description="Seconds one request to Google may take.")
