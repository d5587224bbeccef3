"""Regenerate the generated tables of the docs (`make docs`): the README's settings, the
knowledge packs' coverage, docs/api.md's client compatibility table and
docs/metrc-coverage.md's table of Metrc v2 operations."""

from __future__ import annotations

import re
import sys
import tempfile
from pathlib import Path

from trichome.agents.calculator_tool_definitions import TOOLS as CALCULATOR_TOOLS
from trichome.config import settings_reference
from trichome.knowledge.packs import coverage_table, load_packs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the compatibility table is read from the test suite

from tests.support.compat import collected_markers, compatibility_table  # noqa: E402

from scripts.metrc_coverage import coverage_table as metrc_coverage_table  # noqa: E402

README = ROOT / "README.md"
API_DOCS = ROOT / "docs" / "api.md"
METRC_COVERAGE = ROOT / "docs" / "metrc-coverage.md"
KNOWLEDGE_README = ROOT / "src" / "trichome" / "knowledge" / "README.md"


def _replace(text: str, name: str, generated: str) -> str:
    section = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
    return section.sub(lambda m: f"{m.group(1)}{generated}\n{m.group(2)}", text)


def synced(text: str) -> str:
    """The README text with its settings section replaced by the generated table."""
    return _replace(text, "settings", settings_reference())


def calculator_tools_table() -> str:
    """Every calculator function tool of the `openai` engine, with what it works out."""
    rows = ["| Tool | Works out |", "| --- | --- |"]
    for tool in CALCULATOR_TOOLS:
        function = tool["function"]
        described = " ".join(function["description"].split()).replace("|", "\\|")
        rows.append(f"| `{function['name']}` | {described} |")
    return "\n".join(rows)


def synced_calculator_tools(text: str) -> str:
    """The README with its list of calculator tools regenerated from their definitions."""
    return _replace(text, "calculator-tools", calculator_tools_table())


def synced_knowledge(text: str) -> str:
    """The knowledge README with its coverage table regenerated from the packs."""
    return _replace(text, "coverage", coverage_table(load_packs()))


def synced_compatibility(text: str) -> str:
    """docs/api.md with its compatibility table regenerated from the tests' markers."""
    with tempfile.TemporaryDirectory() as scratch:
        pairs = collected_markers(Path(scratch) / "markers.json")
    return _replace(text, "compatibility", compatibility_table(pairs))


def synced_metrc_coverage(text: str) -> str:
    """docs/metrc-coverage.md with its table regenerated from the client, sandbox and tools."""
    return _replace(text, "metrc-coverage", metrc_coverage_table())


def main() -> int:
    for path, sync in (
        (README, synced),
        (README, synced_calculator_tools),
        (KNOWLEDGE_README, synced_knowledge),
        (API_DOCS, synced_compatibility),
        (METRC_COVERAGE, synced_metrc_coverage),
    ):
        text = path.read_text(encoding="utf-8")
        updated = sync(text)
        if updated != text:
            path.write_text(updated, encoding="utf-8")
            print(f"{path.relative_to(ROOT)}: generated table updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
