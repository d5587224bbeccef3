"""The unit of the figure a question asks for, and whether a fact gives a figure in it.

"What % tax do we charge?" asks for a percentage and "max mg THC per gummy?" for
milligrams: a fact whose only figures are dates, dollars or grams gives another figure,
however close its words. A number the question gives ("a 10 mg gummy", "tests at 75%") is
an input, not the unit asked for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

PERCENT, MILLIGRAMS, DISTANCE = "percent", "milligrams", "distance"
_LENGTHS = r"(?:feet|foot|ft|yards?|miles?|met(?:re|er)s?|kilomet(?:re|er)s?|km)"
# A unit written without a number before it: the figure asked for, not one given.
_ASKED = {
    PERCENT: re.compile(
        r"(?<![\d.\s])\s*%|(?<![\d.] )(?<![\d.])\bper ?cent(?:age)?\b", re.IGNORECASE
    ),
    MILLIGRAMS: re.compile(r"(?<![\d.] )(?<![\d.])\b(?:mg|milligrams?)\b", re.IGNORECASE),
    # "how far apart?", "minimum distance from a school?": a fact giving no length answers
    # another question (a licence's classes, a fence's height in words); "how far off can
    # the real number be" asks a deviation
    DISTANCE: re.compile(
        rf"\bhow far\b(?! (?:in advance|ahead|before|after|prior|back|out|off|over|under|"
        rf"along|into)\b)|"
        rf"\b(?:minimum|min|required|what(?:'s| is)?(?: the)?) (?:distance|separation|"
        rf"buffer|setback)\b|"
        rf"\bhow many {_LENGTHS}\b",
        re.IGNORECASE,
    ),
}
_GIVEN = {
    PERCENT: re.compile(r"%|\bper ?cent\b", re.IGNORECASE),
    MILLIGRAMS: re.compile(r"\b(?:mg|milligrams?)\b", re.IGNORECASE),
    # a length apart from something ("within 1,000 feet of a school", "500 feet from"),
    # not a thing's size ("an 8-foot fence")
    DISTANCE: re.compile(
        rf"(?:\b(?:within|at least|beyond|more than|less than|closer than|radius of|"
        rf"buffer of|setback of)\s+[\d,.]+[\s-]*{_LENGTHS}\b)|"
        rf"(?:\d|\b(?:one|two|three|five|ten|twenty|fifty|hundred|thousand))[\d,.]*[\s-]*"
        rf"{_LENGTHS}\b[^.;]{{0,20}}?\b(?:from|of|apart|away|between|radius|buffer|setback)\b",
        re.IGNORECASE,
    ),
}


def figure_units(question: str) -> frozenset[str]:
    """The units of the figure the question asks for (none when it names no unit)."""
    return frozenset(unit for unit, pattern in _ASKED.items() if pattern.search(question))


def gives_units(text: str, units: frozenset[str]) -> bool:
    """Whether the text gives a figure in any of these units."""
    return any(_GIVEN[unit].search(text) for unit in units)


SERVING = "serving"
# "serving cap", "per gummy", "each can": the figure asked is one serving's, not a package's.
_ASKS_PER_SERVING = re.compile(
    # "serving size" is a cap only beside a product or a cap word ("edible serving size
    # max?"), not in a recipe ("serving size is 1 mL")
    r"\bservings?\b(?! size)|\b(?:edibles?|gumm(?:y|ies)|chocolates?) serving size\b|"
    r"\bserving size (?:max|cap|limit)\b|\bper[- ](?:piece|gummy|can|bottle|dose|unit|"
    r"chocolate|square|cookie|brownie|mint|capsule)\b|\beach (?:piece|gummy|can|dose|unit)\b|"
    # "the thc cap on one gummy and on the whole pack"
    r"\b(?:cap|limit|max(?:imum)?|most)\b[^.?!]{0,25}\b(?:on|in|for|of) (?:one|a single|1) "
    r"(?:piece|gummy|chocolate|square|cookie|brownie|mint|capsule)\b",
    re.IGNORECASE,
)
_SERVING_WORDS = r"(?:servings?|pieces?|units?|doses?|cans?|gumm(?:y|ies)|capsules?|portions?)"
# A figure in milligrams tied to a serving in the same clause, either way round.
_GIVES_PER_SERVING = re.compile(
    rf"\d[\d.,]*\s*(?:mg|milligrams?)\b[^.;]{{0,50}}\b{_SERVING_WORDS}\b|"
    rf"\b{_SERVING_WORDS}\b[^.;]{{0,50}}?\d[\d.,]*\s*(?:mg|milligrams?)\b|"
    rf"\b(?:ten|five|two|one)[- ]milligrams?\b[^.;]{{0,20}}\b{_SERVING_WORDS}\b",
    re.IGNORECASE,
)


# "a max per unit of concentrate", "a 2 gram dab jar as one unit": a unit of concentrate,
# flower or a vape is a package's size in grams, not an edible's serving.
_UNIT = re.compile(r"\b(?:per|each)[- ]unit\b", re.IGNORECASE)
_NOT_EATEN = re.compile(
    r"\b(?:concentrates?|wax|shatter|rosin|resin|dabs?|extracts?|distillate|flower|vapes?|"
    r"carts?|cartridges?|pre-?rolls?)\b",
    re.IGNORECASE,
)
_EATEN = re.compile(
    r"\b(?:edibles?|gumm(?:y|ies)|chocolates?|cookies?|brownies?|drinks?|beverages?|seltzers?|"
    r"sodas?|capsules?|tinctures?|mints?)\b",
    re.IGNORECASE,
)


def asks_per_serving(question: str) -> bool:
    """Whether the question asks one serving's figure ("jersey edible serving cap?")."""
    found = [match.group(0) for match in _ASKS_PER_SERVING.finditer(question)]
    if found and all(_UNIT.fullmatch(word) for word in found):
        # "per unit" of something not eaten is its package's size
        return not (_NOT_EATEN.search(question) and not _EATEN.search(question))
    return bool(found)


# "is it the same for edibles?", "same for vapes?": the earlier turn's figure, asked again of
# something else.
_SAME_FIGURE = re.compile(
    r"\b(?:is|are|was) (?:it|that|this|the cap|the limit) (?:the )?same\b|"
    r"^\W*(?:and )?same (?:for|with)\b",
    re.IGNORECASE,
)
# The kinds of request (`understanding.RequestKind`'s values) that ask a figure.
_ASKING_A_FIGURE = ("number", "comparison")


def asks_serving_figure(user_turns: Sequence[str], question: str, kind: str) -> bool:
    """Whether one serving's figure is asked: by a question asking a figure ("jersey edible
    serving cap?"), or by a follow-up asking the earlier turn's serving figure again of
    something else ("beverage cap per can?", then "is it the same for edibles there?")."""
    if kind in _ASKING_A_FIGURE and asks_per_serving(question):
        return True
    return len(user_turns) > 1 and bool(
        _SAME_FIGURE.search(user_turns[-1]) and asks_per_serving(user_turns[-2])
    )


def gives_per_serving(text: str) -> bool:
    """Whether the text gives a figure in milligrams for one serving."""
    return bool(_GIVES_PER_SERVING.search(text))


# "what's the acceptable range on the coa?", "allowed variance?": a tolerance is asked.
_ASKS_TOLERANCE = re.compile(
    r"\b(?:acceptable|allowed|permitted|passing|legal) (?:range|variance|variation|tolerance|"
    r"window)\b|\bvariance\b|\btolerances?\b|\bvariability\b|\brange on the (?:coa|test|label)\b",
    re.IGNORECASE,
)
# A tolerance stated: "±15%", "plus or minus", "85-115 percent", "within 10 percent".
_GIVES_TOLERANCE = re.compile(
    r"±|\+/-|\bplus or minus\b|\bvarian(?:ce|t)\b|\btolerances?\b|\bvariability\b|"
    r"\bvar(?:y|ies|iation)\b|\bup or down\b|"
    r"\b\d+(?:\.\d+)?\s*(?:%|percent)?\s*(?:-|to|and)\s*\d+(?:\.\d+)?\s*(?:%|percent)|"
    r"\bwithin \d+(?:\.\d+)?\s*(?:%|percent)",
    re.IGNORECASE,
)


def asks_tolerance(question: str) -> bool:
    """Whether the question asks for an allowed variance or range ("acceptable range on the
    coa?"): a rule on the same product that states none answers another question."""
    return bool(_ASKS_TOLERANCE.search(question))


def gives_tolerance(text: str) -> bool:
    """Whether the text states an allowed variance or range."""
    return bool(_GIVES_TOLERANCE.search(text))
