"""`trichome mcp`: the tools over stdio, for an AI editor that starts the server itself."""

from __future__ import annotations

import logging

from trichome.config import Settings
from trichome.metrc import MetrcCredentials
from trichome.metrc.tools import BioTrackAccess, MetrcAccess
from trichome.metrc.tools.registry import set_process_access
from trichome.services.toolserver.biotrack_access import BioTrackClients, BioTrackLogin
from trichome.services.toolserver.mcp_server import (
    build_mcp_server,
)
from trichome.services.toolserver.metrc_access import metrc_client, sandbox_credentials
from trichome.tracking.biotrack import BioTrackInputError

logger = logging.getLogger(__name__)


def stdio_access(settings: Settings) -> MetrcAccess:
    """The Metrc access of `trichome mcp`: the configured keys, or the sandbox's."""
    if settings.metrc_vendor_key is not None and settings.metrc_user_key is not None:
        credentials = MetrcCredentials(
            settings.metrc_vendor_key.get_secret_value(),
            settings.metrc_user_key.get_secret_value(),
        )
    elif settings.uses_sandbox:
        credentials = sandbox_credentials(settings)
    else:
        raise SystemExit(
            "trichome mcp: set TRICHOME_METRC_VENDOR_KEY and TRICHOME_METRC_USER_KEY "
            f"(the Metrc keys for {settings.metrc_url})."
        )
    return MetrcAccess(metrc_client(settings, settings.metrc_url), credentials)


def stdio_biotrack(settings: Settings, clients: BioTrackClients) -> BioTrackAccess:
    """The BioTrack access of `trichome mcp`: the configured state and login."""
    password = settings.biotrack_password.get_secret_value() if settings.biotrack_password else ""
    try:
        login = BioTrackLogin(
            settings.biotrack_state or "",
            settings.biotrack_license or "",
            settings.biotrack_username or "",
            password,
        )
        return clients.access(login)
    except (ValueError, BioTrackInputError) as error:
        raise SystemExit(
            "trichome mcp: a BioTrack connection needs TRICHOME_BIOTRACK_STATE, "
            "TRICHOME_BIOTRACK_LICENSE, TRICHOME_BIOTRACK_USERNAME and "
            f"TRICHOME_BIOTRACK_PASSWORD ({error})"
        ) from None


async def serve_stdio(settings: Settings) -> None:
    """Serve the tools over stdio until the client closes the stream: the tools of the
    configured system (`TRICHOME_TRACKING_SYSTEM`), with its keys or login."""
    mcp = build_mcp_server(settings, stdio=True)
    if settings.tracking_system == "biotrack":
        clients = BioTrackClients(settings)
        set_process_access(stdio_biotrack(settings, clients))
        try:
            await mcp.run_stdio_async()
        finally:
            await clients.aclose()
        return
    access = stdio_access(settings)
    set_process_access(access)
    try:
        await mcp.run_stdio_async()
    finally:
        await access.client.aclose()
