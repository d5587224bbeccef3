"""Questions that ask for a count ("how many retail licences is Delaware issuing?"): a fact
answers one only when it gives a number of the thing counted, or says there is none.

A fact of the right state and topic that names no such number ("four licence types exist")
is near the question, not an answer to it; offered as one, it is the confident wrong answer
with a citation the agents must never give.
"""

from __future__ import annotations

import re

_NUMBER = (
    r"(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|fifty|hundred|dozen)"
)
# What follows the counted thing: a verb, a preposition, or the end of the clause.
_AFTER = (
    r"(?:can|may|could|do|does|did|is|are|was|were|will|would|should|must|per|in|at|of|for|"
    r"on|to|total|max|maximum|allowed|there|each|a|an|the|i|we|you|they|it|before|after|from|"
    r"between|within|until|has|have|had|get|go|left|needed|required)"
)
_HOW_MANY = re.compile(
    rf"\bhow many\s+((?:[a-z][\w-]*\s+){{0,3}}?)([a-z][\w-]*?)(?=\s+{_AFTER}\b|\s*[?.!,;:/)]|\s*$)",
    re.IGNORECASE,
)
# Units and their other spellings: "how many mg" is answered by "10 milligrams".
_SPELLINGS = {
    "mg": r"(?:mg|milligrams?)",
    "milligram": r"(?:mg|milligrams?)",
    "g": r"(?:g|grams?)",
    "gram": r"(?:g|grams?)",
    "oz": r"(?:oz|ounces?)",
    "ounce": r"(?:oz|ounces?)",
    "lb": r"(?:lbs?|pounds?)",
    "pound": r"(?:lbs?|pounds?)",
    "ml": r"(?:ml|millilit(?:er|re)s?)",
    "day": r"(?:days?|-day)",
    "unit": r"(?:units?|mmceus?)",
    "licence": r"licen[cs]es?",
    "license": r"licen[cs]es?",
    **dict.fromkeys(
        ("store", "dispensary", "location"),
        r"(?:stores?|shops?|dispensar(?:y|ies)|retailers?|locations?|outlets?)",
    ),
}
_NOT_ALLOWED = r"(?:not (?:permitted|allowed|legal)|prohibit\w*|may not|cannot|illegal|banned|\bno)"


def _singular(word: str) -> str:
    word = word.lower()
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


# Questions asking for a measure of a kind: the answer holds a number in one of its units.
_MEASURES = {
    "a duration": (
        re.compile(r"\bhow long\b|\bwithin how many\b|\bhow (?:soon|quickly)\b", re.IGNORECASE),
        r"(?:seconds?|minutes?|mins?|hours?|hrs?|days?|business days?|weeks?|months?|years?)",
    ),
    "a size": (
        re.compile(
            r"\b(?:minimum|min\.?|maximum|max\.?|what|required|font)\s+(?:\w+\s+)?"
            r"(?:size|dimensions?|height)\b|\bhow (?:big|large|tall|wide)\b",
            re.IGNORECASE,
        ),
        r"(?:inch(?:es)?|in\.|\"|mm|millimet(?:er|re)s?|cm|centimet(?:er|re)s?|points?|pt|"
        r"pixels?|px|feet|foot|ft|square feet|sq\.? ?ft|%|pounds?|lbs?|kg|kilograms?|grams?|g|"
        r"ounces?|oz|units?|lit(?:er|re)s?|gallons?)",
    ),
}


def counted_thing(question: str) -> str | None:
    """What a "how many ..." question counts, singular ("licence", "plant", "mg"), or the
    kind of measure it asks for ("a duration", "a size"), if any."""
    for kind, (asks, _) in _MEASURES.items():
        if asks.search(question):
            return kind
    match = _HOW_MANY.search(question)
    if match is None:
        return None
    return _singular(match.group(2))


def gives_a_count(text: str, thing: str) -> bool:
    """Whether a fact's text gives a number of `thing` (a few words may come between:
    "6 mature plants"), or says there is none or that it is not allowed."""
    spelled = (
        _MEASURES[thing][1]
        if thing in _MEASURES
        else _SPELLINGS.get(thing, re.escape(thing) + r"(?:s|es)?")
    )
    if thing.endswith("y") and thing not in _SPELLINGS:
        spelled = rf"(?:{re.escape(thing)}|{re.escape(thing[:-1])}ies)"
    counted = re.compile(rf"\b{_NUMBER}(?:\s*|-)(?:[\w-]+\s+){{0,3}}?{spelled}\b", re.IGNORECASE)
    # "Home cultivation is not permitted" answers "how many plants?": a ban near the thing
    # counted, or near growing for a count of plants.
    near = rf"(?:{spelled}|cultivat\w*|grow\w*)" if thing == "plant" else spelled
    banned = re.compile(
        rf"{_NOT_ALLOWED}\W+(?:\w+\W+){{0,8}}?{near}\b|\b{near}\W+(?:\w+\W+){{0,8}}?{_NOT_ALLOWED}",
        re.IGNORECASE,
    )
    return bool(counted.search(text) or banned.search(text))
