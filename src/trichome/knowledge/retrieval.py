"""BM25 retrieval over the facts of the knowledge packs.

The packs hold hundreds to a few thousand short facts, so the index lives in memory
and a query is a handful of dictionary look-ups: no I/O on the request path.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from trichome.knowledge.jurisdictions import (
    FEDERAL,
    JURISDICTION_NAMES,
    is_american,
    with_national_law,
)
from trichome.knowledge.packs import Fact, Pack
from trichome.knowledge.words import stem, tokenize

K1 = 1.2
B = 0.75
TITLE_WEIGHT = 2
KEYWORD_WEIGHT = 2
JURISDICTION_BOOST = 1.5
TOPIC_BOOST = 1.5
# Query words found in a fact's title add this share of their idf on top of BM25:
# a title states what the fact is about, the text also mentions what it is not about.
TITLE_BONUS = 0.6
# A passage must cover this share of the question's information to count as an answer.
RELEVANT_COVERAGE = 0.30
# Less for a fact on the topic a rule question asks about, of the jurisdiction it names: it
# answers the question even in other words.
ON_TOPIC_COVERAGE = 0.12
# Or this share of the question's words that the packs know at all.
ON_TOPIC_KNOWN = 0.3
# Words of place names ("virginia", "new", "jersey"); "federal" is a subject, not a place.
# Postal codes too ("IL resident limits?", "can we sell those in AL"): a code is the rarest
# word of many questions, and as their key term it picked the one fact that happens to hold
# it (Illinois' "IL.Metrc.com") over the facts on what was asked. Not "id", the ID card.
_PLACE_CODES = frozenset(
    part.lower() for code in JURISDICTION_NAMES if len(part := code.rsplit("-", 1)[-1]) == 2
) - {"id", "us"}
_JURISDICTION_STEMS = frozenset(
    term for code, name in JURISDICTION_NAMES.items() if code != FEDERAL for term in tokenize(name)
) | {stem(code) for code in _PLACE_CODES}


# A section number of three digits or more ("781", "1639o", "314"): short ones ("1", "c")
# would match any figure of a question.
_SECTION_NUMBER = re.compile(r"\b\d{3,}[a-z]?\b")
# A fact's note on where it comes from ("(Secondary only: vendors' guides.)") says nothing
# about its subject, so its words do not make the fact match a question.
_PROVENANCE_NOTE = re.compile(r"\(secondary only:[^()]*\)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Passage:
    """A retrieved fact with its BM25 score and the share of the query it covers (0 to 1)."""

    fact: Fact
    score: float
    coverage: float
    # How many of the query's distinct terms the fact holds, and how many it had.
    matched_terms: int = 1
    query_terms: int = 1
    # Whether the fact holds the query's most telling word (its rarest one the packs know,
    # jurisdiction names aside): "pregnancy" in "do Michigan products need a pregnancy
    # warning?", which a Michigan labelling fact without it does not answer.
    has_key_term: bool = True
    # The query's terms the fact holds.
    terms: frozenset[str] = frozenset()
    # The share of the query's words that some fact holds which this one covers: a long
    # story ("worcester budtender, customer asked ... pretty sure im wrong") around a short
    # question lowers `coverage` with words no fact could hold.
    known_coverage: float = 0.0

    @property
    def answers_on_topic(self) -> bool:
        """Whether a fact on the topic asked, of the place named, covers enough of the
        question to answer it in other words."""
        return self.coverage >= ON_TOPIC_COVERAGE or self.known_coverage >= ON_TOPIC_KNOWN

    @property
    def shares_enough_words(self) -> bool:
        """Whether the fact holds two of the query's terms (one for a one-term query): a
        single rare word in common ("cat" in a waste rule about cat litter) is chance."""
        return self.matched_terms >= min(2, self.query_terms)


# A story told before a colon, then the one question it leads to ("explaining the plant
# side to our breeding team: which enzymes turn cbga into ...?").
_LEAD_IN = re.compile(r"^(?P<story>[^:?\n]{10,200}):\s+(?P<question>[^?\n]+\?)\s*$")


def asking_part(query: str) -> str:
    """The question a query asks after a story told before a colon: its most telling word
    is the question's, not the story's ("the plant side" is no subject of "which enzymes
    ...?"). The whole query otherwise: a question asking several things, or telling its
    story in sentences, keeps every word in play."""
    lines = query.split("\n")
    match = _LEAD_IN.match(lines[-1])
    return match.group("question") if match and len(lines) == 1 else query


class FactIndex:
    """An in-memory BM25 index over a fixed set of facts."""

    def __init__(self, facts: Sequence[Fact]) -> None:
        self._facts = list(facts)
        self._postings: dict[str, list[tuple[int, int]]] = defaultdict(list)
        self._lengths: list[int] = []
        self._title_terms: list[frozenset[str]] = []
        self._place_name_terms: list[frozenset[str]] = []
        for position, fact in enumerate(self._facts):
            self._title_terms.append(frozenset(tokenize(fact.title)))
            self._place_name_terms.append(frozenset(tokenize(fact.jurisdiction_name or "")))
            counts = Counter(self._document_tokens(fact))
            self._lengths.append(sum(counts.values()))
            for term, frequency in counts.items():
                self._postings[term].append((position, frequency))
        count = len(self._facts)
        self._average_length = (sum(self._lengths) / count) if count else 0.0
        self._idf = {
            term: self._inverse_document_frequency(len(postings))
            for term, postings in self._postings.items()
        }
        self._unseen_idf = self._inverse_document_frequency(0)

    def __len__(self) -> int:
        return len(self._facts)

    @property
    def jurisdictions(self) -> frozenset[str]:
        """Every jurisdiction a fact in the index belongs to."""
        return frozenset(fact.jurisdiction for fact in self._facts if fact.jurisdiction)

    @staticmethod
    def _document_tokens(fact: Fact) -> list[str]:
        tokens = tokenize(fact.title) * TITLE_WEIGHT
        tokens += tokenize(" ".join(fact.keywords)) * KEYWORD_WEIGHT
        tokens += tokenize(fact.topic.replace("-", " "))
        tokens += tokenize(_PROVENANCE_NOTE.sub(" ", fact.text))
        if fact.jurisdiction_name:
            tokens += tokenize(fact.jurisdiction_name)
        if fact.unit:
            tokens += tokenize(fact.unit)
        # The section numbers a fact rests on: "under sec 781" asks for the facts of Sec. 781.
        tokens += [
            number
            for source in fact.sources
            for number in _SECTION_NUMBER.findall(source.section.lower())
        ]
        return tokens

    def _key_term(self, terms: Sequence[str], query: str = "") -> str | None:
        """The query's rarest term that some fact holds, jurisdiction names aside; taken from
        the sentences that ask, when the query tells a story around them."""
        asking = set(tokenize(asking_part(query))) if query else set()
        for candidates in ([t for t in terms if t in asking], terms):
            known = [t for t in candidates if t in self._idf and t not in _JURISDICTION_STEMS]
            if known:
                return max(known, key=lambda term: self._idf[term])
        return None

    def _inverse_document_frequency(self, document_count: int) -> float:
        total = len(self._facts)
        return math.log(1 + (total - document_count + 0.5) / (document_count + 0.5))

    def search(
        self,
        query: str,
        *,
        jurisdictions: Sequence[str] = (),
        topics: frozenset[str] | None = None,
        prefer: frozenset[str] = frozenset(),
        limit: int = 5,
    ) -> list[Passage]:
        """The best facts for a query, best first; with `topics`, only facts on those, and
        facts on a `prefer`red topic (what the question asks most precisely) boosted.

        Facts of a state the query does not name are dropped when it names any state;
        facts of the named states get a boost. US federal facts are dropped too when every
        jurisdiction named is outside the US (Canada, a province, another country).
        """
        terms = list(dict.fromkeys(tokenize(query)))
        if not terms or not self._facts:
            return []
        named = with_national_law(jurisdictions)
        key_term = self._key_term(terms, query)
        holding_key = {p for p, _ in self._postings.get(key_term, ())} if key_term else None
        abroad = bool(named) and not any(is_american(code) for code in named)
        query_weight = sum(self._idf.get(term, self._unseen_idf) for term in terms)
        # Place names aside: "delaware" shared is no sign a Delaware fact answers.
        known_terms = [t for t in terms if t in self._idf and t not in _JURISDICTION_STEMS]
        known_weight = sum(self._idf[term] for term in known_terms) or 1.0
        known_matched: dict[int, float] = defaultdict(float)
        scores: dict[int, float] = defaultdict(float)
        matched: dict[int, float] = defaultdict(float)
        matched_terms: dict[int, int] = defaultdict(int)
        held: dict[int, set[str]] = defaultdict(set)
        for term in terms:
            postings = self._postings.get(term)
            if not postings:
                continue
            idf = self._idf[term]
            names_a_place = term in _JURISDICTION_STEMS
            for position, frequency in postings:
                if names_a_place and named and self._facts[position].jurisdiction not in named:
                    # "Virginia" in the question is no reason to offer a federal fact that
                    # mentions a hearing in Arlington, Virginia.
                    continue
                if names_a_place and not named and term in self._place_name_terms[position]:
                    # A question naming no place uses the word otherwise ("new inventory guy"):
                    # it matching New York's name is no sign New York's fact answers.
                    continue
                length_norm = 1 - B + B * self._lengths[position] / self._average_length
                scores[position] += idf * frequency * (K1 + 1) / (frequency + K1 * length_norm)
                if term in self._title_terms[position]:
                    scores[position] += TITLE_BONUS * idf
                matched[position] += idf
                if not names_a_place:
                    known_matched[position] += idf
                matched_terms[position] += 1
                held[position].add(term)
        results: list[Passage] = []
        for position, score in scores.items():
            fact = self._facts[position]
            if topics is not None and fact.topic not in topics:
                continue
            if fact.topic in prefer:
                score *= TOPIC_BOOST
            if abroad and fact.jurisdiction == FEDERAL:
                continue
            if named and fact.jurisdiction not in (None, FEDERAL):
                if fact.jurisdiction not in named:
                    continue
                score *= JURISDICTION_BOOST
            coverage = min(1.0, matched[position] / query_weight)
            has_key = holding_key is None or position in holding_key
            results.append(
                Passage(
                    fact,
                    score,
                    coverage,
                    matched_terms[position],
                    len(terms),
                    has_key,
                    frozenset(held[position]),
                    min(1.0, known_matched[position] / known_weight),
                )
            )
        results.sort(key=lambda passage: (-passage.score, passage.fact.id))
        return results[:limit]


def any_relevant(passages: Sequence[Passage]) -> bool:
    """Whether any passage covers enough of the question to answer from."""
    return any(
        passage.coverage >= RELEVANT_COVERAGE and passage.shares_enough_words
        for passage in passages
    )


class KnowledgeBase:
    """All loaded packs, with one index per set of packs an agent may read."""

    def __init__(self, packs: Iterable[Pack]) -> None:
        self.packs = {pack.id: pack for pack in packs}
        self._indexes: dict[tuple[frozenset[str], frozenset[str]], FactIndex] = {}

    @property
    def fact_count(self) -> int:
        """Number of facts across every pack."""
        return sum(len(pack.facts) for pack in self.packs.values())

    def pack_ids_for(self, agent_names: Iterable[str]) -> frozenset[str]:
        """The packs that list any of these agents."""
        wanted = set(agent_names)
        return frozenset(pack.id for pack in self.packs.values() if wanted & set(pack.agents))

    def index_for(
        self, pack_ids: frozenset[str], borrowed_topics: frozenset[str] = frozenset()
    ) -> FactIndex:
        """The index over a set of packs plus other packs' facts on the borrowed topics;
        superseded facts stay in their packs for history but are never an answer.

        Built on first use; an agent's set never changes, so each is built once.
        """
        key = (pack_ids, borrowed_topics)
        index = self._indexes.get(key)
        if index is None:
            facts = [
                fact
                for pack_id in sorted(self.packs)
                for fact in self.packs[pack_id].facts
                if (pack_id in pack_ids or fact.topic in borrowed_topics)
                and fact.status != "superseded"
            ]
            index = self._indexes[key] = _shared_index(tuple(facts))
        return index


@functools.lru_cache(maxsize=64)
def _shared_index(facts: tuple[Fact, ...]) -> FactIndex:
    """One index per set of facts in a process: an index never changes once built, and
    every app a process starts (the tests start hundreds) would otherwise rebuild it."""
    return FactIndex(facts)
