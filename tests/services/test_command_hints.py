"""Every page that tells a user to run a command names it as the README does,
`.venv/bin/trichome …`: on a fresh clone, a bare `trichome` is "command not found"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trichome import services

SERVICES = Path(services.__file__).parent
# `trichome` followed by a word, not preceded by a path (`.venv/bin/`) or part of a name.
BARE_COMMAND = re.compile(r"(?<![\w./-])trichome (?=[a-z])")
PAGES = sorted(path for path in SERVICES.rglob("*.html") if "node_modules" not in path.parts)


def test_the_readme_names_the_command_as_the_pages_do() -> None:
    readme = (SERVICES.parents[2] / "README.md").read_text(encoding="utf-8")
    assert "run it as\n`.venv/bin/trichome`" in readme


def test_there_are_pages_to_check() -> None:
    names = {path.name for path in PAGES}
    assert {"login.html", "invitation.html", "authorize_sign_in.html"} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda path: str(path.relative_to(SERVICES)))
def test_no_page_tells_the_user_to_type_a_bare_trichome(page: Path) -> None:
    bare = [
        line.strip()
        for line in page.read_text(encoding="utf-8").splitlines()
        if BARE_COMMAND.search(line)
    ]
    assert bare == [], f"write `.venv/bin/trichome …` as the README does: {bare}"


def test_the_pattern_tells_a_bare_command_from_the_venv_one() -> None:
    assert BARE_COMMAND.search("run <code>trichome dashboard login-link</code>")
    assert not BARE_COMMAND.search("run <code>.venv/bin/trichome dashboard login-link</code>")
    assert not BARE_COMMAND.search("the trichome_session cookie")
