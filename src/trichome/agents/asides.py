"""Words of a question that tell who asks, not what they ask: "juneau home grower. can i
give a couple of my clones to a friend?" asks about gifting, not home grow; "richmond, we
run a hemp/cbd shop and customers ask: how much marijuana can an adult carry?" asks about
possession, not hemp; "(not a patient)" names the programme the asker is not in."""

from __future__ import annotations

import re

from trichome.agents.figure_origins import asks_origin_of_figure
from trichome.agents.hemp_material import without_hemp_material
from trichome.knowledge.jurisdictions import with_official_names
from trichome.knowledge.topics import Topic, detect_topics

# A short opening that names the asker's role: "ny home grower,", "qa at an ontario lp.".
_OPENING = re.compile(r"^\s*([^.?!,:;]{1,60})[.,:;]\s+(?=\S)")
_ROLE = re.compile(
    r"\b(?:grower|farmer|owner|manager|budtender|tech|technician|processor|shop|store|"
    r"dispensary|vendor|operator|lp|licensee|patient|driver|here|extractor|cultivator|"
    r"lab|co-?packer|consultant)s?\b",
    re.IGNORECASE,
)
# "we run a hemp/cbd shop", "i own a dispensary in ...": the asker's business.
_BUSINESS = re.compile(
    r"\b(?:we|i) (?:run|own|operate|manage|work (?:at|in)|have) (?:an? |the |our |my )?"
    r"[\w/&' -]{0,30}?\b(?:shop|store|dispensary|farm|lab|grow|business|company)s?\b",
    re.IGNORECASE,
)
_MAX_OPENING_WORDS = 6
# "(not a patient)", "non-medical": the programme the asker is not in.
_NOT_OF_A_PROGRAMME = re.compile(
    r"\b(?:not|non|no|without)[- ](?:an? )?(?:med(?:ical)?|patients?|mmj|card ?holders?|"
    r"caregivers?)\b(?: (?:card|patient|programme|program))?",
    re.IGNORECASE,
)


def asked_topics(text: str) -> tuple[Topic, ...]:
    """The topics a turn asks about: those of its words after any opening that names the
    asker's role and without a clause about the asker's business, when those words still
    ask a rule; else every topic its words name. Hemp named only as the material of a
    process question ("decarb temp for cbd hemp flower") is no hemp rule asked."""
    return without_hemp_material(text, _asked_topics(text))


def _asked_topics(text: str) -> tuple[Topic, ...]:
    text = with_official_names(text)
    own = detect_topics(text)
    rest = _BUSINESS.sub(" ", text)
    opening = _OPENING.match(rest)
    if (
        opening is not None
        and len(opening.group(1).split()) <= _MAX_OPENING_WORDS
        and _ROLE.search(opening.group(1))
    ):
        rest = rest[opening.end() :]
    if rest == text:
        return own
    asked = detect_topics(rest)
    if not asked and asks_origin_of_figure(rest):
        return ()  # "hemp processor. where does the 0.877 come from?": no rule asked
    return asked if any(topic.rule for topic in asked) else own


# An opening sentence naming where a worker stands ("budtender in richmond, medical side."):
# the asker's job, not the programme of the customer's question that follows it.
_WORKER_OPENING = re.compile(r"^\s*([^.?!:;]{1,80})[.:;]\s+(?=\S)")
_WORKER = re.compile(
    r"\b(?:budtenders?|managers?|staff|employees?|clerks?|associates?|(?:work|working) (?:at|in|"
    r"the))\b",
    re.IGNORECASE,
)
_MAX_WORKER_OPENING_WORDS = 8


def _without_worker_opening(text: str) -> str:
    opening = _WORKER_OPENING.match(text)
    if (
        opening is None
        or len(opening.group(1).split()) > _MAX_WORKER_OPENING_WORDS
        or not _WORKER.search(opening.group(1))
    ):
        return text
    return text[opening.end() :]


def programme_words(text: str) -> str:
    """The words that may name the programme a question is about: without the asker's
    business ("we run a hemp/cbd shop"), the opening naming their job ("budtender, medical
    side.") or a programme they say they are not in."""
    return _NOT_OF_A_PROGRAMME.sub(" ", _BUSINESS.sub(" ", _without_worker_opening(text)))
