"""One settings object naming every environment variable (prefix ``TRICHOME_``).

The fields themselves (name, type, default, meaning) are declared in `trichome.config.fields`
(by group, in `service_fields`, `account_fields` and `answer_fields`);
`Settings` adds the checks that read them and the addresses derived from them.
"""

from __future__ import annotations

import ipaddress
from functools import cached_property
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import SecretStr, field_validator, model_validator
from pydantic_settings import SettingsConfigDict

from trichome.config.answer_fields import EngineName, SearchProviderName
from trichome.config.fields import SettingFields
from trichome.config.storage_url import S3Location
from trichome.plans import PUBLIC_MODEL_IDS

__all__ = ["KB_MODEL", "EngineName", "SearchProviderName", "Settings", "settings_reference"]

# The knowledge base's model id in its chat-completions adapter (a fixed string).
KB_MODEL = "knowledge-base"


class Settings(SettingFields):
    """Every setting of every service; the README's configuration table is generated from it."""

    # An error names the setting, never the value it was given (it may hold a secret).
    model_config = SettingsConfigDict(
        env_prefix="TRICHOME_",
        env_file=None,
        extra="ignore",
        frozen=True,
        hide_input_in_errors=True,
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

    @field_validator("storage_url")
    @classmethod
    def _storage_url(cls, value: str | None) -> str | None:
        if value and not value.startswith("file:///"):
            S3Location.parse(value)  # raises ValueError, never repeating a credential
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

    @model_validator(mode="after")
    def _drive_client_is_whole(self) -> Settings:
        if self.google_client_id and self.google_client_secret is None:
            raise ValueError("TRICHOME_GOOGLE_CLIENT_ID needs TRICHOME_GOOGLE_CLIENT_SECRET")
        return self

    @property
    def drive_enabled(self) -> bool:
        """Whether organisations may connect a Google Drive folder (an OAuth client is set)."""
        return bool(self.google_client_id and self.google_client_secret)

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
        if isinstance(default, SecretStr):  # a development default, printed by `make run`
            default = default.get_secret_value()
        shown = "unset" if default is None or default in ({}, []) else f"`{default}`"
        rows.append(f"| `TRICHOME_{name.upper()}` | {shown} | {field.description} |")
    return "\n".join(rows)
