"""The dashboard's browser session: the cookie, the signed-in user, CSRF, and rendering.

The cookie `trichome_session` holds a random token whose SHA-256 names a row of
`dashboard_sessions`; it is HTTP-only, SameSite=Lax, and Secure unless the dashboard is
served on loopback. Every POST of a signed-in page carries `csrf_token`, an HMAC of the
session token (a synchroniser token: tied to the session, checked before anything changes).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

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

SESSION_COOKIE = "trichome_session"
LOGIN_CSRF_COOKIE = "trichome_login_csrf"
TEMPLATES = Jinja2Templates(directory=Path(__file__).resolve().parent.parent / "web" / "templates")
# No third-party requests, no inline script, no framing (the revoke button cannot be
# clickjacked), and no Referer (a login link's token must not leak to the next page).
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "form-action 'self' {provider}; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class SignInRequired(Exception):
    """No valid session: the browser is sent to the sign-in page."""


class CsrfFailed(Exception):
    """A POST whose CSRF token is missing or not this session's: 403, nothing changes."""


def secure_headers(response: Response, settings: Settings) -> Response:
    """Add the dashboard's security headers to a page or redirect."""
    for name, value in SECURITY_HEADERS.items():
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
    settings: Settings = request.app.state.settings
    token = request.cookies.get(SESSION_COOKIE)
    page: dict[str, Any] = {
        "csrf_token": csrf_token_for(token) if token else "",
        "signed_in": getattr(request.state, "signed_in", None),
        "current": request.url.path,
    }
    page.update(context or {})
    response = TEMPLATES.TemplateResponse(request, template, page, status_code=status_code)
    secure_headers(response, settings)
    return response


def redirect(request: Request, path: str) -> RedirectResponse:
    """A 303 See Other (a POST's result is fetched with GET)."""
    return secure_headers(  # type: ignore[return-value]
        RedirectResponse(path, status_code=303), request.app.state.settings
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


async def current_user(request: Request) -> SignedIn:
    """The signed-in user of the request.

    Raises:
        SignInRequired: no cookie, or its session is unknown, expired, or no longer a member.
    """
    token = request.cookies.get(SESSION_COOKIE)
    if not token or len(token) > 200:
        raise SignInRequired
    sessions: async_sessionmaker[AsyncSession] = request.app.state.sessions
    now: datetime = request.app.state.clock()
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
