"""GET /v1/endpoints: the organisation's endpoints and what serves each plan."""

from __future__ import annotations

import pytest

from tests.conftest import reconfigured
from tests.services.chat.test_limits import new_key, random_ip, serving
from trichome.accounts.endpoints import EndpointError, add_endpoint
from trichome.accounts.service import create_api_key
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Organization
from trichome.plans import Tier

pytestmark = pytest.mark.anyio


async def test_every_organisation_has_a_default_endpoint(settings: Settings) -> None:
    _, key = await new_key(settings, Tier.PRO)
    async with serving(settings) as connect, connect(random_ip()) as client:
        response = await client.get("/v1/endpoints", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200
    body = response.json()
    assert body["object"] == "list"
    (endpoint,) = body["data"]
    assert endpoint["id"].startswith("ep_") and endpoint["object"] == "endpoint"
    assert endpoint["name"] == "default" and endpoint["default"] and endpoint["current"]
    assert endpoint["url"] == "http://127.0.0.1:8000/v1"
    assert endpoint["engine"] == "grounded"
    assert [(p["plan"], p["model"], p["upstream_model"]) for p in endpoint["plans"]] == [
        ("free", "free-agent", None),
        ("pro", "pro-agent", None),
        ("operator", "operator-agent", None),
        ("team", "operator-agent", None),
    ]


async def test_added_endpoints_carry_their_upstream_models(settings: Settings) -> None:
    openai_settings = reconfigured(
        settings, engine="openai", llm_base_url="http://127.0.0.1:9/v1", llm_model="base-model"
    )
    organization_id, default_key = await new_key(settings, Tier.TEAM)
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        staging = await add_endpoint(
            session,
            organization_id,
            "staging",
            "https://staging.example/v1",
            {"operator-agent": "big-model"},
        )
        with pytest.raises(EndpointError):
            await add_endpoint(session, organization_id, "staging", None, {})
        with pytest.raises(EndpointError):
            await add_endpoint(session, organization_id, "other", None, {"gpt-4o": "x"})
        organization = await session.get(Organization, organization_id)
        assert organization is not None
        staging_key = (await create_api_key(session, organization, "staging", staging.id)).secret
        await session.commit()
    await engine.dispose()
    async with serving(openai_settings) as connect, connect(random_ip()) as client:
        as_default = (
            await client.get("/v1/endpoints", headers={"Authorization": f"Bearer {default_key}"})
        ).json()
        as_staging = (
            await client.get("/v1/endpoints", headers={"Authorization": f"Bearer {staging_key}"})
        ).json()
    by_name = {e["name"]: e for e in as_default["data"]}
    assert list(by_name) == ["default", "staging"]
    assert by_name["default"]["current"] and not by_name["staging"]["current"]
    assert {e["name"]: e["current"] for e in as_staging["data"]} == {
        "default": False,
        "staging": True,
    }
    staging_plans = {p["plan"]: p["upstream_model"] for p in by_name["staging"]["plans"]}
    assert staging_plans == {
        "free": "base-model",
        "pro": "base-model",
        "operator": "big-model",
        "team": "big-model",
    }
    assert by_name["staging"]["url"] == "https://staging.example/v1"


async def test_endpoints_need_a_credential(settings: Settings) -> None:
    async with serving(settings) as connect, connect(random_ip()) as client:
        assert (await client.get("/v1/endpoints")).status_code == 401
