"""SOP templates: standard operating procedures filled in for the user's state.

A template holds the practice (steps valid in any state, with `{state}` and `{system}`
where the state's name and its track-and-trace system belong); filling it adds the
state's own sourced rules from the compliance packs for the template's topics.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from trichome.knowledge.jurisdictions import STATE_NAMES
from trichome.knowledge.packs import Fact, PackError, Source, parse_source
from trichome.knowledge.retrieval import KnowledgeBase
from trichome.knowledge.words import tokenize

SOPS_DIR = Path(__file__).with_name("sops")
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
ALLOWED_PLACEHOLDERS = frozenset({"state", "system"})
# Track-and-trace systems, as the compliance facts name them.
KNOWN_SYSTEMS = ("Metrc", "BioTrack", "CCRS", "Leaf Data Systems", "MJ Freeway")
MAX_STATE_FACTS = 8
SOP_REQUEST = re.compile(
    r"\b(sops?|standard operating procedures?|procedures?|checklists?|protocols?|"
    r"write[- ]?up|playbook)\b|"
    # what to do about something gone wrong: "the count doesn't match metrc, what do i do"
    r"\bwhat (?:do|should|must) (?:i|we) do\b|\bhow (?:do|should|can) (?:i|we) (?:handle|deal "
    r"with|fix|sort out|resolve)\b|\bwalk (?:me|us) through\b",
    re.IGNORECASE,
)

_NAMES_A_PROCEDURE = re.compile(r"\b(?:sops?|standard operating|procedures?)\b", re.IGNORECASE)

# Messages that name a procedure without asking for one: a critique of the user's own, a
# question about what one says or what a term in it means, or which ones to have.
ABOUT_A_PROCEDURE = re.compile(
    r"\b(?:critique|review|proofread|check over|look over|improve|audit)\b.{0,25}"
    r"\b(?:my|our|this)\b|"
    r"\b(?:their|our|my|the old|the existing|existing|current) (?:sops?|procedures?) "
    r"(?:says?|said|calls? for|tells?|has|have)\b|"
    r"\bwhat (?:does|do) .{0,40}\bmean\b|"
    # the duty to audit procedures one has ("how often must our lockout procedures be
    # inspected?", "who may audit those procedures?")
    r"\bhow often\b[^.?!]{0,60}\b(?:sops?|procedures?)\b|\b(?:audit|inspect|review|certify)"
    r"\w*\s+(?:(?:those|these|our|the|each|all|every)\s+)?(?:[\w/-]+\s+){0,3}?procedures\b|"
    r"\b(?:what|which) (?:sops|procedures)\b|"
    # what the rule says a set of procedures must hold, not one to write: "what topics are
    # they required to cover?"
    r"\bwhat (?:topics|subjects|areas|things)\b[^.?!]{0,40}\b(?:required to|have to|need to|"
    r"must|supposed to)\s+(?:(?:they|it|we|these|those)\s+)?(?:cover|include|address)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class SopTemplate:
    """One SOP: what it is for, who does what, its sections of steps, and its sources."""

    id: str
    title: str
    purpose: str
    scope: str
    keywords: tuple[str, ...]
    state_topics: tuple[str, ...]
    roles: tuple[str, ...]
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    sources: tuple[Source, ...]


@dataclass(frozen=True, slots=True)
class FilledSop:
    """An SOP written out for one state (or none), with the facts its state section cites."""

    template: SopTemplate
    state: str | None
    text: str
    facts: tuple[Fact, ...]


def _strings(table: dict[str, object], key: str, where: str) -> tuple[str, ...]:
    value = table.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise PackError(f"{where}: '{key}' must be a non-empty list of strings")
    return tuple(value)


def _text(table: dict[str, object], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise PackError(f"{where}: '{key}' must be a non-empty string")
    return " ".join(value.split())


def _check_placeholders(text: str, where: str) -> None:
    unknown = set(_PLACEHOLDER.findall(text)) - ALLOWED_PLACEHOLDERS
    if unknown:
        raise PackError(f"{where}: unknown placeholders {sorted(unknown)}")


def load_sop(path: Path) -> SopTemplate:
    """One template, validated.

    Raises:
        PackError: the file breaks the template format.
    """
    where = path.name
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    header = document.get("sop")
    if not isinstance(header, dict):
        raise PackError(f"{where}: missing [sop] table")
    sop_id = _text(header, "id", where)
    if sop_id != path.stem:
        raise PackError(f"{where}: id {sop_id!r} must equal the file name")
    sections = []
    for raw in document.get("sections", []):
        title = _text(raw, "title", where)
        steps = _strings(raw, "steps", f"{where} section {title!r}")
        for step in steps:
            _check_placeholders(step, f"{where} section {title!r}")
        sections.append((title, tuple(" ".join(step.split()) for step in steps)))
    if len(sections) < 3:
        raise PackError(f"{where}: an SOP needs at least 3 sections")
    sources = [parse_source(raw, where) for raw in document.get("sources", [])]
    if not sources:
        raise PackError(f"{where}: an SOP needs at least one source")
    return SopTemplate(
        id=sop_id,
        title=_text(header, "title", where),
        purpose=_text(header, "purpose", where),
        scope=_text(header, "scope", where),
        keywords=_strings(header, "keywords", where),
        state_topics=_strings(header, "state_topics", where),
        roles=_strings(header, "roles", where),
        sections=tuple(sections),
        sources=tuple(sources),
    )


def load_sops(directory: Path = SOPS_DIR) -> list[SopTemplate]:
    """Every template in a directory."""
    return [load_sop(path) for path in sorted(directory.glob("*.toml"))]


class SopLibrary:
    """The templates, matched to requests and filled for a state."""

    def __init__(self, templates: Iterable[SopTemplate], knowledge: KnowledgeBase) -> None:
        self.templates = {template.id: template for template in templates}
        self._knowledge = knowledge
        # A keyword of several words counts only when all its words are in the request: "ID
        # check" is retail, and a request to check scales daily is not a daily limit.
        self._terms = {
            template.id: (
                frozenset(tokenize(template.title)),
                tuple(
                    frozenset(tokenize(phrase))
                    for phrase in (*template.keywords, template.id.replace("-", " "))
                ),
            )
            for template in self.templates.values()
        }

    def match(self, question: str) -> SopTemplate | None:
        """The template a request for a procedure asks for, if it asks for one."""
        if not SOP_REQUEST.search(question) or ABOUT_A_PROCEDURE.search(question):
            return None
        words = set(tokenize(question))
        best, best_score = None, 0.0
        for template_id, (title, phrases) in self._terms.items():
            keywords = set().union(*(phrase for phrase in phrases if phrase and phrase <= words))
            score = 2.0 * len(words & keywords) + len(words & title)
            if score > best_score:
                best, best_score = self.templates[template_id], score
        # "what has to be on the label? making a checklist for our packaging vendor" asks a
        # question and only mentions a list: one word of a template's ("vendor") is not
        # enough there; "SOP" or "procedure", or a request with no question, says a
        # procedure is wanted.
        asks_instead = "?" in question and not _NAMES_A_PROCEDURE.search(question)
        needed = 3.0 if asks_instead else 2.0
        return best if best_score >= needed else None

    def tracking_system(self, state: str) -> str:
        """The state's track-and-trace system, as its sourced facts name it."""
        for fact in self._state_facts(state, ("track-and-trace",)):
            for system in KNOWN_SYSTEMS:
                if system.lower() in f"{fact.title} {fact.text}".lower():
                    return system
        return "the state's track-and-trace system"

    def _state_facts(self, state: str, topics: Sequence[str]) -> list[Fact]:
        facts = [
            fact
            for pack in self._knowledge.packs.values()
            for fact in pack.facts
            if fact.jurisdiction == state and fact.topic in topics
        ]
        return sorted(facts, key=lambda fact: (topics.index(fact.topic), fact.id))

    def fill(self, template: SopTemplate, state: str | None) -> FilledSop:
        """The SOP written out for `state`, with its rules cited; without a state, asks for one."""
        name = STATE_NAMES.get(state, state) if state else "your state"
        system = self.tracking_system(state) if state else "your track-and-trace system"
        lines = [f"# SOP: {template.title}" + (f" ({name})" if state else ""), ""]
        lines += [f"**Purpose.** {template.purpose}", "", f"**Scope.** {template.scope}", ""]
        lines += [f"**Roles.** {', '.join(template.roles)}", ""]
        for number, (title, steps) in enumerate(template.sections, start=1):
            lines.append(f"## {number}. {title}")
            lines += [
                f"{n}. {step.format(state=name, system=system)}" for n, step in enumerate(steps, 1)
            ]
            lines.append("")
        facts: list[Fact] = []
        if state:
            facts = self._state_facts(state, template.state_topics)[:MAX_STATE_FACTS]
            lines.append(f"## {name} requirements")
            if facts:
                lines += [f"- {fact.title}: {fact.text} [{n}]" for n, fact in enumerate(facts, 1)]
            else:
                lines.append(
                    f"- My packs hold no sourced {name} rules on "
                    f"{', '.join(t.replace('-', ' ') for t in template.state_topics)}; check the "
                    "state regulator's current rules before adopting this SOP."
                )
        else:
            covered = sorted(
                {
                    fact.jurisdiction
                    for pack in self._knowledge.packs.values()
                    for fact in pack.facts
                    if fact.jurisdiction in STATE_NAMES
                }
            )
            lines.append("## State requirements")
            lines.append(
                "- Name your state and I will add its sourced rules for this procedure "
                f"(I have rules for {', '.join(covered)})."
            )
        lines.append("")
        lines.append("Sources:")
        sources = [fact.sources[0] for fact in facts] + list(template.sources)
        lines += [f"[{n}] {s.title}, {s.section}: {s.url}" for n, s in enumerate(sources, 1)]
        return FilledSop(template, state, "\n".join(lines), tuple(facts))
