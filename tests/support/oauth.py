"""An OAuth client's side of the dashboard's authorization server, driven over HTTP like a
browser and an MCP client would: register, open the authorization URL, sign in, consent,
read the code from the redirect, exchange it. Works against the in-process app and real
servers alike (any `httpx.AsyncClient` whose base URL is the dashboard)."""

from __future__ import annotations

import base64
import hashlib
import secrets
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

import httpx

REDIRECT_URI = "http://127.0.0.1:33418/callback"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@dataclass(frozen=True)
class Pkce:
    """A PKCE pair (RFC 7636, S256)."""

    verifier: str
    challenge: str

    @classmethod
    def new(cls) -> Pkce:
        verifier = secrets.token_urlsafe(48)
        digest = hashlib.sha256(verifier.encode()).digest()
        return cls(verifier, base64.urlsafe_b64encode(digest).decode().rstrip("="))


class _Forms(HTMLParser):
    """The inputs of a page's forms: hidden fields, checked radios and checkboxes, radios."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self.radios: dict[str, list[tuple[str, bool]]] = {}
        self.action: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form" and found.get("method") == "post" and self.action is None:
            self.action = found.get("action")
        if tag != "input" or "name" not in found:
            return
        kind = found.get("type", "text")
        if kind == "radio":
            self.radios.setdefault(found["name"], []).append(
                (found.get("value", ""), "disabled" in found)
            )
            if "checked" in found:
                self.fields[found["name"]] = found.get("value", "")
        elif kind == "checkbox":
            if "checked" in found:
                self.fields[found["name"]] = found.get("value", "on")
        else:
            self.fields[found["name"]] = found.get("value", "")


def page_form(html: str) -> _Forms:
    """The consent page's form, parsed."""
    parser = _Forms()
    parser.feed(html)
    return parser


def authorization_url(
    base: str, client_id: str, pkce: Pkce, redirect_uri: str = REDIRECT_URI, **extra: str
) -> str:
    """An authorization request as an MCP client builds it."""
    params = {
        "response_type": "code",
        "client_id": client_id,
        "redirect_uri": redirect_uri,
        "state": "state-" + secrets.token_hex(4),
        "code_challenge": pkce.challenge,
        "code_challenge_method": "S256",
        **extra,
    }
    return f"{base}/oauth/authorize?{urlencode({k: v for k, v in params.items() if v})}"


def redirect_params(response: httpx.Response) -> dict[str, str]:
    """The query parameters of a redirect to the client."""
    assert response.status_code in (302, 303), (response.status_code, response.text[:500])
    query = parse_qs(urlsplit(response.headers["location"]).query)
    return {name: values[0] for name, values in query.items()}


async def register(
    web: httpx.AsyncClient, redirect_uris: list[str] | None = None, **metadata: Any
) -> dict[str, Any]:
    """A registered public client (unless `metadata` says otherwise)."""
    body = {
        "client_name": "Test editor",
        "redirect_uris": redirect_uris or [REDIRECT_URI],
        "grant_types": ["authorization_code", "refresh_token"],
        "token_endpoint_auth_method": "none",
        **metadata,
    }
    response = await web.post("/oauth/register", json=body)
    assert response.status_code == 201, response.text
    registered: dict[str, Any] = response.json()
    return registered


async def consent(
    browser: httpx.AsyncClient,
    url: str,
    *,
    organization_id: str | None = None,
    allow_write: bool = True,
    decision: str = "allow",
) -> httpx.Response:
    """Open the authorization URL signed in, and answer the consent form; the answer (a
    redirect to the client, or a page)."""
    page = await browser.get(url)
    assert page.status_code == 200, page.text[:2000]
    form = page_form(page.text)
    fields = dict(form.fields)
    if organization_id is not None:
        fields["organization_id"] = organization_id
    if not allow_write:
        fields.pop("allow_write", None)
    fields["decision"] = decision
    return await browser.post("/oauth/authorize", data=fields)


async def exchange(
    web: httpx.AsyncClient,
    client_id: str,
    code: str,
    verifier: str | None,
    redirect_uri: str | None = REDIRECT_URI,
    **extra: str,
) -> httpx.Response:
    """The token request for a code."""
    data = {"grant_type": "authorization_code", "client_id": client_id, "code": code, **extra}
    if verifier is not None:
        data["code_verifier"] = verifier
    if redirect_uri is not None:
        data["redirect_uri"] = redirect_uri
    return await web.post("/oauth/token", data=data)


async def refresh(
    web: httpx.AsyncClient, client_id: str, token: str, **extra: str
) -> httpx.Response:
    """The token request for a refresh token."""
    data = {"grant_type": "refresh_token", "client_id": client_id, "refresh_token": token}
    return await web.post("/oauth/token", data={**data, **extra})


async def connect(
    browser: httpx.AsyncClient, **consent_options: Any
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Register, consent (signed in) and exchange the code: the client and the tokens."""
    client = await register(browser)
    pkce = Pkce.new()
    answer = await consent(
        browser, authorization_url("", client["client_id"], pkce), **consent_options
    )
    code = redirect_params(answer)["code"]
    tokens = await exchange(browser, client["client_id"], code, pkce.verifier)
    assert tokens.status_code == 200, tokens.text
    issued: dict[str, Any] = tokens.json()
    return client, issued
