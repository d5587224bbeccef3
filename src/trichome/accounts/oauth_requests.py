"""Checking an authorization request (RFC 6749 section 4.1.1, with PKCE and RFC 8707).

Until the client and its redirect URI are known to be genuine, a refusal is shown to the
user and nothing is redirected (RFC 6749 section 4.1.2.1: never redirect to an unchecked
URI); afterwards refusals go back to the client as `error` parameters.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode

from sqlalchemy.ext.asyncio import AsyncSession

from trichome.accounts.oauth import (
    canonical_resource,
    granted_scope,
    is_valid_s256_challenge,
    mcp_url,
    resource_is_served,
)
from trichome.accounts.oauth_clients import find_client
from trichome.config import Settings
from trichome.db.models import OAuthClient

PARAMETERS = ("response_type", "client_id", "redirect_uri", "state", "scope",
              "code_challenge", "code_challenge_method", "resource")  # fmt: skip
MAX_PARAMETER = 2000


class AuthorizationRefused(Exception):
    """A refused authorization request. With `redirect_uri` set, the refusal goes back to
    the client there (with `state`); without, it is shown to the user."""

    def __init__(
        self,
        error: str,
        description: str,
        *,
        client: OAuthClient | None = None,
        redirect_uri: str | None = None,
        state: str | None = None,
    ) -> None:
        super().__init__(description)
        self.error = error
        self.description = description
        self.client = client
        self.redirect_uri = redirect_uri
        self.state = state


@dataclass(frozen=True, slots=True)
class AuthorizationRequest:
    """A checked authorization request, ready for the user's consent."""

    client: OAuthClient
    redirect_uri: str
    redirect_uri_given: bool
    state: str | None
    code_challenge: str
    resource: str
    scope: str

    @property
    def wants_write(self) -> bool:
        """Whether the client asked to change Metrc records too."""
        return "tools:write" in self.scope.split()

    def fields(self) -> dict[str, str]:
        """The request's parameters, for the consent form to post back."""
        fields = {
            "response_type": "code",
            "client_id": self.client.id,
            "code_challenge": self.code_challenge,
            "code_challenge_method": "S256",
            "resource": self.resource,
            "scope": self.scope,
        }
        if self.redirect_uri_given:
            fields["redirect_uri"] = self.redirect_uri
        if self.state is not None:
            fields["state"] = self.state
        return fields


def redirect_to_client(redirect_uri: str, issuer: str, **params: str | None) -> str:
    """The client's redirect URI with the response parameters added to its query, and `iss`
    (RFC 9207) so the client can tell which server answered."""
    query = urlencode({**{k: v for k, v in params.items() if v is not None}, "iss": issuer})
    return f"{redirect_uri}{'&' if '?' in redirect_uri else '?'}{query}"


def _single(params: Mapping[str, Sequence[str]], name: str) -> str | None:
    values = params.get(name) or []
    if len(values) > 1:
        # RFC 6749 section 3.1: parameters must not be repeated.
        raise ValueError(f"{name} is given more than once")
    if values and len(values[0]) > MAX_PARAMETER:
        raise ValueError(f"{name} is longer than {MAX_PARAMETER} characters")
    return values[0] if values else None


async def check_authorization_request(
    session: AsyncSession, params: Mapping[str, Sequence[str]], settings: Settings
) -> AuthorizationRequest:
    """The request, checked.

    Raises:
        AuthorizationRefused: with no `redirect_uri` for an unknown client or a redirect
            URI it did not register; with one for everything else.
    """
    try:
        client_id = _single(params, "client_id")
        given_uri = _single(params, "redirect_uri")
    except ValueError as error:
        raise AuthorizationRefused("invalid_request", str(error)) from None
    client = await find_client(session, client_id or "")
    if client is None:
        raise AuthorizationRefused(
            "invalid_client",
            "The application is not registered here (its client_id is unknown). Remove the "
            "server from the application and add it again, so it registers anew.",
        )
    if given_uri is None:
        if len(client.redirect_uris) != 1:
            raise AuthorizationRefused(
                "invalid_request",
                "The request names no redirect_uri and the client registered several.",
                client=client,
            )
        redirect_uri = client.redirect_uris[0]
    elif given_uri in client.redirect_uris:  # exact string comparison
        redirect_uri = given_uri
    else:
        raise AuthorizationRefused(
            "invalid_request",
            "The redirect_uri is not one this client registered, so the sign-in cannot "
            "return to it.",
            client=client,
        )
    states = params.get("state") or []
    state = states[0] if states else None  # echoed even when the request is refused

    def refused(error: str, description: str) -> AuthorizationRefused:
        return AuthorizationRefused(
            error, description, client=client, redirect_uri=redirect_uri, state=state
        )

    try:
        values = {name: _single(params, name) for name in PARAMETERS}
    except ValueError as error:
        raise refused("invalid_request", str(error)) from None
    if values["response_type"] != "code":
        raise refused("unsupported_response_type", "response_type must be code")
    challenge = values["code_challenge"]
    if not challenge:
        raise refused("invalid_request", "code_challenge is required (PKCE with S256)")
    if values["code_challenge_method"] != "S256":
        raise refused("invalid_request", "code_challenge_method must be S256")
    if not is_valid_s256_challenge(challenge):
        raise refused("invalid_request", "code_challenge is not an S256 challenge")
    resource = values["resource"] or mcp_url(settings)
    if not resource_is_served(resource, settings):
        raise refused(
            "invalid_target",
            f"resource must be this service's tool server, {mcp_url(settings)}",
        )
    return AuthorizationRequest(
        client=client,
        redirect_uri=redirect_uri,
        redirect_uri_given=given_uri is not None,
        state=values["state"],
        code_challenge=challenge,
        resource=canonical_resource(resource),
        scope=granted_scope(values["scope"]),
    )
