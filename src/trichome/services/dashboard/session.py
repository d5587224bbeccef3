"""The dashboard's browser session: the cookie, the signed-in user, CSRF, and rendering.

The cookie `trichome_session` holds a random token whose SHA-256 names a row of
`dashboard_sessions`; it is HTTP-only, SameSite=Lax, and Secure unless the dashboard is
served on loopback. Every POST of a signed-in page carries `csrf_token`, an HMAC of the
session token (a synchroniser token: tied to the session, checked before anything changes).
"""

from __future__ import annotations

import base64
import logging
import re
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.sessions import (
    SESSION_LIFETIME,
    SignedIn,
    csrf_matches,
    csrf_token_for,
    find_session,
)
from trichome.config import Settings
from trichome.http.state import core_of
from trichome.services.dashboard.routes.oauth import AUTHORIZE_PATH

SESSION_COOKIE = "trichome_session"
LOGIN_CSRF_COOKIE = "trichome_login_csrf"
# An invitation link opened before signing in, so sign-in can return to it. Sent only to
# the sign-in routes, for an hour.
INVITATION_COOKIE = "trichome_invitation"
INVITATION_COOKIE_SECONDS = 3600
# An MCP client's authorization request (its query string, base64url) opened before
# signing in, so sign-in can return to it. Sent only to the sign-in routes, for an hour.
AUTHORIZE_COOKIE = "trichome_authorize"
AUTHORIZE_COOKIE_SECONDS = 3600
MAX_PENDING_QUERY = 3000
TEMPLATES = Jinja2Templates(directory=Path(__file__).resolve().parent / "templates")


def ago(moment: datetime, now: datetime) -> str:
    """How long before `now` a moment was, in words ("just now", "5 minutes ago")."""
    seconds = (now - moment).total_seconds()
    if seconds < 60:
        return "just now"
    for unit, size in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        if seconds >= size:
            count = int(seconds // size)
            return f"{count} {unit}{'' if count == 1 else 's'} ago"
    return "just now"


TEMPLATES.env.filters["ago"] = ago
# No third-party requests (the page may connect to the chat API, for the playground), no
# inline script, no framing (the revoke button cannot be clickjacked), and no Referer (a
# login link's token must not leak to the next page).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self' {chat}; form-action 'self' {provider}; frame-ancestors 'none'; "
        "base-uri 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


# Access logs must not keep one-time secrets: a login link's `token=`, an invitation's path,
# and the authorization `code=` Google sends back to the Drive callback (which may hold `/`).
_SECRETS_IN_PATHS = re.compile(
    r"((?:[?&]token=)|(?:/invitations/))[^&/?\s\"]+|([?&]code=)[^&?\s\"]+"
)


def _redacted(found: re.Match[str]) -> str:
    return f"{found.group(1) or found.group(2)}…"


class RedactTokens(logging.Filter):
    """Replaces sign-in and invitation tokens and OAuth codes in logged paths with `…`."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _SECRETS_IN_PATHS.sub(_redacted, arg) if isinstance(arg, str) else arg
                for arg in record.args
            )
        return True


def redact_logged_tokens() -> None:
    """Install `RedactTokens` on the loggers that log request paths: uvicorn's access log
    and the unhandled-error log (once per process)."""
    for name in ("uvicorn.access", "trichome.http.errors"):
        logger = logging.getLogger(name)
        if not any(isinstance(existing, RedactTokens) for existing in logger.filters):
            logger.addFilter(RedactTokens())


class SignInRequired(Exception):
    """No valid session: the browser is sent to the sign-in page."""


class CsrfFailed(Exception):
    """A POST whose CSRF token is missing or not this session's: 403, nothing changes."""


def secure_headers(response: Response, settings: Settings) -> Response:
    """Add the dashboard's security headers to a page or redirect."""
    parts = urlsplit(settings.chat_base_url)
    chat = f"{parts.scheme}://{parts.netloc}"
    for name, value in SECURITY_HEADERS.items():
        value = value.replace("{chat}", chat)
        response.headers[name] = value.replace("{provider}", settings.auth_provider_url or "")
    return response


def render(
    request: Request,
    template: str,
    context: Mapping[str, Any] | None = None,
    *,
    status_code: int = 200,
) -> HTMLResponse:
    """A page from a template, with the session's CSRF token and the security headers."""
    settings: Settings = core_of(request).settings
    token = request.cookies.get(SESSION_COOKIE)
    page: dict[str, Any] = {
        "csrf_token": csrf_token_for(token) if token else "",
        "signed_in": getattr(request.state, "signed_in", None),
        "current": request.url.path,
        "now": core_of(request).clock(),
    }
    page.update(context or {})
    response = TEMPLATES.TemplateResponse(request, template, page, status_code=status_code)
    secure_headers(response, settings)
    return response


def redirect(request: Request, path: str) -> RedirectResponse:
    """A 303 See Other (a POST's result is fetched with GET)."""
    return secure_headers(  # type: ignore[return-value]
        RedirectResponse(path, status_code=303), core_of(request).settings
    )


def set_session_cookie(response: Response, token: str, settings: Settings) -> None:
    """Give the browser its session."""
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=int(SESSION_LIFETIME.total_seconds()),
        httponly=True,
        samesite="lax",
        secure=settings.dashboard_cookies_secure,
        path="/",
    )


def clear_session_cookie(response: Response, settings: Settings) -> None:
    """Take the session cookie away."""
    response.delete_cookie(
        SESSION_COOKIE,
        httponly=True,
        samesite="lax",
        secure=settings.dashboard_cookies_secure,
        path="/",
    )


def set_invitation_cookie(response: Response, token: str, settings: Settings) -> None:
    """Remember the invitation being opened until the browser has signed in."""
    response.set_cookie(
        INVITATION_COOKIE,
        token,
        max_age=INVITATION_COOKIE_SECONDS,
        httponly=True,
        samesite="lax",
        secure=settings.dashboard_cookies_secure,
        path="/login",
    )


def clear_invitation_cookie(response: Response, settings: Settings) -> None:
    """Forget the invitation once sign-in has returned to it."""
    response.delete_cookie(
        INVITATION_COOKIE,
        httponly=True,
        samesite="lax",
        secure=settings.dashboard_cookies_secure,
        path="/login",
    )


def set_authorize_cookie(response: Response, query: str, settings: Settings) -> None:
    """Remember an authorization request until the browser has signed in (a request too
    long for a cookie is not remembered: the user starts again from their client)."""
    if not query or len(query) > MAX_PENDING_QUERY:
        return
    response.set_cookie(
        AUTHORIZE_COOKIE,
        base64.urlsafe_b64encode(query.encode("utf-8")).decode("ascii"),
        max_age=AUTHORIZE_COOKIE_SECONDS,
        httponly=True,
        samesite="lax",
        secure=settings.dashboard_cookies_secure,
        path="/login",
    )


def pending_authorization(cookie: str) -> str | None:
    """Where sign-in returns for a remembered authorization request, or None."""
    if not cookie or len(cookie) > 2 * MAX_PENDING_QUERY:
        return None
    try:
        query = base64.urlsafe_b64decode(cookie.encode("ascii")).decode("utf-8")
    except (ValueError, UnicodeError):
        return None
    if not query or any(character in query for character in "\r\n#"):
        return None
    return f"{AUTHORIZE_PATH}?{query}"


def clear_login_cookie(response: Response, name: str, settings: Settings) -> None:
    """Forget a cookie sent only to the sign-in routes."""
    response.delete_cookie(
        name, httponly=True, samesite="lax", secure=settings.dashboard_cookies_secure, path="/login"
    )


async def signed_in_or_none(request: Request) -> SignedIn | None:
    """The signed-in user, or None for a visitor (for pages both may open)."""
    try:
        return await current_user(request)
    except SignInRequired:
        return None


async def current_user(request: Request) -> SignedIn:
    """The signed-in user of the request.

    Raises:
        SignInRequired: no cookie, or its session is unknown, expired, or no longer a member.
    """
    token = request.cookies.get(SESSION_COOKIE)
    if not token or len(token) > 200:
        raise SignInRequired
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    now: datetime = core_of(request).clock()
    async with sessions() as session:
        signed_in = await find_session(session, token, now)
    if signed_in is None:
        raise SignInRequired
    request.state.signed_in = signed_in
    return signed_in


async def checked_form(request: Request) -> dict[str, str]:
    """The POSTed form of a signed-in page, once its CSRF token is checked.

    Raises:
        SignInRequired: no valid session.
        CsrfFailed: the token is missing or belongs to another session.
    """
    if getattr(request.state, "signed_in", None) is None:
        await current_user(request)
    token = request.cookies.get(SESSION_COOKIE, "")
    form = await request.form()
    fields = {name: value for name, value in form.items() if isinstance(value, str)}
    if not csrf_matches(token, fields.get("csrf_token", "")):
        raise CsrfFailed
    return fields


UserDep = Annotated[SignedIn, Depends(current_user)]
FormDep = Annotated[dict[str, str], Depends(checked_form)]


def install_session_handlers(app: FastAPI) -> None:
    """Sign-in redirects and the CSRF 403 page."""

    @app.exception_handler(SignInRequired)
    async def sign_in(request: Request, _: SignInRequired) -> Response:
        return redirect(request, "/login")

    @app.exception_handler(CsrfFailed)
    async def forbidden(request: Request, _: CsrfFailed) -> Response:
        return render(
            request,
            "message.html",
            {
                "title": "Form expired",
                "message": (
                    "This form was not sent from your current session (its security token "
                    "is missing or out of date), so nothing was changed. Go back, reload the "
                    "page and try again."
                ),
            },
            status_code=403,
        )
