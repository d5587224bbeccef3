"""The track-and-trace page: owners store Metrc keys or a BioTrack login (encrypted, never
shown back), everyone sees them masked with their last successful call and may try them,
and owners remove them. (Trying one against the running sandbox: tests/e2e.)"""

from __future__ import annotations

import logging
import re
from datetime import timedelta

import httpx
import pytest

from tests.conftest import reconfigured, started
from tests.services.dashboard.test_web_login import csrf_of, sign_in
from tests.support.servers import free_port
from trichome.accounts.biotrack_logins import load_biotrack_login
from trichome.accounts.metrc_keys import load_metrc_keys
from trichome.accounts.secrets import SecretBox
from trichome.accounts.service import find_organization
from trichome.accounts.sessions import create_login_link
from trichome.accounts.tracking_connections import (
    organization_connections,
    record_connection_use,
)
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Membership, User, utcnow
from trichome.plans import Tier
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio

VENDOR = "vendor-secret-4f2a-7b1c"
USER = "user-secret-9d3e-8c21"
PASSWORD = "biotrack-pass-word-77"
USERNAME = "grower@example.com"


async def _store_metrc(web: httpx.AsyncClient, **fields: str) -> httpx.Response:
    csrf = csrf_of(await web.get("/tracking"))
    data = {"vendor_key": VENDOR, "user_key": USER, "csrf_token": csrf, **fields}
    return await web.post("/tracking/metrc", data=data)


async def _store_biotrack(web: httpx.AsyncClient, **fields: str) -> httpx.Response:
    csrf = csrf_of(await web.get("/tracking"))
    data = {
        "state": "NM",
        "license_number": "990202",
        "username": USERNAME,
        "password": PASSWORD,
        "csrf_token": csrf,
        **fields,
    }
    return await web.post("/tracking/biotrack", data=data)


async def test_an_owner_stores_both_connections_and_sees_them_masked(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Farm", tier=Tier.OPERATOR)
        empty = await web.get("/tracking")
        assert empty.status_code == 200 and "<h1>Track and trace</h1>" in empty.text
        assert "None stored" in empty.text and 'aria-current="page"' in empty.text
        assert (await _store_metrc(web)).status_code == 303
        assert (await _store_biotrack(web)).status_code == 303
        page = await web.get("/tracking")
    text = page.text
    assert "vendor key …7b1c, user key …8c21" in text and "user ….com" in text
    assert "990202" in text and "New Mexico (NM)" in text
    assert text.count(">never<") == 2  # no successful call yet
    assert "Replace the Metrc keys" in text and "Replace the BioTrack login" in text
    for secret in (VENDOR, USER, PASSWORD, USERNAME):
        assert secret not in text and secret not in caplog.text
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        organization = await find_organization(session, "Farm")
        assert organization is not None
        box = SecretBox(settings)
        metrc = await load_metrc_keys(session, box, organization.id)
        biotrack = await load_biotrack_login(session, box, organization.id)
    await engine.dispose()
    assert metrc is not None and metrc.credentials.vendor_key == VENDOR
    assert metrc.base_url is None  # the dashboard never sets where the keys go
    assert biotrack is not None and (biotrack.username, biotrack.password) == (USERNAME, PASSWORD)


async def test_what_is_wrong_with_a_form_is_said_and_nothing_is_stored(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Farm", tier=Tier.OPERATOR)
        half = await _store_metrc(web, user_key="  ")
        colon = await _store_metrc(web, vendor_key="a:b")
        state = await _store_biotrack(web, state="ZZ")
        licence = await _store_biotrack(web, license_number="9" * 41)
        password = await _store_biotrack(web, password="")
        page = await web.get("/tracking")
        forged = await web.post("/tracking/metrc", data={"vendor_key": "a", "user_key": "b"})
    assert half.status_code == 400 and "Give both Metrc keys" in half.text
    assert colon.status_code == 400 and "vendor key cannot contain" in colon.text
    assert state.status_code == 400 and "Choose the state" in state.text
    assert licence.status_code == 400 and "licence number" in licence.text
    assert password.status_code == 400 and "username and password" in password.text
    assert USER not in half.text and PASSWORD not in state.text  # never echoed back
    assert "None stored" in page.text
    assert forged.status_code == 403 and "Form expired" in forged.text


async def test_members_see_and_try_but_only_owners_change(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Crew", tier=Tier.TEAM)
        await _store_metrc(web)
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        organization = await find_organization(session, "Crew")
        assert organization is not None
        session.add(
            User(id="usr_m", subject="google|9", email="m@example.com",
                 default_organization_id=organization.id)
        )  # fmt: skip
        await session.flush()
        session.add(Membership(user_id="usr_m", organization_id=organization.id, role="member"))
        token = await create_login_link(session, "usr_m", organization.id, utcnow())
        await session.commit()
    await engine.dispose()
    async with started(dashboard.create_app(settings)) as web:
        assert (await web.get("/login/link", params={"token": token})).status_code == 303
        page = await web.get("/tracking")
        csrf = csrf_of(page)
        store = await web.post(
            "/tracking/metrc", data={"vendor_key": "x", "user_key": "y", "csrf_token": csrf}
        )
        remove_page = await web.get("/tracking/metrc/remove")
        remove = await web.post("/tracking/metrc/remove", data={"csrf_token": csrf})
        after = await web.get("/tracking")
    assert "vendor key …7b1c" in page.text and "Test<" in page.text
    assert "Connect Metrc" not in page.text and "Remove<" not in page.text
    assert "Only owners" in page.text
    assert store.status_code == 403 and remove.status_code == 403
    assert remove_page.status_code == 403
    assert "vendor key …7b1c" in after.text


async def test_a_connection_that_cannot_be_reached_says_so(settings: Settings) -> None:
    closed = f"http://127.0.0.1:{free_port()}"
    unreachable = reconfigured(settings, metrc_base_url=closed, biotrack_url=f"{closed}/bt")
    async with started(dashboard.create_app(unreachable)) as web:
        await sign_in(web, unreachable, org="Farm", tier=Tier.OPERATOR)
        csrf = csrf_of(await web.get("/tracking"))
        nothing = await web.post("/tracking/metrc/test", data={"csrf_token": csrf})
        unknown = await web.post("/tracking/ftp/test", data={"csrf_token": csrf})
        await _store_metrc(web)
        await _store_biotrack(web)
        metrc = await web.post("/tracking/metrc/test", data={"csrf_token": csrf})
        biotrack = await web.post("/tracking/biotrack/test", data={"csrf_token": csrf})
    assert nothing.status_code == 404 and "No such connection" in nothing.text
    assert unknown.status_code == 404
    assert metrc.status_code == 200
    assert re.search(
        r'class="tracking-result error" role="alert">Metrc could not be used', metrc.text
    )
    assert biotrack.status_code == 200
    assert re.search(r'role="alert">BioTrack could not be used', biotrack.text)
    assert metrc.text.count(">never<") == 2  # a failed try is no successful call
    for secret in (VENDOR, USER, PASSWORD, USERNAME):
        assert secret not in metrc.text + biotrack.text


async def test_removing_asks_first_then_forgets_the_connection(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Farm", tier=Tier.OPERATOR)
        await _store_biotrack(web)
        confirm = await web.get("/tracking/biotrack/remove")
        assert (
            confirm.status_code == 200 and "Remove the stored BioTrack connection?" in confirm.text
        )
        missing = await web.get("/tracking/metrc/remove")
        removed = await web.post("/tracking/biotrack/remove", data={"csrf_token": csrf_of(confirm)})
        again = await web.post("/tracking/biotrack/remove", data={"csrf_token": csrf_of(confirm)})
        page = await web.get("/tracking")
    assert missing.status_code == 404
    assert removed.status_code == 303 and removed.headers["location"] == "/tracking"
    assert again.status_code == 404
    assert "None stored" in page.text


async def test_a_use_is_recorded_once_a_minute_and_new_keys_start_unused(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Farm", tier=Tier.OPERATOR)
        await _store_metrc(web)
        engine = create_engine(settings)
        sessions = create_sessionmaker(engine)
        async with sessions() as session:
            organization = await find_organization(session, "Farm")
            assert organization is not None
            first = utcnow() - timedelta(hours=3)
            await record_connection_use(session, organization.id, "metrc", first)
            await record_connection_use(
                session, organization.id, "metrc", first + timedelta(seconds=30)
            )
            await record_connection_use(session, organization.id, "biotrack", first)  # none stored
            await session.commit()
            [used] = await organization_connections(session, organization.id)
        page = await web.get("/tracking")
        await _store_metrc(web, user_key="another-user-key-0000")
        async with sessions() as session:
            [replaced] = await organization_connections(session, organization.id)
        await engine.dispose()
    assert used.last_used_at == first
    assert "3 hours ago" in page.text
    assert replaced.last_used_at is None and replaced.hint.endswith("…0000")
