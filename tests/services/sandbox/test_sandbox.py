"""The sandbox's HTTP edge: unsupported methods, on every operation."""

from __future__ import annotations

import re

import pytest

from tests.conftest import started
from trichome.config import Settings
from trichome.services.sandbox.app import create_app

pytestmark = pytest.mark.anyio
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


async def test_every_path_answers_an_unsupported_method_with_405_and_allow(
    settings: Settings,
) -> None:
    app = create_app(settings)
    paths = {
        re.sub(r"\{\w+\}", "1", path): {method.upper() for method in item}
        for path, item in app.openapi()["paths"].items()
    }
    assert len(paths) > 100
    async with started(app) as client:
        for path, own in paths.items():
            refused_method = next(method for method in METHODS if method not in own)
            refused = await client.request(refused_method, path)
            if refused.status_code != 405:
                continue  # another route takes this method at this path (`/packages/v2/1`)
            allowed = refused.headers["allow"].split(", ")
            assert set(own) <= set(allowed), path
            assert refused_method not in allowed
            assert refused.json()["Message"]
            for method in set(allowed) - {"HEAD"}:
                answered = await client.request(method, path)
                assert answered.status_code != 405, (method, path)
