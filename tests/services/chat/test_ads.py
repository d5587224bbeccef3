"""Sponsored lines: on free-agent and pro-agent answers, never on operator-agent."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select

from tests.services.chat.test_limits import new_key, random_ip, serving
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Ad
from trichome.plans import Tier

pytestmark = pytest.mark.anyio

QUESTION = [{"role": "user", "content": "What is the decarboxylation factor for THCA?"}]


async def impressions(settings: Settings) -> int:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        total = await session.scalar(select(func.sum(Ad.impressions)))
    await engine.dispose()
    return int(total or 0)


@pytest.mark.parametrize(("tier", "model"), [(Tier.FREE, "free-agent"), (Tier.PRO, "pro-agent")])
async def test_ad_carrying_models_end_with_one_sponsored_line(
    settings: Settings, tier: Tier, model: str
) -> None:
    _, key = await new_key(settings, tier)
    headers = {"Authorization": f"Bearer {key}"}
    async with serving(settings) as connect, connect(random_ip()) as client:
        whole = await client.post("/v1/chat/completions", headers=headers,
                                  json={"model": model, "messages": QUESTION, "stream": False})  # fmt: skip
        streamed = await client.post(
            "/v1/chat/completions", headers=headers, json={"model": model, "messages": QUESTION}
        )
    content = whole.json()["choices"][0]["message"]["content"]
    assert content.count("Sponsored:") == 1
    sponsored = content[content.index("---\n*Sponsored:*") :]
    assert "Trichome" in sponsored and "http" in sponsored
    assert content.rstrip().endswith(sponsored.rstrip())
    # In a stream the sponsored line is the last content chunk before the finishing chunk.
    chunks = [json.loads(e[6:]) for e in streamed.text.strip().split("\n\n")[:-1]]
    *_, last_content, finishing = chunks
    assert "Sponsored:" in last_content["choices"][0]["delta"]["content"]
    assert (
        finishing["choices"][0]["delta"] == {}
        and finishing["choices"][0]["finish_reason"] == "stop"
    )
    assert sum("Sponsored:" in c["choices"][0]["delta"].get("content", "") for c in chunks) == 1
    assert await impressions(settings) == 2  # counted as each answer settled


async def test_operator_agent_answers_carry_no_ad(settings: Settings) -> None:
    _, key = await new_key(settings, Tier.OPERATOR)
    async with serving(settings) as connect, connect(random_ip()) as client:
        response = await client.post("/v1/chat/completions", headers={"Authorization": f"Bearer {key}"},
                                     json={"model": "operator-agent", "messages": QUESTION, "stream": False})  # fmt: skip
    assert "Sponsored" not in response.json()["choices"][0]["message"]["content"]
    assert await impressions(settings) == 0


async def test_ads_match_the_answering_agent(settings: Settings) -> None:
    _, key = await new_key(settings, Tier.FREE)
    async with serving(settings) as connect, connect(random_ip()) as client:
        response = await client.post("/v1/chat/completions", headers={"Authorization": f"Bearer {key}"},
                                     json={"model": "free-agent", "messages": QUESTION, "stream": False})  # fmt: skip
    assert response.headers["x-trichome-agent"] == "formulation"
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        shown = (await session.scalars(select(Ad).where(Ad.impressions > 0))).one()
    await engine.dispose()
    assert shown.agent == "formulation"
    assert shown.text in response.json()["choices"][0]["message"]["content"]
