"""Every service's `/docs` works offline: the page and everything it loads come from the
service itself (Swagger UI from the installed package), with the right content types."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from trichome.config import Settings
from trichome.services.chat.app import create_app as chat_app
from trichome.services.dashboard.app import create_app as dashboard_app
from trichome.services.kb.app import create_app as kb_app
from trichome.services.sandbox.app import create_app as sandbox_app
from trichome.services.toolserver.app import create_app as toolserver_app

SERVICES: dict[str, Callable[[Settings], FastAPI]] = {
    "chat": chat_app,
    "dashboard": dashboard_app,
    "kb": kb_app,
    "sandbox": sandbox_app,
    "toolserver": toolserver_app,
}
CONTENT_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".png": "image/png",
    ".json": "application/json",
}


def _client(service: str) -> TestClient:
    # No `with`: the lifespan (database, indexes) is not needed to serve the docs.
    return TestClient(SERVICES[service](Settings()), base_url="http://127.0.0.1")


@pytest.mark.parametrize("service", SERVICES)
def test_docs_load_only_same_origin_assets_and_each_is_served(service: str) -> None:
    client = _client(service)
    page = client.get("/docs")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "'self'" in page.headers["content-security-policy"]
    references = re.findall(r'(?:src|href|data-openapi-url)="([^"]+)"', page.text)
    assert any(ref.endswith("swagger-ui-bundle.js") for ref in references)
    assert "/openapi.json" in references
    for reference in references:
        assert reference.startswith("/") and not reference.startswith("//"), reference
        asset = client.get(reference)
        assert asset.status_code == 200, reference
        suffix = "." + reference.rsplit(".", 1)[-1]
        assert asset.headers["content-type"].startswith(CONTENT_TYPES[suffix]), reference
    assert not re.search(r"https?://", page.text), "the page names another host"
    init = client.get("/docs/init.js").text
    assert "validatorUrl: null" in init and not re.search(r"https?://", init)


@pytest.mark.parametrize("service", SERVICES)
def test_redoc_and_the_cdn_pages_are_gone(service: str) -> None:
    client = _client(service)
    assert client.get("/redoc").status_code == 404
    assert "/docs" not in client.get("/openapi.json").json()["paths"]
