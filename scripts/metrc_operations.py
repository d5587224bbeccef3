"""Derive Metrc v2's operations (method, path template, category, states) from Metrc's
Postman collections as the public repository thunkier/ThunkMetrc captured them, and write
`src/trichome/metrc/data/operations.toml`.

Run by hand, when Metrc publishes new operations; nothing runs this at run time or in tests:

    git clone https://github.com/thunkier/ThunkMetrc /tmp/ThunkMetrc
    python scripts/metrc_operations.py /tmp/ThunkMetrc

The collections are `specs/source/scraped/postman/{state}.json`, one per state Metrc
serves; an operation is in the union if any state's v2 folder has it, and the states that
have it are recorded when they are not all of them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "src" / "trichome" / "metrc" / "data" / "operations.toml"
COLLECTIONS = "specs/source/scraped/postman"


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True
    ).stdout


def _template(url: dict[str, object]) -> str:
    """A Postman URL as a path template: `{{Metrc.api.server}}/x/v2` + ["{{id}}"] -> /x/v2/{id}."""
    host = str(url["host"][0])  # type: ignore[index]
    base = re.sub(r"^\{\{[^}]+\}\}", "", host)
    parts = [str(part) for part in url.get("path", []) if part]  # type: ignore[attr-defined]
    return re.sub(r"\{\{(\w+)\}\}", r"{\1}", "/".join([base, *parts]))


def derive(repo: Path) -> tuple[str, list[str], dict[tuple[str, str], dict[str, object]]]:
    """The repository's commit, its states, and every v2 operation with the states having it."""
    commit = _git(repo, "rev-parse", "HEAD").strip()
    names = _git(repo, "ls-tree", "--name-only", f"HEAD:{COLLECTIONS}").split()
    states = sorted(name.removesuffix(".json").upper() for name in names if name.endswith(".json"))
    found: dict[tuple[str, str], dict[str, object]] = {}
    for state in states:
        collection = json.loads(_git(repo, "show", f"HEAD:{COLLECTIONS}/{state.lower()}.json"))
        for version in collection["item"]:
            if version["name"] != "v2":
                continue
            for category in version["item"]:
                for operation in category["item"]:
                    request = operation["request"]
                    key = (request["method"], _template(request["url"]))
                    entry = found.setdefault(
                        key,
                        {"category": category["name"], "name": operation["name"], "states": []},
                    )
                    entry["states"].append(state)  # type: ignore[attr-defined]
    return commit, states, found


def render(commit: str, states: list[str], found: dict[tuple[str, str], dict[str, object]]) -> str:
    """The TOML text: a header naming the source, then one line per operation."""
    lines = [
        "# Metrc v2's operations: the union of the v2 folders of Metrc's Postman collections for",
        f"# {len(states)} states, as captured in github.com/thunkier/ThunkMetrc at commit",
        f"# {commit}, {COLLECTIONS}/{{state}}.json.",
        "# Written by scripts/metrc_operations.py (run by hand); edit by re-running it.",
        "# `states` is given only where an operation is not in every state's collection.",
        "",
        f'source = "https://github.com/thunkier/ThunkMetrc/tree/{commit}/{COLLECTIONS}"',
        f"states = [{', '.join(json.dumps(state) for state in states)}]",
        "",
        "operations = [",
    ]
    order = sorted(found, key=lambda key: (str(found[key]["category"]), key[1], key[0]))
    for method, path in order:
        entry = found[(method, path)]
        having = sorted(entry["states"])  # type: ignore[call-overload]
        fields = [
            f"category = {json.dumps(entry['category'])}",
            f"name = {json.dumps(entry['name'])}",
            f"method = {json.dumps(method)}",
            f"path = {json.dumps(path)}",
        ]
        if having != states:
            fields.append(f"states = [{', '.join(json.dumps(state) for state in having)}]")
        lines.append(f"  {{ {', '.join(fields)} }},")
    lines.append("]")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    commit, states, found = derive(Path(argv[0]))
    TARGET.write_text(render(commit, states, found), encoding="utf-8")
    print(f"{TARGET.relative_to(ROOT)}: {len(found)} operations from {len(states)} states")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
