"""One settings object naming every environment variable (prefix ``TRICHOME_``)."""

from __future__ import annotations

import ipaddress
from functools import cached_property
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from trichome.plans import PUBLIC_MODEL_IDS, Tier

# The knowledge base's model id in its chat-completions adapter (a fixed string).
KB_MODEL = "knowledge-base"

EngineName = Literal["grounded", "openai"]
SearchProviderName = Literal["searxng", "brave", "tavily"]


class Settings(BaseSettings):
    """Every setting of every service; the README's configuration table is generated from it."""

    model_config = SettingsConfigDict(
        env_prefix="TRICHOME_", env_file=None, extra="ignore", frozen=True
    )

    data_dir: Path = Field(
        Path("./var"),
        description="Where the embedded default keeps its SQLite database and indexes.",
    )
    database_url: str | None = Field(
        None,
        description=(
            "SQLAlchemy URL of the database, e.g. `postgresql+asyncpg://user@host/db`. "
            "Unset: SQLite at `{data_dir}/trichome.db`."
        ),
    )
    database_pool_size: int = Field(
        10, ge=1, description="Connections each worker keeps open to PostgreSQL."
    )
    redis_url: str | None = Field(
        None,
        description=(
            "Redis URL (`redis://host:6379/0`) for quota and rate-limit counters. "
            "Unset: counters live in the database."
        ),
    )
    call_hold_seconds: float = Field(
        600.0,
        ge=1,
        description=(
            "Seconds a call's reserved unit may stay unsettled (neither answered nor failed) "
            "before a sweep gives it back: the worker answering it died."
        ),
    )
    trusted_proxies: list[str] = Field(
        default_factory=list,
        description=(
            "Proxies (IPs or CIDR ranges, JSON list) whose `X-Forwarded-For` is believed when "
            "finding a client's IP. Unset: the socket's peer is the client."
        ),
    )
    jwt_secret: SecretStr | None = Field(
        None,
        description=(
            "Shared secret for HS256 access tokens from the auth provider (at least 32 bytes)."
        ),
    )
    jwks_url: str | None = Field(
        None,
        description="The auth provider's JWKS URL, for RS256 and ES256 access tokens.",
    )
    jwt_issuer: str | None = Field(
        None, description="Required `iss` of access tokens (needed when tokens are accepted)."
    )
    jwt_audience: str | None = Field(
        None, description="Required `aud` of access tokens (needed when tokens are accepted)."
    )
    jwks_cache_ttl: float = Field(
        3600.0, gt=0, description="Seconds the JWKS keys are cached (an unknown `kid` refreshes)."
    )
    host: str = Field("127.0.0.1", description="Interface `trichome serve` binds to.")
    chat_port: int = Field(8000, description="Port of the chat API.")
    toolserver_port: int = Field(8001, description="Port of the tool server (MCP over HTTP).")
    toolserver_allowed_hosts: list[str] = Field(
        default_factory=list,
        description=(
            "`Host` values the tool server's MCP endpoint accepts besides loopback (JSON list, "
            'e.g. `["tools.example.com"]`; `["*"]` accepts any, for a proxy that checks Host). '
            "Others get 421, which guards local servers against DNS rebinding."
        ),
    )
    kb_port: int = Field(8002, description="Port of the knowledge-base API.")
    dashboard_port: int = Field(
        8003, description="Port of the dashboard (its pages and the Stripe webhook)."
    )
    sandbox_port: int = Field(8004, description="Port of the track-and-trace sandbox.")
    metrc_base_url: str | None = Field(
        None,
        description=(
            "Metrc API base URL the tools use, e.g. `https://api-co.metrc.com` or "
            "`https://sandbox-api-co.metrc.com`. Unset: the local sandbox "
            "(`http://{host}:{sandbox_port}`), with its development keys when none are given."
        ),
    )
    metrc_vendor_key: SecretStr | None = Field(
        None,
        description="Metrc vendor (integrator) key of `trichome mcp` (stdio) and `metrc connect`.",
    )
    metrc_user_key: SecretStr | None = Field(
        None, description="Metrc user key of `trichome mcp` (stdio) and `metrc connect`."
    )
    metrc_gets_per_second: float = Field(
        50.0,
        ge=0,
        description=(
            "GET requests per second per facility each tool-server worker sends Metrc (Metrc "
            "allows 50; divide by the number of workers). 0: no pacing."
        ),
    )
    mcp_toolsets: list[str] = Field(
        default_factory=list,
        description=(
            'Tool categories to offer (JSON list, e.g. `["packages", "compliance"]`). '
            "Unset: all. See docs/tools.md."
        ),
    )
    mcp_tools: list[str] = Field(
        default_factory=list,
        description=(
            "Only these tools (JSON list of names; unknown names stop the server). "
            "Unset: every tool of the toolsets."
        ),
    )
    mcp_read_only: bool = Field(
        False, description="Offer only the tools that read; writes are neither listed nor run."
    )
    kb_index_dir: Path | None = Field(
        None,
        description=(
            "Where the knowledge base keeps its full-text index (Tantivy; rebuilt from the "
            "database with `trichome kb reindex`). Unset: `{data_dir}/kb-index`."
        ),
    )
    kb_sample: bool = Field(
        True,
        description=(
            "At the knowledge base's first start on a database with no threads, load and index "
            "the sample forum corpus that ships with Trichome."
        ),
    )
    kb_requests_per_hour: int = Field(
        100,
        ge=1,
        description=(
            "Knowledge-base requests per hour per client IP without an API key (with a key, "
            "the organisation's monthly quota applies)."
        ),
    )
    kb_answer_threads: int = Field(
        4, ge=1, le=10, description="Threads a knowledge-base answer draws on and cites at most."
    )
    kb_crawl_interval: float = Field(
        1.0,
        ge=0,
        description=(
            "Seconds between the Discourse crawler's requests (a larger `Crawl-delay` in the "
            "forum's robots.txt wins)."
        ),
    )
    secret_key: SecretStr | None = Field(
        None,
        description=(
            "Key that encrypts stored Metrc keys (at least 32 characters; the same on every "
            "machine). Unset: a random key kept in `{data_dir}/secret.key`."
        ),
    )
    sandbox_vendor_key: SecretStr = Field(
        SecretStr("sandbox-vendor-key"),
        description="The vendor (integrator) key the sandbox accepts (a development default).",
    )
    sandbox_user_key: SecretStr = Field(
        SecretStr("sandbox-user-key"),
        description="The user key the sandbox accepts (a development default).",
    )
    sandbox_get_rate_limit: int = Field(
        50,
        ge=0,
        description="GET requests per second per facility before the sandbox answers 429 (0: off).",
    )
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
            "The dashboard's public URL, used in login links and as the OAuth issuer MCP "
            "clients sign in with. Its session cookie is `Secure` unless this URL's host is "
            "loopback. Unset: `http://{host}:{dashboard_port}`."
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
    engine: EngineName = Field(
        "grounded",
        description=(
            "Answer engine: `grounded` (offline, answers from the knowledge packs with citations) "
            "or `openai` (any OpenAI-compatible upstream)."
        ),
    )
    llm_base_url: str | None = Field(
        None,
        description="Base URL of the OpenAI-compatible upstream, e.g. `https://api.openai.com/v1`.",
    )
    llm_api_key: SecretStr | None = Field(None, description="API key sent to the upstream.")
    llm_model: str | None = Field(
        None, description="Upstream model that serves every public model unless overridden."
    )
    llm_models: dict[str, str] = Field(
        default_factory=dict,
        description=(
            'Per-public-model upstream models as JSON, e.g. `{"operator-agent": "gpt-4.1"}`.'
        ),
    )
    llm_tools: bool = Field(
        True,
        description=(
            "Offer the calculators to the upstream model as function tools (turn off for "
            "upstreams without function calling; recognised calculations still reach the prompt)."
        ),
    )
    llm_connect_timeout: float = Field(5.0, gt=0, description="Seconds to connect to the upstream.")
    llm_read_timeout: float = Field(
        60.0,
        gt=0,
        description="Seconds the upstream may stay silent (before its answer, or between chunks).",
    )
    llm_total_timeout: float = Field(
        180.0, gt=0, description="Seconds an upstream answer may take in all."
    )
    llm_max_retries: int = Field(
        1,
        ge=0,
        le=5,
        description="Retries of an upstream call that failed before any answer arrived.",
    )
    max_request_bytes: int = Field(
        4 * 1024 * 1024,
        ge=1024,
        description="Largest request body accepted; a larger one gets 413.",
    )
    health_check_ttl: float = Field(
        10.0,
        ge=0,
        description="Seconds `/health` reuses its last upstream reachability check.",
    )
    log_level: Literal["debug", "info", "warning", "error"] = Field(
        "info", description="Log level of every service."
    )
    search_provider: SearchProviderName | None = Field(
        None,
        description=(
            "Web search behind `/v1/responses`: `searxng` (self-hosted, needs "
            "`TRICHOME_SEARCH_URL`), `brave` or `tavily` (need `TRICHOME_SEARCH_API_KEY`). "
            "Unset: answers come from the knowledge packs and say web search is not configured."
        ),
    )
    search_url: str | None = Field(
        None,
        description=(
            "Base URL of the search API: the SearXNG instance (with `json` in its "
            "`search.formats`), or another address for Brave's or Tavily's API. "
            "Unset: Brave's and Tavily's public endpoints."
        ),
    )
    search_api_key: SecretStr | None = Field(
        None, description="Brave Search subscription token or Tavily API key."
    )
    search_results: int = Field(
        8, ge=1, le=20, description="Results asked of the search provider per query."
    )
    search_pages: int = Field(
        3, ge=1, le=10, description="Pages read (and at most cited) per searched answer."
    )
    search_timeout: float = Field(
        8.0, gt=0, description="Seconds a search provider may take to answer."
    )
    search_confidence_threshold: float = Field(
        0.5,
        ge=0,
        le=1,
        description=(
            "Retrieval confidence (0 to 1: the share of the question the best knowledge-pack "
            "fact covers) below which `/v1/responses` searches the web."
        ),
    )
    fetch_connect_timeout: float = Field(
        4.0, gt=0, description="Seconds to connect to a web page's server."
    )
    fetch_timeout: float = Field(
        10.0, gt=0, description="Seconds reading one web page may take in all."
    )
    fetch_max_bytes: int = Field(
        2_000_000, ge=1024, description="Largest web page read; a larger one is dropped."
    )
    fetch_max_redirects: int = Field(
        5, ge=0, le=10, description="Redirects followed per page (each one checked again)."
    )
    fetch_cache_ttl: float = Field(
        3600.0,
        ge=0,
        description=(
            "Seconds a read page is kept and reused (in Redis when `TRICHOME_REDIS_URL` is set, "
            "else in each worker's memory). 0: no cache."
        ),
    )
    fetch_test_allowlist: list[str] = Field(
        default_factory=list,
        description=(
            'For tests only: loopback `host:port` pairs (JSON list, e.g. `["127.0.0.1:8080"]`) '
            "the page fetcher may read although they are not public. Only loopback addresses "
            "are accepted; production leaves it unset, and then no private address is read."
        ),
    )
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

    @field_validator("llm_models")
    @classmethod
    def _known_public_models(cls, value: dict[str, str]) -> dict[str, str]:
        unknown = sorted(set(value) - {*PUBLIC_MODEL_IDS, KB_MODEL})
        if unknown:
            raise ValueError(f"unknown public model ids in TRICHOME_LLM_MODELS: {unknown}")
        return value

    @field_validator("trusted_proxies")
    @classmethod
    def _networks(cls, value: list[str]) -> list[str]:
        for entry in value:
            ipaddress.ip_network(entry, strict=False)  # raises ValueError with the entry
        return value

    @field_validator("jwt_secret")
    @classmethod
    def _long_enough(cls, value: SecretStr | None) -> SecretStr | None:
        # RFC 7518 section 3.2: an HS256 key must be at least as long as the hash (256 bits).
        if value is not None and len(value.get_secret_value().encode()) < 32:
            raise ValueError("TRICHOME_JWT_SECRET must be at least 32 bytes")
        return value

    @field_validator("stripe_webhook_secret")
    @classmethod
    def _webhook_secret_not_blank(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().strip():
            raise ValueError("TRICHOME_STRIPE_WEBHOOK_SECRET is blank (unset it, or give it)")
        return value

    @field_validator("fetch_test_allowlist")
    @classmethod
    def _loopback_only(cls, value: list[str]) -> list[str]:
        for entry in value:
            host, _, port = entry.rpartition(":")
            try:
                address = ipaddress.ip_address(host.strip("[]"))
            except ValueError:
                address = None
            if address is None or not address.is_loopback or not port.isdigit():
                raise ValueError(
                    f"TRICHOME_FETCH_TEST_ALLOWLIST takes loopback host:port pairs, not {entry!r}"
                )
        return value

    @model_validator(mode="after")
    def _search_is_configured(self) -> Settings:
        if self.search_provider == "searxng" and not self.search_url:
            raise ValueError("TRICHOME_SEARCH_PROVIDER=searxng needs TRICHOME_SEARCH_URL")
        if self.search_provider in ("brave", "tavily") and self.search_api_key is None:
            raise ValueError(
                f"TRICHOME_SEARCH_PROVIDER={self.search_provider} needs TRICHOME_SEARCH_API_KEY"
            )
        return self

    @field_validator("dashboard_url", "toolserver_url")
    @classmethod
    def _public_url(cls, value: str | None) -> str | None:
        # Both are OAuth identifiers (the issuer, the resource): absolute http(s) URLs
        # without query or fragment (RFC 8414 section 2, RFC 8707 section 2).
        if value is None:
            return None
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("must be an absolute http:// or https:// URL")
        if parts.query or parts.fragment:
            raise ValueError("must have no query string or fragment")
        return value

    @field_validator("secret_key")
    @classmethod
    def _secret_long_enough(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and len(value.get_secret_value()) < 32:
            raise ValueError("TRICHOME_SECRET_KEY must be at least 32 characters")
        return value

    @property
    def metrc_url(self) -> str:
        """The Metrc base URL the tools use: the configured one, or the local sandbox."""
        return (self.metrc_base_url or f"http://{self.host}:{self.sandbox_port}").rstrip("/")

    @property
    def uses_sandbox(self) -> bool:
        """True when the tools talk to the local sandbox (no Metrc base URL configured)."""
        return self.metrc_base_url is None

    @model_validator(mode="after")
    def _tokens_are_scoped(self) -> Settings:
        if (self.jwt_secret or self.jwks_url) and not (self.jwt_issuer and self.jwt_audience):
            raise ValueError(
                "accepting access tokens needs TRICHOME_JWT_ISSUER and TRICHOME_JWT_AUDIENCE"
            )
        return self

    @property
    def accepts_access_tokens(self) -> bool:
        """Whether bearer JWTs from the auth provider are accepted."""
        return bool(self.jwt_secret or self.jwks_url)

    @model_validator(mode="after")
    def _engine_is_configured(self) -> Settings:
        if self.engine == "openai":
            missing = [
                name
                for name, value in (
                    ("TRICHOME_LLM_BASE_URL", self.llm_base_url),
                    ("TRICHOME_LLM_MODEL", self.llm_model or (self.llm_models or None)),
                )
                if not value
            ]
            if missing:
                raise ValueError(f"TRICHOME_ENGINE=openai needs {', '.join(missing)}")
        return self

    @cached_property
    def resolved_database_url(self) -> str:
        """The database URL in use: the configured one, or SQLite in the data dir."""
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.data_dir.resolve() / 'trichome.db'}"

    @property
    def uses_sqlite(self) -> bool:
        """True when the database is the embedded SQLite file."""
        return self.resolved_database_url.startswith("sqlite")

    @property
    def kb_index_path(self) -> Path:
        """The knowledge base's index directory."""
        return self.kb_index_dir or self.data_dir / "kb-index"

    @property
    def chat_base_url(self) -> str:
        """The chat API's address as clients should use it."""
        return self.public_base_url or f"http://{self.host}:{self.chat_port}"

    @property
    def dashboard_base_url(self) -> str:
        """The dashboard's address as browsers use it."""
        return (self.dashboard_url or f"http://{self.host}:{self.dashboard_port}").rstrip("/")

    @property
    def toolserver_base_url(self) -> str:
        """The tool server's address as MCP clients use it (the OAuth resource's base)."""
        return (self.toolserver_url or f"http://{self.host}:{self.toolserver_port}").rstrip("/")

    @property
    def dashboard_cookies_secure(self) -> bool:
        """Session cookies are `Secure` everywhere but a dashboard served on loopback."""
        host = urlsplit(self.dashboard_base_url).hostname or ""
        if host == "localhost":
            return False
        try:
            return not ipaddress.ip_address(host).is_loopback
        except ValueError:
            return True

    def upstream_model_for(self, public_model: str) -> str:
        """The upstream model that serves a public model id under the `openai` engine."""
        model = self.llm_models.get(public_model) or self.llm_model
        if model is None:
            raise LookupError(f"no upstream model configured for {public_model}")
        return model


def settings_reference() -> str:
    """The README's configuration table: every setting, its variable, default and meaning."""
    rows = ["| Variable | Default | Meaning |", "|---|---|---|"]
    for name, field in Settings.model_fields.items():
        default = field.get_default(call_default_factory=True)
        shown = "unset" if default is None or default in ({}, []) else f"`{default}`"
        rows.append(f"| `TRICHOME_{name.upper()}` | {shown} | {field.description} |")
    return "\n".join(rows)


if __name__ == "__main__":
    print(settings_reference())
