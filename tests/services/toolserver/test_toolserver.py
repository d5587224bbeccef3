"""The tool server's HTTP edge in process: methods, paths, hosts, credentials and bodies."""

from collections.abc import AsyncIterator

import httpx
import pytest

from tests.conftest import KeyMaker, reconfigured, started
from tests.support.fake_upstream import fake_upstream
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.toolserver.app import create_app

pytestmark = pytest.mark.anyio

MCP = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
LIST = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}


@pytest.fixture
async def client(settings: Settings) -> AsyncIterator[httpx.AsyncClient]:
    async with started(create_app(settings)) as client:
        client.base_url = httpx.URL("http://127.0.0.1:8001")
        yield client


async def test_mcp_answers_post_with_or_without_the_slash_and_refuses_other_methods(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    auth = {"Authorization": f"Bearer {await make_key(Tier.TEAM)}"}
    plain = await client.post("/api/mcp", json=LIST, headers={**auth, **MCP})
    slash = await client.post("/api/mcp/", json=LIST, headers={**auth, **MCP})
    assert plain.status_code == slash.status_code == 200
    assert plain.json()["result"]["tools"] == slash.json()["result"]["tools"]
    for method in ("GET", "DELETE", "PUT"):
        refused = await client.request(method, "/api/mcp", headers={**auth, **MCP})
        assert refused.status_code == 405, method
        assert refused.headers["allow"] == "POST"
        assert refused.json()["error"]["code"] == "method_not_allowed"


async def test_a_foreign_host_is_refused_unless_allowed(
    settings: Settings, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.OPERATOR)
    headers = {"Authorization": f"Bearer {key}", "Host": "evil.example", **MCP}
    async with started(create_app(settings)) as client:
        refused = await client.post("http://127.0.0.1:8001/api/mcp", json=LIST, headers=headers)
    allowed = reconfigured(settings, toolserver_allowed_hosts=["evil.example"])
    async with started(create_app(allowed)) as client:
        served = await client.post("http://127.0.0.1:8001/api/mcp", json=LIST, headers=headers)
    assert refused.status_code == 421  # DNS rebinding protection (the SDK's)
    assert served.status_code == 200


async def test_bad_json_rpc_is_a_400_with_a_json_rpc_error(
    client: httpx.AsyncClient, make_key: KeyMaker, settings: Settings
) -> None:
    auth = {"Authorization": f"Bearer {await make_key(Tier.OPERATOR)}"}
    for body in (b"not json", b"", b"{}", b"[1, 2]"):
        answer = await client.post("/api/mcp", content=body, headers={**auth, **MCP})
        assert answer.status_code == 400, body
        assert answer.json()["error"]["code"] in (-32700, -32600, -32602)


async def test_mcp_takes_a_body_up_to_its_own_limit_and_names_it_past_that(
    client: httpx.AsyncClient, make_key: KeyMaker, settings: Settings
) -> None:
    auth = {"Authorization": f"Bearer {await make_key(Tier.OPERATOR)}"}
    limit = settings.toolserver_max_request_bytes
    assert limit > settings.max_request_bytes  # room for a file of Metrc's 5 MB, in Base64

    async def streamed(size: int) -> AsyncIterator[bytes]:  # sent without a Content-Length
        for _ in range(size // 65536):
            yield b" " * 65536
        yield b" " * (size % 65536)

    within = await client.post("/api/mcp", content=b" " * limit, headers={**auth, **MCP})
    declared = await client.post("/api/mcp", content=b" " * (limit + 1), headers={**auth, **MCP})
    undeclared = await client.post("/api/mcp", content=streamed(limit + 1), headers={**auth, **MCP})
    anonymous = await client.post("/api/mcp", content=b" " * (limit + 1), headers=MCP)
    assert within.status_code == 400  # read whole, then refused as not JSON-RPC
    for refused in (declared, undeclared, anonymous):
        assert refused.status_code == 413
        error = refused.json()["error"]
        assert error["code"] == "request_too_large"
        assert f"{limit:,} bytes (8 MiB)" in error["message"]
        assert "TRICHOME_TOOLSERVER_MAX_REQUEST_BYTES" in error["message"]


async def test_chat_refuses_bad_bodies_with_400(
    client: httpx.AsyncClient, make_key: KeyMaker
) -> None:
    auth = {"Authorization": f"Bearer {await make_key(Tier.OPERATOR)}"}
    for body in (b"", b"[]", b'{"message": 5}', b'{"message": "hi", "license_number": ""}'):
        answer = await client.post("/api/chat", content=body, headers=auth)
        assert answer.status_code == 400, body
        assert answer.json()["error"]["code"] == "invalid_body"
    huge = await client.post("/api/chat", json={"message": "x" * 5000}, headers=auth)
    assert huge.status_code == 400 and "message" in huge.json()["error"]["message"]


@pytest.mark.parametrize(
    ("tier", "status", "code"),
    [
        (None, 401, "missing_api_key"),
        (Tier.FREE, 403, "tier_lacks_tools"),
        (Tier.PRO, 403, "tier_lacks_tools"),
    ],
)
async def test_both_paths_need_an_operator_or_team_key(
    client: httpx.AsyncClient, make_key: KeyMaker, tier: Tier | None, status: int, code: str
) -> None:
    headers = {} if tier is None else {"Authorization": f"Bearer {await make_key(tier)}"}
    for path, body in (("/api/mcp", LIST), ("/api/chat", {"message": "hi"})):
        answer = await client.post(path, json=body, headers={**headers, **MCP})
        assert answer.status_code == status, path
        assert answer.json()["error"]["code"] == code
    wrong = await client.post("/api/chat", json={}, headers={"Authorization": "Bearer trk_nope"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "invalid_api_key"


async def test_a_real_metrc_url_without_keys_names_the_missing_keys(
    settings: Settings, make_key: KeyMaker
) -> None:
    real = reconfigured(settings, metrc_base_url="https://api-co.metrc.com")
    auth = {"Authorization": f"Bearer {await make_key(Tier.OPERATOR, 'Grower Co')}"}
    async with started(create_app(real)) as client:
        none = await client.post(
            "http://127.0.0.1:8001/api/chat", json={"message": "hi"}, headers=auth
        )
        half = await client.post(
            "http://127.0.0.1:8001/api/mcp",
            json=LIST,
            headers={**auth, **MCP, "X-Metrc-User-Key": "u" * 20},
        )
    assert none.status_code == 401
    assert none.json()["error"]["code"] == "missing_metrc_keys"
    assert ".venv/bin/trichome metrc connect --org 'Grower Co'" in none.json()["error"]["message"]
    assert half.status_code == 401 and "X-Metrc-Vendor-Key" in half.json()["error"]["message"]


async def test_health_needs_no_credential_and_reports_the_tools_and_metrc(
    settings: Settings,
) -> None:
    nowhere = reconfigured(settings, metrc_base_url="http://127.0.0.1:9")
    async with started(create_app(nowhere)) as client:
        health = (await client.get("http://127.0.0.1:8001/api/health")).json()
    assert health["tools"] >= 77 and health["skills"] == 19
    assert health["tools"] == sum(health["toolsets"].values())
    assert health["metrc"]["sandbox"] is False and health["metrc"]["reachable"] is False
    assert health["status"] == "degraded"
    assert any("127.0.0.1:9" in reason for reason in health["reasons"])


@pytest.mark.parametrize(
    ("mode", "status", "code"),
    [("error_500", 502, "upstream_error"), ("rate_limited", 503, "upstream_rate_limited")],
)
async def test_chat_reports_a_failing_llm_as_the_chat_api_does(
    settings: Settings, make_key: KeyMaker, mode: str, status: int, code: str
) -> None:
    with fake_upstream() as upstream:
        upstream.mode = mode
        configured = reconfigured(
            settings,
            engine="openai",
            llm_base_url=upstream.base_url,
            llm_model="upstream-model",
            llm_max_retries=0,
        )
        async with started(create_app(configured)) as client:
            client.base_url = httpx.URL("http://127.0.0.1:8001")
            auth = {"Authorization": f"Bearer {await make_key(Tier.OPERATOR)}"}
            answer = await client.post(
                "/api/chat", json={"message": "What needs attention?"}, headers=auth
            )
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
