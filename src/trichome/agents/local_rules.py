"""Questions about one city's, county's or municipality's own rules: its ordinance, bylaw,
zoning districts, local fee or tax, or what its council voted.

"Which Chicago zoning districts allow a dispensary?" shares "zoning" and "dispensary" with
Illinois' rule that towns may zone cannabis businesses, and "did Missoula County adopt the
local-option tax?" shares almost every word with Montana's rule that a county may: offered
as the answer, either is a confident wrong one with a citation, since what the state lets a
locality do is not what that locality did. Such a question is answered only by a fact that
names the locality and states the thing asked of it; with none, the answer says the rule is
the locality's own and names the state's regulator. What a locality may do ("can the city
add its own tax?", "can an Ohio township ban dispensaries?") is the state's rule, and the
state's facts answer it.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass, replace

from trichome.agents.asked_aspects import asked_aspects, states_aspects
from trichome.agents.engine import AnswerRequest
from trichome.agents.gaps import describe_gap
from trichome.knowledge.directory import Directory
from trichome.knowledge.jurisdictions import FEDERAL, JURISDICTION_NAMES
from trichome.knowledge.places import find_places
from trichome.knowledge.topics import Topic
from trichome.knowledge.words import clauses

_BODY = r"(?:city|county|town|township|village|borough|municipality|parish)"
# A place named with the kind of government it has: "city of portland", "missoula county",
# "the town of hollister", "halifax regional municipality".
_NAMED_BODY = re.compile(
    r"\b(?:city|town|village|borough|county|municipality|township) of "
    r"(?P<after>[a-z][a-z.'-]*(?: [a-z][a-z.'-]*)?)|"
    r"\b(?P<before>[a-z][a-z.'-]*(?: [a-z][a-z.'-]*)?) (?:county|parish|township|"
    r"regional municipality|borough)\b",
    re.IGNORECASE,
)
# Words that stand before "county" without naming one ("which county", "our county").
_NOT_A_NAME = frozenset(
    [
        "a",
        "an",
        "the",
        "our",
        "my",
        "your",
        "their",
        "this",
        "that",
        "which",
        "what",
        "each",
        "every",
        "any",
        "some",
        "one",
        "local",
        "same",
        "whole",
        "other",
        "another",
        "rural",
        "home",
        "neighbouring",
        "neighboring",
        "nearby",
        "next",
        # "which cities in LA county": the words before a county that place it
        "in",
        "of",
        "for",
        "across",
        "within",
        "around",
        "near",
        "outside",
    ]
)
# The locality's own instrument, decision or charge.
_OWN_RULE = re.compile(
    r"\b(?:ordinances?|by-?laws?|municipal code|(?:city|county|town) code|land[- ]use "
    r"(?:bylaw|code|plan|rules?)|zoning (?:districts?|codes?|maps?|ordinances?|overlays?|"
    r"rules?|requirements?)|special[- ]use|conditional[- ]use)\b|"
    rf"\b(?:{_BODY}|(?:the )?local (?:government|council)|council)(?:'s|s') (?:own )?"
    r"(?:[\w-]+ ){0,3}?(?:rules?|fees?|tax(?:es)?|rates?|distances?|buffers?|setbacks?|"
    r"hours|limits?|caps?|requirements?|licen[cs]es?|permits?)\b|"
    rf"\b(?:local|{_BODY}|municipal)\b(?: [\w'-]+){{0,4}}? (?:fees?|tax(?:es)?(?: rates?)?)\b|"
    # "what does the mat-su borough charge", "what do denver county levy"
    rf"\b(?:what|how much)\b[^.?!]{{0,30}}\b(?:does|do|did) (?:the )?(?:[\w.'-]+ ){{0,3}}?"
    rf"{_BODY} (?:charge|levy|impose|collect)|"
    # how many stores a named city has is its own count, not the state's rule
    r"\bhow many\b[^.?!]{0,60}\b(?:are there|are open|operate|exist)\b|"
    r"\bhow many\b[^.?!]{0,40}\b(?:stores?|shops?|dispensar(?:y|ies)|locations?|outlets?|"
    r"retailers?|storefronts?)\b[^.?!]{0,10}\b(?:sell|sells|carry|stock)\b|"
    # its zoning: "baltimore city zoning - a C-1 district?", "edmonton zoning, separation?"
    r"\bzoning\b|\b[a-z]{1,2}-\d{1,2}[a-z]? (?:zones?|districts?)\b|"
    # what it charges: "what community impact fee is boston charging?"
    r"\b(?:fees?|tax(?:es)?|levy|levies|surcharges?)\b[^.?!]{0,30}\b(?:is|are)\s+"
    r"(?:[\w.'-]+ ){1,3}?(?:charging|levying|collecting|imposing)\b|"
    r"\b(?:community impact|host community) (?:fees?|agreements?|payments?)\b|"
    r"\b(?:did|has)\b (?:the )?(?:[\w.'-]+ ){1,3}?(?:adopt|pass|approv|enact|impos|levi|levy|"
    r"vot|opt|ban)\w*|"
    r"\bwhat (?:buffer|rate|tax|fee|distance|setback)s? did\b",
    re.IGNORECASE,
)
# What a locality may do is the state's rule: "can the city add its own tax?", "how much
# can the county add", "is a township allowed to ban them". And a question set on the
# state's rule alone ("under state law, ignore the city").
_STATE_RULE = re.compile(
    rf"\b(?:can|could|may|is|are)\b[^.?!]{{0,30}}\b(?:{_BODY}|cities|counties|towns|"
    r"townships|municipalit(?:y|ies)|localit(?:y|ies)|local governments?)\b[^.?!]{0,12}"
    r"\b(?:add|ban|block|prohibit|impose|charge|levy|opt|zone|regulate|restrict|limit|"
    r"require|set|pass|allowed|permitted)\b|\bhow much (?:can|may|could)\b|"
    r"\b(?:under|per) (?:the )?state (?:law|rules?)\b|\bignore (?:whatever|what) the\b",
    re.IGNORECASE,
)
# "our town's ordinance", "my county's fee": the locality is the asker's, named no further.
_OWN_LOCALITY = re.compile(rf"\b(?:my|our|this|the) (?:{_BODY})(?:'s|s')", re.IGNORECASE)
_STATE_NAMES = frozenset(name.lower() for name in JURISDICTION_NAMES.values())


@dataclass(frozen=True, slots=True)
class Locality:
    """A city, county or municipality whose own rule a question asks; `name` as written
    ("chicago", "missoula county"), empty when the question names it no further than
    "our town"."""

    name: str

    @property
    def described(self) -> str:
        """How the answer names it."""
        return self.name.title() if self.name else "your city or county"


def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _named_locality(question: str) -> str | None:
    # "a storefront in logan square chicago ... chicago zoning": the city named with its
    # state's code, and most often, not a neighbourhood or a homonym abroad ("kensington")
    places = [
        (question[start:end], code)
        for start, end, code in find_places(question)
        if question[start:end].lower() not in _STATE_NAMES
    ]
    if places:
        count = Counter(name.lower() for name, _ in places)
        return max(places, key=lambda place: (place[1] is not None, count[place[0].lower()]))[0]
    for match in _NAMED_BODY.finditer(question):
        words = (match.group("after") or match.group("before")).split()
        # "city of boulder's local tax": the name ends where its possessive does
        cut = next((i for i, word in enumerate(words) if word.lower().endswith(("'s", "s'"))), None)
        if cut is not None:
            owner = words[cut][:-2] if words[cut].lower().endswith("'s") else words[cut][:-1]
            words = [*words[:cut], owner]
        while words and words[0].lower() in _NOT_A_NAME:
            words = words[1:]
        if not words or words[-1].lower() in _NOT_A_NAME:
            continue
        name = " ".join(words)
        if name.lower() in _STATE_NAMES:
            continue
        if match.group("before"):  # "missoula county" keeps its kind of government
            return name + match.group(0)[len(match.group("before")) :]
        return name  # "city of portland": "portland"
    return None


def asked_locality(question: str) -> Locality | None:
    """The locality whose own ordinance, fee, tax, vote or bylaw the question asks about,
    if it asks one's (not what localities may do, which is the state's rule)."""
    if not _OWN_RULE.search(question) or _STATE_RULE.search(question):
        return None
    name = _named_locality(question)
    if name is not None:
        return Locality(name)
    return Locality("") if _OWN_LOCALITY.search(question) else None


_COUNTY_WORD = re.compile(r"\s+(?:county|parish|township|regional municipality)$")


def states_local_rule(text: str, locality: Locality, question: str) -> bool:
    """Whether a fact's text has a sentence naming the locality that states every aspect the
    question asks ("Pembroke Pines banned them city-wide"), not one naming it in passing."""
    if not locality.name:
        return False
    name = _COUNTY_WORD.sub("", _folded(locality.name).strip())
    naming = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    aspects = asked_aspects(question)
    return any(
        naming.search(_folded(sentence)) and states_aspects(sentence, aspects)
        for sentence in clauses(text)
    )


def kept_to_locality(
    request: AnswerRequest, locality: Locality, directory: Directory, topics: tuple[Topic, ...]
) -> AnswerRequest:
    """The request answered only from facts stating the locality's own rule; with none, one
    admitting that the rule is the locality's and naming the state's regulator (no fact of
    the state's cited in its place)."""
    kept = tuple(
        passage
        for passage in request.passages
        if states_local_rule(passage.fact.text, locality, request.question)
    )
    narrowed = replace(request, passages=kept)
    if kept and narrowed.answerable() and not request.uncovered_states:
        return narrowed
    places = tuple(code for code in request.jurisdictions if code != FEDERAL)
    gap = describe_gap(directory, places, topics, request.counted) if places else None
    if gap is not None:
        gap = replace(gap, regulators=(), status_facts=(), locality=locality.described)
    return replace(narrowed, passages=(), uncovered_states=places, gap=gap)
