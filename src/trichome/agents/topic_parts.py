"""A question on several rule topics of one place gets a fact for each topic it asks, and
one on a rule topic of several places a fact for each place."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from trichome.knowledge.jurisdictions import FEDERAL, with_national_law
from trichome.knowledge.retrieval import ON_TOPIC_COVERAGE, FactIndex, Passage
from trichome.knowledge.topics import Topic

# The topics asked in words no fact holds ("how much can I have", "how many can I buy"): a
# fact on them is fetched by the topic's name. Others are named in their facts' own words
# ("per package" is a cap's unit there, not a packaging rule to bring in).
ASKED_IN_COMMON_WORDS = frozenset({"possession-limits", "purchase-limits", "home-grow"})
# The topics each of several places is asked about in the same words: a place's one rule
# on them answers its side ("moving from ottawa to gatineau, im 20, can i still buy?").
ASKED_OF_EACH_PLACE = ASKED_IN_COMMON_WORDS | {"minimum-age"}


def with_each_topic(
    index: FactIndex,
    passages: Sequence[Passage],
    rule_topics: Sequence[Topic],
    jurisdictions: Sequence[str],
) -> list[Passage]:
    """The passages, plus the named places' best fact on each asked topic none of them
    answers. "burlington vt. how much can i have + how many plants" shares no word with
    Vermont's possession fact ("how much can i have" is all common words), so the search
    for the whole question finds only the plant count; the topic's own name finds the rest.

    A fact found so stands last and counts as on the topic asked, no more: it answers its
    part of the question beside the lead, never as the lead over a fact the question's own
    words found.
    """
    passages = with_each_place(index, passages, rule_topics, jurisdictions)
    if len(rule_topics) < 2 or not jurisdictions:
        return list(passages)
    found = list(passages)
    asked = [topic for topic in rule_topics if topic.name in ASKED_IN_COMMON_WORDS]
    if not asked:
        return found
    if not any(p.answers_on_topic and p.fact.jurisdiction in jurisdictions for p in found):
        # nothing the question's own words found answers: its topics may be misread
        # ("19 yo ... caught with 6 grams, what's the penalty?" is neither an age nor an
        # amount rule), so no topic's fact is brought in to answer it
        return found
    for topic in asked:
        if any(p.fact.topic in topic.answered_by and p.answers_on_topic for p in found):
            continue
        lowest = min((p.score for p in found), default=1.0)
        for passage in index.search(
            topic.name.replace("-", " "),
            jurisdictions=jurisdictions,
            topics=topic.answered_by,
            limit=1,
        ):
            weak = next((p for p in found if p.fact.id == passage.fact.id), None)
            added = (
                dataclasses.replace(weak, coverage=max(ON_TOPIC_COVERAGE, weak.coverage))
                if weak
                else dataclasses.replace(
                    passage, score=min(passage.score, lowest * 0.99), coverage=ON_TOPIC_COVERAGE
                )
            )
            found = [p for p in found if p.fact.id != passage.fact.id] + [added]
    return found


def _answers_for(passage: Passage, code: str) -> bool:
    return passage.answers_on_topic and passage.fact.jurisdiction in with_national_law([code])


def with_each_place(
    index: FactIndex,
    passages: Sequence[Passage],
    rule_topics: Sequence[Topic],
    jurisdictions: Sequence[str],
) -> list[Passage]:
    """The passages, plus the best fact on the one topic asked of each named place that
    none of them answers for, once the question's own words found another place's: "moving
    from ottawa to gatineau, im 20, can i still buy?" finds Quebec's age by its words and
    Ontario's by the topic. Each fact so found stands last, as on the topic asked."""
    places = [code for code in jurisdictions if code != FEDERAL]
    if len(rule_topics) != 1 or rule_topics[0].name not in ASKED_OF_EACH_PLACE or len(places) < 2:
        return list(passages)
    found = list(passages)
    if not any(_answers_for(p, code) for p in found for code in places):
        return found  # the topic may be misread: nothing the question's words found answers
    topic = rule_topics[0]
    for code in places:
        if any(_answers_for(p, code) for p in found):
            continue
        lowest = min((p.score for p in found), default=1.0)
        for passage in index.search(
            topic.name.replace("-", " "), jurisdictions=[code], topics=topic.answered_by, limit=3
        ):
            if passage.fact.jurisdiction != code:
                continue  # the national law's fact is no answer for the place's own rule
            found = [p for p in found if p.fact.id != passage.fact.id]
            found.append(
                dataclasses.replace(
                    passage, score=min(passage.score, lowest * 0.99), coverage=ON_TOPIC_COVERAGE
                )
            )
            break
    return found
