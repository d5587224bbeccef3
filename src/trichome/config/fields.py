"""Every setting's name, type, default and meaning: the table the README's is generated from.

The checks across settings and the addresses derived from them are on `Settings`
(`trichome.config`), which adds them to these fields.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings

from trichome.plans import Tier

EngineName = Literal["grounded", "openai"]
SearchProviderName = Literal["searxng", "brave", "tavily"]


class SettingFields(BaseSettings):
    """The fields of `Settings`, in the README table's order; not read from the environment
    on their own (the prefix and the rest of the configuration are `Settings`')."""

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
    llm_max_answer_bytes: int = Field(
        4 * 1024 * 1024,
        ge=1024,
        description=(
            "Largest upstream answer read, in bytes (a whole answer's body, or all a streamed "
            "answer sends); past it the call fails with 502 `upstream_too_large`, uncharged."
        ),
    )
    llm_max_line_bytes: int = Field(
        1024 * 1024,
        ge=1024,
        description=(
            "Longest line of a streamed upstream answer, in bytes; past it the call fails "
            "with 502 `upstream_too_large`, uncharged."
        ),
    )
    max_request_bytes: int = Field(
        4 * 1024 * 1024,
        ge=1024,
        description="Largest request body accepted; a larger one gets 413.",
    )
    request_timeout: float = Field(
        30.0,
        gt=0,
        description="Seconds a client has to send a request's headers, and again its body; "
        "a slower one gets 408 `request_timeout` and the connection is closed.",
    )
    max_message_chars: int = Field(
        32_000,
        ge=100,
        description="Longest message the chat API reads, in characters; a longer one gets "
        "400 `context_length_exceeded` before it is charged (the knowledge base reads 4,000).",
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
