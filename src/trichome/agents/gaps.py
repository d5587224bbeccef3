"""What the agents say when they have no sourced answer for a jurisdiction: who to ask
(the jurisdiction directory's regulators and their sites) and, when the question is
whether cannabis is legal there, the directory's sourced status of its programmes."""

from __future__ import annotations

from dataclasses import dataclass

from trichome.agents.counting import measure_name
from trichome.knowledge.directory import Directory, Jurisdiction
from trichome.knowledge.jurisdictions import jurisdiction_name
from trichome.knowledge.packs import Fact, Source
from trichome.knowledge.retrieval import Passage
from trichome.knowledge.topics import Topic

_ADULT_USE = {
    "sales": "licensed adult-use (recreational) sales operate",
    "legal": "adults may possess cannabis but there are no licensed adult-use sales",
    "none": "there is no adult-use programme",
}
_MEDICAL = {
    "program": "a medical cannabis programme operates",
    "low-thc": "medical marijuana is not legal beyond a low-THC (CBD oil) programme",
    "none": "there is no medical dispensary programme",
}
# The directory's regulators are listed by what they oversee; a hemp question asks the
# hemp regulator first.
_COVERS = {"hemp": "hemp", "track-and-trace": "tracking", "tax": "tax"}
STATUS_TOPIC = "legal-status"
REGULATOR_TOPIC = "regulator"
TRACKING_TOPIC = "track-and-trace"


@dataclass(frozen=True, slots=True)
class Gap:
    """Jurisdictions a question names that the packs hold no fact on for its topic."""

    codes: tuple[str, ...]
    topic: str | None
    where_to_ask: tuple[str, ...]
    # What the packs lack: "rule", or the figure the question asked for ("percentage").
    lacking: str = "rule"
    status: tuple[str, ...] = ()
    # The same status, each citing the directory entry's primary sources (laws, bills,
    # regulators' pages), when the entry has them: what a legal-status question is answered by.
    status_facts: tuple[Fact, ...] = ()
    # When the question asks who the regulator is, the directory's answer, each citing
    # the regulators' own sites.
    regulators: tuple[Fact, ...] = ()
    # The city, county or municipality whose own rule was asked ("Chicago's zoning
    # districts"), when one was: the rule is its own, not the state's.
    locality: str | None = None

    @property
    def local_note(self) -> str:
        """What the answer says of a locality's own rule, or nothing when none was asked."""
        if self.locality is None:
            return ""
        return (
            f"Ordinances, bylaws, zoning, local fees and local taxes are set by the local "
            f"government itself ({self.locality}), so ask its clerk, planning or licensing "
            f"office for its current rule; a state rule on what localities may do is not "
            f"{possessive(self.locality)} answer."
        )

    @property
    def names(self) -> str:
        """The jurisdictions spelt out ("Ohio or Virginia")."""
        return " or ".join(jurisdiction_name(code) for code in self.codes)


def possessive(name: str) -> str:
    """ "Chicago's", "Pembroke Pines'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _status_parts(entry: Jurisdiction) -> list[str]:
    """The programmes' status and the tracking system, as clauses of one sentence."""
    parts = [_ADULT_USE[entry.adult_use], _MEDICAL[entry.medical]]
    if entry.tracking not in ("unknown", "none"):
        parts.append(f"licensees report to {entry.tracking}")
    return parts


def status_sentence(entry: Jurisdiction) -> str:
    """The programmes' status in one sentence, from the directory's fields. It carries no
    citation: it sums up the entry's sources, which it names as the directory."""
    parts = _status_parts(entry)
    return (
        f"In {entry.name}, " + "; ".join(parts) + " (Trichome's jurisdiction directory, "
        f"checked {entry.reviewed})."
    )


def status_fact(entry: Jurisdiction) -> Fact | None:
    """The programmes' status as a fact citing the entry's primary sources (None when it has
    none: the directory requires one, so only a hand-built entry lacks it)."""
    sources = tuple(
        Source(source.title, source.url, source.section, source.kind)
        for source in entry.sources
        if source.kind == "primary"
    )
    if not sources:
        return None
    parts = _status_parts(entry)
    return Fact(
        id=f"directory-{entry.code.lower()}-status",
        pack_id="directory",
        topic="legal-landscape",
        title=f"{entry.name}: programme status",
        text=f"In {entry.name}, " + "; ".join(parts) + f" (checked {entry.reviewed}).",
        sources=sources,
        jurisdiction=entry.code,
    )


_OVERSIGHT = {"tracking": "the tracking system", "tax": "taxes"}


def _listed(items: list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def regulator_sentence(entry: Jurisdiction, covers: str | None) -> str:
    """Who regulates cannabis there: each regulator with what it oversees and its site."""
    chosen = [r for r in entry.regulators if covers is None or covers in r.covers]
    named = []
    for regulator in chosen or entry.regulators:
        details = (
            [_listed([_OVERSIGHT.get(c, c) for c in regulator.covers])] if regulator.covers else []
        )
        details += [regulator.url] if regulator.url else []
        named.append(f"{regulator.name} ({'; '.join(details)})" if details else regulator.name)
    return f"In {jurisdiction_name(entry.code)}, cannabis is regulated by {_listed(named)}."


def regulator_fact(entry: Jurisdiction, sentence: str) -> Fact | None:
    """Who to ask, as a fact citing the regulators' own sites, or, where the directory
    confirms no site, the laws and pages that name them (None when it has neither)."""
    sites = tuple(
        Source(regulator.name, regulator.url, "official site")
        for regulator in entry.regulators
        if regulator.url
    )
    if not all(regulator.url for regulator in entry.regulators):
        sites += tuple(
            Source(source.title, source.url, source.section, source.kind)
            for source in entry.sources
            if source.kind == "primary"
        )
    if not sites:
        return None
    return Fact(
        id=f"directory-{entry.code.lower()}-regulators",
        pack_id="directory",
        topic="regulators",
        title=f"{entry.name}: regulators",
        text=sentence,
        sources=sites,
        jurisdiction=entry.code,
    )


def describe_gap(
    directory: Directory,
    codes: tuple[str, ...],
    topics: tuple[Topic, ...],
    counted: str | None = None,
    program: str | None = None,
) -> Gap | None:
    """The gap for these uncovered jurisdictions, or None when there is none; `counted` is
    the figure the question asked for, when facts on its topic exist but give none;
    `program` the programme asked about ("medical"), whose regulator is the one to name: a
    state's hemp office does not license medical dispensaries."""
    if not codes:
        return None
    names = {topic.name for topic in topics}
    covers = next((_COVERS[name] for name in _COVERS if name in names), program)
    asks, status, regulators, status_facts = [], [], [], []
    for code in codes:
        entry = directory.get(code)
        if entry is None:
            asks.append(
                f"I have no directory entry for {jurisdiction_name(code)} either: ask its "
                "national or regional cannabis authority."
            )
            continue
        asks.append(directory.where_to_ask(code, covers))
        overseeing = [r for r in entry.regulators if covers is None or covers in r.covers]
        if REGULATOR_TOPIC in names and overseeing:
            regulators.append(regulator_fact(entry, regulator_sentence(entry, covers)))
        if not names or STATUS_TOPIC in names or (program and not overseeing):
            status.append(status_sentence(entry))  # "no medical dispensary programme"
        tracked = entry.tracking not in ("unknown", "none")
        if STATUS_TOPIC in names or ({REGULATOR_TOPIC, TRACKING_TOPIC} <= names and tracked):
            # The status names the tracking system too: "who regulates, and which track and
            # trace?" is answered by the regulators and it (not "how late may we sync?").
            status_facts.append(status_fact(entry))
    topic = topics[0].name if topics else None
    return Gap(
        codes,
        topic,
        tuple(asks),
        measure_name(counted),
        tuple(status),
        tuple(f for f in status_facts if f),
        tuple(f for f in regulators if f),
    )


def status_first(directory: Directory, code: str | None, passages: list[Passage]) -> list[Passage]:
    """The passages with the directory's status of the place's programmes first."""
    entry = directory.get(code) if code else None
    fact = status_fact(entry) if entry else None
    if fact is None:
        return passages
    best = max((p.score for p in passages), default=1.0)
    return [Passage(fact, best * 2, 1.0, 2, 2), *passages]
