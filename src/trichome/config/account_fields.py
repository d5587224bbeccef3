"""Settings fields of accounts: public addresses, anonymous calls and upgrades, sign-in and
OAuth for MCP clients, billing, and the mail that invites a team. The table's order is kept
by `SettingFields`."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings

from trichome.plans import Tier


class AccountFields(BaseSettings):
    """Public addresses, anonymous calls, the upgrade link, OAuth for MCP clients, sign-in and
    billing."""

    public_base_url: str | None = Field(
        None,
        description=(
            "The chat API's public URL, used in printed examples. "
            "Unset: `http://{host}:{chat_port}`."
        ),
    )
    anonymous: bool = Field(
        False,
        description=(
            "Serve chat requests that carry no credential as the Free tier (free-agent only)."
        ),
    )
    upgrade_url: str = Field(
        "http://127.0.0.1:8003/subscription",
        description="Where a 403 for a model above the caller's tier tells them to upgrade.",
    )
    dashboard_url: str | None = Field(
        None,
        description=(
            "The dashboard's public URL, used in login links, in the links answers give to "
            "an organisation's own files (`/documents/{id}/content#page=N`, for its signed-in "
            "members only) and as the OAuth issuer MCP clients sign in with. Its session "
            "cookie is `Secure` unless this URL's host is loopback. "
            "Unset: `http://{host}:{dashboard_port}`."
        ),
    )
    toolserver_url: str | None = Field(
        None,
        description=(
            "The tool server's public URL as MCP clients reach it (its MCP endpoint is "
            "`{url}/api/mcp`), e.g. `https://tools.example.com`. OAuth access tokens are bound "
            "to it (their audience) and its protected-resource metadata names it. Unset: "
            "`http://{host}:{toolserver_port}`."
        ),
    )
    oauth_access_token_ttl: int = Field(
        3600,
        ge=60,
        description="Seconds an access token the dashboard issues to an MCP client is valid.",
    )
    oauth_refresh_token_ttl: int = Field(
        30 * 86400,
        ge=3600,
        description=(
            "Seconds an MCP client's refresh token stays valid unused; each use replaces it "
            "with a new one, valid as long again (the client stays signed in while it is used)."
        ),
    )
    auth_provider_url: str | None = Field(
        None,
        description=(
            "Public URL of the hosted auth provider for the dashboard's Google sign-in (the "
            "browser goes to `{url}/authorize?provider=google`). Unset: no Google sign-in."
        ),
    )
    auth_public_key: str | None = Field(
        None,
        description="The auth provider's public (publishable) key, sent by the browser.",
    )
    billing_checkout_url: str | None = Field(
        None,
        description=(
            "Stripe Checkout or Payment Link URL the dashboard links to for organisations "
            "without a subscription (`client_reference_id` is appended)."
        ),
    )
    billing_portal_url: str | None = Field(
        None,
        description="Stripe customer-portal URL the dashboard links to for subscribers.",
    )
    stripe_webhook_secret: SecretStr | None = Field(
        None,
        description=(
            "Signing secret (`whsec_...`) of the Stripe endpoint that posts to the dashboard's "
            "`/api/webhooks/stripe`. Unset: that route answers 503 and accepts no event."
        ),
    )
    stripe_price_tiers: dict[str, Tier] = Field(
        default_factory=dict,
        description=(
            "The tier each Stripe price id buys, as JSON, e.g. "
            '`{"price_pro_monthly": "pro", "price_operator_monthly": "operator"}`. '
            "A subscription to a price not listed gives the Free tier (and logs an error)."
        ),
    )
    stripe_payment_grace_days: int = Field(
        7,
        ge=0,
        description=(
            "Days an organisation whose payment failed keeps its tier before falling back to "
            "Free (applied by the next billing event or `trichome billing sweep`)."
        ),
    )


class MailFields(BaseSettings):
    """The mail server and sender of the dashboard's emails."""

    smtp_url: str | None = Field(
        None,
        description=(
            "Mail server for team invitations, e.g. `smtp://user:pass@mail.example.com:587` "
            "(STARTTLS) or `smtps://…:465`. Unset: the dashboard shows the invitation link "
            "to pass on instead."
        ),
    )
    mail_from: str = Field(
        "Trichome <no-reply@localhost>", description="Sender of the dashboard's emails."
    )
