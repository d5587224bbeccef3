"""How much of Metrc the documented fixtures cover, so the figures cannot silently drop.

Counted from the files, not from a run: an operation is covered when a fixture under
tests/metrc/fixtures/documented names it (`"operation": "GET /path"`), and a tool is
fixture-tested when a test here calls it on those fixtures (`run(module.tool, ...)`, or
awaits it directly inside `using(...)`). A write tool counts as well (it is tested on the
fixture server, which checks its body against the documented one, writes.py), and a write
operation is checked when its fixture carries the documented body shape. Raise the floors
when coverage grows (issue 22).
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

from trichome.metrc.operations import Operation, catalogue, path_shape
from trichome.metrc.tools.registry import load_all

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures" / "documented"

# The figures measured when each floor was last raised; lower them only with a reason.
TOOLS_FLOOR = 252
OPERATIONS_FLOOR = 274
READS_FLOOR = 130
WRITE_TOOLS_FLOOR = 122
CHECKED_WRITES_FLOOR = 142


def _named(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Name):
        return node.id
    return None


def fixture_tested_tools() -> set[str]:
    """The registered tools the tests in this directory name: as a function (`run(packages.
    list_active_packages, ...)`) or by its registered name (`TOOLS["fifo"]`)."""
    tools = set(load_all())
    named: set[str] = set()
    for file in HERE.glob("test_*.py"):
        if file.name == Path(__file__).name:
            continue
        for node in ast.walk(ast.parse(file.read_text("utf-8"))):
            if isinstance(node, ast.Attribute | ast.Name):
                named.add(_named(node) or "")
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                named.add(node.value)
    return named & tools


def operation_of(text: str) -> Operation | None:
    """The documented operation a fixture's `"operation"` names: the one of the same template
    (`/transfers/v2/{id}/deliveries`; `{label}` apart from `{id}`), else the one a concrete path fits, a literal path
    (`/packages/v2/active`) before a placeholder (`/packages/v2/{id}`)."""
    method, path = text.split(" ", 1)
    path = path.split("?")[0].rstrip("/") or "/"
    operations = [o for o in catalogue().operations if o.method == method]
    # The template as written first: /plants/v2/{id} and /plants/v2/{label} share one shape.
    for operation in operations:
        if operation.path.rstrip("/") == path:
            return operation
    for operation in operations:
        if operation.shape == (method, path_shape(path)):
            return operation
    fits = [o for o in operations if o.pattern().match(path)]
    return min(fits, key=lambda o: o.path.count("{"), default=None)


def covered_operations() -> set[Operation]:
    """The documented operations some fixture answers (or, for a write, was written for)."""
    found = {
        operation_of(json.loads(file.read_text("utf-8"))["operation"])
        for file in FIXTURES.rglob("*.json")
    }
    return {operation for operation in found if operation is not None}


def test_the_count_of_fixture_tested_tools_does_not_drop() -> None:
    tested = fixture_tested_tools()

    print(f"fixture-tested tools: {len(tested)} of {len(load_all())}")
    assert len(tested) >= TOOLS_FLOOR, sorted(tested)


def test_the_count_of_operations_with_fixtures_does_not_drop() -> None:
    covered = covered_operations()
    reads = {operation for operation in covered if operation.method == "GET"}

    total = len(catalogue().operations)
    print(f"operations with fixtures: {len(covered)} of {total}; reads {len(reads)}")
    assert len(covered) >= OPERATIONS_FLOOR and len(reads) >= READS_FLOOR


def test_every_fixture_names_a_documented_operation() -> None:
    for file in FIXTURES.rglob("*.json"):
        assert operation_of(json.loads(file.read_text("utf-8"))["operation"]), file.name


def checked_writes() -> set[Operation]:
    """The write operations whose fixture carries Metrc's documented body shape."""
    found = set()
    for file in FIXTURES.rglob("*.json"):
        document = json.loads(file.read_text("utf-8"))
        if "body_shape" in document:
            found.add(operation_of(document["operation"]))
    return {operation for operation in found if operation is not None}


def test_the_count_of_write_tools_and_checked_writes_does_not_drop() -> None:
    writes = {name for name, spec in load_all().items() if not spec.read_only}
    tested = fixture_tested_tools() & writes
    checked = checked_writes()

    print(f"write tools tested: {len(tested)} of {len(writes)}; checked writes: {len(checked)}")
    assert len(tested) >= WRITE_TOOLS_FLOOR, sorted(writes - tested)
    assert len(checked) >= CHECKED_WRITES_FLOOR
    assert all(operation.method != "GET" for operation in checked)
