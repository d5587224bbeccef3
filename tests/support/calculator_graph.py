"""Which calculators each engine can reach, read from the source rather than listed by hand.

A *calculator* is a module-level function of `trichome.agents` that builds a `Calculation`
itself (calls `Calculation(...)`); `calculators.chain`, which only strings finished
calculations together, is not one. A reference graph joins every module-level function,
class and assignment of the package to the names it mentions (called, passed or stored in a
table), following imports and module aliases. The grounded engine can run the calculators
reachable from its reader registry, `calculation_intents.READERS`; the `openai` engine the
ones reachable from `calculator_tools.run_tool`, the function its tool calls go through, never
passing through a function that needs a read `Question` (a tool call has none).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = "trichome.agents"
ROOT = Path(__file__).resolve().parents[2] / "src" / "trichome" / "agents"
# Strings finished calculations into one; it computes nothing of its own.
COMBINATORS = frozenset({("calculators", "chain")})

Node = tuple[str, str]  # (module under trichome.agents, top-level name)


@dataclass
class Graph:
    """Top-level definitions, what each mentions, and which build a `Calculation`."""

    edges: dict[Node, set[Node]] = field(default_factory=dict)
    builders: set[Node] = field(default_factory=set)
    needs_question: set[Node] = field(default_factory=set)

    def reachable(self, starts: Iterable[Node], *, through_questions: bool) -> set[Node]:
        """The calculators reachable from `starts`."""
        seen: set[Node] = set()
        todo = list(starts)
        while todo:
            node = todo.pop()
            if node in seen or node not in self.edges:
                continue
            seen.add(node)
            if not through_questions and node in self.needs_question:
                continue
            todo.extend(self.edges[node])
        return {node for node in seen if node in self.builders} - COMBINATORS


def _module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


def _aliases(tree: ast.Module, module: str) -> tuple[dict[str, Node], dict[str, str]]:
    """Names imported from the package: functions and constants, and whole modules."""
    names: dict[str, Node] = {}
    modules: dict[str, str] = {}
    package = module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            source = node.module
            if node.level:  # a relative import inside a subpackage
                source = ".".join(filter(None, [PACKAGE, package, node.module]))
            if source == PACKAGE:
                for alias in node.names:
                    modules[alias.asname or alias.name] = alias.name
            elif source.startswith(PACKAGE + "."):
                inner = source.removeprefix(PACKAGE + ".")
                for alias in node.names:
                    names[alias.asname or alias.name] = (inner, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + ".") and alias.asname:
                    modules[alias.asname] = alias.name.removeprefix(PACKAGE + ".")
    return names, modules


def _definitions(tree: ast.Module) -> dict[str, list[ast.AST]]:
    found: dict[str, list[ast.AST]] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found.setdefault(node.name, []).append(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(node)
    return found


def _takes_question(node: ast.AST) -> bool:
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return False
    annotated = [a.annotation for a in node.args.args if a.annotation is not None]
    return any("Question" in ast.unparse(a) for a in annotated)


def _builds(node: ast.AST) -> bool:
    return any(
        isinstance(inner, ast.Call) and ast.unparse(inner.func) == "Calculation"
        for inner in ast.walk(node)
    )


def build(root: Path = ROOT) -> Graph:
    """The reference graph of every module of `trichome.agents` (kept at `root`)."""
    graph = Graph()
    parsed = {_module_name(p, root): ast.parse(p.read_text()) for p in sorted(root.rglob("*.py"))}
    local = {module: _definitions(tree) for module, tree in parsed.items()}
    for module, tree in parsed.items():
        names, modules = _aliases(tree, module)
        for name, nodes in local[module].items():
            key = (module, name)
            targets = graph.edges.setdefault(key, set())
            for node in nodes:
                if _takes_question(node):
                    graph.needs_question.add(key)
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _builds(node):
                    graph.builders.add(key)
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Name):
                        if inner.id in local[module] and inner.id != name:
                            targets.add((module, inner.id))
                        elif inner.id in names:
                            targets.add(names[inner.id])
                    elif (
                        isinstance(inner, ast.Attribute)
                        and isinstance(inner.value, ast.Name)
                        and inner.value.id in modules
                    ):
                        targets.add((modules[inner.value.id], inner.attr))
    return graph


def grounded_calculators(graph: Graph) -> set[Node]:
    """The calculators the grounded engine's reader registry can run."""
    return graph.reachable([("calculation_intents", "READERS")], through_questions=True)


def tool_calculators(graph: Graph) -> set[Node]:
    """The calculators the `openai` engine's function tools can run."""
    return graph.reachable([("calculator_tools", "run_tool")], through_questions=False)


def shown(nodes: Iterable[Node]) -> list[str]:
    return sorted(f"{module}.{name}" for module, name in nodes)
