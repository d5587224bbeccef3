"""Opening and accepting an invitation link: `/invitations/{token}`.

A visitor who is not signed in is asked to sign in; a cookie sent only to the sign-in
routes brings them back here afterwards. A signed-in user sees the organisation and role
and accepts with a POST; only the invited email address can.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.invitations import (
    FoundInvitation,
    InvitationExpired,
    InvitationNotFound,
    InvitationRefused,
    NoLongerTeam,
    WrongInvitee,
    accept_invitation,
    check_invitation,
    find_invitation,
)
from trichome.accounts.sessions import SignedIn, switch_organization
from trichome.http.state import core_of
from trichome.services.dashboard.openapi import EITHER, page, signed_in_form
from trichome.services.dashboard.routes.login import google_sign_in_url
from trichome.services.dashboard.session import (
    SESSION_COOKIE,
    FormDep,
    UserDep,
    redirect,
    render,
    set_invitation_cookie,
    signed_in_or_none,
)

router = APIRouter()
Token = Annotated[str, Path(max_length=200)]
AFTER_ACCEPTING = "/team"


def _refusal(
    request: Request,
    refused: InvitationRefused,
    found: FoundInvitation | None,
    user: SignedIn | None,
) -> Response:
    if found is None or isinstance(refused, InvitationNotFound):
        title, status = "This invitation link does not work", 404
        message = (
            "It was already accepted or cancelled, or the link was copied incompletely. "
            "Ask the organisation's owner to invite you again."
        )
    elif isinstance(refused, InvitationExpired):
        title, status = "This invitation has expired", 410
        message = (
            f"Invitation links work for 7 days. Ask an owner of {found.organization.name} to "
            "invite you again."
        )
    elif isinstance(refused, NoLongerTeam):
        title, status = "This organisation no longer takes members", 409
        message = f"{found.organization.name} is no longer on the Team tier."
    else:
        assert isinstance(refused, WrongInvitee)
        title, status = "This invitation is for another email address", 403
        signed_in_as = user.email if user and user.email else "an account without an address"
        message = (
            f"It was sent to {found.invitation.email}, but you are signed in as "
            f"{signed_in_as}. Sign out, then sign in as {found.invitation.email}: you will "
            "come back to this invitation."
        )
    return render(request, "message.html", {"title": title, "message": message}, status_code=status)


@router.get("/invitations/{token}", **page(200, 400, 403, 404, 409, 410, security=EITHER))
async def invitation_page(request: Request, token: Token) -> Response:
    """The invitation: sign in first, then the organisation, role and an Accept button."""
    settings = core_of(request).settings
    user = await signed_in_or_none(request)
    now: datetime = core_of(request).clock()
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    async with sessions() as session:
        found = await find_invitation(session, token)
    try:
        check_invitation(found, (user.email or "") if user else None, now)
    except InvitationRefused as refused:
        response = _refusal(request, refused, found, user)
        if isinstance(refused, WrongInvitee):
            set_invitation_cookie(response, token, settings)  # back here after the right sign-in
        return response
    assert found is not None
    context = {
        "title": f"Join {found.organization.name}",
        "found": found,
        "token": token,
        "google_url": google_sign_in_url(settings),
        "already_member": user is not None
        and any(choice.id == found.organization.id for choice in user.organizations),
    }
    response = render(request, "invitation.html", context)
    if user is None:
        set_invitation_cookie(response, token, settings)
    return response


@router.post("/invitations/{token}", **signed_in_form(303, 400, 403, 404, 409, 410))
async def accept(request: Request, user: UserDep, _: FormDep, token: Token) -> Response:
    """Join the organisation with the invited role and switch the session to it."""
    now: datetime = core_of(request).clock()
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    async with sessions() as session:
        found = await find_invitation(session, token)
        try:
            organization = await accept_invitation(session, found, user.user_id, user.email, now)
        except InvitationRefused as refused:
            return _refusal(request, refused, found, user)  # nothing was changed
        await switch_organization(
            session, request.cookies.get(SESSION_COOKIE, ""), user.user_id, organization.id
        )
        await session.commit()
    return redirect(request, AFTER_ACCEPTING)
