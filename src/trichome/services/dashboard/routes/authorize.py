"""The authorization endpoint, `/oauth/authorize`: where an MCP client sends the user's
browser to sign in and consent.

A signed-out visitor is asked to sign in with the dashboard's usual sign-in; a cookie sent
only to the sign-in routes brings them back afterwards (as for invitations). Signed in, the
consent page names the client, where it will return, and lets the user choose the
organisation (one on the Operator or Team tier) and whether it may change Metrc records.
"""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.oauth import form_action_source, granted_scope, tools_allowed
from trichome.accounts.oauth_clients import display_name
from trichome.accounts.oauth_grants import issue_code
from trichome.accounts.oauth_requests import (
    AuthorizationRefused,
    AuthorizationRequest,
    check_authorization_request,
    redirect_to_client,
)
from trichome.accounts.sessions import SignedIn
from trichome.config import Settings
from trichome.db.models import Membership, Organization
from trichome.http.state import core_of
from trichome.plans import Tier
from trichome.services.dashboard.routes.login import google_sign_in_url
from trichome.services.dashboard.routes.oauth import AUTHORIZE_PATH
from trichome.services.dashboard.session import (
    SECURITY_HEADERS,
    UserDep,
    checked_form,
    render,
    secure_headers,
    set_authorize_cookie,
    signed_in_or_none,
)

router = APIRouter(include_in_schema=False)


def _sessions(request: Request) -> async_sessionmaker[AsyncSession]:
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    return sessions


def _issuer(request: Request) -> str:
    settings: Settings = core_of(request).settings
    return settings.dashboard_base_url


def _redirect(request: Request, location: str, status_code: int) -> Response:
    return secure_headers(
        RedirectResponse(location, status_code=status_code), core_of(request).settings
    )


def _refusal(request: Request, refused: AuthorizationRefused) -> Response:
    if refused.redirect_uri is not None:
        location = redirect_to_client(
            refused.redirect_uri,
            _issuer(request),
            error=refused.error,
            error_description=refused.description,
            state=refused.state,
        )
        return _redirect(request, location, 303 if request.method == "POST" else 302)
    return render(
        request,
        "message.html",
        {"title": "This sign-in request cannot be completed", "message": refused.description},
        status_code=400,
    )


async def _organizations(session: AsyncSession, user_id: str) -> list[Organization]:
    return list(
        await session.scalars(
            select(Organization)
            .join(Membership, Membership.organization_id == Organization.id)
            .where(Membership.user_id == user_id)
            .order_by(Organization.name)
        )
    )


def _consent(
    request: Request,
    checked: AuthorizationRequest,
    user: SignedIn,
    organizations: list[Organization],
    error: str | None = None,
) -> Response:
    eligible = [org for org in organizations if tools_allowed(Tier(org.tier))]
    chosen = next(
        (org.id for org in eligible if org.id == user.organization.id),
        eligible[0].id if eligible else None,
    )
    settings: Settings = core_of(request).settings
    response = render(
        request,
        "authorize.html",
        {
            "title": f"Connect {display_name(checked.client)}",
            "client_name": display_name(checked.client),
            "pending": checked,
            "fields": checked.fields(),
            "organizations": organizations,
            "eligible": {org.id for org in eligible},
            "chosen": chosen,
            "upgrade_url": settings.upgrade_url,
            "error": error,
        },
        status_code=400 if error else 200,
    )
    # Browsers check `form-action` on the redirect that follows the form, so the consent
    # page allows exactly the client's redirect target.
    policy = SECURITY_HEADERS["Content-Security-Policy"].replace(
        "{provider}", form_action_source(checked.redirect_uri)
    )
    response.headers["Content-Security-Policy"] = policy
    return response


def _sign_in_first(request: Request, checked: AuthorizationRequest) -> Response:
    settings: Settings = core_of(request).settings
    response = render(
        request,
        "authorize_sign_in.html",
        {
            "title": f"Sign in to connect {display_name(checked.client)}",
            "client_name": display_name(checked.client),
            "google_url": google_sign_in_url(settings),
        },
    )
    set_authorize_cookie(response, request.url.query, settings)
    return response


def _params(items: list[tuple[str, str]]) -> dict[str, list[str]]:
    params: dict[str, list[str]] = {}
    for name, value in items:
        params.setdefault(name, []).append(value)
    return params


@router.get(AUTHORIZE_PATH)
async def authorize(request: Request) -> Response:
    """Check the request, then ask a signed-out visitor to sign in, or show the consent."""
    settings: Settings = core_of(request).settings
    async with _sessions(request)() as session:
        try:
            checked = await check_authorization_request(
                session, _params(request.query_params.multi_items()), settings
            )
        except AuthorizationRefused as refused:
            return _refusal(request, refused)
        user = await signed_in_or_none(request)
        if user is None:
            return _sign_in_first(request, checked)
        organizations = await _organizations(session, user.user_id)
    return _consent(request, checked, user, organizations)


@router.post(AUTHORIZE_PATH)
async def decide(request: Request, user: UserDep) -> Response:
    """The user's answer: a code for the client, or `access_denied`."""
    settings: Settings = core_of(request).settings
    form = await checked_form(request)  # CSRF first: nothing happens without it
    items = [(k, v) for k, v in (await request.form()).multi_items() if isinstance(v, str)]
    params = {
        name: values
        for name, values in _params(items).items()
        if name not in ("csrf_token", "decision", "organization_id", "allow_write")
    }
    now: datetime = core_of(request).clock()
    async with _sessions(request)() as session:
        try:
            checked = await check_authorization_request(session, params, settings)
        except AuthorizationRefused as refused:
            return _refusal(request, refused)
        if form.get("decision") != "allow":
            return _refusal(
                request,
                AuthorizationRefused(
                    "access_denied",
                    "The user denied the request.",
                    client=checked.client,
                    redirect_uri=checked.redirect_uri,
                    state=checked.state,
                ),
            )
        organizations = await _organizations(session, user.user_id)
        chosen = next((org for org in organizations if org.id == form.get("organization_id")), None)
        if chosen is None or not tools_allowed(Tier(chosen.tier)):
            return _consent(
                request,
                checked,
                user,
                organizations,
                error="Choose one of your organisations on the Operator or Team tier.",
            )
        scope = granted_scope(checked.scope, allow_write=form.get("allow_write") == "on")
        code = await issue_code(
            session,
            client=checked.client,
            organization_id=chosen.id,
            user_id=user.user_id,
            redirect_uri=checked.redirect_uri,
            redirect_uri_given=checked.redirect_uri_given,
            code_challenge=checked.code_challenge,
            resource=checked.resource,
            scope=scope,
            now=now,
        )
        await session.commit()
    location = redirect_to_client(
        checked.redirect_uri, _issuer(request), code=code, state=checked.state
    )
    return _redirect(request, location, 303)
