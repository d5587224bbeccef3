"""The dashboard's pages: API keys, endpoints, subscription, feedback (usage: usage.py,
team: team.py)."""

from __future__ import annotations

from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.endpoints import list_endpoints
from trichome.accounts.service import create_api_key, list_api_keys, revoke_api_key
from trichome.config import Settings
from trichome.db.models import ApiKey, Feedback, Subscription
from trichome.http.state import core_of
from trichome.services.chat.routes.endpoints import describe_endpoints
from trichome.services.dashboard.openapi import page, signed_in_form
from trichome.services.dashboard.routes.usage import period_usage
from trichome.services.dashboard.session import FormDep, UserDep, redirect, render

router = APIRouter()
KeyId = Annotated[str, Path(max_length=64)]
MAX_LABEL = 200
LABEL = {"type": "string", "description": f"The key's label, 1 to {MAX_LABEL} characters."}
FEEDBACK_SHOWN = 200


def _sessions(request: Request) -> async_sessionmaker[AsyncSession]:
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    return sessions


@router.get("/", **page(303))
async def home(request: Request, _: UserDep) -> Response:
    return redirect(request, "/keys")


async def _keys_page(request: Request, user: UserDep, **context: object) -> Response:
    async with _sessions(request)() as session:
        keys = [key for key, _ in await list_api_keys(session, user.organization.id)]
    usage = await period_usage(request, user.organization)
    return render(
        request,
        "keys.html",
        {"keys": keys, "calls": dict(usage.breakdown.by_key), **context},
        status_code=400 if context.get("error") else 200,
    )


@router.get("/keys", **page(200, 303))
async def keys_page(request: Request, user: UserDep) -> Response:
    return await _keys_page(request, user)


@router.post("/keys", **signed_in_form(200, 303, 400, 403, fields={"label": LABEL}))
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


@router.get("/keys/{key_id}/revoke", **page(200, 303, 400, 404))
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


@router.post("/keys/{key_id}/revoke", **signed_in_form(303, 400, 403, 404))
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


@router.get("/endpoints", **page(200, 303))
async def endpoints_page(request: Request, user: UserDep) -> Response:
    settings: Settings = core_of(request).settings
    async with _sessions(request)() as session:
        endpoints = await list_endpoints(session, user.organization.id)
        keys = [key for key, _ in await list_api_keys(session, user.organization.id)]
    # No single credential is "current" here, so the page shows which active keys each
    # endpoint serves (a key without its own endpoint uses the default) and the plan
    # (the organisation's tier) whose model they call.
    default = next((endpoint.id for endpoint in endpoints if endpoint.is_default), None)
    known = {endpoint.id for endpoint in endpoints}
    served: dict[str | None, list[ApiKey]] = {endpoint.id: [] for endpoint in endpoints}
    for key in keys:
        if key.revoked_at is None:
            endpoint_id = key.endpoint_id if key.endpoint_id in known else default
            served.setdefault(endpoint_id, []).append(key)
    return render(
        request,
        "endpoints.html",
        {
            "endpoints": describe_endpoints(endpoints, None, settings),
            "served": served,
            "plan": user.organization.tier,
        },
    )


@router.get("/subscription", **page(200, 303))
async def subscription_page(request: Request, user: UserDep) -> Response:
    settings: Settings = core_of(request).settings
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


@router.get("/feedback", **page(200, 303))
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
