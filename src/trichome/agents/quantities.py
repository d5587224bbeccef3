"""Reading the quantities in a question as operators write them.

Separators and shorthand ("1.5k"), ranges ("8-10 mg"), units glued on ("10mg", "85%thc"),
the cannabinoid a number belongs to, concentrations (mg/g, mg/mL), per-piece against
per-package amounts, money, area and power. `read(text)` returns each quantity with where
it was found, so an answer can show what it read. The text is first written one way by
`normalising.normalise` (numbers in words, fractions, symbols); how units and counted things
are written is in `unit_words`, cannabinoid spellings in `cannabinoids`, and a COA table pasted
as text is read by `coa_tables`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from trichome.agents import units
from trichome.agents.cannabinoids import CANNABINOID_PATTERN, cannabinoid_name
from trichome.agents.counted_numbers import counted_elsewhere
from trichome.agents.factor_counts import counted_factors
from trichome.agents.ordinals import is_an_ordinal
from trichome.agents.quantity_roles import roles_near
from trichome.agents.unit_words import COUNTABLE, MODAL_CAN, PIECES, UNIT, kind_and_unit
from trichome.agents.units import UnitError

_NUM = r"-?(?:\d+(?:\.\d+)?|\.\d+)"
_QUANTITY = re.compile(
    rf"(?P<money_sign>\$\s?)?(?P<value>{_NUM})(?:\s*(?:-|\u2013|to)\s*\$?(?P<high>{_NUM}))?"
    rf"(?P<k>k\b)?(?:-(?=[a-z%])|\s*)(?:{UNIT})?",
    re.IGNORECASE,
)
_SINGLE = re.compile(
    rf"(?P<money_sign>\$\s?)?(?P<value>{_NUM})(?P<k>k\b)?\s*(?:{UNIT})?",
    re.IGNORECASE,
)
_PER = re.compile(
    rf"^\s*(?:of\s+)?(?:thc|cbd|total\s+thc)?\s*(?:per|/|a|an|each|in\s+each|for\s+each|every)"
    rf"\s*(?P<what>fl\.?\s?oz|fluid\s+ounce|tbsps?|tsps?|{COUNTABLE}|serving|piece|package|pack|pkg|unit|dose|ml|"
    r"mL|l|liter|litre|g|gram|lb|pound|oz|"
    r"ounce|kg|kilo|eighth|zip|elbow|sq\s?ft|square\s+foot|watt)?\b",
    re.IGNORECASE,
)
_EACH = re.compile(r"^\s*(?:of\s+thc\s+)?(?:each|apiece|a\s+piece|per\s+piece)\b", re.IGNORECASE)
# "each 'contains 10mg'", "each one has 5 mg", "each of 24 brownies has 10mg", "each
# chocolate square is 2.5mg": the amount belongs to one piece.
_EACH_BEFORE = re.compile(
    rf"\b(?:each|every)(?:\s+(?:one|(?:[a-z]+\s+)?(?:{PIECES})|of\s+(?:the\s+|my\s+|our\s+|these\s+|those\s+)?"
    rf"(?:[\d,]+\s+)?(?:{PIECES})))?\s+['\"\u201c]?"
    r"(?:contains?|has|holds?|should\s+(?:be|have)|"
    # "each chocolate tests 4.8-5.2 mg", "each chew testin 5mg", "each one came back at 9"
    r"(?:tests?|tested|testing|testin|measures?|measured|comes?|came|runs?|doses?|dosed|"
    r"labell?ed|rated|carries|packs?)(?:\s+(?:back|in|out|up))?(?:\s+(?:at|as))?|"
    r"is|with|at|=|:)?\s*['\"\u201c]?(?:contains?\s+)?$",
    re.IGNORECASE,
)
# "1,000 chocolates x 2.5 mg": a count of pieces times the dose in each.
_TIMES_BEFORE = re.compile(rf"\d\s*(?:{COUNTABLE})\s*(?:x|\*)\s*$", re.IGNORECASE)
_SERVING_BEFORE = re.compile(
    # "serving size 25mg", "serving size: 10 mg": a label's size line names the serving too
    r"\b(?:serving|dose|portion)\s+(?:size\s*(?:is|are|was|=|:|of)?|(?:is|are|was|=|:|of))\s*"
    r"(?:only\s+|just\s+)?$",
    re.IGNORECASE,
)
# "100mg per bar", "200 mg the tin": the amount of a whole package; "2.5mg and the bar has
# 40" is not, a conjunction starting another clause.
_PACKAGE_WORDS = re.compile(  # "10 mg off the total THC" names the dose's basis, no package
    r"^(?!\s*(?:off|from|on|based\s+on|using)\s+(?:the\s+|its\s+)?total\s+(?:thc|cbd)\b)"
    r"\s*(?:(?:thc|cbd|cbn|cbg)\s+|total\s+)?(?:(?!(?:and|but|or|while|so|plus)\b)\w+\s+){0,2}?"
    r"(?:whole\s+|entire\s+)?(?:package|pack|bag|box|jar|tin|container|"
    r"bottle|bar|sleeve|tube|total|in\s+total|per\s+package|per\s+pack|per\s+pkg|a\s+pack|a\s+package|"
    r"all\s+together)\b",
    re.IGNORECASE,
)


def _opens_a_list(text: str, after_colon: int) -> bool:
    """Whether a colon between two numbers opens a list of amounts ("recipe makes 60: 2 cups
    flour, 1 cup butter") rather than joining a ratio ("1:1", "20 : 1"): a space follows it
    and the number after it carries a unit."""
    gap = re.match(r"\s+", text[after_colon:])
    if gap is None:
        return False
    following = _SINGLE.match(text, after_colon + gap.end())
    return following is not None and kind_and_unit(following)[0] not in ("number", "other")


@dataclass(frozen=True, slots=True)
class Quantity:
    """One quantity in the text: its value, unit, kind and what surrounds it."""

    value: float
    unit: str  # canonical unit key, "%", "mg/g", "mg/ml", "$", "x", "count" or ""
    kind: str  # mass volume area power percent concentration money factor count number other
    start: int
    end: int
    text: str
    high: float | None = None  # the top of a range ("8-10 mg")
    cannabinoid: str | None = None
    per: str | None = None  # "piece", "package", "ml", "g", "lb", ... for "10 mg per piece"
    noun: str | None = None  # the counted thing for a count ("gummies")
    total: bool = False  # "total THC 18%"
    tags: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_range(self) -> bool:
        """Whether it is a range ("20-25%")."""
        return self.high is not None

    def at(self, value: float) -> Quantity:
        """The same quantity with another value (for a range's ends, or a follow-up)."""
        return replace(self, value=value, high=None)


def read(text: str) -> list[Quantity]:
    """Every quantity in `text` (already normalised), in order."""
    found: list[Quantity] = []
    position = 0
    while (match := _QUANTITY.search(text, position)) is not None:
        position = max(match.end(), position + 1)
        start = match.start("value") if not match.group("money_sign") else match.start()
        if (start > 0 and (text[start - 1].isalpha() or text[start - 1] in "_")) or re.search(
            r"delta[- ]?$", text[max(0, start - 6) : start], re.IGNORECASE
        ):
            # "d9", "cbd-a1", "co2", "b12" are part of a word, "delta 9" names a cannabinoid:
            # not quantities, but a number after them is ("delta-9 - 0.9 %").
            position = match.end("value")
            continue
        if is_an_ordinal(text, start, match.end("value")):  # "on the 10th": not 10 ounces
            position = match.end("value")
            continue
        colon_after = re.match(r"\s*:(?=\s*\d)", text[match.end("value") :])
        if (
            colon_after is not None
            and not _opens_a_list(text, match.end("value") + colon_after.end())
        ) or (
            re.search(r"(?<![a-z\d.])\d+(?:\.\d+)?\s*:\s*$", text[max(0, start - 8) : start], re.I)
            and not _opens_a_list(text, text.rindex(":", 0, start) + 1)
        ):
            # "1:1 thc:cbd", "20:1": a ratio, not two quantities.
            position = match.end("value")
            continue
        if match.group("high") and float(match.group("high")) < float(match.group("value")):
            # "THCA 24 - 0.5 d9" is two numbers, not a range running downwards.
            match = _SINGLE.match(text, match.start()) or match
            position = match.end()
        kind, unit = kind_and_unit(match)
        value = float(match.group("value"))
        high = float(match.group("high")) if match.groupdict().get("high") else None
        if match.group("k"):
            value, high = value * 1000, high * 1000 if high is not None else None
        if unit == "mg/l":  # "20 mg/L" is 0.02 mg/mL: one concentration unit for the readers
            unit = "mg/ml"
            value, high = value / 1000, high / 1000 if high is not None else None
        # a bare number's span stops at its last character, not the space after it, so a
        # follow-up that replaces it ("24 brownies" -> "36") keeps the space before the noun
        end = match.start() + len(text[match.start() : match.end()].rstrip())
        after = text[end : end + 60]
        before = text[max(0, start - 60) : start]
        quantity = Quantity(value, unit, kind, start, end, text[start:end].strip(), high)
        quantity = _context(quantity, before, after, text)
        found.append(quantity)
    return counted_elsewhere(counted_factors(_declared_basis(found, text), text), text)


# "potency in mg/g: THCA 241.7, d9 6.2": a basis stated once, for the numbers the names label.
_BASIS = re.compile(r"(?<![\d.\s])\s*\(?\bmg\s*/\s*g\b|\bmilligrams?\s+per\s+gram\b", re.I)


# "those are mg/g", "all values in mg/g", "results reported in mg/g": a label, wherever it is.
_DECLARED_BEFORE = re.compile(
    r"\b(?:are|were|is|was|all|values?|numbers?|results?|reported|given|listed)(?:\s+(?:all|in))?\s*$",
    re.IGNORECASE,
)
# "total THC in mg/g?", "what's that as mg/g": the unit asked for the answer, not a label.
_ASKED_AFTER = re.compile(r"\s*(?:\?|$|please\b|pls\b|instead\b)", re.IGNORECASE)
_ASKED_BEFORE = re.compile(
    r"(?:\bwhat|\bhow\b|\bconvert|\bexpress|\bgive\s+(?:me|it|that)|\bshow)[^.?!:\n]*$"
    r"|\b(?:in|into|to|as)\s*$",
    re.IGNORECASE,
)


def _declared_basis(found: list[Quantity], text: str) -> list[Quantity]:
    """Bare values a cannabinoid labels take the mg/g basis stated once for them; a value
    written with its own unit keeps it ("mg/g: THCA 2.9, d9 0.4 - under 0.3%?")."""
    labels = [
        m
        for m in _BASIS.finditer(text)
        if _DECLARED_BEFORE.search(text[max(0, m.start() - 30) : m.start()])
        or re.match(r"\s*\)?\s*[:=\-]", text[m.end() :])  # "potency in mg/g: THCA 241.7"
        # "in mg/g from the lab: thca 198.7", "mg/g per the coa:": a source, then the values
        or re.match(r"\s*\)?\s*(?:from|per|on|by)\b[a-z' ]{1,30}:", text[m.end() :], re.I)
        or not (
            _ASKED_AFTER.match(text, m.end())
            or _ASKED_BEFORE.search(text[max(0, m.start() - 60) : m.start()])
        )
    ]
    if not labels:
        return found
    return [
        replace(q, kind="concentration", unit="mg/g")
        if q.cannabinoid and q.kind in ("number", "percent") and re.fullmatch(_NUM, q.text)
        else q
        for q in found
    ]


def _context(quantity: Quantity, before: str, after: str, text: str) -> Quantity:
    cannabinoid, total = _cannabinoid_near(before, after, quantity.kind)
    per = None
    noun = None
    kind = quantity.kind
    unit = quantity.unit
    if kind in ("mass", "money", "percent", "number", "concentration", "volume"):
        per_match = _PER.match(after)
        glued = re.match(
            rf"^\s*(?:thc\s+|cbd\s+)?({COUNTABLE}|servings?|doses?)\b", after, re.IGNORECASE
        )
        if _EACH.match(after) or (
            quantity.unit == "mg"
            and (_EACH_BEFORE.search(before.split("\n")[-1]) or _TIMES_BEFORE.search(before))
        ):
            per = "piece"
        elif (
            glued
            and kind == "mass"
            and not re.match(
                r"lbs?|ounces?|grams?|eighths?|tablespoons?|teaspoons?|cups?|sticks?|batch",
                glued.group(1),
                re.IGNORECASE,
            )
        ):
            per = _per_word(glued.group(1))
        elif per_match and per_match.group("what"):
            per = _per_word(per_match.group("what"))
        elif _PACKAGE_WORDS.match(after) and kind == "mass":
            per = "package"
        elif kind == "mass" and _SERVING_BEFORE.search(before):
            per = "serving"  # "a serving is 35 mg", "what if the dose is 2.5 mg"
        elif kind == "mass" and re.search(r"\b\d+\s*-?\s*pack\s+of\s*$", before, re.I):
            per = "piece"  # "a 10 pack of 0.5 g minis": each piece weighs it
    if kind == "number" and (
        _PAID.search(before) or (_ASKING.search(before) and _ASKED_FOR.match(after))
    ):
        kind, unit = "money", "$"  # "paid 1,650 for a p", "he wants 800 for it"
    if kind == "number":
        # "24 chocolate gummies", not "16 and takes 2 cups": no other number in between
        noun_match = re.match(
            rf"^\s*(?:[a-z][\w-]*\s+){{0,3}}?({COUNTABLE})\b", after, re.IGNORECASE
        )
        if (
            noun_match
            and not re.match(r"^\s*(?:mg|g|%)\b", after)
            and not MODAL_CAN.match(after[noun_match.start(1) :])
        ):
            kind, unit, noun = "count", "count", noun_match.group(1).lower()
            quantity = replace(quantity, text=f"{quantity.text} {noun}")
    if kind == "number" and cannabinoid and 0 <= quantity.value <= 100:
        # "22.6 THCA" on a COA: a bare number labelled by a cannabinoid is its percentage.
        kind, unit = "percent", "%"
    tags = roles_near(before, after)
    return replace(
        quantity,
        kind=kind,
        unit=unit,
        cannabinoid=cannabinoid,
        total=total,
        per=per,
        noun=noun,
        tags=tags,
    )


_PAID = re.compile(
    r"\b(?:paid|pay(?:ing)?|spen[dt]|spending|costs?|cost\s+(?:me|us)|charged?|charging|"
    r"priced\s+at|price\s+(?:is|was|of)|(?:sold|sell(?:ing)?|bought|buy(?:ing)?)\s+(?:\w+\s+)?"
    r"(?:for|at))\s*(?:about\s+|around\s+|~\s*)?$",
    re.IGNORECASE,
)


# "he wants 800 for it", "asking 1800 for the p": a seller's price, when what it buys follows.
_ASKING = re.compile(
    r"\b(?:wants?|wanted|asking|asks|asked|quoted?|offer(?:s|ed)?|charges?)\s*(?:me\s+|us\s+)?"
    r"(?:about\s+|around\s+|like\s+|~\s*)?$",
    re.IGNORECASE,
)
_ASKED_FOR = re.compile(
    r"\s*(?:bucks|dollars|for\s+(?:it|that|them|those|this|the|a|an|one|each|1)\b)", re.IGNORECASE
)


def _per_word(word: str) -> str:
    word = word.lower().replace(" ", "")
    if re.match(r"package|pack|pkg|bag|box|jar|tin|container|bottle", word):
        return "package"
    if re.match(r"serving|dose", word):
        return "serving"
    try:
        return units.canonical(word)
    except UnitError:
        pass
    if word in ("sqft", "squarefoot"):
        return "sqft"
    if word == "watt":
        return "w"
    return "piece"


_LEFT_NAME = re.compile(
    rf"\b(?P<total>total\s+)?(?P<name>{CANNABINOID_PATTERN})\s*(?:\([^)]*\)\s*)?"
    r"(?:[:=|]|\s-\s|\bis\b|\bwas\b|\bof\b|\bat\b|\b(?:came|comes|come|coming)\s+(?:back|in)\s+(?:at\s+)?"
    r"|\b(?:tested|tests?|testing)\s+(?:at\s+)?|\bnow\b|\bgoes\s+to\b|\bhits?\b"
    r"|\bshows?\b|\breads?\b|\bresult\b|\blevel\b|\bcontent\b|\bpotency\b|\bconcentration\b"
    r"|\s)*\s*$",
    re.IGNORECASE,
)
_RIGHT_NAME = re.compile(
    rf"^[ \t]*(?:of\s+|in\s+)?(?P<total>total\s+)?(?P<name>{CANNABINOID_PATTERN})",
    re.IGNORECASE,
)


def _cannabinoid_near(before: str, after: str, kind: str) -> tuple[str | None, bool]:
    if kind not in ("percent", "concentration", "mass", "number"):
        return None, False
    right = _RIGHT_NAME.match(after)
    left = _LEFT_NAME.search(before.split("\n")[-1][-40:])
    # "d9 0.05% thca 0.31%": names written before their values; the name after this number
    # labels the next one.
    labels_the_next = right and re.match(r"[ \t]*[:=]?[ \t]*\.?\d", after[right.end() :])
    if right and not (left and labels_the_next and kind != "mass"):
        return cannabinoid_name(right.group("name")), bool(right.group("total"))
    if left and kind != "mass":
        return cannabinoid_name(left.group("name")), bool(left.group("total"))
    return None, False
