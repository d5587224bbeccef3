"""The dashboard's team page: members, invitations (a link, emailed when SMTP is set up,
and shown once to the owner), cancelling them, and removing members."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.invitation_mail import MailNotSent, invitation_message, send_mail
from trichome.accounts.invitations import cancel_invitation, invite, list_invitations
from trichome.accounts.team import TeamError, list_members, remove_member
from trichome.accounts.users import OWNER
from trichome.config import Settings
from trichome.http.state import core_of
from trichome.plans import Tier
from trichome.services.dashboard.openapi import page, signed_in_form
from trichome.services.dashboard.session import FormDep, UserDep, redirect, render

logger = logging.getLogger(__name__)

router = APIRouter()
RowId = Annotated[str, Path(max_length=64)]
ROLE = {"type": "string", "description": "`owner` or `member`."}


def _sessions(request: Request) -> async_sessionmaker[AsyncSession]:
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    return sessions


async def _team_page(request: Request, user: UserDep, error: str | None = None) -> Response:
    if user.organization.tier != Tier.TEAM.value:
        return render(request, "team.html", {"team_tier": False})
    async with _sessions(request)() as session:
        members = await list_members(session, user.organization.id)
        invitations = await list_invitations(session, user.organization.id)
    return render(
        request,
        "team.html",
        {
            "team_tier": True,
            "members": members,
            "invitations": invitations,
            "now": core_of(request).clock(),
            "is_owner": user.role == OWNER,
            "error": error,
        },
        status_code=400 if error else 200,
    )


@router.get("/team", **page(200, 303))
async def team_page(request: Request, user: UserDep) -> Response:
    return await _team_page(request, user)


def _owner_only(request: Request, user: UserDep) -> Response | None:
    if user.organization.tier == Tier.TEAM.value and user.role == OWNER:
        return None
    return render(
        request,
        "message.html",
        {
            "title": "Not allowed",
            "message": "Only owners of a Team-tier organisation can change its members.",
        },
        status_code=403,
    )


def _not_found(request: Request, what: str) -> Response:
    return render(
        request,
        "message.html",
        {"title": f"No such {what}", "message": f"This organisation has no such {what}."},
        status_code=404,
    )


@router.post(
    "/team/invitations",
    **signed_in_form(200, 303, 400, 403, fields={"email": {"type": "string"}, "role": ROLE}),
)
async def invite_member(request: Request, user: UserDep, form: FormDep) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    settings: Settings = core_of(request).settings
    now: datetime = core_of(request).clock()
    async with _sessions(request)() as session:
        try:
            created = await invite(
                session,
                user.organization.id,
                form.get("email", ""),
                form.get("role", ""),
                user.user_id,
                now,
            )
        except TeamError as error:
            return await _team_page(request, user, str(error))
        await session.commit()
    invitation = created.record
    link = f"{settings.dashboard_base_url}/invitations/{created.token}"
    logger.info("invitation %s created", invitation.id)
    not_sent = None
    if settings.smtp_url:
        message = invitation_message(
            sender=settings.mail_from,
            to=invitation.email,
            organization=user.organization.name,
            role=invitation.role,
            link=link,
            invited_by=user.email,
        )
        try:
            await send_mail(settings.smtp_url, message)
        except MailNotSent as error:
            not_sent = str(error)
        else:
            logger.info("invitation %s emailed", invitation.id)
    return render(
        request,
        "invitation_created.html",
        {
            "invitation": invitation,
            "link": link,
            "mail_configured": bool(settings.smtp_url),
            "not_sent": not_sent,
        },
    )


@router.post("/team/invitations/{invitation_id}/cancel", **signed_in_form(303, 400, 403, 404))
async def cancel(request: Request, user: UserDep, _: FormDep, invitation_id: RowId) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    async with _sessions(request)() as session:
        cancelled = await cancel_invitation(session, user.organization.id, invitation_id)
        await session.commit()
    return redirect(request, "/team") if cancelled else _not_found(request, "invitation")


@router.post("/team/members/{user_id}/remove", **signed_in_form(303, 400, 403))
async def remove(request: Request, user: UserDep, _: FormDep, user_id: RowId) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    async with _sessions(request)() as session:
        try:
            await remove_member(session, user.organization.id, user_id)
        except TeamError as error:
            return await _team_page(request, user, str(error))
        await session.commit()
    return redirect(request, "/team")
