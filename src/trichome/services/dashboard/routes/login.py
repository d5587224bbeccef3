"""Dashboard sign-in: one-time login links, Google through the hosted auth provider, logout,
and switching the session between the user's organisations."""

from __future__ import annotations

import hmac
import logging
import secrets
from datetime import datetime
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import Response
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.invitations import TOKEN_PATTERN
from trichome.accounts.oauth_grants import purge_expired_oauth
from trichome.accounts.sessions import (
    create_session,
    end_session,
    purge_expired,
    redeem_login_link,
    switch_organization,
)
from trichome.accounts.tokens import AccessTokenVerifier, InvalidAccessToken
from trichome.accounts.users import principal_for_claims
from trichome.config import Settings
from trichome.http.state import core_of
from trichome.services.dashboard.openapi import NOBODY, page, signed_in_form
from trichome.services.dashboard.session import (
    AUTHORIZE_COOKIE,
    INVITATION_COOKIE,
    LOGIN_CSRF_COOKIE,
    SESSION_COOKIE,
    FormDep,
    UserDep,
    clear_invitation_cookie,
    clear_login_cookie,
    clear_session_cookie,
    pending_authorization,
    redirect,
    render,
    set_session_cookie,
)

logger = logging.getLogger(__name__)

router = APIRouter()
AFTER_SIGN_IN = "/keys"
NEXT = {"type": "string", "description": "The page the form was sent from."}


def google_sign_in_url(settings: Settings) -> str | None:
    """The auth provider's Google sign-in, returning to `/login/callback`; None if not set up."""
    if not (settings.auth_provider_url and settings.accepts_access_tokens):
        return None
    query = {"provider": "google", "redirect_to": f"{settings.dashboard_base_url}/login/callback"}
    if settings.auth_public_key:
        query["apikey"] = settings.auth_public_key
    return f"{settings.auth_provider_url.rstrip('/')}/authorize?{urlencode(query)}"


def _login_page(request: Request, template: str) -> Response:
    # Login CSRF: the token form must carry the value of a cookie this site set
    # (double submit), so another site cannot sign a browser into its own account.
    settings: Settings = core_of(request).settings
    login_csrf = request.cookies.get(LOGIN_CSRF_COOKIE) or secrets.token_urlsafe(24)
    response = render(
        request, template, {"google_url": google_sign_in_url(settings), "login_csrf": login_csrf}
    )
    response.set_cookie(
        LOGIN_CSRF_COOKIE,
        login_csrf,
        max_age=3600,
        httponly=True,
        samesite="lax",
        secure=settings.dashboard_cookies_secure,
        path="/login",
    )
    return response


def _failed(request: Request, title: str, message: str, status_code: int) -> Response:
    return render(
        request, "message.html", {"title": title, "message": message}, status_code=status_code
    )


async def _signed_in(request: Request, token: str) -> Response:
    # An MCP client's sign-in request, or an invitation, opened before signing in is where
    # the user was going (the client's first: it is waiting for the answer).
    settings: Settings = core_of(request).settings
    invitation = request.cookies.get(INVITATION_COOKIE, "")
    authorizing = request.cookies.get(AUTHORIZE_COOKIE, "")
    going_to = pending_authorization(authorizing) or (
        f"/invitations/{invitation}" if TOKEN_PATTERN.fullmatch(invitation) else None
    )
    response = redirect(request, going_to or AFTER_SIGN_IN)
    set_session_cookie(response, token, settings)
    if invitation:
        clear_invitation_cookie(response, settings)
    if authorizing:
        clear_login_cookie(response, AUTHORIZE_COOKIE, settings)
    await _purge_expired(request)
    return response


async def _purge_expired(request: Request) -> None:
    # Signing in is rare and cheap to extend: a few indexed deletes keep the tables small
    # between runs of `trichome dashboard cleanup`. A failure must not fail the sign-in.
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    try:
        async with sessions() as session:
            now = core_of(request).clock()
            await purge_expired(session, now)
            await purge_expired_oauth(session, now)
            await session.commit()
    except Exception:
        logger.warning("could not delete expired sessions and links", exc_info=True)


@router.get("/login", **page(200, security=NOBODY))
async def login_page(request: Request) -> Response:
    """The sign-in page: Google (when configured) and how to get a login link."""
    return _login_page(request, "login.html")


@router.get("/login/callback", **page(200, security=NOBODY))
async def login_callback(request: Request) -> Response:
    """Where the auth provider returns; a small script posts its token to `/login/token`."""
    return _login_page(request, "login_callback.html")


@router.get("/login/link", **page(303, 400, security=NOBODY))
async def login_link(
    request: Request, token: Annotated[str, Query(max_length=200)] = ""
) -> Response:
    """Redeem a one-time login link: a session, then the keys page."""
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    now: datetime = core_of(request).clock()
    async with sessions() as session:
        session_token = await redeem_login_link(session, token, now) if token else None
        await session.commit()
    if session_token is None:
        return _failed(
            request,
            "This sign-in link no longer works",
            "Sign-in links work once and for 15 minutes. This one was already used, has "
            "expired, or was copied incompletely. Run `.venv/bin/trichome "
            "dashboard login-link` for a new one.",
            400,
        )
    return await _signed_in(request, session_token)


@router.post("/login/token", **page(303, 400, 401, 403, 503, security=NOBODY))
async def login_token(
    request: Request,
    token: Annotated[str, Form(max_length=8192)] = "",
    login_csrf: Annotated[str, Form(max_length=100)] = "",
) -> Response:
    """Exchange the auth provider's access token (JWT) for a dashboard session."""
    verifier: AccessTokenVerifier | None = core_of(request).tokens
    if verifier is None:
        return _failed(
            request,
            "Google sign-in is not configured",
            "This dashboard accepts no access tokens (set TRICHOME_JWT_SECRET or "
            "TRICHOME_JWKS_URL). Use `.venv/bin/trichome dashboard login-link` instead.",
            503,
        )
    expected = request.cookies.get(LOGIN_CSRF_COOKIE, "")
    # As bytes: `compare_digest` refuses `str` with non-ASCII characters (a 500).
    sent = login_csrf.encode("utf-8", "surrogatepass")
    if not expected or not hmac.compare_digest(expected.encode("utf-8", "surrogatepass"), sent):
        return _failed(
            request,
            "Sign-in form expired",
            "The sign-in did not come from this site's sign-in page. Open the sign-in page and "
            "try again.",
            403,
        )
    try:
        claims = await verifier.verify(token)
    except InvalidAccessToken as error:
        return _failed(request, "Sign-in failed", f"{error}. Please sign in again.", 401)
    principal = await principal_for_claims(core_of(request).sessions, claims)
    assert principal.user_id is not None and principal.organization_id is not None
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    async with sessions() as session:
        session_token = await create_session(
            session, principal.user_id, principal.organization_id, core_of(request).clock()
        )
        await session.commit()
    return await _signed_in(request, session_token)


@router.post("/logout", **signed_in_form(303, 403))
async def logout(request: Request, _: FormDep) -> Response:
    """End the session everywhere and forget the cookie."""
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    async with sessions() as session:
        await end_session(session, request.cookies.get(SESSION_COOKIE, ""))
        await session.commit()
    response = redirect(request, "/login")
    clear_session_cookie(response, core_of(request).settings)
    return response


# Where switching organisation may return to: a page, never an address from the form.
SWITCH_RETURNS = (
    "/keys", "/usage", "/playground", "/endpoints", "/subscription", "/feedback", "/team",
    "/connections", "/tracking",
)  # fmt: skip


@router.post(
    "/organization",
    **signed_in_form(303, 403, 404, fields={"organization_id": {"type": "string"}, "next": NEXT}),
)
async def switch(request: Request, user: UserDep, form: FormDep) -> Response:
    """Show another of the user's organisations from now on; back to the same section."""
    organization_id = form.get("organization_id", "")
    async with core_of(request).sessions() as session:
        switched = await switch_organization(
            session, request.cookies.get(SESSION_COOKIE, ""), user.user_id, organization_id
        )
        await session.commit()
    if not switched:
        return _failed(
            request,
            "No such organisation",
            "You are not a member of that organisation, so the dashboard cannot show it.",
            404,
        )
    came_from = form.get("next", "")
    back = next((page for page in SWITCH_RETURNS if came_from.startswith(page)), AFTER_SIGN_IN)
    return redirect(request, back)
