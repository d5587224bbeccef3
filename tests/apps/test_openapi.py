"""Property-based checks of every route against `/openapi.json`, on a real server.

Schemathesis generates requests that fit the schema and requests that break it; no
response may be a 500, fall outside the documented statuses and content types, or
break its documented schema.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.generation.modes import GenerationMode

from tests.support.servers import chat_server, create_key, trichome_env

pytestmark = pytest.mark.e2e
EXAMPLES_PER_OPERATION = 60


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    tmp_path: Path = tmp_path_factory.mktemp("schemathesis")
    env = trichome_env(tmp_path / "data")
    key = create_key(env, "operator")
    with chat_server(env, tmp_path / "server.log") as base_url:
        yield base_url, key


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_no_route_answers_outside_its_schema(served: tuple[str, str], mode: GenerationMode) -> None:
    base_url, key = served
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/v1/chat/completions", "/v1/models", "/health"}
    headers = {"Authorization": f"Bearer {key}"}
    for operation in operations:

        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(
            max_examples=EXAMPLES_PER_OPERATION,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def check(case: schemathesis.Case) -> None:
            case.call_and_validate(base_url=base_url, headers=headers)

        try:
            check()
        except Unsatisfiable:
            # No input of this operation can break its schema (no body, free-form strings).
            if mode is GenerationMode.POSITIVE:
                raise
