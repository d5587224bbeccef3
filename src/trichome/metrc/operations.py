"""Metrc v2's documented operations (method, path template, category, states having it).

The list is data, `data/operations.toml`, derived by hand from Metrc's own Postman
collections (`scripts/metrc_operations.py` says from where); the coverage table in
docs/metrc-coverage.md compares the client, the sandbox and the tools against it.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

_PLACEHOLDER = re.compile(r"\{[^}]*\}")


@dataclass(frozen=True, slots=True)
class Operation:
    """One documented Metrc v2 operation."""

    category: str
    name: str
    method: str
    path: str
    # The states whose collection has it; empty when every state's does.
    states: tuple[str, ...] = ()

    @property
    def shape(self) -> tuple[str, str]:
        """Method and path with every placeholder written `{}`, for matching routes."""
        return self.method, path_shape(self.path)

    def pattern(self) -> re.Pattern[str]:
        """A regular expression matching a concrete path of this operation."""
        parts = _PLACEHOLDER.split(self.path)
        return re.compile("[^/]+".join(re.escape(part) for part in parts) + r"\Z")


def path_shape(path: str) -> str:
    """A path template with its placeholders' names dropped: `/x/v2/{id}` -> `/x/v2/{}`."""
    return _PLACEHOLDER.sub("{}", path.rstrip("/") or "/")


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The operations and the states whose collections they came from."""

    source: str
    states: tuple[str, ...]
    operations: tuple[Operation, ...]


@cache
def catalogue() -> Catalogue:
    """Metrc v2's operations, read once from the package's data file."""
    text = resources.files("trichome.metrc").joinpath("data/operations.toml").read_text("utf-8")
    data = tomllib.loads(text)
    operations = tuple(
        Operation(
            category=entry["category"],
            name=entry["name"],
            method=entry["method"],
            path=entry["path"],
            states=tuple(entry.get("states", ())),
        )
        for entry in data["operations"]
    )
    return Catalogue(source=data["source"], states=tuple(data["states"]), operations=operations)


def match(method: str, path: str) -> list[Operation]:
    """The documented operations a concrete request (`GET /packages/v2/123`) is one of.

    A literal segment beats a placeholder (`/packages/v2/active` is GetActive, not
    GetPackageById); operations differing only in a placeholder's name all match.
    """
    candidates = [
        operation
        for operation in catalogue().operations
        if operation.method == method and operation.pattern().match(path)
    ]
    if not candidates:
        return []
    best = max(operation.path.count("/") - operation.path.count("{") for operation in candidates)
    return [op for op in candidates if op.path.count("/") - op.path.count("{") == best]
