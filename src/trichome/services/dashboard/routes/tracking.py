"""The track-and-trace page, `/tracking`: the organisation's stored Metrc keys and BioTrack
login (masked), when the tool server last used each successfully, trying one, and, for
owners, storing and removing them (encrypted, in the same store as `trichome tracking
connect`). Every member may look and try; only owners change them."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from trichome.accounts.biotrack_logins import (
    StoredBioTrackLogin,
    forget_biotrack_login,
    load_biotrack_login,
    store_biotrack_login,
)
from trichome.accounts.metrc_keys import forget_metrc_keys, load_metrc_keys, store_metrc_keys
from trichome.accounts.secrets import SecretBox, SecretUnreadable
from trichome.accounts.tracking_connections import (
    SYSTEMS,
    System,
    organization_connections,
    record_connection_use,
)
from trichome.accounts.users import OWNER
from trichome.config import Settings
from trichome.http.state import core_of
from trichome.metrc import MetrcCredentials
from trichome.plans import Tier
from trichome.services.dashboard.openapi import page, signed_in_form
from trichome.services.dashboard.session import FormDep, UserDep, redirect, render
from trichome.services.dashboard.tracking_check import CheckResult, check_biotrack, check_metrc
from trichome.tracking.biotrack import STATES, BioTrackCredentials

logger = logging.getLogger(__name__)

router = APIRouter()
NAMES: dict[str, str] = {"metrc": "Metrc", "biotrack": "BioTrack"}
MAX_SECRET = 200
MAX_LICENCE = 40
TOOL_TIERS = (Tier.OPERATOR.value, Tier.TEAM.value)
SECRET = {"type": "string", "description": f"1 to {MAX_SECRET} characters; stored encrypted."}
METRC_FIELDS = {"vendor_key": SECRET, "user_key": SECRET}
BIOTRACK_FIELDS = {
    "state": {"type": "string", "description": "The state's code, e.g. `NM`."},
    "license_number": {"type": "string", "description": "The licence number or UBI."},
    "username": SECRET,
    "password": SECRET,
}


def _sessions(request: Request) -> async_sessionmaker[AsyncSession]:
    sessions: async_sessionmaker[AsyncSession] = core_of(request).sessions
    return sessions


def _settings(request: Request) -> Settings:
    settings: Settings = core_of(request).settings
    return settings


async def _page(
    request: Request,
    user: UserDep,
    *,
    error: str | None = None,
    result: CheckResult | None = None,
) -> Response:
    async with _sessions(request)() as session:
        connections = await organization_connections(session, user.organization.id)
    return render(
        request,
        "tracking.html",
        {
            "connections": connections,
            "stored": {connection.system for connection in connections},
            "names": NAMES,
            "is_owner": user.role == OWNER,
            "tools_tier": user.organization.tier in TOOL_TIERS,
            "metrc_url": _settings(request).metrc_url,
            "states": sorted(STATES.values(), key=lambda state: state.name),
            "error": error,
            "result": result,
        },
        status_code=400 if error else 200,
    )


def _message(request: Request, title: str, message: str, status_code: int) -> Response:
    return render(
        request, "message.html", {"title": title, "message": message}, status_code=status_code
    )


def _owner_only(request: Request, user: UserDep) -> Response | None:
    if user.role == OWNER:
        return None
    return _message(
        request,
        "Not allowed",
        "Only owners of the organisation can change its track-and-trace connection.",
        403,
    )


def _system(name: str) -> System | None:
    return next((system for system in SYSTEMS if system == name), None)


def _not_found(request: Request) -> Response:
    return _message(
        request,
        "No such connection",
        "This organisation has no stored connection to that system.",
        404,
    )


def _secret(form: dict[str, str], name: str) -> str:
    return form.get(name, "").strip()


@router.get("/tracking", **page(200, 303))
async def tracking_page(request: Request, user: UserDep) -> Response:
    return await _page(request, user)


@router.post("/tracking/metrc", **signed_in_form(303, 400, 403, fields=METRC_FIELDS))
async def connect_metrc(request: Request, user: UserDep, form: FormDep) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    vendor, user_key = _secret(form, "vendor_key"), _secret(form, "user_key")
    if not vendor or not user_key or max(len(vendor), len(user_key)) > MAX_SECRET:
        return await _page(
            request, user, error=f"Give both Metrc keys, each of 1 to {MAX_SECRET} characters."
        )
    try:
        credentials = MetrcCredentials(vendor, user_key)
    except ValueError as error:
        return await _page(request, user, error=str(error))
    async with _sessions(request)() as session:
        box = SecretBox(_settings(request))
        await store_metrc_keys(session, box, user.organization.id, credentials)
        await session.commit()
    logger.info("Metrc keys stored for %s from the dashboard", user.organization.id)
    return redirect(request, "/tracking")


def _biotrack_login(form: dict[str, str]) -> StoredBioTrackLogin | str:
    """The login the form gives, or what is wrong with it."""
    code = form.get("state", "").strip().upper()
    licence = form.get("license_number", "").strip()
    username, password = _secret(form, "username"), form.get("password", "")
    if code not in STATES:
        return "Choose the state whose BioTrack system the licence is in."
    if not licence or len(licence) > MAX_LICENCE:
        return f"Give the licence number (or UBI), 1 to {MAX_LICENCE} characters."
    if not username or not password or max(len(username), len(password)) > MAX_SECRET:
        return f"Give the BioTrack username and password, each of 1 to {MAX_SECRET} characters."
    try:
        BioTrackCredentials(licence, username, password)
    except ValueError as error:
        return str(error)
    return StoredBioTrackLogin(code, licence, username, password)


@router.post("/tracking/biotrack", **signed_in_form(303, 400, 403, fields=BIOTRACK_FIELDS))
async def connect_biotrack(request: Request, user: UserDep, form: FormDep) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    login = _biotrack_login(form)
    if isinstance(login, str):
        return await _page(request, user, error=login)
    async with _sessions(request)() as session:
        box = SecretBox(_settings(request))
        await store_biotrack_login(session, box, user.organization.id, login)
        await session.commit()
    logger.info("a BioTrack login stored for %s from the dashboard", user.organization.id)
    return redirect(request, "/tracking")


async def _check(request: Request, organization_id: str, system: System) -> CheckResult | None:
    """Try the stored connection (None: there is none); a success counts as its use."""
    settings = _settings(request)
    box = SecretBox(settings)
    loaders: dict[str, Any] = {"metrc": load_metrc_keys, "biotrack": load_biotrack_login}
    async with _sessions(request)() as session:
        try:
            stored = await loaders[system](session, box, organization_id)
        except SecretUnreadable:
            return CheckResult(
                False,
                f"The stored {NAMES[system]} connection cannot be decrypted with this "
                "server's key; store it again.",
            )
    if stored is None:
        return None
    result = await (
        check_metrc(settings, stored) if system == "metrc" else check_biotrack(settings, stored)
    )
    if result.ok:
        now: datetime = core_of(request).clock()
        async with _sessions(request)() as session:
            await record_connection_use(session, organization_id, system, now)
            await session.commit()
    return result


@router.post("/tracking/{system}/test", **signed_in_form(200, 303, 400, 403, 404))
async def test_connection(request: Request, user: UserDep, _: FormDep, system: str) -> Response:
    known = _system(system)
    result = await _check(request, user.organization.id, known) if known else None
    if known is None or result is None:
        return _not_found(request)
    return await _page(request, user, result=result)


@router.get("/tracking/{system}/remove", **page(200, 303, 403, 404))
async def confirm_remove(request: Request, user: UserDep, system: str) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    known = _system(system)
    async with _sessions(request)() as session:
        connections = await organization_connections(session, user.organization.id)
    connection = next((c for c in connections if c.system == known), None)
    if connection is None:
        return _not_found(request)
    return render(
        request,
        "tracking_remove.html",
        {"connection": connection, "name": NAMES[connection.system]},
    )


@router.post("/tracking/{system}/remove", **signed_in_form(303, 400, 403, 404))
async def remove(request: Request, user: UserDep, _: FormDep, system: str) -> Response:
    if (refused := _owner_only(request, user)) is not None:
        return refused
    known = _system(system)
    if known is None:
        return _not_found(request)
    forget = forget_metrc_keys if known == "metrc" else forget_biotrack_login
    async with _sessions(request)() as session:
        removed = await forget(session, user.organization.id)
        await session.commit()
    if not removed:
        return _not_found(request)
    logger.info("the stored %s connection of %s removed", known, user.organization.id)
    return redirect(request, "/tracking")
