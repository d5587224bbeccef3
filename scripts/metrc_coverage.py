"""What of Metrc v2 the code covers: the client's methods, the sandbox's routes and the tools,
each compared with the documented operations (`trichome.metrc.operations`).

Everything is read from the code: the client's methods are called against a transport that
records the requests they send; the sandbox's routes are read from its application; a tool
reaches an operation when its function, or a function of ours it refers to, refers to a
client method that sends it. `scripts/sync_docs.py` writes the table into
docs/metrc-coverage.md and tests/test_docs.py fails when it is stale.
"""

from __future__ import annotations

import ast
import asyncio
import inspect
import textwrap
import types
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import httpx

from trichome.config import Settings
from trichome.metrc.base import MetrcBaseClient
from trichome.metrc.client import MetrcClient
from trichome.metrc.credentials import MetrcCredentials
from trichome.metrc.errors import MetrcError
from trichome.metrc.operations import Operation, catalogue, match, path_shape
from trichome.metrc.tools import load_all
from trichome.metrc.tools.without_tools import WITHOUT_TOOLS

Key = tuple[str, str]  # method, path template


def client_methods() -> list[str]:
    """The client's named methods (not the generic get/list/post/put/delete)."""
    return sorted(
        name
        for name, fn in inspect.getmembers(MetrcClient, inspect.iscoroutinefunction)
        if not name.startswith("_") and not hasattr(MetrcBaseClient, name)
    )


def _argument(parameter: inspect.Parameter) -> Any:
    annotation = str(parameter.annotation)
    if "Sequence[int]" in annotation:
        return [1]
    if "Sequence[str]" in annotation:
        return ["1A4000000000000000000001"]
    if "Sequence" in annotation:
        return [{}]
    if "Mapping" in annotation:  # one object as the body
        return {}
    if parameter.name.endswith("_id") or annotation == "int":
        return 1
    return "LIC-1" if parameter.name == "license_number" else "1A4000000000000000000001"


def _calls(fn: Callable[..., Any]) -> Iterator[dict[str, Any]]:
    """Keyword arguments for calling a client method: the required ones, then each way of
    naming one record (`package_id=` or `label=`) on its own."""
    required: dict[str, Any] = {}
    choices: list[inspect.Parameter] = []
    for parameter in inspect.signature(fn).parameters.values():
        if parameter.default is inspect.Parameter.empty:
            required[parameter.name] = _argument(parameter)
        elif parameter.name.endswith("_id") or parameter.name == "label":
            choices.append(parameter)
    yield required
    for parameter in choices:
        yield required | {parameter.name: _argument(parameter)}


async def _record_client() -> dict[str, set[Key]]:
    sent: list[tuple[str, str]] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append((request.method, request.url.path))
        return httpx.Response(200)

    reached: dict[str, set[Key]] = {}
    async with MetrcClient(
        "http://metrc.test",
        credentials=MetrcCredentials("vendor", "user"),
        transport=httpx.MockTransport(answer),
        max_gets_per_second_per_facility=None,
    ) as client:
        for name in client_methods():
            sent.clear()
            method = getattr(client, name)
            for arguments in _calls(method):
                try:
                    await method(**arguments)
                except ValueError:
                    continue  # a call naming none or two of the record's keys
                except MetrcError:
                    continue  # an empty answer is no file; the request was sent all the same
            reached[name] = {(op.method, op.path) for call in sent for op in match(*call)}
    return reached


def client_reach() -> dict[str, set[Key]]:
    """Each client method and the documented operations its requests are."""
    return asyncio.run(_record_client())


def sandbox_routes() -> set[Key]:
    """The sandbox's routes as (method, path shape), from its OpenAPI description."""
    from trichome.services.sandbox.app import create_app

    routes: set[Key] = set()
    for path, methods in create_app(Settings()).openapi()["paths"].items():
        routes.update((method.upper(), path_shape(path)) for method in methods)
    return routes


def _referenced(fn: Any, client_names: set[str], seen: set[Any], found: set[str]) -> None:
    """Collect the client methods `fn` refers to, directly or through our own functions and
    the classes whose methods it may call (a skill's `FacilityData`)."""
    if fn in seen:
        return
    seen.add(fn)
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    except (OSError, TypeError):
        return
    if isinstance(fn, type):
        # Its own methods and those it inherits from our classes (FacilityData's base).
        for owner in (klass for klass in fn.__mro__ if klass is fn or _ours(klass)):
            for member in vars(owner).values():
                target = getattr(member, "fget", member)
                if inspect.isfunction(target):
                    _referenced(target, client_names, seen, found)
        return
    scope = getattr(fn, "__globals__", {})
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in client_names:
            found.add(node.attr)
        if isinstance(node, ast.Name | ast.Attribute):
            target = _resolve(node, scope)
            if _ours(target):
                _referenced(target, client_names, seen, found)


def _resolve(node: ast.expr, scope: dict[str, Any]) -> Any:
    if isinstance(node, ast.Name):
        return scope.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, scope)
        if isinstance(owner, types.ModuleType | type):
            return getattr(owner, node.attr, None)
    return None


def _ours(target: Any) -> bool:
    module = getattr(target, "__module__", "") or ""
    return (inspect.isfunction(target) or inspect.isclass(target)) and module.startswith(
        ("trichome.metrc.tools", "trichome.metrc.skills")
    )


@dataclass(frozen=True, slots=True)
class Coverage:
    """Per documented operation: the client methods, the sandbox, the tools and skills."""

    operations: tuple[Operation, ...]
    client: dict[Key, list[str]]
    sandbox: set[Key]
    tools: dict[Key, list[str]]
    skills: set[Key]


def coverage() -> Coverage:
    """Compare the code with Metrc v2's documented operations."""
    reach = client_reach()
    client: dict[Key, list[str]] = defaultdict(list)
    for name, keys in reach.items():
        for key in keys:
            client[key].append(name)
    names = set(reach)
    tools: dict[Key, list[str]] = defaultdict(list)
    skills: set[Key] = set()
    for tool_name, spec in load_all().items():
        found: set[str] = set()
        _referenced(spec.fn, names, set(), found)
        for key in {key for name in found for key in reach[name]}:
            if spec.skill:
                skills.add(key)
            else:
                tools[key].append(tool_name)
    routes = sandbox_routes()
    operations = catalogue().operations
    served = {(op.method, op.path) for op in operations if op.shape in routes}
    return Coverage(operations, dict(client), served, dict(tools), skills)


def _states(operation: Operation, every: tuple[str, ...]) -> str:
    if not operation.states:
        return "all"
    missing = sorted(set(every) - set(operation.states))
    if len(missing) < len(operation.states):
        return "all but " + ", ".join(missing)
    return ", ".join(operation.states)


def coverage_table(found: Coverage | None = None) -> str:
    """The Markdown coverage table: totals, then one row per documented operation."""
    found = found or coverage()
    every = catalogue().states
    total = len(found.operations)
    keys = [(op.method, op.path) for op in found.operations]
    reached = {key for key in keys if key in found.tools or key in found.skills}
    untooled = [key for key in keys if key in WITHOUT_TOOLS and key not in reached]
    lines = [
        f"Client {sum(key in found.client for key in keys)}/{total}, "
        f"sandbox {sum(key in found.sandbox for key in keys)}/{total}, "
        f"tools {len(reached)}/{total} ({sum(key in found.tools for key in keys)} by tools, "
        f"{sum(key in found.skills for key in keys)} by skills; {len(untooled)} left without a "
        "tool on purpose, the reason in their row).",
        "",
        "| category | operation | method | path | states | client | sandbox | tools |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for operation, key in zip(found.operations, keys, strict=True):
        methods = ", ".join(f"`{name}`" for name in sorted(found.client.get(key, [])))
        users = [f"`{name}`" for name in sorted(found.tools.get(key, []))]
        if key in found.skills:
            users.append("skills")
        if not users and key in WITHOUT_TOOLS:
            users.append(f"none on purpose: {WITHOUT_TOOLS[key]}")
        lines.append(
            f"| {operation.category} | {operation.name} | {operation.method} | "
            f"`{operation.path}` | {_states(operation, every)} | {methods or '—'} | "
            f"{'yes' if key in found.sandbox else '—'} | {', '.join(users) or '—'} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(coverage_table().split("\n", 1)[0])
