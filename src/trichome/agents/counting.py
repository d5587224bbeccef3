"""Questions that ask for a count ("how many retail licences is Delaware issuing?"): a fact
answers one only when it gives a number of the thing counted, or says there is none.

A fact of the right state and topic that names no such number ("four licence types exist")
is near the question, not an answer to it; offered as one, it is the confident wrong answer
with a citation the agents must never give.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.agents.figure_scopes import LIMIT_TOPICS
from trichome.agents.figures import gives_units
from trichome.agents.understanding import products_of
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import Passage
from trichome.knowledge.words import STOPWORDS, tokenize

_NUMBER = (
    r"(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"fifteen|twenty|thirty|forty|fifty|hundred|dozen)"
)
# What follows the counted thing: a verb, a preposition, a pronoun or a possessive ("how many
# plants he can grow", "how many plants my wife can grow"), or the end of the clause.
_AFTER = (
    r"(?:can|may|could|do|does|did|am|is|are|was|were|will|would|should|must|per|in|at|of|for|"
    r"on|to|total|max|maximum|allowed|there|each|a|an|the|i|we|you|they|it|he|she|someone|"
    r"somebody|my|our|your|his|her|their|if|when|before|after|from|"
    r"between|within|until|has|have|had|get|go|left|needed|required)"
)
_HOW_MANY = re.compile(
    # not "no matter how many adults live there": a condition, not what is asked; nor
    # "how many a customer can buy": the counted thing left unsaid, not the customer
    rf"(?<!matter )(?<!regardless of )\bhow many\s+"
    rf"(?!(?:a|an|the|each|one|my|our|your|his|her|their|they|we|you|i|he|she|"
    # nor "how many plants and how many can flower": the thing is never a second "how many"
    rf"it|can|may|could|do|does|is|are)\b)((?:(?!how\b)[a-z][\w-]*\s+){{0,3}}?)"
    rf"((?!many\b|much\b)[a-z][\w-]*?)(?=\s+{_AFTER}\b|\s*[?.!,;:/)]|\s*$)",
    re.IGNORECASE,
)
# "what's the max plants our house can have?", "the maximum number of licences": a count
# asked as the most allowed, of a thing named in the plural (not "max thc", a strength).
_MOST_OF = re.compile(
    rf"\b(?:max|maximum|most)\s+(?:number\s+of\s+)?([a-z][a-z-]*[^s\W]s)"
    rf"(?=\s+{_AFTER}\b|\s*[?.!,;:/)]|\s*$)",
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
        ("store", "dispensary", "location", "storefront", "shop", "outlet"),
        r"(?:stores?|storefronts?|shops?|dispensar(?:y|ies)|retailers?|locations?|outlets?)",
    ),
}
# Between the words of one clause: a ban in the next sentence is about something else.
_GAP = r"[^\w.;:]+"
_NOT_ALLOWED = r"(?:not (?:permitted|allowed|legal)|prohibit\w*|may not|cannot|illegal|banned|\bno)"


# The rule topics a place states as a figure: a limit, or a tax rate.
FIGURE_TOPICS = LIMIT_TOPICS | {"tax"}
_MONEY = frozenset({"dollar", "buck", "cent", "penny", "pennie"})
_AMOUNT_WORDS = frozenset({"amount", "quantity"})


def _singular(word: str) -> str:
    word = word.lower()
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "xes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


# Questions asking for a measure of a kind: the answer holds a number in one of its units.
_AMOUNT_UNITS = (
    r"(?:%|percent|oz|ounces?|g|grams?|mg|milligrams?|ml|millilit(?:er|re)s?|lbs?|pounds?|"
    r"kg|kilograms?|plants?|units?|servings?|packages?|days?|-day|supply|doses?)"
)
_LENGTH_THINGS = (
    r"(?:pieces?|cuts?|cuttings?|sections?|stems?|strips?|samples?|clippings?|tops?|"
    r"branch(?:es)?|colas?|buds?|wicks?|cords?|hoses?)"
)
# "how long a piece of the top do they cut", "how long are the cuttings supposed to be": a
# length, not a time
_A_LENGTH_OF = (
    rf"\s+(?:(?:a|an|of an?)\s+{_LENGTH_THINGS}|(?:is|are|should|must)\s+"
    rf"(?:the|each|those|these|our|my|their)\s+(?:\w+\s+)?{_LENGTH_THINGS}"
    # the thing's own length, not "how long are the sample results kept"
    r"(?=\s+(?:supposed|meant|required|needed|to be|be)\b|\s*[?.,!]|\s*$))\b"
)
_MEASURES = {
    # "max THC % on extracts?", "what percentage is the excise tax?"
    "a share": (
        re.compile(
            r"\b(?:max|maximum|cap|limit|what|thc|potency)\s+(?:\w+\s+)?(?:%|percent\b|"
            r"percentage\b)(?!\s+of\s+(?:the\s+)?label)|\bwhat\s+percent(?:age)?\b",
            re.IGNORECASE,
        ),
        r"(?:%|percent)",
    ),
    # "what hours can a retailer sell?", "what time do stores have to close?"
    "a clock time": (
        re.compile(
            r"\bwhat\s+(?:hours|times?)\b(?!\s+(?:of\s+(?:year|day)|frame))|"
            r"\bhours\s+of\s+(?:operation|sale)\b|\bopening\s+hours\b",
            re.IGNORECASE,
        ),
        r"(?:a\.\s?m\.?|p\.\s?m\.?|am|pm|o'clock|midnight|noon|hours)",
    ),
    # "how much can a patient get at once?", "how much is the fee?": an amount in a unit,
    # a sum of money, or a ban.
    "an amount": (
        re.compile(
            r"\bhow\s+much\b(?!\s+(?:time|longer)\b)|"
            # "the most flower a customer can have": a weight, like "how much flower"
            r"\bmost\s+(?:flower|weed|bud|cannabis|marijuana|pot|concentrates?|wax|dabs)\b"
            r"(?!\s+(?:stores?|shops?|dispensar\w*|brands?|strains?)\b)",
            re.IGNORECASE,
        ),
        _AMOUNT_UNITS,
    ),
    "a duration": (
        re.compile(
            rf"\bhow long\b(?!{_A_LENGTH_OF})|\bwithin how many\b|\bhow (?:soon|quickly)\b",
            re.IGNORECASE,
        ),
        r"(?:seconds?|minutes?|mins?|hours?|hrs?|days?|business days?|weeks?|months?|years?)",
    ),
    "a size": (
        re.compile(
            r"\b(?:minimum|min\.?|maximum|max\.?|what|required|font)\s+(?:\w+\s+)?"
            r"(?:size|dimensions?|height|length)\b|\bhow (?:big|large|tall|wide)\b|"
            rf"\bhow long(?={_A_LENGTH_OF})",
            re.IGNORECASE,
        ),
        # nm and micrometres: a droplet or particle size ("what size counts as nano?")
        r"(?:inch(?:es)?|in\.|\"|mm|millimet(?:er|re)s?|cm|centimet(?:er|re)s?|points?|pt|"
        r"nm|nanomet(?:er|re)s?|µm|microns?|micromet(?:er|re)s?|"
        r"pixels?|px|feet|foot|ft|square feet|sq\.? ?ft|%|pounds?|lbs?|kg|kilograms?|grams?|g|"
        r"ounces?|oz|units?|lit(?:er|re)s?|gallons?)",
    ),
}


def counted_thing(question: str) -> str | None:
    """What a "how many ..." question counts, singular ("licence", "plant", "mg"), or the
    kind of measure it asks for ("a duration", "a size"), if any. A question asking for
    two measures ("the THC % ceiling and how much can a patient have?") is held to neither:
    each fact answers one part."""
    asked = [kind for kind, (asks, _) in _MEASURES.items() if asks.search(question)]
    match = _HOW_MANY.search(question)
    most = None if match is not None else _MOST_OF.search(question)
    # "the most edibles i can buy" asks an amount of a product, which no count of it answers
    if most is not None and not products_of(most.group(1)):
        most_of = _singular(most.group(1))
        # "the max amounts we can sell" asks amounts in their units, not a count of "amounts"
        asked.append("an amount" if most_of in _AMOUNT_WORDS else most_of)
    if match is not None:
        thing = _singular(match.group(2))
        # "how many dollars of excise is that?": a sum of money, the amount a rate gives
        asked.append("an amount" if thing in _MONEY else thing)
    return asked[0] if len(asked) == 1 else None


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
    # "Four licence types exist" counts kinds of licence, not licences.
    counted = re.compile(
        rf"\b{_NUMBER}(?:\s*|-)(?:[\w-]+\s+){{0,3}}?{spelled}(?!\w)"
        r"(?!\s+(?:types?|class(?:es)?|categor(?:y|ies)|kinds?)\b)",
        re.IGNORECASE,
    )
    # "Home cultivation is not permitted" answers "how many plants?": a ban near the thing
    # counted, or near growing for a count of plants.
    near = rf"(?:{spelled}|cultivat\w*|grow\w*)" if thing == "plant" else spelled
    banned = re.compile(
        rf"{_NOT_ALLOWED}{_GAP}(?:\w+{_GAP}){{0,8}}?{near}\b|\b{near}{_GAP}(?:\w+{_GAP}){{0,8}}?"
        rf"{_NOT_ALLOWED}",
        re.IGNORECASE,
    )
    money = thing == "an amount" and re.search(r"\$\s?\d", text) is not None
    return bool(money or counted.search(text) or banned.search(text))


_MEASURE_NAMES = {
    "a share": "percentage",
    "a clock time": "hours or times",
    "an amount": "amount",
    "a duration": "time limit",
    "a size": "size",
}


def measure_name(thing: str | None) -> str:
    """What a gap lacks, said plainly: "rule", or the figure a question asked for
    ("percentage", "number of licenses")."""
    if thing is None:
        return "rule"
    return _MEASURE_NAMES.get(thing, f"number of {thing}s" if not thing.endswith("s") else thing)


# "how many days of camera footage": what the counted thing is of, which the fact must name.
_COUNTED_OF = re.compile(
    r"\bhow many\s+(?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*\s+of\s+(?P<phrase>[a-z][\w\s/-]*)",
    re.IGNORECASE,
)
# pronouns ("how many plants can each of us have") name who has them, not what they are of
# Nor is a limit a subject: "how many grams of the possession limit can be concentrate?"
# asks a share of the rule the topic names, which its fact states in other words.
_NOT_A_SUBJECT = frozenset(
    {"them", "it", "us", "you", "those", "these", "type", "types", "kind", "kinds", "sort", "sorts",
     "limit", "limits", "cap", "caps", "allowance", "allotment"}
)  # fmt: skip
# "how many grams of edibles equals the 30 g?": a verb of equivalence ends what is counted.
_EQUALS = r"equals?|equates?|makes?|counts?|matche?s?|equivalent"
_PHRASE_ENDS = re.compile(rf"^(?:{_AFTER}|{_EQUALS}|{'|'.join(sorted(STOPWORDS))})$", re.IGNORECASE)


def counted_subject(question: str) -> tuple[str, ...]:
    """The words naming what a counted thing is of ("camera", "footage" in "how many days
    of camera footage must we keep?"): a fact giving a number of days about something else
    (a waste rule's days on camera) does not answer it."""
    match = _COUNTED_OF.search(question)
    if match is None:
        return ()
    words: list[str] = []
    for word in match.group("phrase").split():
        if _PHRASE_ENDS.match(word) and words:
            break
        if not _PHRASE_ENDS.match(word):
            words.append(word.lower())
        if len(words) == 3:
            break
    return () if any(word in _NOT_A_SUBJECT for word in words) else tuple(words)


def mentions(fact: Fact, words: tuple[str, ...]) -> bool:
    """Whether a fact's title, text or keywords hold every one of the words (by stem); a
    word naming a product form is held by a fact naming that form in any of its names
    ("grams of wax/shatter" by a fact giving grams of concentrate)."""
    written = " ".join((fact.title, fact.text, *fact.keywords))
    held = set(tokenize(written))
    forms = products_of(written)
    # each word read as the fact's words are ("excise" is "exciz" either side); of words
    # given as alternatives ("grams of carts/concentrate") the fact need hold one
    return all(
        any(set(tokenize(one)) <= held or _same_form(one, forms) for one in word.split("/") if one)
        for word in words
    )


def _same_form(word: str, forms: frozenset[str]) -> bool:
    named = products_of(word.replace("/", " "))
    return bool(named) and named <= forms


def leads_with_the_measure(
    passage: Passage, passages: Sequence[Passage], thing: str | None
) -> bool:
    """Whether a place's limit or tax fact, the first retrieved of its place, gives a figure
    in the measure a question asks ("how much can he walk around with?": an amount): a long
    story around a short question lowers its coverage, yet it is the place's rule asked."""
    fact = passage.fact
    if (
        thing not in _MEASURES
        or not passage.shares_enough_words  # "my personal income tax" shares only "tax"
        or fact.jurisdiction is None
        or fact.topic not in FIGURE_TOPICS
        or not gives_a_count(fact.text, thing)
    ):
        return False
    return next(p for p in passages if p.fact.jurisdiction == fact.jurisdiction) is passage


def leads_in_the_unit_asked(
    passage: Passage, passages: Sequence[Passage], units: frozenset[str]
) -> bool:
    """Whether a place's fact, the first retrieved of its place, gives a figure in the unit
    a question asks ("how far must an ad be from a library?": a distance): a story told
    around the question lowers its coverage, yet it is the place's rule in the unit asked."""
    fact = passage.fact
    if (
        not units
        or not passage.shares_enough_words
        or fact.jurisdiction is None
        or not gives_units(fact.text, units)
    ):
        return False
    return next(p for p in passages if p.fact.jurisdiction == fact.jurisdiction) is passage


def gives_the_count(text: str, thing: str | None) -> bool:
    """Whether a fact's text gives a number of a named thing counted ("plant", "licence"),
    not a measure of a kind ("an amount"), which facts on any topic give."""
    return thing is not None and thing not in _MEASURES and gives_a_count(text, thing)
