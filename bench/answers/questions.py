"""The question files: `bench/answers/questions/*.toml`, loaded and checked.

The format is the team's (one `[[questions]]` table per question): `id`, `turns` (the
user's turns in order), `agent` (who should answer the last turn), optional `also_ok`,
`expect` ("answer", "abstain", or "reply": small talk or a draft, right when it presents
no sourced fact as the answer), `must_include` and optional `must_not_include` (each
entry alternatives separated by "|"), `source`, optional `note`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from trichome.agents.registry import AGENTS, MAIN_AGENT

QUESTIONS_DIR = Path(__file__).parent / "questions"
EXPECTATIONS = ("answer", "abstain", "reply")
# Question writers may call the main agent "main"; the registry calls it main_agent.
AGENT_ALIASES = {"main": MAIN_AGENT}
_KEYS = {
    "id",
    "turns",
    "agent",
    "also_ok",
    "expect",
    "must_include",
    "must_not_include",
    "source",
    "note",
}


class QuestionFileError(ValueError):
    """A question file that does not follow the format; the message names file and id."""


@dataclass(frozen=True, slots=True)
class Question:
    """One benchmark question: a conversation and what a right answer to its last turn holds."""

    id: str
    file: str
    turns: tuple[str, ...]
    agent: str
    also_ok: tuple[str, ...]
    expect: str
    must_include: tuple[str, ...]
    must_not_include: tuple[str, ...]
    source: str
    note: str = ""

    @property
    def agents_ok(self) -> frozenset[str]:
        """Every agent whose answer counts as routed right."""
        return frozenset((self.agent, *self.also_ok))


def _agent(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise QuestionFileError(f"{where}: an agent must be a string, got {value!r}")
    name = AGENT_ALIASES.get(value, value)
    if name not in AGENTS:
        raise QuestionFileError(f"{where}: unknown agent {value!r} (have: {', '.join(AGENTS)})")
    return name


def _strings(table: dict[str, object], key: str, where: str, *, required: bool) -> tuple[str, ...]:
    value = table.get(key, [] if not required else None)
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise QuestionFileError(f"{where}: '{key}' must be a list of non-empty strings")
    if required and not value:
        raise QuestionFileError(f"{where}: '{key}' must not be empty")
    for entry in value:
        if any(not part.strip() for part in entry.split("|")):
            raise QuestionFileError(f"{where}: '{key}' entry {entry!r} has an empty alternative")
    return tuple(value)


def _question(table: object, file: str, number: int) -> Question:
    where = f"{file} question {number}"
    if not isinstance(table, dict):
        raise QuestionFileError(f"{where}: must be a table")
    if isinstance(table.get("id"), str) and table["id"].strip():
        where = f"{file} {table['id']!r}"
    else:
        raise QuestionFileError(f"{where}: 'id' must be a non-empty string")
    unknown = set(table) - _KEYS
    if unknown:
        raise QuestionFileError(f"{where}: unknown keys {sorted(unknown)}")
    expect = table.get("expect")
    if expect not in EXPECTATIONS:
        raise QuestionFileError(f"{where}: 'expect' must be one of {EXPECTATIONS}, got {expect!r}")
    must_include = _strings(table, "must_include", where, required=expect == "answer")
    if expect in ("abstain", "reply") and must_include:
        raise QuestionFileError(f"{where}: an {expect} question has nothing it must include")
    source = table.get("source")
    if not isinstance(source, str) or not source.strip():
        raise QuestionFileError(f"{where}: 'source' must be a non-empty string")
    note = table.get("note", "")
    if not isinstance(note, str):
        raise QuestionFileError(f"{where}: 'note' must be a string")
    also_ok = table.get("also_ok", [])
    if not isinstance(also_ok, list):
        raise QuestionFileError(f"{where}: 'also_ok' must be a list of agents")
    return Question(
        id=table["id"],
        file=file,
        turns=_strings(table, "turns", where, required=True),
        agent=_agent(table.get("agent"), where),
        also_ok=tuple(_agent(a, where) for a in also_ok),
        expect=expect,
        must_include=must_include,
        must_not_include=_strings(table, "must_not_include", where, required=False),
        source=source,
        note=note,
    )


def load_file(path: Path) -> list[Question]:
    """The questions of one file, each checked against the format.

    Raises:
        QuestionFileError: the file is not TOML or a question breaks the format.
    """
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise QuestionFileError(f"{path.name}: not valid TOML: {error}") from error
    unknown = set(data) - {"questions"}
    tables = data.get("questions")
    if unknown or not isinstance(tables, list) or not tables:
        raise QuestionFileError(f"{path.name}: must hold only a non-empty [[questions]] list")
    return [_question(table, path.name, n) for n, table in enumerate(tables, start=1)]


def load_questions(directory: Path = QUESTIONS_DIR, only: str | None = None) -> list[Question]:
    """Every question of every file (or of the file named `only`), ids unique across files.

    Raises:
        QuestionFileError: a file breaks the format, an id repeats, or `only` names no file.
    """
    paths = sorted(directory.glob("*.toml"))
    questions: list[Question] = []
    seen: dict[str, str] = {}
    for path in paths:
        for question in load_file(path):
            if question.id in seen:
                raise QuestionFileError(
                    f"{path.name}: id {question.id!r} repeats (also in {seen[question.id]})"
                )
            seen[question.id] = path.name
            questions.append(question)
    if only is None:
        return questions
    # Every file is still checked, so that ids stay unique across the whole set.
    chosen = [q for q in questions if only in (q.file, q.file.removesuffix(".toml"))]
    if not chosen:
        raise QuestionFileError(f"no question file named {only!r} in {directory}")
    return chosen
