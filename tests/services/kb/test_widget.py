"""The chat widget's routes on the knowledge base: `/widget.js` and `/demo` (the widget itself
is driven in Chromium by tests/e2e/test_widget.py)."""

from __future__ import annotations

import base64
import hashlib
import os
import re
from pathlib import Path

import pytest

from tests.conftest import reconfigured
from tests.services.kb.test_kb import kb_client
from trichome.config import Settings
from trichome.services.kb.routes import widget

pytestmark = pytest.mark.anyio
BUNDLE = b"(()=>{window.TrichomeWidget={version:'1'}})();\n"


@pytest.fixture
def bundle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A stand-in for the built bundle, served by apps created in the test."""
    path = tmp_path / "dist" / "widget.js"
    monkeypatch.setattr(widget, "BUNDLE", path)
    return path


async def test_widget_js_is_served_cacheably_to_any_site(settings: Settings, bundle: Path) -> None:
    bundle.parent.mkdir()
    bundle.write_bytes(BUNDLE)
    async with kb_client(settings) as client:
        served = await client.get("/widget.js", headers={"Origin": "https://shop.example"})
        assert served.status_code == 200
        assert served.content == BUNDLE
        assert served.headers["content-type"] == "application/javascript; charset=utf-8"
        assert served.headers["cache-control"] == "public, max-age=300"
        assert served.headers["access-control-allow-origin"] == "*"
        etag = served.headers["etag"]
        assert re.fullmatch(r'"[0-9a-f]{32}"', etag)
        for if_none_match in (etag, f"W/{etag}", f'"other", {etag}', "*"):
            again = await client.get("/widget.js", headers={"If-None-Match": if_none_match})
            assert again.status_code == 304, if_none_match
            assert again.content == b""
            assert again.headers["etag"] == etag
        # A rebuild is a new entity: the old tag gets the new body.
        bundle.write_bytes(BUNDLE + b"//rebuilt\n")
        os.utime(bundle, ns=(1, 1))
        rebuilt = await client.get("/widget.js", headers={"If-None-Match": etag})
        assert rebuilt.status_code == 200
        assert rebuilt.content.endswith(b"//rebuilt\n")
        assert rebuilt.headers["etag"] != etag


async def test_widget_js_before_a_build_says_how_to_build_it(
    settings: Settings, bundle: Path
) -> None:
    async with kb_client(settings) as client:
        missing = await client.get("/widget.js")
    assert missing.status_code == 503
    error = missing.json()["error"]
    assert error["code"] == "widget_not_built"
    assert "make run" in error["message"]
    assert "npm run build --prefix src/trichome/services/kb/widget" in error["message"]


async def test_the_demo_page_embeds_the_widget_with_one_tag(
    settings: Settings, bundle: Path
) -> None:
    async with kb_client(settings) as client:
        page = await client.get("/demo", params={"theme": "dark", "position": "bottom-left"})
        default = await client.get("/demo")
        bad = await client.get("/demo", params={"theme": "neon"})
    assert page.status_code == 200
    assert page.headers["content-type"] == "text/html; charset=utf-8"
    text = page.text
    tags = re.findall(r"<script[^>]*>", text)
    assert tags == ['<script src="widget.js" data-theme="dark" data-position="bottom-left" async>']
    assert 'href="demo?theme=light&amp;position=bottom-left"' in text
    assert "https://" not in text and "http://" not in text
    assert 'data-theme="auto" data-position="bottom-right"' in default.text
    assert bad.status_code == 400
    assert bad.json()["error"]["param"] == "theme"


async def test_the_demo_page_needs_nothing_inline_but_its_own_style(
    settings: Settings, bundle: Path
) -> None:
    async with kb_client(settings) as client:
        page = await client.get("/demo")
    policy = page.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "connect-src 'self'" in policy
    assert "unsafe" not in policy
    style = re.search(r"<style>(.*?)</style>", page.text, re.DOTALL)
    assert style is not None
    digest = base64.b64encode(hashlib.sha256(style.group(1).encode()).digest()).decode()
    assert f"'sha256-{digest}'" in policy


async def test_the_widget_routes_count_against_no_limit(settings: Settings, bundle: Path) -> None:
    bundle.parent.mkdir()
    bundle.write_bytes(BUNDLE)
    async with kb_client(reconfigured(settings, kb_requests_per_hour=1)) as client:
        for _ in range(3):
            assert (await client.get("/widget.js")).status_code == 200
            assert (await client.get("/demo")).status_code == 200
        assert (await client.get("/api/threads", params={"q": "filter"})).status_code == 200
        assert (await client.get("/api/threads", params={"q": "filter"})).status_code == 429
