"""The shared OAuth rules: which redirect URIs register, scopes, PKCE, the resource."""

from __future__ import annotations

import pytest

from tests.support.oauth import Pkce
from trichome.accounts.oauth import (
    canonical_resource,
    form_action_source,
    granted_scope,
    is_valid_s256_challenge,
    pkce_matches,
    redirect_uri_problem,
    resource_is_served,
    token_covers,
)
from trichome.config import Settings


@pytest.mark.parametrize(
    "uri",
    [
        "https://claude.ai/api/mcp/auth_callback",
        "http://127.0.0.1:33418/callback",
        "http://localhost:6274/oauth/callback",
        "http://[::1]:8080/cb",
        "http://127.0.0.2/cb",
        "cursor://anysphere.cursor-retrieval/oauth/user-abc/callback",
        "vscode://vscode.github-authentication/did-authenticate",
        "com.example.app:/oauth2redirect",
        "https://app.example/cb?tenant=7",
    ],
)
def test_https_loopback_http_and_app_schemes_register(uri: str) -> None:
    assert redirect_uri_problem(uri) is None


@pytest.mark.parametrize(
    ("uri", "why"),
    [
        ("http://example.com/cb", "not loopback"),
        ("http://192.168.1.5/cb", "not loopback"),
        ("http://127.0.0.1.evil.example/cb", "not loopback"),
        ("javascript:alert(1)", "javascript"),
        ("data:text/html,hi", "data"),
        ("file:///etc/passwd", "file"),
        ("https://app.example/cb#frag", "fragment"),
        ("/relative/callback", "absolute"),
        ("https:///no-host", "no host"),
        ("https://app.example/ cb", "spaces"),
        ("http://127.0.0.1:notaport/cb", "valid"),
        ("https://app.example/" + "a" * 2001, "longer"),
    ],
)
def test_other_redirect_uris_are_refused_with_the_reason(uri: str, why: str) -> None:
    problem = redirect_uri_problem(uri)
    assert problem is not None and why in problem


def test_scopes_default_to_both_and_write_implies_read() -> None:
    assert granted_scope(None) == "tools:read tools:write"
    assert granted_scope("openid profile") == "tools:read tools:write"  # unknown: ignored
    assert granted_scope("tools:read") == "tools:read"
    assert granted_scope("tools:write") == "tools:read tools:write"
    assert granted_scope("tools:read tools:write", allow_write=False) == "tools:read"


def test_pkce_s256() -> None:
    pair = Pkce.new()
    assert is_valid_s256_challenge(pair.challenge)
    assert pkce_matches(pair.verifier, pair.challenge)
    assert not pkce_matches(Pkce.new().verifier, pair.challenge)
    assert not is_valid_s256_challenge("plain-challenge")
    # RFC 7636 appendix B's example.
    assert pkce_matches(
        "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    )


def test_tokens_are_bound_to_the_tool_server_and_paths_below_it() -> None:
    settings = Settings(toolserver_url="https://Tools.example.com/")
    assert resource_is_served("https://tools.example.com/api/mcp", settings)
    assert resource_is_served("https://tools.example.com", settings)
    assert resource_is_served("https://TOOLS.example.com/api/mcp/", settings)
    assert not resource_is_served("https://tools.example.com.evil/api/mcp", settings)
    assert not resource_is_served("http://tools.example.com/api/mcp", settings)
    assert not resource_is_served("https://other.example.com/api/mcp", settings)
    assert not resource_is_served("https://tools.example.com/api/mcp#x", settings)
    for broken in ("https://[::1", "https://[x]/", "https://tools.example.com:99999/", "::"):
        assert not resource_is_served(broken, settings)
        assert not token_covers(broken, "https://tools.example.com/api/mcp")
    assert canonical_resource("https://Tools.example.com/api/mcp/") == (
        "https://tools.example.com/api/mcp"
    )
    mcp = "https://tools.example.com/api/mcp"
    assert token_covers(mcp, mcp) and token_covers("https://tools.example.com", mcp)
    assert not token_covers(mcp, "https://tools.example.com/api/chat")
    assert not token_covers("https://tools.example.com/api/mc", mcp)


def test_the_consent_form_may_redirect_exactly_to_the_client() -> None:
    assert form_action_source("http://127.0.0.1:33418/callback?x=1") == "http://127.0.0.1:33418"
    assert form_action_source("https://claude.ai/api/mcp/auth_callback") == "https://claude.ai"
    assert form_action_source("cursor://anysphere.cursor-retrieval/cb") == "cursor:"
    assert form_action_source("http://[::1]:9/cb") == "http:"


def test_public_urls_must_be_plain_http_urls() -> None:
    with pytest.raises(ValueError, match="absolute"):
        Settings(toolserver_url="tools.example.com")
    with pytest.raises(ValueError, match="query"):
        Settings(dashboard_url="https://dash.example.com/?x=1")
    assert Settings(toolserver_url="https://t.example/").toolserver_base_url == "https://t.example"
    assert Settings().toolserver_base_url == "http://127.0.0.1:8001"
