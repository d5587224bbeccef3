"""The operations left without a tool on purpose (src/trichome/metrc/tools/without_tools.py):
each is a documented operation the client and sandbox implement and that no tool reaches."""

from __future__ import annotations

import pytest
from scripts.metrc_coverage import Coverage, coverage, coverage_table

from trichome.metrc.tools.without_tools import WITHOUT_TOOLS


@pytest.fixture(scope="module")
def found() -> Coverage:
    return coverage()


def test_each_operation_left_without_a_tool_is_documented_implemented_and_unreached(
    found: Coverage,
) -> None:
    documented = {(op.method, op.path) for op in found.operations}
    for key, reason in WITHOUT_TOOLS.items():
        assert key in documented, f"{key} is not one of Metrc's documented operations"
        assert key in found.client and key in found.sandbox, key
        # A tool that comes to reach it takes it off the list.
        assert key not in found.tools and key not in found.skills, key
        assert len(reason) > 40, f"{key}: say why"


def test_the_coverage_table_gives_the_reason_in_the_row(found: Coverage) -> None:
    table = coverage_table(found)
    assert f"{len(WITHOUT_TOOLS)} left without a tool on purpose" in table.splitlines()[0]
    for (method, path), reason in WITHOUT_TOOLS.items():
        (row,) = [line for line in table.splitlines() if f"| {method} | `{path}` |" in line]
        assert row.endswith(f"| none on purpose: {reason} |")
