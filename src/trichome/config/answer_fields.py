"""Settings fields of answering: the answer engine and its OpenAI-compatible upstream, and
web search with the page reading behind `/v1/responses`. The table's order is kept by
`SettingFields`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings

EngineName = Literal["grounded", "openai"]
SearchProviderName = Literal["searxng", "brave", "tavily"]


class UpstreamFields(BaseSettings):
    """The answer engine, and the upstream model it calls with its timeouts and limits."""

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


class WebFields(BaseSettings):
    """The search provider behind `/v1/responses`, and how web pages are read."""

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
