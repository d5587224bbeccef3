"""POST /v1/feedback: stored with or without a credential, 5 per 15 minutes per client."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from tests.services.chat.test_limits import new_key, random_ip, serving
from trichome.config import Settings
from trichome.db.engine import create_engine, create_sessionmaker
from trichome.db.models import Feedback
from trichome.plans import Tier

pytestmark = pytest.mark.anyio


async def stored(settings: Settings) -> list[Feedback]:
    engine = create_engine(settings)
    async with create_sessionmaker(engine)() as session:
        rows = list(await session.scalars(select(Feedback).order_by(Feedback.created_at)))
    await engine.dispose()
    return rows


async def test_feedback_is_stored_with_the_callers_organisation(limited_settings: Settings) -> None:
    organization_id, key = await new_key(limited_settings, Tier.PRO)
    async with serving(limited_settings) as connect, connect(random_ip()) as client:
        signed = await client.post(
            "/v1/feedback",
            headers={"Authorization": f"Bearer {key}"},
            json={"completion_id": "chatcmpl-abc", "rating": "up", "comment": "Spot on."},
        )
        anonymous = await client.post(
            "/v1/feedback", json={"completion_id": "chatcmpl-def", "rating": "down"}
        )
    assert signed.status_code == anonymous.status_code == 201
    body = signed.json()
    assert body["id"].startswith("fb_") and body["object"] == "feedback"
    assert (body["completion_id"], body["rating"], body["comment"]) == (
        "chatcmpl-abc",
        "up",
        "Spot on.",
    )
    assert signed.headers["x-ratelimit-limit-requests"] == "5"
    rows = await stored(limited_settings)
    assert [(r.completion_id, r.rating, r.organization_id) for r in rows] == [
        ("chatcmpl-abc", "up", organization_id),
        ("chatcmpl-def", "down", None),
    ]


async def test_five_per_quarter_hour_per_client(limited_settings: Settings) -> None:
    client_ip = random_ip()
    payload = {"completion_id": "chatcmpl-abc", "rating": "up"}
    async with serving(limited_settings) as connect:
        async with connect(client_ip) as client:
            statuses = [
                (await client.post("/v1/feedback", json=payload)).status_code for _ in range(5)
            ]
            assert statuses == [201] * 5
            refused = await client.post("/v1/feedback", json=payload)
            assert refused.status_code == 429
            assert refused.json()["error"]["code"] == "feedback_rate_limited"
            assert 0 < int(refused.headers["retry-after"]) <= 900
            assert refused.headers["x-ratelimit-remaining-requests"] == "0"
        async with connect(random_ip()) as other:
            assert (await other.post("/v1/feedback", json=payload)).status_code == 201
    assert len(await stored(limited_settings)) == 6


@pytest.mark.parametrize(
    ("payload", "code", "param"),
    [
        ({"rating": "up"}, "missing_required_field", "completion_id"),
        ({"completion_id": "chatcmpl-a"}, "missing_required_field", "rating"),
        ({"completion_id": "chatcmpl-a", "rating": "meh"}, "invalid_value", "rating"),
        (
            {"completion_id": "chatcmpl-a", "rating": "up", "comment": "x" * 2001},
            "invalid_value",
            "comment",
        ),
        ({"completion_id": "", "rating": "up"}, "invalid_value", "completion_id"),
    ],
)
async def test_invalid_feedback_is_refused_and_not_counted(
    limited_settings: Settings, payload: dict[str, str], code: str, param: str
) -> None:
    async with serving(limited_settings) as connect, connect(random_ip()) as client:
        response = await client.post("/v1/feedback", json=payload)
        assert response.status_code == 400
        assert (response.json()["error"]["code"], response.json()["error"]["param"]) == (
            code,
            param,
        )
        assert response.headers["x-ratelimit-remaining-requests"] == "5"


async def test_a_bad_credential_is_refused_not_ignored(limited_settings: Settings) -> None:
    async with serving(limited_settings) as connect, connect(random_ip()) as client:
        response = await client.post(
            "/v1/feedback",
            headers={"Authorization": "Bearer trk_" + "z" * 43},
            json={"completion_id": "chatcmpl-a", "rating": "up"},
        )
    assert response.status_code == 401
    assert await stored(limited_settings) == []
