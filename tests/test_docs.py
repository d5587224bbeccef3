"""The docs cover the code: every setting, every CLI command, every route."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from scripts.sync_docs import (
    KNOWLEDGE_README,
    METRC_COVERAGE,
    README,
    synced,
    synced_calculator_tools,
    synced_compatibility,
    synced_knowledge,
    synced_metrc_coverage,
)

from trichome.cli import build_parser
from trichome.config import Settings
from trichome.services.chat.app import create_app

API_DOCS = Path(__file__).resolve().parent.parent / "docs" / "api.md"


def test_the_readme_settings_table_matches_the_settings_object() -> None:
    text = README.read_text(encoding="utf-8")
    assert synced(text) == text, "run `make docs` to regenerate the README's settings table"
    for name in Settings.model_fields:
        assert f"`TRICHOME_{name.upper()}`" in text


def test_the_readme_lists_every_calculator_tool() -> None:
    text = README.read_text(encoding="utf-8")
    assert synced_calculator_tools(text) == text, (
        "run `make docs` to regenerate the README's list of calculator tools"
    )
    assert "| `trichome_price_per_ounce` |" in text  # the table is filled, not left empty


def test_the_knowledge_coverage_table_matches_the_packs() -> None:
    text = KNOWLEDGE_README.read_text(encoding="utf-8")
    assert synced_knowledge(text) == text, "run `make docs` to regenerate the coverage table"


def test_the_compatibility_table_matches_the_client_tests() -> None:
    text = API_DOCS.read_text(encoding="utf-8")
    assert synced_compatibility(text) == text, (
        "run `make docs` to regenerate docs/api.md's compatibility table from the tests"
    )


def test_the_metrc_coverage_table_matches_the_code() -> None:
    text = METRC_COVERAGE.read_text(encoding="utf-8")
    assert synced_metrc_coverage(text) == text, (
        "run `make docs` to regenerate docs/metrc-coverage.md from the client, sandbox and tools"
    )


def _commands(parser: argparse.ArgumentParser, prefix: str = "trichome") -> list[str]:
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append(f"{prefix} {name}")
                found.extend(_commands(sub, f"{prefix} {name}"))
    return found


def test_every_cli_command_is_in_the_readme() -> None:
    text = README.read_text(encoding="utf-8")
    commands = _commands(build_parser())
    assert "trichome keys create" in commands
    missing = [command for command in commands if f"`{command}" not in text]
    assert not missing, f"commands missing from README.md: {missing}"


def test_every_route_is_in_the_api_docs() -> None:
    text = API_DOCS.read_text(encoding="utf-8")
    schema = create_app(Settings()).openapi()
    missing = [path for path in schema["paths"] if path not in text]
    assert not missing, f"routes missing from docs/api.md: {missing}"


DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_every_tool_and_skill_is_documented() -> None:
    from trichome.metrc.tools import load_all

    tools = load_all()
    text = (DOCS / "tools.md").read_text(encoding="utf-8")
    skills = (DOCS / "skills.md").read_text(encoding="utf-8")
    missing = [
        name for name, spec in tools.items() if f"`{name}`" not in (skills if spec.skill else text)
    ]
    assert not missing, f"tools missing from docs/tools.md or docs/skills.md: {missing}"


def test_every_tool_server_route_is_in_the_api_docs() -> None:
    from trichome.services.toolserver.app import create_app as create_toolserver

    text = API_DOCS.read_text(encoding="utf-8")
    schema = create_toolserver(Settings()).openapi()
    missing = [path for path in [*schema["paths"], "/api/mcp"] if path not in text]
    assert not missing, f"tool server routes missing from docs/api.md: {missing}"


def test_the_readme_counts_the_tools_truly() -> None:
    from collections import Counter

    from trichome.metrc.tools import load_all

    tools = load_all()
    text = " ".join(README.read_text(encoding="utf-8").split())
    per_category = Counter(spec.category for spec in tools.values() if not spec.skill)
    assert f"the same {len(tools)} MCP tools" in text
    assert f"**{sum(per_category.values())} track-and-trace tools**" in text
    for category, count in per_category.items():
        assert f"{category.replace('_', ' ')} {count}" in text, category


WIDGET_LOADER = (
    Path(__file__).resolve().parent.parent / "src/trichome/services/kb/widget/src/widget.js"
)


def test_every_widget_option_is_in_the_readme() -> None:
    defaults = WIDGET_LOADER.read_text(encoding="utf-8").split("const DEFAULTS = {", 1)[1]
    names = re.findall(r"^\s+(\w+):", defaults.split("};", 1)[0], re.MULTILINE)
    assert {"position", "theme", "primaryColor", "apiBase"} <= set(names)
    text = README.read_text(encoding="utf-8")
    for name in names:
        attribute = "data-" + re.sub(r"[A-Z]", lambda upper: f"-{upper.group().lower()}", name)
        assert f"| `{attribute}` | `{name}` |" in text, (
            f"widget option {name} missing from README.md"
        )


def test_the_readmes_tool_counts_match_the_registry() -> None:
    """Every count of tools the README states is the registry's own, so a reader choosing
    between the systems is not told a number from an older release."""
    from collections import Counter

    from trichome.metrc.tools.registry import load_all

    specs = list(load_all().values())
    tools = [spec for spec in specs if not spec.skill]
    metrc = sum("metrc" in spec.systems for spec in tools)
    biotrack = sum("biotrack" in spec.systems for spec in tools)
    skills = sum(spec.skill for spec in specs)
    text = README.read_text(encoding="utf-8")
    stated = {
        r"Metrc \((\d+) tools\)": metrc,
        r"BioTrack \((\d+) tools\)": biotrack,
        r"(\d+) Metrc tools": metrc,
        r"(\d+) BioTrack tools": biotrack,
        r"(\d+) analysis skills": skills,
        r"register the same (\d+) MCP": len(specs),
        r"(\d+) on Metrc": metrc + skills,
        r"(\d+) on BioTrack": biotrack + skills,
        r"(\d+) track-and-trace tools\*\*": len(tools),
    }
    for pattern, count in stated.items():
        found = re.findall(pattern, text)
        assert found, f"the README no longer states {pattern!r}"
        assert {int(number) for number in found} == {count}, (pattern, found, count)
    per_toolset = Counter(spec.category for spec in tools)
    listed = re.search(r"eleven toolsets — (.+?) —", text, re.S)
    assert listed is not None
    named = dict(re.findall(r"([a-z][a-z ]+?) (\d+)", " ".join(listed.group(1).split())))
    assert {name.strip().replace(" ", "_"): int(n) for name, n in named.items()} == dict(
        per_toolset
    )
