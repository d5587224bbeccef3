"""The dashboard's pages: API keys, usage, endpoints, subscription, feedback, team."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from trichome.accounts.endpoints import list_endpoints
from trichome.accounts.service import create_api_key, list_api_keys, revoke_api_key
from trichome.accounts.team import TeamError, invite, list_invitations, list_members, remove_member
from trichome.accounts.tiers import Tier
from trichome.accounts.users import OWNER
from trichome.apps.endpoints import describe_endpoints
from trichome.apps.web_session import FormDep, UserDep, redirect, render
from trichome.config import Settings
from trichome.db.models import ApiKey, Feedback, Subscription
from trichome.limits import windows
from trichome.limits.base import CounterStore
from trichome.limits.usage_log import usage_breakdown

router = APIRouter(include_in_schema=False)
KeyId = Annotated[str, Path(max_length=64)]
MAX_LABEL = 200
FEEDBACK_SHOWN = 200


def _sessions(request: Request) -> async_sessionmaker[AsyncSession]:
    sessions: async_sessionmaker[AsyncSession] = request.app.state.sessions
    return sessions


@router.get("/")
async def home(request: Request, _: UserDep) -> Response:
    return redirect(request, "/keys")


async def _keys_page(request: Request, user: UserDep, **context: object) -> Response:
    async with _sessions(request)() as session:
        keys = [key for key, _ in await list_api_keys(session, user.organization.id)]
    return render(
        request,
        "keys.html",
        {"keys": keys, **context},
        status_code=400 if context.get("error") else 200,
    )


@router.get("/keys")
async def keys_page(request: Request, user: UserDep) -> Response:
    return await _keys_page(request, user)


@router.post("/keys")
async def create_key(request: Request, user: UserDep, form: FormDep) -> Response:
    label = form.get("label", "").strip()
    if not label or len(label) > MAX_LABEL:
        return await _keys_page(
            request, user, error=f"Give the key a label of 1 to {MAX_LABEL} characters."
        )
    async with _sessions(request)() as session:
        created = await create_api_key(session, user.organization, label)
        await session.commit()
        key = created.record
    return render(request, "key_created.html", {"key": key, "secret": created.secret})


async def _own_key(request: Request, user: UserDep, key_id: str) -> ApiKey | None:
    async with _sessions(request)() as session:
        key = await session.get(ApiKey, key_id)
    return key if key is not None and key.organization_id == user.organization.id else None


@router.get("/keys/{key_id}/revoke")
async def confirm_revoke(request: Request, user: UserDep, key_id: KeyId) -> Response:
    key = await _own_key(request, user, key_id)
    if key is None:
        return render(
            request,
            "message.html",
            {"title": "No such key", "message": "This organisation has no key with that id."},
            status_code=404,
        )
    return render(request, "key_revoke.html", {"key": key})


@router.post("/keys/{key_id}/revoke")
async def revoke_key(request: Request, user: UserDep, form: FormDep, key_id: KeyId) -> Response:
    if await _own_key(request, user, key_id) is None:
        return render(
            request,
            "message.html",
            {"title": "No such key", "message": "This organisation has no key with that id."},
            status_code=404,
        )
    async with _sessions(request)() as session:
        await revoke_api_key(session, key_id)
        await session.commit()
    return redirect(request, "/keys")


@router.get("/usage")
async def usage_page(request: Request, user: UserDep) -> Response:
    now: datetime = request.app.state.clock()
    organization = user.organization
    tier = Tier(organization.tier)
    window = windows.monthly_calls(
        organization.id,
        tier,
        now,
        organization.billing_period_start,
        organization.billing_period_end,
    )
    start, end = windows.quota_period(
        now, organization.billing_period_start, organization.billing_period_end
    )
    counters: CounterStore = request.app.state.counters
    engine: AsyncEngine = request.app.state.engine
    used = await counters.used(window)
    breakdown = await usage_breakdown(engine, organization.id, start, now)
    peak = max([calls for _, calls in breakdown.by_day] + [1])
    return render(
        request,
        "usage.html",
        {
            "used": used,
            "quota": window.limit,
            "percent": min(100, round(100 * used / window.limit)) if window.limit else 100,
            "start": start,
            "end": end,
            "by_day": breakdown.by_day,
            "by_model": breakdown.by_model,
            "peak": peak,
            "model_peak": max([calls for _, calls in breakdown.by_model] + [1]),
        },
    )


@router.get("/endpoints")
async def endpoints_page(request: Request, user: UserDep) -> Response:
    settings: Settings = request.app.state.settings
    async with _sessions(request)() as session:
        endpoints = await list_endpoints(session, user.organization.id)
    described = describe_endpoints(endpoints, None, settings)
    return render(request, "endpoints.html", {"endpoints": described})


@router.get("/subscription")
async def subscription_page(request: Request, user: UserDep) -> Response:
    settings: Settings = request.app.state.settings
    async with _sessions(request)() as session:
        subscription = await session.scalar(
            select(Subscription)
            .where(Subscription.organization_id == user.organization.id)
            .order_by(Subscription.updated_at.desc())
            .limit(1)
        )
    billing_url = None
    if subscription is not None and settings.billing_portal_url:
        billing_url = settings.billing_portal_url
    elif settings.billing_checkout_url:
        separator = "&" if "?" in settings.billing_checkout_url else "?"
        query = urlencode({"client_reference_id": user.organization.id})
        billing_url = f"{settings.billing_checkout_url}{separator}{query}"
    return render(
        request,
        "subscription.html",
        {
            "subscription": subscription,
            "billing_url": billing_url,
            "stripe_configured": settings.stripe_webhook_secret is not None,
        },
    )


@router.get("/feedback")
async def feedback_page(request: Request, user: UserDep) -> Response:
    async with _sessions(request)() as session:
        received = list(
            await session.scalars(
                select(Feedback)
                .where(Feedback.organization_id == user.organization.id)
                .order_by(Feedback.created_at.desc())
                .limit(FEEDBACK_SHOWN)
            )
        )
    return render(request, "feedback.html", {"feedback": received, "limit": FEEDBACK_SHOWN})


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
            "is_owner": user.role == OWNER,
            "error": error,
        },
        status_code=400 if error else 200,
    )


@router.get("/team")
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


@router.post("/team/invitations")
async def invite_member(request: Request, user: UserDep, form: FormDep) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    async with _sessions(request)() as session:
        try:
            await invite(
                session,
                user.organization.id,
                form.get("email", ""),
                form.get("role", ""),
                user.user_id,
            )
        except TeamError as error:
            return await _team_page(request, user, str(error))
        await session.commit()
    return redirect(request, "/team")


@router.post("/team/members/{user_id}/remove")
async def remove(request: Request, user: UserDep, form: FormDep, user_id: KeyId) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    async with _sessions(request)() as session:
        try:
            await remove_member(session, user.organization.id, user_id)
        except TeamError as error:
            return await _team_page(request, user, str(error))
        await session.commit()
    return redirect(request, "/team")
