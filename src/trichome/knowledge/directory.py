"""The jurisdiction directory: for every legal-cannabis jurisdiction, its programme status,
its regulators and tracking system, one sourced TOML file each, so that a question the
packs do not cover still ends with whom to ask."""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from trichome.knowledge.jurisdictions import (
    CANADA,
    FEDERAL,
    PROVINCE_NAMES,
    STATE_NAMES,
    TERRITORY_NAMES,
)

DIRECTORY_DIR = Path(__file__).with_name("directory")

ADULT_USE_STATUSES = ("sales", "legal", "none")
MEDICAL_STATUSES = ("program", "low-thc", "none")
COVERS = ("adult-use", "medical", "hemp", "tracking", "tax", "alcohol-and-cannabis")
SOURCE_KINDS = ("primary", "secondary")
# Which country each valid code belongs to; a code outside this table is refused.
KNOWN_CODES: dict[str, str] = {
    **dict.fromkeys([*STATE_NAMES, *TERRITORY_NAMES, FEDERAL], "US"),
    **dict.fromkeys([CANADA, *PROVINCE_NAMES], "CA"),
}

_HTTPS = re.compile(r"^https://[^\s/$.?#][^\s]*$")
_JURISDICTION_KEYS = {
    "code", "name", "country", "reviewed", "adult_use", "medical", "summary", "tracking",
    "aliases",
}  # fmt: skip
_REGULATOR_KEYS = {"name", "url", "covers"}
_SOURCE_KEYS = {"title", "url", "section", "kind"}
_TOP_KEYS = {"jurisdiction", "regulators", "sources"}


class DirectoryError(ValueError):
    """A directory file that breaks the schema; the message names the file and the field."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where a directory entry's claims come from."""

    title: str
    url: str
    section: str
    kind: str


@dataclass(frozen=True, slots=True)
class Regulator:
    """An agency to ask, with what it oversees and its official site when a source confirms it
    (None otherwise: a guessed address is worse than none)."""

    name: str
    url: str | None
    covers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Jurisdiction:
    """One jurisdiction's programme status, regulators and tracking system."""

    code: str
    name: str
    country: str
    reviewed: date
    adult_use: str
    medical: str
    summary: str
    tracking: str
    regulators: tuple[Regulator, ...]
    sources: tuple[Source, ...]
    aliases: tuple[str, ...] = ()


def _table(raw: Any, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(raw, dict):
        raise DirectoryError(f"{where}: must be a table")
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise DirectoryError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}")
    return raw


def _text(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if value is None:
        raise DirectoryError(f"{where}: missing '{key}'")
    if not isinstance(value, str) or not value.strip():
        raise DirectoryError(f"{where}: '{key}' must be a non-empty string")
    return " ".join(value.split())


def _choice(table: dict[str, Any], key: str, allowed: tuple[str, ...], where: str) -> str:
    value = _text(table, key, where)
    if value not in allowed:
        raise DirectoryError(f"{where}: '{key}' is {value!r}; expected one of {', '.join(allowed)}")
    return value


def _https(table: dict[str, Any], where: str) -> str:
    url = _text(table, "url", where)
    if not _HTTPS.match(url):
        raise DirectoryError(f"{where}: url {url!r} must be an https:// address")
    return url


def _tables(document: dict[str, Any], key: str, where: str) -> list[Any]:
    raw = document.get(key)
    if not isinstance(raw, list) or not raw:
        raise DirectoryError(f"{where}: needs at least one [[{key}]] entry")
    return raw


def _regulator(raw: Any, where: str) -> Regulator:
    table = _table(raw, _REGULATOR_KEYS, where)
    covers = table.get("covers")
    if not isinstance(covers, list) or not covers:
        raise DirectoryError(f"{where}: 'covers' must be a non-empty list")
    for item in covers:
        if item not in COVERS:
            raise DirectoryError(f"{where}: covers {item!r}; expected any of {', '.join(COVERS)}")
    url = _https(table, where) if "url" in table else None
    return Regulator(name=_text(table, "name", where), url=url, covers=tuple(covers))


def _source(raw: Any, where: str) -> Source:
    table = _table(raw, _SOURCE_KEYS, where)
    return Source(
        title=_text(table, "title", where),
        url=_https(table, where),
        section=_text(table, "section", where),
        kind=_choice(table, "kind", SOURCE_KINDS, where),
    )


def _reviewed(raw: Any, where: str) -> date:
    if isinstance(raw, date):
        return raw
    if isinstance(raw, str):
        try:
            return date.fromisoformat(raw)
        except ValueError:
            pass
    raise DirectoryError(f"{where}: 'reviewed' must be an ISO date (YYYY-MM-DD)")


def load_jurisdiction(path: Path) -> Jurisdiction:
    """Parse and validate one directory file.

    Raises:
        DirectoryError: the file breaks the schema; the message starts with its name.
    """
    where = path.name
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise DirectoryError(f"{where}: {error}") from error
    _table(document, _TOP_KEYS, where)
    if "jurisdiction" not in document:
        raise DirectoryError(f"{where}: missing [jurisdiction] table")
    header = _table(document["jurisdiction"], _JURISDICTION_KEYS, f"{where} [jurisdiction]")
    code = _text(header, "code", where)
    if code not in KNOWN_CODES:
        raise DirectoryError(f"{where}: unknown jurisdiction code {code!r}")
    if path.stem != code.lower():
        raise DirectoryError(f"{where}: code {code!r} needs the file name {code.lower()}.toml")
    country = _choice(header, "country", ("US", "CA"), where)
    if country != KNOWN_CODES[code]:
        raise DirectoryError(f"{where}: {code} belongs to country {KNOWN_CODES[code]!r}")
    if "reviewed" not in header:
        raise DirectoryError(f"{where}: missing 'reviewed'")
    aliases = header.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        raise DirectoryError(f"{where}: 'aliases' must be a list of non-empty strings")
    regulators = tuple(
        _regulator(raw, f"{where} regulator {index + 1}")
        for index, raw in enumerate(_tables(document, "regulators", where))
    )
    sources = tuple(
        _source(raw, f"{where} source {index + 1}")
        for index, raw in enumerate(_tables(document, "sources", where))
    )
    if not any(source.kind == "primary" for source in sources):
        raise DirectoryError(f"{where}: needs at least one source of kind 'primary'")
    return Jurisdiction(
        code=code,
        name=_text(header, "name", where),
        country=country,
        reviewed=_reviewed(header["reviewed"], where),
        adult_use=_choice(header, "adult_use", ADULT_USE_STATUSES, where),
        medical=_choice(header, "medical", MEDICAL_STATUSES, where),
        summary=_text(header, "summary", where),
        tracking=_text(header, "tracking", where),
        regulators=regulators,
        sources=sources,
        aliases=tuple(aliases),
    )


class Directory:
    """Every jurisdiction in the directory, looked up by code."""

    def __init__(self, jurisdictions: list[Jurisdiction]) -> None:
        """Index the entries by code.

        Raises:
            DirectoryError: two entries give the same code.
        """
        self._by_code: dict[str, Jurisdiction] = {}
        for jurisdiction in jurisdictions:
            if jurisdiction.code in self._by_code:
                raise DirectoryError(f"jurisdiction {jurisdiction.code!r} is listed twice")
            self._by_code[jurisdiction.code] = jurisdiction

    def get(self, code: str) -> Jurisdiction | None:
        """The entry for a code ("FL", "ca-on", "US"), or None when the directory lacks it."""
        return self._by_code.get(code.strip().upper())

    def all(self) -> tuple[Jurisdiction, ...]:
        """Every entry, sorted by code."""
        return tuple(self._by_code[code] for code in sorted(self._by_code))

    def where_to_ask(self, code: str, covers: str | None = None) -> str:
        """One sentence naming the regulators to ask about a jurisdiction and their sites (a
        regulator without a confirmed site is named alone); with `covers` ("hemp", "medical",
        ...) only those overseeing it, or, when none does, saying so before naming the others.

        Raises:
            KeyError: the directory has no entry for the code.
        """
        jurisdiction = self.get(code)
        if jurisdiction is None:
            raise KeyError(f"no directory entry for {code!r}")
        overseeing = [r for r in jurisdiction.regulators if covers in r.covers]
        named = [
            f"{regulator.name} ({regulator.url})" if regulator.url else regulator.name
            for regulator in overseeing or jurisdiction.regulators
        ]
        listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " or " + named[-1]
        if covers is not None and not overseeing:
            return (
                f"For {jurisdiction.name}, my directory names no {covers} regulator; "
                f"its cannabis regulator: {listed}."
            )
        return f"For {jurisdiction.name}, ask: {listed}."


def load_directory_from(*directories: Path) -> Directory:
    """Every `*.toml` in the folders, validated, with no code listed twice.

    Raises:
        DirectoryError: a file breaks the schema, or two files give the same code.
    """
    return Directory(
        [
            load_jurisdiction(path)
            for folder in directories
            for path in sorted(folder.glob("*.toml"))
        ]
    )


@functools.cache
def load_directory() -> Directory:
    """The shipped directory, loaded and validated once per process.

    Raises:
        DirectoryError: a shipped file breaks the schema.
    """
    return load_directory_from(DIRECTORY_DIR)
