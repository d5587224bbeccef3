"""Hemp named as the material a process question works on, not the hemp rule asked.

"best decarb temp for cbd hemp flower" and "hemp crude tests mostly cbda, how do i convert
that to cbd?" ask chemistry: the decarboxylation facts answer them whatever plant the
material came from. Read as the hemp rule topic, they are kept to the hemp definition and
testing facts, none of which gives a temperature or a factor, and the answer abstains. A
question that asks a rule about hemp ("is it still hemp after decarb?", "does the USDA
test post-decarb?") keeps the topic, and so does one naming hemp's other words (delta-8,
the farm bill, 0.3%), which are the rule's own.
"""

from __future__ import annotations

import re

from trichome.knowledge.topics import Topic, detect_topics

HEMP_TOPIC = "hemp"
# Hemp as a word of the material: "cbd hemp flower", "hemp crude", "our hemp".
_HEMP_WORD = re.compile(r"\bhemp\b(?:-derived)?", re.IGNORECASE)
# What the process questions ask: heat, time and conversion, factors and masses, the
# steps of making an extract, how much of a cannabinoid a batch holds.
_PROCESS = re.compile(
    r"\bdecarb\w*|\bdecarboxyl\w*|\bconver(?:t|ts|ted|ting|sion|sions)\b|\btemp(?:erature)?s?\b|"
    r"\bdegrees?\b|\u00b0|\b\d+ ?(?:c|f)\b|\bovens?\b|\bfactors?\b|\bmolar\b|\bmolecular\b|"
    r"\bmass balance\b|\bwinteri[sz]\w*|\bdistill(?:ation|ing|ed)\b|\bpotency math\b|"
    r"\btotal (?:cbd|cbg|cbn)\b|\bisomeri[sz]\w*|\brotovap\w*|\bboil\w*|\byields?\b|"
    r"\bhow (?:long|hot)\b|\bextraction efficiency\b",
    re.IGNORECASE,
)
# What a rule about hemp is asked in: whether something is allowed or still hemp, the law
# or its agencies, the definition's line, testing for compliance, selling and licensing.
_RULE = re.compile(
    r"\blegal\w*|\billegal\b|\ballowed\b|\bpermit\w*|\bcomplian\w*|\blaws?\b|\brules?\b|"
    r"\bregulat\w*|\bfederal\w*|\busda\b|\bfda\b|\bdea\b|\bdefin\w*|\blicen[cs]\w*|"
    r"\bstill (?:count|be|hemp)\w*|\bcounts? as\b|\bconsidered\b|\bstates?\b|\bhot\b|"
    r"\bfail\w*|\bpass(?:es|ed)?\b|\bremediat\w*|\bdestroy\w*|\bsell\w*|\bsales?\b|"
    r"\bsold\b|\bship\w*|\bmail\w*|\blabel\w*|\bmarket\w*|\bschedul\w*|\blimits?\b|"
    r"\bthreshold\b|\bcut-?off\b|\bthe (?:thc |legal )?line\b|\bpre-?harvest\b|\bsampl\w*|"
    r"\brequire\w*|\bmust\b|\b(?:has|have|need|needs) to be\b|"
    # whether hemp is tested ("is hemp tested after decarb?"), not a result it tested at
    r"\b(?:is|are|does|do|will|should)\b[^.?!]{0,30}\btest(?:ed|ing)?\b",
    re.IGNORECASE,
)


def hemp_as_material(text: str) -> bool:
    """Whether a turn names hemp only as the material a process question works on."""
    if not _HEMP_WORD.search(text) or not _PROCESS.search(text) or _RULE.search(text):
        return False
    # delta-8, the farm bill, "thca flower", 0.3%: hemp's rule words besides its name
    rest = _HEMP_WORD.sub(" ", text)
    return not any(topic.name == HEMP_TOPIC for topic in detect_topics(rest))


def without_hemp_material(text: str, topics: tuple[Topic, ...]) -> tuple[Topic, ...]:
    """The topics a turn asks about, without the hemp rule when hemp is only its material."""
    if not hemp_as_material(text):
        return topics
    return tuple(topic for topic in topics if topic.name != HEMP_TOPIC)
