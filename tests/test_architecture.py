"""The layout's rules, read from the source: no import cycle between packages, the domain
never reaches into the web layer, `llm/` stays transport only, `plans` stays a leaf, and no
module is over 400 lines."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src" / "trichome"
# The edge: services, the HTTP kit they share, and the command line. Nothing else imports them.
EDGE = ("services", "http", "cli")
# The longest a module under src/ may be. There are no exceptions: a table of data that
# outgrows it becomes a data file (TOML, JSONL) read at run time, as the knowledge packs and
# agents/data/ are.
MAX_MODULE_LINES = 400


def _package(parts: tuple[str, ...]) -> str:
    """The unit the rules speak of: a top-level package (`agents`), or one service
    (`services.chat`), for a module's path inside `trichome`."""
    head = parts[0].removesuffix(".py")
    if head == "services" and len(parts) > 1 and parts[1] != "__init__.py":
        return f"services.{parts[1].removesuffix('.py')}"
    return head


def _imports() -> Iterator[tuple[str, str, str]]:
    """(importing module's path, its package, imported package) for every import of trichome
    code from another package, including imports inside functions."""
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(SOURCE)
        source = _package(relative.parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                parts = tuple(name.split("."))
                if parts[0] == "trichome" and len(parts) > 1:
                    target = _package(parts[1:])
                    if target != source:
                        yield str(relative), source, target


def _graph() -> dict[str, dict[str, set[str]]]:
    """package -> imported package -> the modules that import it."""
    graph: dict[str, dict[str, set[str]]] = {}
    for module, source, target in _imports():
        graph.setdefault(source, {}).setdefault(target, set()).add(module)
    return graph


def _cycles(graph: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """The strongly connected groups of more than one package (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for neighbour in graph.get(node, {}):
            if neighbour not in index:
                visit(neighbour)
                low[node] = min(low[node], low[neighbour])
            elif neighbour in on_stack:
                low[node] = min(low[node], index[neighbour])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    nodes = set(graph) | {target for targets in graph.values() for target in targets}
    for node in sorted(nodes):
        if node not in index:
            visit(node)
    return groups


def test_no_two_packages_import_each_other_even_through_others() -> None:
    graph = _graph()
    explained = [
        f"{' <-> '.join(group)}: "
        + "; ".join(
            f"{a} -> {b} in {sorted(graph[a][b])}"
            for a in group
            for b in group
            if b in graph.get(a, {})
        )
        for group in _cycles(graph)
    ]
    assert explained == []


def test_the_cycle_check_finds_a_cycle_through_a_third_package() -> None:
    graph = {"a": {"b": {"a/x.py"}}, "b": {"c": {"b/y.py"}}, "c": {"a": {"c/z.py"}}, "d": {}}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_the_domain_never_imports_services_http_or_the_command_line() -> None:
    reaching = sorted(
        f"{module} imports trichome.{target}"
        for module, source, target in _imports()
        if source.split(".")[0] not in EDGE and target.split(".")[0] in EDGE
    )
    assert reaching == []


def test_no_web_framework_outside_the_edge() -> None:
    web = ("fastapi", "starlette", "uvicorn")
    reaching = []
    for path in sorted(SOURCE.rglob("*.py")):
        relative = path.relative_to(SOURCE)
        if relative.parts[0] in EDGE:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            reaching += [f"{relative} imports {n}" for n in names if n.split(".")[0] in web]
    assert reaching == []


def test_llm_is_transport_only_and_plans_is_a_leaf() -> None:
    imported = _graph()
    assert set(imported.get("llm", {})) <= {"config"}
    assert set(imported.get("plans", {})) == set()


def _long_modules(root: Path, limit: int) -> list[str]:
    """Every Python module under `root` longer than `limit` lines, with its length."""
    found = []
    for path in sorted(root.rglob("*.py")):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > limit:
            found.append(f"{path.relative_to(root)}: {lines} lines")
    return found


def test_no_module_under_src_is_over_400_lines() -> None:
    # Split a module that grows past this along a seam (see docs/architecture.md, Rules).
    assert _long_modules(SOURCE.parent, MAX_MODULE_LINES) == []


def test_the_length_check_finds_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "short.py").write_text("x = 1\n" * MAX_MODULE_LINES, encoding="utf-8")
    (tmp_path / "pkg" / "long.py").write_text("x = 1\n" * 401, encoding="utf-8")
    (tmp_path / "pkg" / "data.toml").write_text("x = 1\n" * 500, encoding="utf-8")
    assert _long_modules(tmp_path, MAX_MODULE_LINES) == ["pkg/long.py: 401 lines"]
