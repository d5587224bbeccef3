"""The shared error handlers: every 405 names, in `Allow`, each method the path takes."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from trichome.http.errors import install_error_handlers

pytestmark = pytest.mark.anyio


def app_with_routes(static: Path) -> FastAPI:
    app = FastAPI()
    install_error_handlers(app)

    @app.get("/things")
    async def list_things() -> list[str]:
        return []

    @app.post("/things")
    async def add_thing() -> str:
        return "added"

    @app.delete("/things/{thing_id}")
    async def remove_thing(thing_id: str) -> str:
        return thing_id

    @app.put("/things/special")
    async def special() -> str:
        return "special"

    app.mount("/static", StaticFiles(directory=static))
    return app


async def test_a_405_lists_the_methods_of_every_route_at_the_path(tmp_path: Path) -> None:
    (tmp_path / "page.css").write_text("body {}")
    transport = httpx.ASGITransport(app=app_with_routes(tmp_path))
    async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
        refused = await client.patch("/things")
        assert refused.status_code == 405
        assert refused.headers["allow"] == "GET, POST"
        assert refused.json()["error"]["code"] == "method_not_allowed"
        assert "GET, POST" in refused.json()["error"]["message"]
        # A literal route and a templated one both take this path.
        both = await client.post("/things/special")
        assert (both.status_code, both.headers["allow"]) == (405, "PUT, DELETE")
        static = await client.post("/static/page.css")
        assert (static.status_code, static.headers["allow"]) == (405, "GET, HEAD")
