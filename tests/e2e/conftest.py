"""Fixtures of the end-to-end tests that need the tool server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.support.toolserver import Servers, toolserver_running


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """The seeded sandbox and the tool server, shared by every module that drives them."""
    with toolserver_running(
        tmp_path_factory.mktemp("toolserver"), tmp_path_factory.getbasetemp() / "sandbox-template"
    ) as running:
        yield running
