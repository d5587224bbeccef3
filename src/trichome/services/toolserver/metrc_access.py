"""How the tools reach Metrc: one client per base URL, the sandbox's development keys."""

from __future__ import annotations

import logging

from trichome.config import Settings
from trichome.metrc import MetrcClient, MetrcCredentials

logger = logging.getLogger(__name__)


def sandbox_credentials(settings: Settings) -> MetrcCredentials:
    """The local sandbox's development keys, used when a caller sends none."""
    return MetrcCredentials(
        settings.sandbox_vendor_key.get_secret_value(),
        settings.sandbox_user_key.get_secret_value(),
    )


def metrc_client(settings: Settings, base_url: str) -> MetrcClient:
    """A Metrc client for the tools, paced as configured."""
    pace = settings.metrc_gets_per_second or None
    return MetrcClient(base_url, max_gets_per_second_per_facility=pace)


class MetrcClients:
    """One Metrc client per base URL, shared by every caller (credentials go per call)."""

    def __init__(self, settings: Settings) -> None:
        self._settings = settings
        self._clients: dict[str, MetrcClient] = {}

    def for_url(self, base_url: str) -> MetrcClient:
        """The client of a base URL, made on first use."""
        client = self._clients.get(base_url)
        if client is None:
            client = self._clients[base_url] = metrc_client(self._settings, base_url)
        return client

    async def aclose(self) -> None:
        """Close every client."""
        for client in self._clients.values():
            await client.aclose()
        self._clients.clear()
