"""Settings fields of the services themselves: where they keep their data and whom they
trust, where they listen, what the tool server, the knowledge base and the sandbox reach and
accept; and the limits every request meets. The table's order is kept by `SettingFields`."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings


class ServiceFields(BaseSettings):
    """Storage, proxies and access tokens, addresses and ports, Metrc and MCP, the knowledge
    base, the key that encrypts stored Metrc keys, and the sandbox's keys and limit."""

    data_dir: Path = Field(
        Path("./var"),
        description="Where the embedded default keeps its SQLite database and indexes.",
    )
    storage_url: str | None = Field(
        None,
        description=(
            "Where uploaded files' bytes are kept: `s3://bucket/prefix` for any S3-compatible "
            "store, with `?endpoint=http://host:9000` (unset: AWS), `&region=` and "
            "`&addressing=path|virtual`; credentials come from the standard AWS variables "
            "(`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_PROFILE`) or a role, never "
            "from this URL. `file:///path` for a folder. Unset: `{data_dir}/files`."
        ),
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
    tracking_system: Literal["metrc", "biotrack"] = Field(
        "metrc",
        description=(
            "The track-and-trace system `trichome mcp` (stdio) connects to: `metrc` (with "
            "the Metrc keys) or `biotrack` (with the BioTrack state and login)."
        ),
    )
    biotrack_url: str | None = Field(
        None,
        description=(
            "BioTrack API URL (`…/serverjson.asp`) for every state, e.g. one a state issued. "
            "Unset: each state's known URL, or the local sandbox's "
            "(`http://{host}:{sandbox_port}/biotrack/serverjson.asp`) when "
            "`TRICHOME_METRC_BASE_URL` is unset too."
        ),
    )
    biotrack_state: str | None = Field(
        None,
        description="BioTrack state (e.g. `NM`) of `trichome mcp` and `tracking connect`.",
    )
    biotrack_license: str | None = Field(
        None,
        description="BioTrack licence number (or UBI) of `trichome mcp` and `tracking connect`.",
    )
    biotrack_username: str | None = Field(
        None, description="BioTrack username of `trichome mcp` and `tracking connect`."
    )
    biotrack_password: SecretStr | None = Field(
        None, description="BioTrack password of `trichome mcp` and `tracking connect`."
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
            "Key that encrypts stored Metrc keys, BioTrack logins and Google Drive tokens (at "
            "least 32 characters; the same on every machine). Unset: a random key kept in "
            "`{data_dir}/secret.key`."
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
        description=(
            "GET requests per second per facility before the sandbox answers 429, and three "
            "times as many for the vendor key across facilities (Metrc's 50 and 150; 0: off)."
        ),
    )
    sandbox_state: str = Field(
        "CO",
        pattern="^[A-Z]{2}$",
        description=(
            "The state whose Metrc the sandbox answers as for the operations Metrc has in some "
            "states only: Retail ID answers 404 in AK, CO, GU, ME and MO, as there. In MA the "
            "user also holds Massachusetts' cultivator SF-SBX-MA-4-3301, which may track mother "
            "plants; the seeded Colorado facilities and data are served in every state."
        ),
    )
    sandbox_biotrack_session_minutes: float = Field(
        60.0,
        ge=0,
        le=7 * 24 * 60,
        description=(
            "Minutes a BioTrack sandbox session lasts after `login` (0: sessions expire at "
            "once, for testing re-login)."
        ),
    )
    sandbox_biotrack_as_of: date | None = Field(
        None,
        description=(
            "The day the BioTrack sandbox's simulated year ends before (YYYY-MM-DD). "
            "Unset: today, so the year ends yesterday."
        ),
    )


class RequestFields(BaseSettings):
    """What a request may send and how long it may take, how often `/health` checks the
    upstream, and the log level."""

    max_request_bytes: int = Field(
        4 * 1024 * 1024,
        ge=1024,
        description="Largest request body accepted; a larger one gets 413.",
    )
    toolserver_max_request_bytes: int = Field(
        8 * 1024 * 1024,
        ge=1024,
        description="Largest body `POST /api/mcp` accepts; a larger one gets 413 "
        "`request_too_large`. A file given to a tool travels in the body as Base64, a third "
        "larger than the file, so the default holds one file of the largest Metrc takes (5 MB).",
    )
    max_file_bytes: int = Field(
        20 * 1024 * 1024,
        ge=1024,
        description="Largest file `POST /v1/files` accepts; a larger one gets 413 "
        "`file_too_large`.",
    )
    extraction_seconds: float = Field(
        30.0,
        gt=0,
        description="Seconds reading one uploaded file's text may take; a slower file gets "
        "400 `extraction_limit_exceeded` and is not stored.",
    )
    ocr_seconds: float = Field(
        120.0,
        gt=0,
        description="Seconds OCR may add to reading one uploaded image or PDF whose pages "
        "have no text layer (one core at a time); past them the file gets 400 "
        "`extraction_limit_exceeded` and is not stored.",
    )
    ocr_memory_mb: int = Field(
        1536,
        ge=512,
        description="Memory (MB of address space) OCR may add to reading one uploaded image "
        "or PDF (ONNX Runtime maps about 1.6 GB for a page); a file needing more gets 400 "
        "`extraction_limit_exceeded`.",
    )
    extraction_memory_mb: int = Field(
        1024,
        ge=256,
        description="Memory (MB of address space) the process reading one uploaded file's "
        "text may map; a file needing more gets 400 `extraction_limit_exceeded`.",
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
