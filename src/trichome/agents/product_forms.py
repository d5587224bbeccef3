"""Whether a fact's figure is for the product form a question asks about.

A fact whose title gives a figure for some product forms answers only for those: a cap on
an edible package does not answer a question about a beverage, a capsule or a topical,
and a purchase limit in flower does not answer how many milligrams of edibles one may
buy. A fact naming no form in its title is general and may answer for any.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from trichome.agents.understanding import products_of
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import Passage

# Forms a question may name without narrowing it: facts about flower call it "cannabis"
# or "marijuana", and name concentrate beside it as a mere equivalent.
_PLAIN = frozenset({"flower", "pre-roll", "seed-clone"})
# Forms a rule about one often covers by another name: a vape cartridge is an extract.
_KIN: dict[str, frozenset[str]] = {
    "vape": frozenset({"vape", "concentrate"}),
    "concentrate": frozenset({"concentrate", "vape"}),
}


# An edible rule that says it covers drinks: "edible cannabis (foods and drinks)".
_DRINKS_ARE_EDIBLE = re.compile(
    r"\bfoods? and (?:drinks|beverages)\b|\bincluding (?:drinks|beverages)\b|"
    r"\b(?:drinks|beverages) included\b",
    re.IGNORECASE,
)


def fact_forms(fact: Fact) -> frozenset[str]:
    """The product forms a fact's title names: what the fact is about (its text also
    mentions forms in passing, "sales of edibles, extracts and topicals became legal")."""
    return _forms_in(fact.title)


@functools.lru_cache(maxsize=8192)
def _forms_in(text: str) -> frozenset[str]:
    return products_of(text)


def about_forms(fact: Fact, asked: frozenset[str]) -> bool:
    """Whether a fact may answer for the product forms asked about: it names one of
    them (or a kin form), or it names no form at all."""
    named = fact_forms(fact)
    if named & asked:
        return True  # "grams of flower, grams of concentrate, mg edible?": flower's is asked
    asked = asked - _PLAIN
    if not asked or fact.value is None:
        return True  # a rule without a figure (where one may smoke) is not a form's measure
    if not named:
        return True
    wanted = frozenset().union(*(_KIN.get(form, frozenset({form})) for form in asked))
    if named & wanted:
        return True
    if "beverage" in asked and "edible" in named and _DRINKS_ARE_EDIBLE.search(fact.text):
        return True  # Canada's edible cannabis is "foods and drinks": its rule holds for a soda
    # A fact titled for several other forms is a list of equivalents that may give the
    # asked one's figure in its text (a purchase limit in flower and concentrate that
    # states the infused-product limit too); one titled for a single form is about it.
    return len(named) > 1 and bool(_forms_in(fact.text) & wanted)


def asked_form_first(
    passages: Sequence[Passage], asked: frozenset[str], placed: bool = True
) -> list[Passage]:
    """The passages titled for a form asked (other than flower, which facts call cannabis)
    first ("can dispensaries sell gummies?"), then the rest; a question on flower alone puts
    those titled only for other forms last: "the most flower I can ring up in one sale" leads
    with the sale limits, not with infused pre-rolls counted as concentrate. (A question on
    another form keeps lists of equivalents titled for flower and concentrate, which may give
    its figure in their text.)"""
    if not asked:
        return list(passages)

    # Across every place (none named), a form's fact of one state would lead the general one.
    telling = asked - _PLAIN if placed else frozenset()

    def rank(passage: Passage) -> int:
        named = fact_forms(passage.fact)
        if named & telling:
            return 0  # "can dispensaries sell gummies?": the fact titled for edibles leads
        if not asked - _PLAIN and named and not named & asked and not named <= _PLAIN:
            return 2  # flower asked, a figure titled for concentrates only
        return 1

    return sorted(passages, key=rank)


# Limits on what one person may buy or hold, whose figure per form a title may give.
_AMOUNT_LIMITS = frozenset({"possession-limits", "purchase-limits"})
_FIGURE = re.compile(r"\d")


def titles_asked_figure(fact: Fact, asked: frozenset[str]) -> bool:
    """Whether a limit's title gives a figure for a form asked other than flower ("1 oz, of
    which at most 8 g concentrate"): of the place named, it answers that form's limit however
    long the story told around the question ("tourist wants 10g of live resin in one go")."""
    telling = asked - _PLAIN
    return (
        fact.topic in _AMOUNT_LIMITS
        and bool(fact_forms(fact) & telling)
        and _FIGURE.search(fact.title) is not None
    )
