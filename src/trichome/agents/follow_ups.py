"""What a follow-up asks about when its own words say less than the turn before.

A follow-up is read against the user's turn before it:

- one that asks nothing of its own ("and in virginia?") asks the same thing again;
- one that only names a programme ("do medical card holders pay it too?") is not asking
  whether cannabis is legal: it asks the earlier question (the tax) for that programme;
- one that swaps the product ("ok and if they want wax instead? whats the concentrate
  max" after a question on how much flower one sale may hold) keeps the earlier limit
  and changes only the product, rather than asking for the product's potency cap;
- one asking something new with no topic words of its own ("how far from a school?"
  after "who issues the licences?") keeps the earlier topic but not its "who regulates"
  or "is it legal" part, which the earlier answer gave.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from trichome.agents.asides import asked_topics
from trichome.knowledge.jurisdictions import detect_jurisdictions
from trichome.knowledge.retrieval import Passage
from trichome.knowledge.topic_phrases import GIFTING
from trichome.knowledge.topics import BY_NAME, Topic, asks_status, detect_topics
from trichome.knowledge.words import tokenize

# Limits on how much of a product one person may buy or hold: a product named in a
# follow-up of one of them is the product the limit is asked for.
AMOUNT_LIMITS = frozenset({"purchase-limits", "possession-limits"})
# Potency caps of a product, which its name and "max" alone are read as.
PRODUCT_CAPS = frozenset({"concentrate-thc-limits", "edible-thc-limits"})
# What the earlier answer settled (who regulates it, whether it is legal).
_SETTLED = frozenset({"regulator", "legal-status"})
# "instead", "what about X", "and if they want X", "same for X": the earlier question
# with another product or place.
_SWAPS = re.compile(
    r"\binstead\b|^\W*(?:(?:ok|okay|so|and|but|now)\W+)*(?:what|how) about\b|"
    r"^\W*(?:(?:ok|okay|so|but|now)\W+)*and (?:if|for|with)\b|\bsame (?:for|with)\b|"
    # "and edibles? how many mg": the earlier question, for the product named
    r"^\W*(?:(?:ok|okay|so|but|now)\W+)*(?:and|or) (?:[\w-]+ ){0,2}?[\w-]+\s*\?",
    re.IGNORECASE,
)
# The gift rule asked about, by name or by what it allows.
_GIFT_ASKED = re.compile(GIFTING, re.IGNORECASE)
# "so how many 10mg gummies is that?", "how many can they have then": the earlier turn's
# amount counted in pieces, not the pieces' own potency cap.
_COUNTS_THE_EARLIER = re.compile(
    r"\bhow many\b.{0,40}\b(?:(?:is|are|would|does|makes?|do) (?:that|this|it)|that (?:is|would "
    r"be|makes?|comes to|works out to)|(?:can|could|may) (?:they|i|he|she|we|you|someone) "
    r"(?:\w+ )?(?:have|hold|carry|get|buy|keep|possess)\b.{0,10}\bthen)\b",
    re.IGNORECASE,
)
# A question for a number: a programme it names is whose number, not whether it is legal.
_COUNTS = re.compile(r"\bhow (?:many|much)\b", re.IGNORECASE)
# "and in virginia?", "what about vapes": a turn too short to ask something new.
_SHORT = 6


def _stays_hemp(latest: str, own: tuple[Topic, ...], previous: tuple[Topic, ...]) -> bool:
    """Whether a follow-up in a hemp conversation asks on within the hemp programme: it
    names no place and no other programme, and the earlier turn was on hemp."""
    return (
        any(topic.name == "hemp" for topic in previous)
        and not any(topic.name == "hemp" for topic in own)
        and not detect_jurisdictions(latest)
        and _OTHER_PROGRAMME.search(latest) is None
    )


# A programme other than hemp named in a follow-up ("and for our medical store?").
_OTHER_PROGRAMME = re.compile(
    r"\b(?:medical|med card|patients?|adult[- ]use|rec|recreational|dispensar(?:y|ies)|"
    r"marijuana)\b",
    re.IGNORECASE,
)


def follow_up_topics(
    latest: str, earlier: Sequence[str], products_changed: bool
) -> tuple[Topic, ...]:
    """The topics the latest turn asks about, read against the user's turn before it
    (`earlier` holds every earlier user turn, oldest first)."""
    own = asked_topics(latest)  # "juneau home grower. can i give ...": gifting, not growing
    if (
        {topic.name for topic in own} == {"legal-status"}
        and not asks_status(latest)
        and _COUNTS.search(latest)
    ):
        own = ()  # "how many medical marijuana retail locations?" counts, it asks no status
    previous = detect_topics(earlier[-1]) if earlier else ()
    if not previous:
        return own
    if own and {topic.name for topic in own} == {"legal-status"} and not asks_status(latest):
        own = ()  # a programme named, not its status asked
    if (
        own
        and products_changed
        and _SWAPS.search(latest)
        and {topic.name for topic in own} <= PRODUCT_CAPS
        and any(topic.name in AMOUNT_LIMITS for topic in previous)
    ):
        return tuple(topic for topic in previous if topic.name in AMOUNT_LIMITS)
    if (
        own
        and {topic.name for topic in own} <= PRODUCT_CAPS
        and _COUNTS_THE_EARLIER.search(latest)
        and any(topic.name in AMOUNT_LIMITS for topic in previous)
    ):
        return tuple(topic for topic in previous if topic.name in AMOUNT_LIMITS)
    if own and _GIFT_ASKED.search(earlier[-1]) and {t.name for t in own} == {"advertising"}:
        # "can adults gift it?", then "so could we run a 'free ounce with a sticker' promo?":
        # the gift rule asked before says whether a gift may be promoted
        return own + tuple(topic for topic in previous if topic.name == "possession-limits")
    if own and _stays_hemp(latest, own, previous):
        # "hemp grower, we're under the USDA plan now" then "how long do i keep the legal
        # description of my fields?": the record asked is the hemp plan's
        # (answered by the hemp facts too, as one question, not a second part)
        return tuple(
            dataclasses.replace(topic, answered_by=topic.answered_by | {"hemp"}) for topic in own
        )
    if own:
        return own
    again = len(latest.split()) <= _SHORT or _SWAPS.search(latest) or detect_jurisdictions(latest)
    if again:
        return previous
    asked = tuple(topic for topic in previous if topic.name not in _SETTLED)
    return asked or previous


# "do medical card holders pay it too?", "does that apply to patients as well?"
_TOO = re.compile(r"\b(?:too|also|as well|either)\b|\bsame (?:for|rule)\b", re.IGNORECASE)


def asks_if_it_reaches(user_turns: Sequence[str]) -> bool:
    """Whether the latest turn asks if the earlier turn's rule applies to someone else too."""
    return len(user_turns) > 1 and bool(_TOO.search(user_turns[-1]))


# A follow-up this short (content words) is asked in the earlier turn's terms.
_FEW_WORDS = 3
# A turn that goes on from the one before: "and if ...", "what about ...", "same for ...".
_CONTINUES = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|cool|thanks)\W+)?(?:and (?:if|for|what about|how about|with)|"
    r"what about|how about|what if|same (?:for|with)|or if)\b",
    re.IGNORECASE,
)


def search_text(
    user_turns: Sequence[str], question: str, topics: Sequence[Topic], inherited: bool = False
) -> str:
    """What to search the packs with: the question, with the turn before it when the
    topic asked comes from that turn ("do medical card holders pay it too?" after a tax
    question searches for the tax too), or when the latest turn names no topic and keeps
    the earlier turn's place ("and if they drove in from indiana?" after Illinois' limits)."""
    if user_turns and user_turns[-1] not in question:
        return question  # the earlier question asked of another compound ("and limonene?")
    if len(user_turns) >= 2 and not topics and user_turns[-2] not in question:
        latest = user_turns[-1]
        if inherited or (_CONTINUES.match(latest) and len(tokenize(latest)) <= _FEW_WORDS):
            # "and if we switch to straight propane?" after butane's LEL: the same
            # question of another thing, which the latest turn's few words do not ask
            return f"{user_turns[-2]}\n{question}"
    if len(user_turns) < 2 or not topics or user_turns[-2] in question:
        return question
    own = {topic.name for topic in detect_topics(user_turns[-1])}
    asked = {topic.name for topic in topics}
    if asked <= own:
        return question
    if own & asked and not _GIFT_ASKED.search(user_turns[-2]):
        # a topic of the latest turn's own is searched in its words; only the gift rule
        # carried beside a promotion needs the earlier turn's ("can adults gift it?")
        return question
    return f"{user_turns[-2]}\n{question}"


# A follow-up asking for the previous procedure again, changed ("now adapt it for Nevada").
_REDO = re.compile(
    r"\b(?:adapt|redo|rewrite|convert|change|tailor) (?:it|that|this|the sop)\b|"
    r"\bsame (?:thing|one|sop|procedure)\b|^\W*(?:now |and )?(?:for|what about) (?:our |the )?\w+",
    re.IGNORECASE,
)


def asks_redo(turn: str) -> bool:
    """Whether the turn asks for the previous procedure again, changed."""
    return _REDO.search(turn) is not None


def latest_turn_first(passages: Sequence[Passage], latest: str, searched: str) -> list[Passage]:
    """The passages, those holding more of the latest turn's own words first, when the
    search also carried the turn before ("if we remediate, what sample do we need after?"
    after a failed hemp lot asks about the sample, not the earlier turn's disposal); the
    retrieval's order stands among equals and whenever the latest turn was searched alone."""
    if searched.strip() == latest.strip():
        return list(passages)
    own = set(tokenize(latest))
    if not own:
        return list(passages)
    # among equals, a fact whose title names the latest turn's words is about them (the
    # propane fact mentions butane detectors; the butane fact is about butane)
    return sorted(
        passages,
        key=lambda p: (-len(p.terms & own), -len(own.intersection(tokenize(p.fact.title)))),
    )


# Forms that are not food but that the packs cap either with edibles or with the other
# products (Nevada caps tinctures and topicals beside capsules, not beside gummies).
_NON_FOOD_FORMS = frozenset({"tincture", "topical", "capsule"})


# Forms sold by weight, and where a package cap by weight is filed (New Jersey's inhalable
# 1/4 oz and Nevada's 1 oz of flower per package, both filed with the concentrate caps).
_BY_WEIGHT_FORMS = frozenset({"flower", "pre-roll", "concentrate", "vape"})
_WEIGHED_PACKAGE_CAPS = frozenset({"concentrate-thc-limits"})


def with_form_caps(topics: tuple[Topic, ...], products: frozenset[str]) -> tuple[Topic, ...]:
    """The topics, a product cap asked for a tincture, topical or capsule answered by either
    cap: "THC cap on a tincture package in nevada" is answered by whichever of the two the
    place writes it under (Nevada's beside capsules, Canada's topicals beside edibles). A
    package cap asked for flower, pre-rolls or concentrate alone is never an edible's
    milligram cap: "and for prerolls, what's the cap per package" is answered by a cap by
    weight."""
    names = {topic.name for topic in topics}
    if products and products <= _BY_WEIGHT_FORMS and "edible-thc-limits" in names:
        # the amount a package may hold, asked ("max per package"): packaging asked beside
        # it ("sell a 2 oz bag of flower as one package?") is answered by the same cap
        return tuple(
            dataclasses.replace(topic, answered_by=_WEIGHED_PACKAGE_CAPS)
            if topic.name == "edible-thc-limits"
            else dataclasses.replace(topic, answered_by=topic.answered_by | _WEIGHED_PACKAGE_CAPS)
            if topic.name == "packaging"
            else topic
            for topic in topics
        )
    if not products & _NON_FOOD_FORMS:
        return topics
    either = frozenset().union(*(BY_NAME[name].answered_by for name in PRODUCT_CAPS))
    return tuple(
        dataclasses.replace(topic, answered_by=topic.answered_by | either)
        if topic.name in PRODUCT_CAPS
        else topic
        for topic in topics
    )
