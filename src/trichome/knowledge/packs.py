"""Load and validate the knowledge packs: TOML files of sourced facts, one pack per file."""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from trichome.knowledge.jurisdictions import JURISDICTION_NAMES

PACKS_DIR = Path(__file__).with_name("packs")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_URL = re.compile(r"^https?://[^\s/$.?#][^\s]*$")


class PackError(ValueError):
    """A pack file that breaks the schema; the message names the file and the fact."""


@dataclass(frozen=True, slots=True)
class Source:
    """Where a fact comes from."""

    title: str
    url: str
    section: str
    # "primary" (statute, regulation, the regulator's own page or bulletin), "scientific"
    # (peer-reviewed work), "secondary" (news, law firms, vendors); None: not yet audited.
    kind: str | None = None


SOURCE_KINDS = ("primary", "scientific", "secondary")
FACT_STATUSES = ("current", "pending", "superseded")
PROGRAMS = ("adult-use", "medical", "hemp", "all")


@dataclass(frozen=True, slots=True)
class Fact:
    """One piece of sourced knowledge, written in the team's own words."""

    id: str
    pack_id: str
    topic: str
    title: str
    text: str
    sources: tuple[Source, ...]
    jurisdiction: str | None = None
    value: float | None = None
    unit: str | None = None
    effective: date | None = None
    keywords: tuple[str, ...] = ()
    # When this fact's sources were last checked (else its pack's `reviewed`); "pending"
    # (adopted, not yet in force), "current", or "superseded" (kept for history, never
    # given as an answer) by `superseded_by`; the programme it applies to.
    reviewed: date | None = None
    status: str = "current"
    superseded_by: str | None = None
    program: str | None = None

    @property
    def pending_note(self) -> str:
        """How an answer flags a rule adopted but not yet in force ("" for others)."""
        if self.status != "pending":
            return ""
        when = f"from {self.effective.isoformat()}" if self.effective else "on a date not yet set"
        return f"(pending: not yet in force; takes effect {when}) "

    @property
    def jurisdiction_name(self) -> str | None:
        """The jurisdiction spelt out (`Michigan`, `Federal`), if the fact has one."""
        return JURISDICTION_NAMES.get(self.jurisdiction) if self.jurisdiction else None


@dataclass(frozen=True, slots=True)
class Pack:
    """A file of facts and the agents that retrieve from it."""

    id: str
    title: str
    agents: tuple[str, ...]
    reviewed: date | None
    facts: tuple[Fact, ...] = field(default=())


def _require_str(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise PackError(f"{where}: '{key}' must be a non-empty string")
    return value.strip()


def parse_source(raw: Any, where: str) -> Source:
    """A source table (title, http(s) url, section), validated.

    Raises:
        PackError: a key is missing or the url is not a web address.
    """
    if not isinstance(raw, dict):
        raise PackError(f"{where}: each source must be a table")
    url = _require_str(raw, "url", where)
    if not _URL.match(url):
        raise PackError(f"{where}: source url {url!r} is not an http(s) URL")
    kind = raw.get("kind")
    if kind is not None and kind not in SOURCE_KINDS:
        raise PackError(f"{where}: source kind {kind!r} is not one of {', '.join(SOURCE_KINDS)}")
    return Source(
        title=_require_str(raw, "title", where),
        url=url,
        section=_require_str(raw, "section", where),
        kind=kind,
    )


def _parse_date(raw: Any, key: str, where: str) -> date | None:
    if raw is None:
        return None
    if isinstance(raw, date):
        return raw
    if isinstance(raw, str):
        try:
            return date.fromisoformat(raw)
        except ValueError as error:
            raise PackError(f"{where}: '{key}' must be an ISO date") from error
    raise PackError(f"{where}: '{key}' must be an ISO date")


def _parse_fact(raw: dict[str, Any], pack_id: str, where: str) -> Fact:
    fact_id = _require_str(raw, "id", where)
    where = f"{where} fact {fact_id!r}"
    if not _ID.match(fact_id):
        raise PackError(f"{where}: id must be kebab-case")
    sources = raw.get("sources")
    if not isinstance(sources, list) or not sources:
        raise PackError(f"{where}: a fact needs at least one source")
    value = raw.get("value")
    unit = raw.get("unit")
    if value is not None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise PackError(f"{where}: 'value' must be a number")
        if not isinstance(unit, str) or not unit.strip():
            raise PackError(f"{where}: a 'value' needs its 'unit'")
    jurisdiction = raw.get("jurisdiction")
    if jurisdiction is not None and jurisdiction not in JURISDICTION_NAMES:
        raise PackError(f"{where}: unknown jurisdiction {jurisdiction!r}")
    keywords = raw.get("keywords", [])
    if not isinstance(keywords, list) or not all(isinstance(k, str) for k in keywords):
        raise PackError(f"{where}: 'keywords' must be a list of strings")
    status = raw.get("status", "current")
    if status not in FACT_STATUSES:
        raise PackError(f"{where}: status {status!r} is not one of {', '.join(FACT_STATUSES)}")
    superseded_by = raw.get("superseded_by")
    if (status == "superseded") != (superseded_by is not None):
        raise PackError(f"{where}: a superseded fact names what supersedes it, and only it")
    program = raw.get("program")
    if program is not None and program not in PROGRAMS:
        raise PackError(f"{where}: program {program!r} is not one of {', '.join(PROGRAMS)}")
    return Fact(
        id=fact_id,
        pack_id=pack_id,
        topic=_require_str(raw, "topic", where),
        title=_require_str(raw, "title", where),
        text=" ".join(_require_str(raw, "text", where).split()),
        sources=tuple(parse_source(source, where) for source in sources),
        jurisdiction=jurisdiction,
        value=float(value) if value is not None else None,
        unit=unit.strip() if isinstance(unit, str) else None,
        effective=_parse_date(raw.get("effective"), "effective", where),
        keywords=tuple(keywords),
        reviewed=_parse_date(raw.get("reviewed"), "reviewed", where),
        status=status,
        superseded_by=superseded_by,
        program=program,
    )


def load_pack(path: Path) -> Pack:
    """Parse and validate one pack file (once per process while the file is unchanged:
    Python's TOML parser takes about a second for all the packs, and every app a process
    starts, as the tests do by the hundred, would pay it again).

    Raises:
        PackError: the file breaks the schema.
    """
    status = path.stat()
    return _parsed_pack(path.resolve(), status.st_mtime_ns, status.st_size)


@functools.lru_cache(maxsize=1024)
def _parsed_pack(path: Path, modified_ns: int, size: int) -> Pack:
    """`path` parsed; the modification time and size are the cache key's, so an edited
    file is read again (a file that fails raises each time: errors are not cached)."""
    where = path.name
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise PackError(f"{where}: {error}") from error
    header = document.get("pack")
    if not isinstance(header, dict):
        raise PackError(f"{where}: missing [pack] table")
    pack_id = _require_str(header, "id", where)
    if pack_id != path.stem:
        raise PackError(f"{where}: pack id {pack_id!r} must equal the file name")
    agents = header.get("agents")
    if not isinstance(agents, list) or not agents or not all(isinstance(a, str) for a in agents):
        raise PackError(f"{where}: 'agents' must be a non-empty list of agent names")
    raw_facts = document.get("facts")
    if not isinstance(raw_facts, list) or not raw_facts:
        raise PackError(f"{where}: a pack needs at least one [[facts]] entry")
    return Pack(
        id=pack_id,
        title=_require_str(header, "title", where),
        agents=tuple(agents),
        reviewed=_parse_date(header.get("reviewed"), "reviewed", where),
        facts=tuple(_parse_fact(raw, pack_id, where) for raw in raw_facts),
    )


def load_packs(directory: Path = PACKS_DIR) -> list[Pack]:
    """Every pack in a directory, checked for ids that repeat across packs.

    Raises:
        PackError: a file breaks the schema, or two facts share an id.
    """
    packs = [load_pack(path) for path in sorted(directory.glob("*.toml"))]
    seen: dict[str, str] = {}
    for pack in packs:
        for fact in pack.facts:
            if fact.id in seen:
                raise PackError(f"fact id {fact.id!r} is in both {seen[fact.id]} and {pack.id}")
            seen[fact.id] = pack.id
    for pack in packs:
        for fact in pack.facts:
            if fact.superseded_by is not None and fact.superseded_by not in seen:
                raise PackError(f"{fact.id!r} is superseded by an unknown fact")
    return packs


# The coverage table's first columns, in this order; other topics in use follow by name.
COMPLIANCE_TOPICS = (
    "legal-landscape", "regulators", "track-and-trace", "licensing", "minimum-age",
    "possession-limits", "purchase-limits", "home-grow", "edible-thc-limits",
    "concentrate-thc-limits", "tax", "local-control", "delivery", "consumption", "advertising",
    "labelling", "universal-symbol", "packaging", "lab-testing", "action-limits", "batch-size",
    "transport-manifest", "waste-disposal",
)  # fmt: skip


def _rule_facts(packs: list[Pack]) -> list[Fact]:
    """The compliance packs' facts of a jurisdiction's own rules (general knowledge has no
    jurisdiction)."""
    return [
        fact
        for pack in packs
        if pack.id.startswith("compliance-")
        for fact in pack.facts
        if fact.jurisdiction is not None
    ]


def covered_states(packs: list[Pack]) -> tuple[str, ...]:
    """The jurisdictions with at least one sourced fact, in the directory's order (states,
    territories, federal, Canada and its provinces): the rows of the coverage table, so a
    new pack shows up there by itself."""
    order = list(JURISDICTION_NAMES)
    codes = {fact.jurisdiction for fact in _rule_facts(packs) if fact.jurisdiction}
    return tuple(
        sorted(codes, key=lambda code: (order.index(code) if code in order else len(order), code))
    )


def coverage_table(packs: list[Pack], states: tuple[str, ...] | None = None) -> str:
    """A markdown table: sourced facts per jurisdiction (rows) and topic (columns; a dash for
    none), for `states` or else every jurisdiction with facts. Columns are the topics in use:
    the usual ones first, then any other a pack holds."""
    if states is None:
        states = covered_states(packs)
    facts = [fact for fact in _rule_facts(packs) if fact.jurisdiction in states]
    in_use = {fact.topic for fact in facts}
    topics = [t for t in COMPLIANCE_TOPICS if t in in_use] + sorted(in_use - set(COMPLIANCE_TOPICS))
    counts: dict[tuple[str, str], int] = {}
    for fact in facts:
        key = (fact.jurisdiction or "", fact.topic)
        counts[key] = counts.get(key, 0) + 1
    header = "| jurisdiction | " + " | ".join(topics) + " |"
    rule = "|---|" + "---|" * len(topics)
    rows = [
        f"| {state} | " + " | ".join(str(counts.get((state, t), "-")) for t in topics) + " |"
        for state in states
    ]
    return "\n".join([header, rule, *rows])
