"""Dynamic client registration (RFC 7591) and client authentication at the token endpoint.

Registration is open to anyone, as MCP clients expect; what protects users is that codes
only ever go to a client's registered redirect URIs (compared as exact strings), that the
consent page names the client and where it will return, and PKCE.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.oauth import (
    CLIENT_SECRET_PREFIX,
    granted_scope,
    hash_secret,
    new_secret,
    redirect_uri_problem,
    secrets_match,
)
from trichome.db.models import OAuthClient
from trichome.ids import new_id

PUBLIC = "none"
AUTH_METHODS = ("none", "client_secret_basic", "client_secret_post")
GRANT_TYPES = ("authorization_code", "refresh_token")
MAX_REDIRECT_URIS = 10
MAX_NAME = 200  # the consent page shows the name; longer ones are cut
MAX_TEXT = 2000
# Informational metadata kept and echoed as given (strings only, bounded).
TEXT_FIELDS = ("client_name", "client_uri", "logo_uri", "tos_uri", "policy_uri",
               "software_id", "software_version")  # fmt: skip


class RegistrationRefused(Exception):
    """A registration request that is refused (RFC 7591 section 3.2.2)."""

    def __init__(self, error: str, description: str) -> None:
        super().__init__(description)
        self.error = error
        self.description = description


@dataclass(frozen=True, slots=True)
class Registered:
    """A client just registered: its record and the response body (with the secret, once)."""

    client: OAuthClient
    response: dict[str, Any]


def _metadata_error(description: str) -> RegistrationRefused:
    return RegistrationRefused("invalid_client_metadata", description)


def _string_list(body: dict[str, Any], name: str, default: list[str]) -> list[str]:
    value = body.get(name, default)
    if value is None:
        return default
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _metadata_error(f"{name} must be an array of strings")
    return list(value)


def _redirect_uris(body: dict[str, Any]) -> list[str]:
    uris = body.get("redirect_uris")
    if not isinstance(uris, list) or not uris:
        raise RegistrationRefused(
            "invalid_redirect_uri", "redirect_uris must be a non-empty array of URIs"
        )
    if len(uris) > MAX_REDIRECT_URIS:
        raise RegistrationRefused(
            "invalid_redirect_uri", f"at most {MAX_REDIRECT_URIS} redirect_uris"
        )
    for uri in uris:
        if not isinstance(uri, str):
            raise RegistrationRefused("invalid_redirect_uri", "redirect_uris must be strings")
        problem = redirect_uri_problem(uri)
        if problem is not None:
            raise RegistrationRefused("invalid_redirect_uri", f"{uri[:200]!r} {problem}")
    return list(dict.fromkeys(uris))


def _text_metadata(body: dict[str, Any]) -> dict[str, Any]:
    kept: dict[str, Any] = {}
    for name in TEXT_FIELDS:
        value = body.get(name)
        if value is None or value == "":
            continue
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise _metadata_error(f"{name} must be a string of at most {MAX_TEXT} characters")
        kept[name] = value[:MAX_NAME] if name == "client_name" else value
    contacts = body.get("contacts")
    if contacts is not None:
        kept["contacts"] = _string_list(body, "contacts", [])[:10]
    return kept


def parse_registration(body: object) -> tuple[dict[str, Any], str]:
    """The metadata to register from a request body, and the token endpoint auth method.

    Defaults are RFC 7591's (section 2): `token_endpoint_auth_method` is
    `client_secret_basic`, `grant_types` is `["authorization_code"]`, `response_types` is
    `["code"]`. Unknown scopes are dropped; no scope means both.

    Raises:
        RegistrationRefused: the metadata is not acceptable.
    """
    if not isinstance(body, dict):
        raise _metadata_error("the body must be a JSON object")
    redirect_uris = _redirect_uris(body)
    method = body.get("token_endpoint_auth_method") or "client_secret_basic"
    if method not in AUTH_METHODS:
        raise _metadata_error(
            f"token_endpoint_auth_method must be one of {', '.join(AUTH_METHODS)}"
        )
    grant_types = _string_list(body, "grant_types", ["authorization_code"])
    unknown = sorted(set(grant_types) - set(GRANT_TYPES))
    if unknown or "authorization_code" not in grant_types:
        raise _metadata_error(
            "grant_types must include authorization_code and may add refresh_token"
            + (f" (not supported: {', '.join(unknown)})" if unknown else "")
        )
    response_types = _string_list(body, "response_types", ["code"])
    if set(response_types) != {"code"}:
        raise _metadata_error('response_types must be ["code"]')
    scope = body.get("scope")
    if scope is not None and not isinstance(scope, str):
        raise _metadata_error("scope must be a space-separated string")
    metadata: dict[str, Any] = {
        "redirect_uris": redirect_uris,
        "token_endpoint_auth_method": method,
        "grant_types": [grant for grant in GRANT_TYPES if grant in grant_types],
        "response_types": ["code"],
        "scope": granted_scope(scope),
        **_text_metadata(body),
    }
    return metadata, method


async def register_client(session: AsyncSession, body: object, now: datetime) -> Registered:
    """Register a client; a confidential one gets a secret, shown in this response only.

    Raises:
        RegistrationRefused: the metadata is not acceptable.
    """
    metadata, method = parse_registration(body)
    client_id = new_id("mcpc")
    secret = new_secret(CLIENT_SECRET_PREFIX) if method != PUBLIC else None
    client = OAuthClient(
        id=client_id,
        client_name=metadata.get("client_name"),
        redirect_uris=metadata["redirect_uris"],
        grant_types=metadata["grant_types"],
        token_endpoint_auth_method=method,
        secret_hash=hash_secret(secret) if secret else None,
        client_metadata=metadata,
        created_at=now,
    )
    session.add(client)
    await session.flush()
    response: dict[str, Any] = {
        **metadata,
        "client_id": client_id,
        "client_id_issued_at": int(now.timestamp()),
    }
    if secret is not None:
        # RFC 7591 section 3.2.1: 0 means the secret does not expire.
        response |= {"client_secret": secret, "client_secret_expires_at": 0}
    return Registered(client, response)


async def find_client(session: AsyncSession, client_id: str) -> OAuthClient | None:
    """The registered client with this id, if any."""
    if not client_id or len(client_id) > 64:
        return None
    return await session.get(OAuthClient, client_id)


class ClientRefused(Exception):
    """Client authentication failed at the token or revocation endpoint (401)."""


def check_client_secret(client: OAuthClient, secret: str | None) -> None:
    """Authenticate a client at the token endpoint (RFC 6749 section 2.3).

    A public client authenticates with its id alone and must send no secret; a
    confidential one must send its secret (Basic or in the form; either is accepted).

    Raises:
        ClientRefused: a missing or wrong secret, or a secret for a public client.
    """
    if client.secret_hash is None:
        if secret:
            raise ClientRefused("this client is public and has no secret")
        return
    if not secret:
        raise ClientRefused("this client must authenticate with its client_secret")
    if not secrets_match(secret, client.secret_hash):
        raise ClientRefused("wrong client_secret")


def display_name(client: OAuthClient) -> str:
    """How the consent page and the connections page name a client."""
    return client.client_name or "An unnamed MCP client"
