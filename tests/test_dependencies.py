"""Installing without the lock gives a working server: every third-party module the code
imports comes from a distribution pyproject.toml declares (directly, or through an extra it
asks for), not from one that happens to be installed as another's dependency."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / "trichome"


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _declared() -> set[str]:
    """The distributions `pip install .` is asked for: the declared ones and their extras'."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names: set[str] = set()
    for line in project["dependencies"]:
        requirement = Requirement(line)
        names.add(_canonical(requirement.name))
        for extra in requirement.extras:
            for needed in importlib.metadata.requires(requirement.name) or []:
                pulled = Requirement(needed)
                if pulled.marker is not None and pulled.marker.evaluate({"extra": extra}):
                    names.add(_canonical(pulled.name))
    return names


def _imported() -> dict[str, list[str]]:
    """Each top-level module imported anywhere under src/ (also inside functions), with
    the files that import it."""
    found: dict[str, list[str]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                if top != "trichome" and top not in sys.stdlib_module_names:
                    found.setdefault(top, []).append(str(path.relative_to(ROOT)))
    return found


def test_every_third_party_import_is_declared() -> None:
    declared = _declared()
    owners = importlib.metadata.packages_distributions()
    imported = _imported()
    assert {"fastapi", "sqlalchemy", "swagger_ui_bundle"} <= imported.keys()
    undeclared = {
        module: (owners.get(module), files[0])
        for module, files in imported.items()
        if not declared & {_canonical(name) for name in owners.get(module, [])}
    }
    assert not undeclared, (
        f"imported in src/ but not declared in pyproject.toml's dependencies: {undeclared}"
    )


def test_what_dependencies_import_at_run_time_is_declared_too() -> None:
    """lxml moved `lxml.html.clean` to lxml_html_clean; justext (trafilatura's) imports it,
    and the pip of Python 3.11 does not install it from justext's extra."""
    assert "lxml-html-clean" in _declared()
    import lxml.html.clean  # noqa: F401  # fails when lxml_html_clean is missing
