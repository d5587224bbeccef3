"""Reading the quantities in a question as operators write them.

Numbers in words ("two hundred gummies", "half a gram", "a dozen"), with separators
("1,000", "1.5k", "24,5 %"), fractions ("1 1/2 cups"), ranges ("8-10 mg"), units glued on
("10mg", "85%thc"), every cannabinoid spelling (Δ9-THC, delta-9, d9, THC-A, THCa, CBD-A,
...), concentrations (mg/g, mg/mL), per-piece against per-package amounts, money, area and
power, and a COA table pasted as text. `read(text)` returns each quantity with where it
was found, so an answer can show what it read.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace

from trichome.agents import units
from trichome.agents.units import UnitError

# Cannabinoids: canonical name -> pattern (checked in this order: acids before neutrals).
CANNABINOIDS: tuple[tuple[str, str], ...] = (
    ("THCA", r"(?:delta[- ]?9[- ]?)?thc[- ]?a\b|thca\b|thc acid|tetrahydrocannabinolic acid"),
    ("CBDA", r"cbd[- ]?a\b|cbda\b|cannabidiolic acid"),
    ("CBGA", r"cbg[- ]?a\b"),
    ("THCV", r"thc[- ]?v\b"),
    ("D8", r"delta[- ]?8(?:[- ]?thc)?|d8(?:[- ]?thc)?\b|δ8"),
    (
        "THC",
        r"delta[- ]?9(?:[- ]?thc)?|d9(?:[- ]?thc)?\b|δ9(?:[- ]?thc)?|thc\b|"
        r"tetrahydrocannabinol\b",
    ),
    ("CBD", r"cbd\b|cannabidiol\b"),
    ("CBN", r"cbn\b|cannabinol\b"),
    ("CBG", r"cbg\b|cannabigerol\b"),
    ("CBC", r"cbc\b"),
)
CANNABINOID_PATTERN = "|".join(f"(?:{pattern})" for _, pattern in CANNABINOIDS)
_CANNABINOID = re.compile(rf"\b(?:total\s+)?(?:{CANNABINOID_PATTERN})", re.IGNORECASE)

COUNTABLE = (
    r"gumm(?:y|ies|ys)|gummie|pieces?|pcs?|units?|capsules?|caps|cookies?|chocolates?|brownies?|"
    r"servings?|bars?|mints?|tablets?|tabs?|drinks?|beverages?|bottles?|cartridges?|carts?|"
    r"vapes?|pens?|doses?|candies|candy|chews?|lozenges?|pre-?rolls?|joints?|edibles?|"
    r"packages?|packs?|jars?|squares?|bites?|softgels?|cans?|shots?|lollipops?|suckers?|"
    r"truffles?|pills?|sachets?|pouches?|tinctures?|syringes?|plants?|lights?|fixtures?|"
    r"bags?|boxes?|tins?|containers?|sticks?|cups?|muffins?|cakes?|squares?|rosins?|dabs?|"
    r"molds?|moulds?|trays?|batch(?:es)?|lbs?|ounces?|eighths?|grams?|tablespoons?|teaspoons?"
)
_COUNT_NOUN = re.compile(rf"\b({COUNTABLE})\b", re.IGNORECASE)

_ONES = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fourty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALES = {"hundred": 100, "thousand": 1000, "grand": 1000, "million": 1_000_000}
_WORD = "|".join([*_ONES, *_SCALES, "dozen"])
_NUMBER_WORDS = re.compile(
    rf"\b(?:a\s+|an\s+)?(?:{_WORD})(?:(?:\s+|-|\s+and\s+)(?:{_WORD}))*\b", re.IGNORECASE
)
# "a gram", "an eighth": the article is the number one.
_ARTICLE_UNIT = re.compile(
    r"\b(?:a|an|one|per|each)\s+(gram|g|ounce|oz|pound|lb|kilo|kg|eighth|quarter|zip|cup|"
    r"tablespoon|tbsp|teaspoon|tsp|stick|liter|litre|dropper|dropperful|ml|milliliter|"
    r"gallon|quart|half\s+ounce|half\s+oz)\b",
    re.IGNORECASE,
)
_HALF = re.compile(r"\bhalf\s+(?:a|an)\s+", re.IGNORECASE)

_NUM = r"-?(?:\d+(?:\.\d+)?|\.\d+)"
MASS = (
    r"mg|mgs|milligrams?|kg|kgs|kilos?|kilograms?|g|gs|gms?|grams?|grammes?|grs?|oz|ozs|ounces?|"
    r"lbs?|pounds?|zips?|eighths?|8ths?|eigths?|quarters?|elbows?"
)
VOLUME = (
    r"ml|mls|millilit(?:er|re)s?|cc|l|lit(?:er|re)s?|ltr|fl\.?\s?oz|fluid\s+ounces?|tsps?|"
    r"teaspoons?|tbsps?|tbs|tbl|tablespoons?|cups?|sticks?|gal(?:lon)?s?|qts?|quarts?|droppers?|"
    r"dropperfuls?|full\s+droppers?"
)
AREA = r"sq\.?\s?ft\.?|sqft|square\s+f(?:ee|oo)t|ft2|ft²|m2|m²|sq\.?\s?m\b|square\s+met(?:er|re)s?"
POWER = r"kw|kilowatts?|w|watts?"
OTHER = (
    r"°\s?[fc]|degrees?|deg|f|c|min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|months?|years?|"
    r"yrs?|ppm|cfu|mm|cm|in(?:ch(?:es)?)?"
)
_UNIT = (
    rf"(?P<conc>mg\s*(?:/|per)\s*(?:g|gram|ml|mL|milliliter|millilitre))\b|"
    r"(?P<pct>%|percent\b|pct\b|per\s*cent\b)|"
    rf"(?P<mass>{MASS})\b|(?P<volume>{VOLUME})\b|(?P<area>{AREA})|(?P<power>{POWER})\b|"
    rf"(?P<factor>x)\b|(?P<money>dollars?|bucks|usd)\b|(?P<other>{OTHER})\b"
)
_QUANTITY = re.compile(
    rf"(?P<money_sign>\$\s?)?(?P<value>{_NUM})(?:\s*(?:-|\u2013|to)\s*\$?(?P<high>{_NUM}))?"
    rf"(?P<k>k\b)?\s*-?\s*(?:{_UNIT})?",
    re.IGNORECASE,
)
_PER = re.compile(
    rf"^\s*(?:of\s+)?(?:thc|cbd|total\s+thc)?\s*(?:per|/|a|an|each|in\s+each|for\s+each|every)"
    rf"\s*(?P<what>{COUNTABLE}|serving|piece|package|pack|unit|dose|ml|mL|g|gram|lb|pound|oz|"
    r"ounce|kg|kilo|eighth|zip|elbow|sq\s?ft|square\s+foot|watt)?\b",
    re.IGNORECASE,
)
_EACH = re.compile(r"^\s*(?:of\s+thc\s+)?(?:each|apiece|a\s+piece|per\s+piece)\b", re.IGNORECASE)
_PACKAGE_WORDS = re.compile(
    r"^\s*(?:thc\s+|total\s+)?(?:\w+\s+){0,2}?(?:package|pack|bag|box|jar|tin|container|"
    r"bottle|total|in\s+total|per\s+package|per\s+pack|a\s+pack|a\s+package|all\s+together)\b",
    re.IGNORECASE,
)


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


def _words_to_number(words: str) -> float:
    total, current = 0.0, 0.0
    for word in re.split(r"[\s-]+", words.lower()):
        if word in ("a", "an", "and", ""):
            current = current or (1 if word in ("a", "an") else current)
            continue
        if word == "dozen":
            current = (current or 1) * 12
        elif word in _ONES:
            current += _ONES[word]
        elif word == "hundred":
            current = (current or 1) * 100
        elif word in _SCALES:
            total += (current or 1) * _SCALES[word]
            current = 0
    return total + current


def normalise(text: str) -> str:
    """The text with numbers as digits and symbols spelled one way."""
    text = text.replace("\u00a0", " ").replace("\u2009", " ").replace("\u202f", " ")
    for source, target in (
        ("\u2013", "-"),
        ("—", " - "),
        ("×", " x "),
        ("\u2019", "'"),
        ("µ", "u"),
        ("Δ", "delta-"),
        ("∆", "delta-"),
        ("δ", "delta-"),
        ("\uff05", "%"),
        ("±", " +/- "),
        ("\uff04", "$"),
    ):
        text = text.replace(source, target)
    text = re.sub(r"(\d)\s*½", lambda m: f"{m.group(1)}.5", text)
    text = re.sub(r"(\d)\s*¼", lambda m: f"{m.group(1)}.25", text)
    text = text.replace("½", "0.5").replace("¼", "0.25").replace("¾", "0.75")
    # "1 1/2 cups", "1/2 cup", "3/4 oz"
    text = re.sub(
        r"\b(\d+)\s+(\d)/(\d{1,2})\b",
        lambda m: _plain(int(m.group(1)) + int(m.group(2)) / int(m.group(3))),
        text,
    )
    text = re.sub(
        r"(?<![\d/])\b(\d)/(\d{1,2})\b(?!\s*/)",
        lambda m: _plain(int(m.group(1)) / int(m.group(2))),
        text,
    )
    text = re.sub(r"\bnegative\s+(?=\d)|\bminus\s+(?=\d)", "-", text, flags=re.IGNORECASE)
    text = _HALF.sub("0.5 ", text)
    text = re.sub(
        r"\b(?:a\s+)?half\s+(?=(?:oz|ounce|lb|pound|kilo|gram|cup|stick)s?\b)",
        "0.5 ",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(
        r"\b(?:a\s+)?quarter\s+(?=(?:lb|pound|kilo|cup)s?\b)", "0.25 ", text, flags=re.IGNORECASE
    )
    text = _NUMBER_WORDS.sub(lambda m: _number_words(m), text)
    text = _ARTICLE_UNIT.sub(lambda m: _article(m), text)
    # Thousands separators ("1,000", "12,500.5") and decimal commas ("24,5%").
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)
    text = re.sub(r"(?<=\d),(?=\d{1,2}\s*(?:%|mg|g\b|ml))", ".", text)
    return text


def _plain(number: float) -> str:
    return f"{number:g}" if abs(number) < 1e15 else str(number)


def _number_words(match: re.Match[str]) -> str:
    words = match.group(0)
    stripped = re.sub(r"^(?:a|an)\s+", "", words, flags=re.IGNORECASE)
    if stripped.lower() in ("one",) and not re.match(r"\s+\w", match.string[match.end() :]):
        return words
    return _plain(_words_to_number(words))


def _article(match: re.Match[str]) -> str:
    word = match.group(0).split()[0].lower()
    if word in ("per", "each"):
        return match.group(0)
    if word in ("a", "an") and re.search(
        r"\d\s*(?:k|bucks|dollars)?\s*$", match.string[: match.start()]
    ):
        return "per " + match.group(1)  # "$1,200 a pound" is a price per pound
    return "1 " + match.group(1)


def _kind_and_unit(match: re.Match[str]) -> tuple[str, str]:
    if match.group("money_sign") or match.group("money"):
        return "money", "$"
    if match.group("pct"):
        return "percent", "%"
    if match.group("conc"):
        tail = match.group("conc").lower().replace(" ", "")
        return "concentration", "mg/g" if tail.endswith(("g", "gram")) else "mg/ml"
    if match.group("factor"):
        return "factor", "x"
    if match.group("other"):
        return "other", match.group("other").lower()
    for kind in ("mass", "volume", "area", "power"):
        written = match.group(kind)
        if written:
            written = re.sub(r"\s+", " ", written.lower()).strip()
            if kind == "volume" and written.startswith("full "):
                written = written[5:]
            try:
                key = units.canonical(_SPELLING_FIXES.get(written, written))
            except UnitError:
                continue
            return kind, key
    return "number", ""


_SPELLING_FIXES = {
    "fl oz": "floz",
    "fl. oz": "floz",
    "fluid ounce": "floz",
    "fluid ounces": "floz",
    "sq ft": "sqft",
    "sq. ft": "sqft",
    "sq.ft": "sqft",
    "sq. ft.": "sqft",
    "sq ft.": "sqft",
    "square feet": "sqft",
    "square foot": "sqft",
    "sq m": "m2",
    "square meters": "m2",
    "square metres": "m2",
    "eigth": "eighth",
    "eigths": "eighth",
}


def read(text: str) -> list[Quantity]:
    """Every quantity in `text` (already normalised), in order."""
    found: list[Quantity] = []
    for match in _QUANTITY.finditer(text):
        start = match.start("value") if not match.group("money_sign") else match.start()
        if start > 0 and (text[start - 1].isalpha() or text[start - 1] in "_"):
            # "d9", "cbd-a1", "co2", "b12": part of a word, not a quantity.
            continue
        if re.search(r"delta[- ]?$", text[max(0, start - 6) : start], re.IGNORECASE):
            continue  # "delta 9" names a cannabinoid
        kind, unit = _kind_and_unit(match)
        value = float(match.group("value"))
        high = float(match.group("high")) if match.group("high") else None
        if match.group("k"):
            value, high = value * 1000, high * 1000 if high is not None else None
        end = match.end()
        after = text[end : end + 60]
        before = text[max(0, start - 60) : start]
        quantity = Quantity(value, unit, kind, start, end, text[start:end].strip(), high)
        quantity = _context(quantity, before, after, text)
        found.append(quantity)
    return found


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
        if _EACH.match(after):
            per = "piece"
        elif (
            glued
            and kind == "mass"
            and not re.match(
                r"lbs?|ounces?|grams?|eighths?|tablespoons?|teaspoons?|cups?|sticks?",
                glued.group(1),
                re.IGNORECASE,
            )
        ):
            per = _per_word(glued.group(1))
        elif per_match and per_match.group("what"):
            per = _per_word(per_match.group("what"))
        elif _PACKAGE_WORDS.match(after) and kind == "mass":
            per = "package"
    if kind == "number":
        noun_match = re.match(rf"^\s*(?:[\w-]+\s+){{0,3}}?({COUNTABLE})\b", after, re.IGNORECASE)
        if noun_match and not re.match(r"^\s*(?:mg|g|%)\b", after):
            kind, unit, noun = "count", "count", noun_match.group(1).lower()
            quantity = replace(quantity, text=f"{quantity.text} {noun}")
    if kind == "number" and cannabinoid and 0 <= quantity.value <= 100:
        # "22.6 THCA" on a COA: a bare number labelled by a cannabinoid is its percentage.
        kind, unit = "percent", "%"
    tags = _tags(before, after)
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


def _per_word(word: str) -> str:
    word = word.lower().replace(" ", "")
    if re.match(r"package|pack|bag|box|jar|tin|container|bottle", word):
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
    r"(?:[:=|]|\bis\b|\bwas\b|\bof\b|\bat\b|\b(?:came|comes|come|coming)\s+(?:back|in)\s+(?:at\s+)?"
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
    if right:
        return cannabinoid_name(right.group("name")), bool(right.group("total"))
    left = _LEFT_NAME.search(before.split("\n")[-1][-40:])
    if left and kind != "mass":
        return cannabinoid_name(left.group("name")), bool(left.group("total"))
    return None, False


def cannabinoid_name(written: str) -> str | None:
    """The canonical cannabinoid of a spelling ("Δ9-THC" after normalising, "THC-A", "cbda")."""
    for name, pattern in CANNABINOIDS:
        if re.fullmatch(f"(?:{pattern})", written.strip(), re.IGNORECASE):
            return name
    for name, pattern in CANNABINOIDS:
        if re.match(f"(?:{pattern})", written.strip(), re.IGNORECASE):
            return name
    return None


_TAG_WORDS: dict[str, tuple[str, str]] = {
    # tag: (words just before the number, words just after it)
    "loss": (
        r"(?:loss|lose|losing|lost|waste|shrink)\w*\s*(?:of|is|was|at|about|around|~)?\s*$",
        r"^\s*(?:process\s+|processing\s+|production\s+|transfer\s+|of\s+the\s+\w+\s+)?(?:loss|losses|lost|waste|shrink)",
    ),
    "efficiency": (
        r"(?:efficien\w*|conversion|recovery|extraction|yield)\s*(?:of|is|was|at|about|around|~|rate)?\s*$",
        r"^\s*(?:efficien|conversion|recovery|extraction|infusion efficien|transfer)",
    ),
    "moisture": (
        r"(?:moisture|water)\s*(?:content|loss)?\s*(?:of|is|was|at|from|to)?\s*$",
        r"^\s*(?:moisture|water|weight loss|of (?:its|the) weight|in drying|during dry)",
    ),
    "terpene": (r"terp\w*\s*(?:at|of|is|to)?\s*$", r"^\s*(?:terp|of terp)"),
    "target": (
        r"(?:target|down to|bring (?:it|them)? ?to|get (?:it|to)|hit|aim(?:ing)? for|want(?:ing)?|"
        r"end up at|finish at|to make|make it|into|to|cut (?:it|to)|final(?: potency)?)"
        r"\s*(?:of|at|is|~)?\s*$",
        r"^\s*(?:target|final|finished|end product|blend)",
    ),
    "tolerance": (
        r"(?:\+/-|\+-|plus or minus|within|variance|tolerance|allow\w*|deviation)"
        r"\s*(?:of|is|was|at|:)?\s*$",
        r"^\s*(?:variance|tolerance|either way|deviation|over or under|\+/-)",
    ),
    "stock": (
        r"(?:stock|starting|start|from|current|currently|base)\s*(?:is|at|of|:)?\s*$",
        r"^\s*stock",
    ),
    "price": (r"\$\s*$", r"^\s*(?:a|per|/)\s*(?:lb|pound|oz|ounce|gram|g|kilo|kg|p\b|elbow|zip)"),
    "dropper": (r"dropper\w*\s*(?:is|of|holds|=)?\s*$", r"^\s*(?:dropper)"),
}
_TAGS = {
    tag: (re.compile(left, re.IGNORECASE), re.compile(right, re.IGNORECASE))
    for tag, (left, right) in _TAG_WORDS.items()
}


def _tags(before: str, after: str) -> frozenset[str]:
    clause_before = re.split(r"[.;!?\n]", before)[-1]
    clause_after = re.split(r"[.;!?\n,]", after)[0]
    found = set()
    for tag, (left, right) in _TAGS.items():
        if left.search(clause_before[-45:]) or right.search(clause_after):
            found.add(tag)
    return frozenset(found)


def cannabinoid_mentions(text: str) -> list[str]:
    """The cannabinoids a text names, in order of appearance."""
    return [
        n
        for m in _CANNABINOID.finditer(text)
        if (n := cannabinoid_name(m.group(0).removeprefix("total ").strip()))
    ]


_CELL_SPLIT = re.compile(r"\t|\s{2,}|\s*\|\s*|,(?=\s*[\d<nN])")
_NOT_DETECTED = re.compile(
    r"^(?:nd|n\.d\.|<\s*lo[dq]|not\s+detected|bql|<\s*[\d.]+)$", re.IGNORECASE
)


def coa_table(text: str) -> list[Quantity]:
    """Cannabinoid results from a COA table pasted as text, one per row (% column first).

    A header naming "%" or "mg/g" picks the column; without one, a row's pair of values
    where one is ten times the other is read as % and mg/g. ND and <LOQ read as 0.
    """
    found: list[Quantity] = []
    header: list[str] | None = None
    offset = 0
    for line in text.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        cells = [c.strip() for c in _CELL_SPLIT.split(line.strip()) if c.strip()]
        if len(cells) < 2:
            continue
        name = cannabinoid_name(cells[0]) if _CANNABINOID.fullmatch(cells[0].rstrip(":")) else None
        if name is None:
            if any(re.search(r"%|mg/g|result|amount|conc", c, re.IGNORECASE) for c in cells):
                header = cells
            continue
        chosen = _table_value(cells, header)
        if chosen is None:
            continue
        value, unit, written = chosen
        kind = "percent" if unit == "%" else "concentration"
        found.append(
            Quantity(
                value,
                unit,
                kind,
                start,
                offset,
                line.strip(),
                cannabinoid=name,
                tags=frozenset({"coa"} | ({"nd"} if written == "ND" else set())),
            )
        )
    return found if len(found) >= 2 else []


def _table_value(cells: list[str], header: list[str] | None) -> tuple[float, str, str] | None:
    values = cells[1:]
    if header is not None and len(header) == len(cells):
        for index, title in enumerate(header):
            if (
                index
                and re.search(r"%|percent", title, re.IGNORECASE)
                and not re.search(r"lo[dq]", title, re.IGNORECASE)
            ):
                return _cell(cells[index], "%")
        for index, title in enumerate(header):
            if index and re.search(r"mg/g", title, re.IGNORECASE):
                return _cell(cells[index], "mg/g")
    for cell in values:
        if cell.endswith("%"):
            return _cell(cell.rstrip("% "), "%")
        if re.search(r"mg/g$", cell, re.IGNORECASE):
            return _cell(re.sub(r"\s*mg/g$", "", cell, flags=re.IGNORECASE), "mg/g")
    numbers = [float(c) for c in values if re.fullmatch(r"\d+(?:\.\d+)?", c)]
    for first, second in itertools.pairwise(numbers):
        if first and abs(second - first * 10) <= 0.011 * second:
            return first, "%", str(first)
    if all(_NOT_DETECTED.match(c) or re.fullmatch(r"\d+(?:\.\d+)?", c) for c in values) and any(
        _NOT_DETECTED.match(c) for c in values
    ):
        return 0.0, "%", "ND"
    if len(numbers) == 1:
        return numbers[0], "%", str(numbers[0])
    return None


def _cell(cell: str, unit: str) -> tuple[float, str, str] | None:
    if _NOT_DETECTED.match(cell.strip()):
        return 0.0, unit, "ND"
    try:
        return float(cell.strip()), unit, cell.strip()
    except ValueError:
        return None
