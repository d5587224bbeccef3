"""Which tools a process or a request offers: toolsets, an allow-list and read-only mode."""

from pathlib import Path

import pytest

from trichome.config import Settings
from trichome.metrc.tools import CATEGORIES, load_all
from trichome.services.toolserver.mcp_server import (
    SelectionError,
    ToolSelection,
    offered_tools,
    selection_from_headers,
    selection_from_settings,
)

TOOLS = load_all()


def names(selection: ToolSelection) -> set[str]:
    return {name for name, spec in TOOLS.items() if selection.allows(spec)}


def test_by_default_every_tool_is_offered() -> None:
    assert names(ToolSelection()) == set(TOOLS)
    assert {spec.category for spec in TOOLS.values()} == set(CATEGORIES)


def test_toolsets_offer_their_categories_only() -> None:
    chosen = selection_from_headers({"x-mcp-toolsets": "compliance, sales"}, TOOLS)
    offered = names(chosen)
    assert "needs_attention" in offered and "list_active_sales_receipts" in offered
    assert {TOOLS[name].category for name in offered} == {"compliance", "sales"}


def test_read_only_hides_every_write_even_from_an_allow_list() -> None:
    chosen = selection_from_headers(
        {"x-mcp-tools": "adjust_package,get_package", "x-mcp-readonly": "true"}, TOOLS
    )
    assert names(chosen) == {"get_package"}
    read_only = names(ToolSelection(read_only=True))
    writes = {name for name, spec in TOOLS.items() if not spec.read_only}
    assert writes and not read_only & writes
    assert {"create_package", "finish_packages", "destroy_plants"} <= writes


def test_an_allow_list_names_tools_exactly_across_toolsets() -> None:
    chosen = selection_from_headers(
        {"x-mcp-tools": "fifo,list_facilities", "x-mcp-toolsets": "sales"}, TOOLS
    )
    assert names(chosen) == {"fifo", "list_facilities"}


@pytest.mark.parametrize(
    ("headers", "named"),
    [
        ({"x-mcp-toolsets": "packages,nonsense"}, "nonsense"),
        ({"x-mcp-tools": "list_packges"}, "list_packges"),
    ],
)
def test_unknown_names_are_refused_and_named(headers: dict[str, str], named: str) -> None:
    with pytest.raises(SelectionError, match=named):
        selection_from_headers(headers, TOOLS)


def test_all_or_empty_means_everything() -> None:
    assert names(selection_from_headers({"x-mcp-toolsets": "all"}, TOOLS)) == set(TOOLS)
    assert names(selection_from_headers({"x-mcp-tools": " , "}, TOOLS)) == set(TOOLS)


def test_the_process_selection_comes_from_the_settings(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, mcp_toolsets=["compliance"], mcp_read_only=True)
    assert selection_from_settings(settings, TOOLS) == ToolSelection(
        toolsets=frozenset({"compliance"}), read_only=True
    )
    assert {spec.name for spec in offered_tools(settings)} == {
        "needs_attention",
        "audit_ready",
        "fifo",
        "compliance_check",
        "expiration_tracker",
        "purchase_limit_check",
        "late_sales",
        "credential_expiry",
        "count_reconciliation",
        "fefo",
    }
    with pytest.raises(SelectionError, match="packagez"):
        offered_tools(Settings(data_dir=tmp_path, mcp_toolsets=["packagez"]))
