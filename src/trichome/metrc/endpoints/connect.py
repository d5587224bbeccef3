"""Webhook subscriptions (Metrc v2 `Webhooks`) and the sandbox's integrator setup.

Metrc serves the webhook operations from its Connect server, not the state's API server:
give a client that server's base URL for them. Metrc's collection documents their requests
only, not their answers, so these methods return what the server sends. `POST
/sandbox/v2/integrator/setup` exists only on Metrc's sandbox servers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.bodies.media import WebhookSubscription
from trichome.metrc.credentials import MetrcCredentials

Record = dict[str, Any]


def _subscription_path(action: str, subscription_id: str | int) -> str:
    text = str(subscription_id).strip()
    if not text:
        raise ValueError("A webhook subscription id cannot be blank.")
    return f"/webhooks/v2/{action}{quote(text, safe='')}"


class ConnectApi(MetrcBaseClient):
    """Webhook subscriptions: read, set, enable, disable, delete; sandbox integrator setup."""

    async def webhook_subscriptions(
        self, *, credentials: MetrcCredentials | None = None
    ) -> list[Record]:
        """The integrator's webhook subscriptions; GetSubscription (Connect server).

        Raises:
            MetrcError: any of its subclasses.
        """
        answer = await self.get("/webhooks/v2", credentials=credentials)
        if answer is None:
            return []
        if isinstance(answer, Mapping):
            found = answer.get("Data", [answer])
            return [dict(record) for record in found]
        return [dict(record) for record in answer]

    async def set_webhook_subscription(
        self,
        subscription: WebhookSubscription | Mapping[str, Any],
        *,
        credentials: MetrcCredentials | None = None,
    ) -> Any:
        """Create or change a webhook subscription (`{objectType, url, verb, status,
        userApiKey, tpiApiKey, serverPublicKeyFingerprint, template, errorResponseJsonTemplate,
        facilityLicenseNumbers}`); SetSubscription (Connect server).

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.call("PUT", "/webhooks/v2", body=subscription, credentials=credentials)

    async def enable_webhook_subscription(
        self, subscription_id: str | int, *, credentials: MetrcCredentials | None = None
    ) -> Any:
        """Turn a subscription's deliveries back on; EnableSubscription (Connect server).

        Raises:
            ValueError: a blank id; MetrcError: any of its subclasses.
        """
        path = _subscription_path("enable/", subscription_id)
        return await self.call("PUT", path, credentials=credentials)

    async def disable_webhook_subscription(
        self, subscription_id: str | int, *, credentials: MetrcCredentials | None = None
    ) -> Any:
        """Pause a subscription's deliveries; DisableSubscription (Connect server).

        Raises:
            ValueError: a blank id; MetrcError: any of its subclasses.
        """
        path = _subscription_path("disable/", subscription_id)
        return await self.call("PUT", path, credentials=credentials)

    async def delete_webhook_subscription(
        self, subscription_id: str | int, *, credentials: MetrcCredentials | None = None
    ) -> Any:
        """Delete a subscription; DeleteSubscription (Connect server).

        Raises:
            ValueError: a blank id; MetrcError: any of its subclasses.
        """
        path = _subscription_path("", subscription_id)
        return await self.call("DELETE", path, credentials=credentials)

    async def sandbox_integrator_setup(
        self, *, user_key: str | None = None, credentials: MetrcCredentials | None = None
    ) -> Any:
        """Set up a sandbox user for this vendor key (Metrc's sandbox only); `user_key`
        reuses an existing user key, none asks for a new one. IntegratorSetup.

        Raises:
            MetrcError: any of its subclasses.
        """
        return await self.call(
            "POST",
            "/sandbox/v2/integrator/setup",
            params={"userKey": user_key},
            credentials=credentials,
        )
