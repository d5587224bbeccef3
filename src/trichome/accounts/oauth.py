"""The rules the dashboard's OAuth authorization server and the tool server share: token
shapes, scopes, the resource tokens are bound to (RFC 8707), PKCE (RFC 7636) and which
redirect URIs a client may register (RFC 8252).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import re
import secrets
from datetime import timedelta
from urllib.parse import urlsplit, urlunsplit

from mcp.shared.auth_utils import check_resource_allowed

from trichome.config import Settings
from trichome.plans import Tier

MCP_PATH = "/api/mcp"

# Prefixes tell a token's kind at a glance (and keep it apart from `trk_` API keys).
ACCESS_TOKEN_PREFIX = "mcp_at_"
REFRESH_TOKEN_PREFIX = "mcp_rt_"
CODE_PREFIX = "mcp_code_"
CLIENT_SECRET_PREFIX = "mcp_cs_"
SECRET_BYTES = 32
CODE_LIFETIME = timedelta(minutes=5)

READ_SCOPE = "tools:read"
WRITE_SCOPE = "tools:write"
SCOPES = (READ_SCOPE, WRITE_SCOPE)

# RFC 7636 section 4.1: 43 to 128 unreserved characters; an S256 challenge is the
# base64url of a SHA-256 digest without padding, exactly 43 characters.
_VERIFIER = re.compile(r"[A-Za-z0-9\-._~]{43,128}")
_S256_CHALLENGE = re.compile(r"[A-Za-z0-9\-_]{43}")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*")
# Schemes a browser handles itself: a "redirect" there would run or show something in the
# dashboard's context rather than hand the code to an app.
_BROWSER_SCHEMES = frozenset(
    {"javascript", "data", "vbscript", "file", "about", "blob", "filesystem", "view-source",
     "ws", "wss", "ftp", "mailto", "tel", "sms", "chrome", "edge", "intent"}
)  # fmt: skip
MAX_REDIRECT_URI_LENGTH = 2000


def new_secret(prefix: str) -> str:
    """A token, code or client secret: a prefix and 256 random bits, base64url."""
    return prefix + secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret: str) -> str:
    """SHA-256 of a secret (256 random bits: a fast hash cannot be brute-forced)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def secrets_match(secret: str, expected_hash: str) -> bool:
    """Whether a presented secret hashes to the stored hash (constant-time)."""
    return hmac.compare_digest(hash_secret(secret), expected_hash)


def tools_allowed(tier: Tier) -> bool:
    """The tool server's rule: the tools need the Operator or Team tier."""
    return tier.rank >= Tier.OPERATOR.rank


def mcp_url(settings: Settings) -> str:
    """The tool server's MCP endpoint as clients reach it: the default resource."""
    return settings.toolserver_base_url + MCP_PATH


def canonical_resource(url: str) -> str:
    """A resource indicator in one spelling: scheme and host lower-cased, no fragment, no
    trailing slash (`https://Tools.example/api/mcp/` is `https://tools.example/api/mcp`)."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:  # e.g. a broken IPv6 literal: it matches nothing
        return url.strip()
    path = parts.path.rstrip("/")
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, parts.query, ""))


def resource_is_served(resource: str, settings: Settings) -> bool:
    """Whether an RFC 8707 `resource` names the tool server (its base URL or a path below
    it): the only resource this authorization server issues tokens for."""
    try:
        parts = urlsplit(resource)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        return False
    return token_covers(settings.toolserver_base_url, resource)


def token_covers(token_resource: str, requested_url: str) -> bool:
    """Whether a token bound to `token_resource` may be used at `requested_url`: the same
    origin, and the URL's path at or below the resource's (RFC 8707 audience)."""
    try:
        return check_resource_allowed(
            requested_resource=canonical_resource(requested_url),
            configured_resource=canonical_resource(token_resource),
        )
    except ValueError:
        return False


def granted_scope(requested: str | None, allow_write: bool = True) -> str:
    """The scope to grant for a requested one.

    Scopes this server does not know are ignored (RFC 6749 section 3.3 lets the server
    grant less than asked); asking for nothing known means both scopes. Write access needs
    read access. `allow_write` False (the user unticked it) drops `tools:write`.
    """
    asked = set((requested or "").split()) & set(SCOPES)
    granted = asked or set(SCOPES)
    if WRITE_SCOPE in granted:
        granted.add(READ_SCOPE)
    if not allow_write:
        granted.discard(WRITE_SCOPE)
        granted.add(READ_SCOPE)
    return " ".join(scope for scope in SCOPES if scope in granted)


def is_valid_verifier(verifier: str) -> bool:
    """Whether a PKCE code verifier has the shape RFC 7636 section 4.1 requires."""
    return _VERIFIER.fullmatch(verifier) is not None


def is_valid_s256_challenge(challenge: str) -> bool:
    """Whether a code challenge can be an S256 challenge (43 base64url characters)."""
    return _S256_CHALLENGE.fullmatch(challenge) is not None


def pkce_matches(verifier: str, challenge: str) -> bool:
    """RFC 7636 section 4.6: BASE64URL(SHA256(verifier)) equals the challenge (S256)."""
    digest = hashlib.sha256(verifier.encode("ascii")).digest()
    computed = base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")
    return hmac.compare_digest(computed, challenge)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def redirect_uri_problem(uri: str) -> str | None:
    """Why a redirect URI may not be registered, or None when it may.

    Accepted (RFC 8252 sections 7.1 to 7.3, and the MCP specification's "localhost or
    HTTPS"): `https://` on any host; `http://` on a loopback host (`127.0.0.1`, `[::1]`,
    `localhost`); a private-use scheme an app claims (`cursor://…`, `com.example.app:/cb`),
    except the schemes a browser handles itself (`javascript:`, `data:`, `file:`, …).
    Never a fragment (RFC 6749 section 3.1.2).
    """
    if len(uri) > MAX_REDIRECT_URI_LENGTH:
        return f"longer than {MAX_REDIRECT_URI_LENGTH} characters"
    if any(character.isspace() or ord(character) < 0x21 for character in uri):
        return "contains spaces or control characters"
    scheme, separator, _ = uri.partition(":")
    if not separator or not _SCHEME.fullmatch(scheme):
        return "not an absolute URI"
    try:
        parts = urlsplit(uri)
        host = parts.hostname or ""
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        return "not a valid URI"
    if parts.fragment or "#" in uri:
        return "has a fragment"
    scheme = scheme.lower()
    if scheme == "https":
        return None if host else "has no host"
    if scheme == "http":
        if _is_loopback(host):
            return None
        return "uses http:// on a host that is not loopback (use https:// or 127.0.0.1)"
    if scheme in _BROWSER_SCHEMES:
        return f"uses the {scheme}: scheme, which is not an app's"
    return None


def form_action_source(redirect_uri: str) -> str:
    """The CSP source that lets the consent form's redirect reach `redirect_uri` (browsers
    check `form-action` on the redirect after a form is posted)."""
    parts = urlsplit(redirect_uri)
    scheme = parts.scheme.lower()
    if scheme in ("http", "https"):
        host = parts.hostname or ""
        if ":" in host:  # an IPv6 literal cannot be written as a CSP host-source
            return f"{scheme}:"
        port = f":{parts.port}" if parts.port else ""
        return f"{scheme}://{host}{port}"
    return f"{scheme}:"
