"""The playground's page and its credential: a short-lived token bound to the dashboard
session, accepted by the chat API at `/v1/chat/completions` only, charged to the session's
organisation and logged as a signed-in member's call."""

from __future__ import annotations

import json
import re

import httpx
import pytest
from sqlalchemy import update

from tests.conftest import started
from tests.services.dashboard.test_web_login import csrf_of, sign_in
from trichome.config import Settings
from trichome.db.engine import create_engine
from trichome.db.models import DashboardSession, utcnow
from trichome.plans import Tier
from trichome.services.chat import app as chat
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio

QUESTION = "What is the decarboxylation factor for THCA?"


def ask(model: str = "operator-agent", stream: bool = True) -> dict[str, object]:
    return {"model": model, "stream": stream, "messages": [{"role": "user", "content": QUESTION}]}


async def mint(web: httpx.AsyncClient) -> str:
    response = await web.post(
        "/playground/token", data={"csrf_token": csrf_of(await web.get("/playground"))}
    )
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store"
    body = response.json()
    assert body["token"].startswith("tpg_") and body["chat_url"].startswith("http://")
    return str(body["token"])


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def test_the_page_offers_the_tiers_models_and_holds_no_credential(
    settings: Settings,
) -> None:
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Small", tier=Tier.PRO)
        page = await web.get("/playground")
    assert page.status_code == 200
    options = re.findall(r'<option value="([^"]+)"', page.text)
    assert options == ["free-agent", "pro-agent"]  # not operator-agent, above Pro
    assert "tpg_" not in page.text and "trk_" not in page.text
    policy = page.headers["content-security-policy"]
    assert f"connect-src 'self' http://{settings.host}:{settings.chat_port};" in policy


async def test_a_token_streams_an_answer_logged_as_a_signed_in_call(settings: Settings) -> None:
    async with (
        started(dashboard.create_app(settings)) as web,
        started(chat.create_app(settings)) as api,
    ):
        await sign_in(web, settings)
        token = await mint(web)
        reply = await api.post("/v1/chat/completions", json=ask(), headers=bearer(token))
        assert reply.status_code == 200, reply.text
        assert reply.headers["content-type"].startswith("text/event-stream")
        assert reply.headers["x-trichome-agent"] == "formulation"
        events = [line[6:] for line in reply.text.splitlines() if line.startswith("data: ")]
        assert events[-1] == "[DONE]"
        answer = "".join(
            choice["delta"].get("content") or ""
            for event in events[:-1]
            for choice in json.loads(event)["choices"]
        )
        assert "0.877" in answer and "\nSources:\n[1] " in answer
        usage = (await web.get("/usage")).text
    section = usage[usage.index('id="by-key"') :]
    assert re.search(r"Signed-in members \(playground\) <span.*?class=\"count\">1<", section, re.S)
    assert "<strong>1</strong> of 5,000 calls used" in usage


async def test_a_token_needs_the_sessions_csrf_token(settings: Settings) -> None:
    async with started(dashboard.create_app(settings)) as web:
        assert (await web.post("/playground/token", data={"csrf_token": "x"})).status_code == 303
        await sign_in(web, settings)
        refused = await web.post("/playground/token", data={"csrf_token": "0" * 64})
    assert refused.status_code == 403 and "nothing was changed" in refused.text


async def test_a_token_serves_chat_completions_only_and_dies_with_its_session(
    settings: Settings,
) -> None:
    async with (
        started(dashboard.create_app(settings)) as web,
        started(chat.create_app(settings)) as api,
    ):
        await sign_in(web, settings)
        first = await mint(web)
        second = await mint(web)
        # Minting another replaces the first.
        replaced = await api.post("/v1/chat/completions", json=ask(), headers=bearer(first))
        assert replaced.status_code == 401
        assert replaced.json()["error"]["code"] == "invalid_playground_token"
        # Nowhere but chat completions.
        responses = await api.post(
            "/v1/responses", json={"model": "operator-agent", "input": QUESTION},
            headers=bearer(second),
        )  # fmt: skip
        assert responses.status_code == 401
        assert (await api.get("/v1/models", headers=bearer(second))).status_code == 401
        ok = await api.post("/v1/chat/completions", json=ask(stream=False), headers=bearer(second))
        assert ok.status_code == 200
        # Expired: refused.
        engine = create_engine(settings)
        async with engine.begin() as connection:
            await connection.execute(
                update(DashboardSession).values(playground_expires_at=utcnow())
            )
        expired = await api.post("/v1/chat/completions", json=ask(), headers=bearer(second))
        assert expired.status_code == 401 and "reload" in expired.json()["error"]["message"]
        # Signed out: refused.
        third = await mint(web)
        logout = await web.post("/logout", data={"csrf_token": csrf_of(await web.get("/keys"))})
        assert logout.status_code == 303
        gone = await api.post("/v1/chat/completions", json=ask(), headers=bearer(third))
        await engine.dispose()
    assert gone.status_code == 401
    assert gone.json()["error"]["code"] == "invalid_playground_token"


async def test_only_the_dashboards_origin_may_read_chat_answers(settings: Settings) -> None:
    preflight = {
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
    }
    async with started(chat.create_app(settings)) as api:
        dashboard_origin = settings.dashboard_base_url
        allowed = await api.options(
            "/v1/chat/completions", headers={**preflight, "Origin": dashboard_origin}
        )
        other = await api.options(
            "/v1/chat/completions", headers={**preflight, "Origin": "https://evil.example"}
        )
        answered = await api.post(
            "/v1/chat/completions", json=ask(), headers={"Origin": dashboard_origin}
        )
    assert allowed.status_code == 200
    assert allowed.headers["access-control-allow-origin"] == dashboard_origin
    assert "authorization" in allowed.headers["access-control-allow-headers"].lower()
    assert "access-control-allow-origin" not in other.headers
    # Even a refusal is readable by the page, with the agent header exposed on answers.
    assert answered.headers["access-control-allow-origin"] == dashboard_origin
    assert "X-Trichome-Agent" in answered.headers["access-control-expose-headers"]
