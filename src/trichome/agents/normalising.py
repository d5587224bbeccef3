"""Writing a question's numbers and symbols one way before its quantities are read.

Numbers in words ("two hundred gummies", "half a gram", "a dozen"), separators ("1,000",
"24,5 %"), fractions ("1 1/2 cups", "½"), articles that mean one ("a gram") and the symbols
operators paste (Δ, µ, ×, non-breaking spaces) all become plain digits and ASCII.
"""

from __future__ import annotations

import re

from trichome.agents import units
from trichome.agents.container_words import container_words
from trichome.agents.ounce_statements import TRADE_STATED, standard_ounce_stated
from trichome.agents.story_numbers import (
    drop_labels,
    floor_area,
    pieces_in_groups,
    separate_numbers,
    shares_of_a_whole,
    trade_and_lights,
)

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
_BARE_AMOUNT = re.compile(
    r"(^|[.!?;]\s+)(eighth|zip|ounce|oz|gram|pound|lb|kilo)(?=\s+of\b)", re.IGNORECASE
)
_HALF = re.compile(r"\bhalf\s+(?:a|an)\s+", re.IGNORECASE)
_FRACTION_WORDS = {"half": 0.5, "0.5": 0.5, "quarter": 0.25, "0.25": 0.25}
_AND_A_FRACTION = re.compile(
    r"\b(\d+(?:\.\d+)?)\s+and\s+(?:an?\s+)?(half|0\.5|quarter|0\.25)\b",
    re.IGNORECASE,
)
# Units after which "4,2" is a decimal comma ("4,2 kg", "24,5 %"), not a list of numbers.
_DECIMAL_UNITS = (
    r"mg|g|gs|grams?|kg|kgs|kilos?|lbs?|pounds?|oz|ounces?|ml|l|liters?|litres?|mg/ml|mg/g|"
    r"w|watts?|sq\s?ft|m2|percent"
)


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
        ("→", " - "),
        ("=>", " - "),
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
    text = container_words(shares_of_a_whole(drop_labels(text)))
    text, standard = standard_ounce_stated(text)
    # "1 oz (28 g)", "2 oz (56 g)": the grams the user states for an amount are what they mean.
    text = _STATED_GRAMS.sub(lambda m: f"{m.group(1)} g", text)
    if standard:  # "a qp (a quarter of a 453.6 g pound)": slang for shares of that pound
        text = _QP.sub(lambda m: "0.25 lb" if m.group(1).lower() == "q" else "0.5 lb", text)
    if standard:
        text = _STANDARD_FRACTION.sub(lambda m: _OUNCE_SHARES[m.group(1).lower()] + " oz", text)
    text = _trade_ounce_stated(text if standard else _trade_fractions(text), standard)
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
    # A symmetric tolerance in any spelling ("±15%", "+/-15 percent", "plus/minus 10%") is
    # written "plus or minus 15%", so its number is never read as negative.
    text = re.sub(
        r"(?:\+\s*/\s*-|\+-(?=\s*\d)|\bplus\s*(?:or|/|-|and)?\s*minus\b)\s*",
        "plus or minus ",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(
        r"\bnegative\s+(?=\d)|(?<!plus or )\bminus\s+(?=\d)", "-", text, flags=re.IGNORECASE
    )
    text = _HALF.sub("0.5 ", text)
    text = re.sub(
        r"\b(?:a\s+)?half\s+(?=(?:oz|ounce|zip|lb|pound|kilo|gram|g|gm|mg|kg|cup|stick|tsp|"
        r"teaspoon|tbsp|tablespoon|ml|mil|liter|litre|gallon|gal|dropper|dropperful)s?\b)",
        "0.5 ",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(
        r"\b(?:a\s+)?quarter\s+(?=(?:lb|pound|kilo|cup|ml|milliliter|millilitre|tsp|teaspoon|tbsp|"
        r"tablespoon|dropper|liter|litre|gallon|gal)s?\b)",
        "0.25 ",
        text,
        flags=re.IGNORECASE,
    )
    # "my cup of butter was infused with 1200 mg": one such measure.
    text = re.sub(
        r"\b(my|our|your|the|this|that)\s+(cup|stick|tablespoon|tbsp|teaspoon|tsp)\s+(?=of\b)",
        r"\1 1 \2 ",
        text,
        flags=re.IGNORECASE,
    )
    # "half-gram preroll", "half-liter bottle": the hyphenated fraction of a metric unit.
    text = re.sub(
        r"\b(?:a\s+)?half-(?=(?:gram|g|gm|mg|kilo|kg|ml|liter|litre|cup|stick)s?\b)",
        "0.5 ",
        text,
        flags=re.IGNORECASE,
    )
    # "3 dozen cookies" is 36 of them ("a dozen", "two dozen" are read with the words).
    text = re.sub(
        r"\b(\d+)\s+dozen\b", lambda m: _plain(int(m.group(1)) * 12), text, flags=re.IGNORECASE
    )
    text = _NUMBER_WORDS.sub(lambda m: _number_words(m), text)
    # "two and a half pounds", "1 and a half percent": the whole number plus the fraction.
    text = _AND_A_FRACTION.sub(
        lambda m: _plain(float(m.group(1)) + _FRACTION_WORDS[m.group(2).lower()]), text
    )
    text = _ARTICLE_UNIT.sub(lambda m: _article(m), text)
    # "eighth of 26% flower" opening a sentence: the amount is one of them.
    text = _BARE_AMOUNT.sub(lambda m: f"{m.group(1)}1 {m.group(2)}", text)
    # Thousands separators ("1,000", "12,500.5") and decimal commas ("24,5%").
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)
    text = re.sub(rf"(?<=\d),(?=\d{{1,2}}\s*(?:%|(?:{_DECIMAL_UNITS})\b))", ".", text)
    # "a 1000mg/30ml tincture": the bottle's THC in its volume.
    text = re.sub(
        r"\b(\d+(?:\.\d+)?)\s*mg\s*/\s*(\d+(?:\.\d+)?)\s*ml\b",
        r"\1mg in \2ml",
        text,
        flags=re.IGNORECASE,
    )
    text = _BOUGHT_FOR.sub(lambda m: f"{m.group(1)}$", _pound_slang(text))
    text = trade_and_lights(pieces_in_groups(text))
    if standard and re.search(r"\b(?:eighths?|8ths?|quarters?|zips?)\b", text, re.I):
        # "eighths in an ounce if the ounce is 28.35 g": that ounce, in grams, not a zip's 28
        text = _MASS_OUNCES.sub(lambda m: f"{units.grams(float(m.group(1)), 'oz'):.6g} g", text)
    return floor_area(text)


# Flower sold by the fraction of an ounce is weighed against the trade's 28 g ounce: a menu's
# "1/8 oz" is an eighth (3.5 g), "1/4 oz" a quarter (7 g), "1/2 oz" a half (14 g). Not a
# liquid ("a 1/2 oz bottle of tincture") and not a kitchen measure ("1/8 tsp").
_LIQUID_AFTER = (
    r"(?!\s*(?:fl\b|fluid|bottles?|tinctures?|droppers?|vials?|jars?\s+of\s+(?:tincture|oil)|"
    r"of\s+(?:tincture|oil|syrup|liquid|water|milk|cream|alcohol|glycerin|mct)))"
)
_EIGHTH = re.compile(
    r"\b(?:(?:an?|one)\s+)?1\s*/\s*8(?:th)?(?:\s*(?:of\s+an?\s+)?(?:oz|ounce)s?\b)?(?!\s*(?:tsp|teaspoon|tbsp|"
    r"tablespoon|cup|inch|in\b|\"|mm|cm|ml|l\b|gal|lb|pound|kg|g\b|gram|mile|turn|th\b|"
    r"of\s+(?:the|a|it|that|this|my|our|each|every|total)\b))" + _LIQUID_AFTER,
    re.IGNORECASE,
)
_QUARTER_OUNCE = re.compile(
    r"\b(?:1\s*/\s*4(?:th)?|(?:an?\s+)?quarter)(?:\s+|-)?(?:of\s+an?\s+)?(?:oz|ounce)s?\b"
    + _LIQUID_AFTER,
    re.IGNORECASE,
)
_HALF_OUNCE = re.compile(
    r"\b(?:1\s*/\s*2|(?:an?\s+)?half)(?:\s+|-)?(?:(?:of\s+)?an?\s+)?(?:oz|ounce|o)s?\b(?!\.)"
    + _LIQUID_AFTER,
    re.IGNORECASE,
)


_MASS_OUNCES = re.compile(
    r"\b(\d+(?:\.\d+)?)\s*(?:oz|ozs|ounces?)\b(?!\s*(?:bottle|of\s+tincture))", re.IGNORECASE
)
_POUNDS = re.compile(r"\b(\d+(?:\.\d+)?)\s*(?:lbs?|pounds?)\b", re.IGNORECASE)
_STATED_GRAMS = re.compile(
    r"\b\d+(?:\.\d+)?\s*(?:oz|ozs|ounces?|lbs?|pounds?)\s*\(\s*(\d+(?:\.\d+)?)\s*(?:g|grams?)\s*\)",
    re.IGNORECASE,
)
# Trade slang for pounds counted in ounces: a QP is four zips, an HP eight.
_QP = re.compile(r"\b(?:(?:an?|one)\s+)?(q|h)\.?p\.?s?\b(?![.'\w])", re.IGNORECASE)


# "a zip for 200", "4 zips for 700": a bare number after an amount of flower "for" is its price.
_BOUGHT_FOR = re.compile(
    r"\b((?:zips?|oz|ounces?|lbs?|pounds?|kilos?|kg|eighths?|quarters?|half-oz|elbows?)\s+"
    r"(?:(?:are\s+|is\s+)?(?:going|selling|goes|go)\s+)?(?:for|@|at)\s*)"
    r"(?=\d+(?:[,.]\d+)*k?\b(?![,.]\d)(?!\s*[a-z%]))",
    re.IGNORECASE,
)


# "use 448 g (16 zips x 28)", "counting a 448 g pound": the trade's pound of 16 × 28 g.
_TRADE_POUND_STATED = re.compile(
    r"\(?\s*(?:(?:using|use|with|counting|taking|at|by)\s+)?(?:(?:the|a|an)\s+)?448\s*g(?:rams?)?"
    r"(?:\s+(?:lbs?|pounds?)\b)?\s*\)?(?:\s*\(\s*16\s*(?:zips?|oz|ounces?)\s*(?:x|\*)\s*28\s*g?\s*\))?",
    re.IGNORECASE,
)
# "lbs going for 2k": a unit with no number, priced, is one of them.
_BARE_PRICED = re.compile(
    r"(^|[.!?;]\s+)(lbs?|pounds?|zips?|ounces?|oz|eighths?|kilos?|elbows?)\s+(?=(?:are\s+|is\s+)?(?:going|"
    r"go|goes|selling|sell|run|running|runs)\s+(?:for|at)\b|for\s+\$?\d[\d,.]*k?\b(?!\s*[a-z%]))",
    re.IGNORECASE,
)


_OUNCE_SHARES = {"half": "0.5", "quarter": "0.25", "eighth": "0.125"}
_STANDARD_FRACTION = re.compile(
    r"\b(?:(?:an?|one)\s+)?(half|quarter|eighth)(?:\s+|-)(?:of\s+)?(?:an?\s+)?(?:oz|ounce)s?\b",
    re.IGNORECASE,
)


def _trade_ounce_stated(text: str, standard: bool = False) -> str:
    text = _QP.sub(lambda m: "4 zips" if m.group(1).lower() == "q" else "8 zips", text)
    text = _BARE_PRICED.sub(lambda m: f"{m.group(1)}1 {m.group(2)} ", text)
    text = _BOUGHT_FOR.sub(lambda m: f"{m.group(1)}$", text)
    if re.search(r"\b(?:lbs?|pounds?)\b", text, re.IGNORECASE) and _TRADE_POUND_STATED.search(text):
        text = _TRADE_POUND_STATED.sub(" ", text) + " (trade oz)"
        # "$2400/lb ... using a 448 g pound": the price is for that pound of 16 zips
        text = re.sub(r"\s*(?:/|\bper\s+|\ba\s+)(?:lb|pound)\b", " per 16 zips", text, flags=re.I)
    text = re.sub(
        r"\b(?:an?\s+)?quarter\s+(?=of\s+\d+(?:\.\d+)?\s*%)", "1 quarter ", text,
        flags=re.IGNORECASE,
    )  # fmt: skip
    # "how many trade ounces (28 g) in a kilo": the trade's ounce is the unit asked for.
    text = re.sub(
        r"\bhow\s+many\s+trade(?:'s)?\s+(?:oz|ounces?)(?:\s*\(\s*28\s*g(?:rams?)?\s*(?:each\s*)?\))?",
        "how many zips",
        text,
        flags=re.IGNORECASE,
    )
    if not standard:  # "14 ounces (28.35 g oz) under a 480 W light": the stated ounce
        text = _HARVEST_OUNCES.sub(
            lambda m: f"{m.group(1) or m.group(3) or ''}{m.group(2) or m.group(4)} zips", text
        )
    if not TRADE_STATED.search(text):
        return text
    text = TRADE_STATED.sub(" ", text)
    text = re.sub(r"\b(?:an?|one)\s+(?:lb|pound)\b", "16 zips", text, flags=re.IGNORECASE)
    text = re.sub(r"\bhalf\s+(?:a\s+)?(?:lb|pound)\b", "0.5 lb", text, flags=re.IGNORECASE)
    text = _POUNDS.sub(lambda m: f"{_plain(float(m.group(1)) * 16)} zips", text)
    return _MASS_OUNCES.sub(lambda m: f"{m.group(1)} zips", text)


# "an oz of 21%", "2 ounces of bud": whole ounces of flower, like its fractions, are weighed
# against the trade's 28 g ounce (the answer states both ounces). Only when the ounces are
# "of" a potency or of flower, so a kitchen or liquid ounce keeps its avoirdupois weight.
_FLOWER_OUNCES = re.compile(
    r"(?<![/\d.])\b(an?|one|\d+(?:\.\d+)?)\s*(?:oz|ozs|ounces?)\s+(?=of\s+(?:(?:the|this|that|some|my|"
    r"top-?shelf|indoor|outdoor|greenhouse|dried|cured)\s+)*(?:\d+(?:\.\d+)?\s*(?:%|percent)"
    r"(?!\s*(?:thc\s+|cbd\s+)?(?:tinctures?|oils?|distillate|syrup|liquid|butter|rso|wax|"
    r"shatter|rosin|resin|concentrate|vape))|(?:buds?|flower|nugs?|shake|smalls|popcorn|weed)\b))",
    re.IGNORECASE,
)


# "pulled 18 oz dry", "the tent yielded 16 oz": a harvest of flower weighed in the trade's
# 28 g ounce.
_HARVEST_OUNCES = re.compile(
    r"(\b(?:pulled|harvested|yielded|yields|cropped|chopped|got)\s+)(\d+(?:\.\d+)?)\s*(?:oz|ozs|"
    r"ounces)\b|()\b(\d+(?:\.\d+)?)\s*(?:oz|ozs|ounces)(?=\s+(?:of\s+)?(?:dry|dried|wet)\b)",
    re.IGNORECASE,
)


# "an 8th", "two 8ths": counter slang for an eighth. Only after an article or a count, so a
# date ("the 8th of May") is left alone.
_EIGHTH_DIGITS = re.compile(r"\b(an?|one|\d+)\s+8ths?\b", re.IGNORECASE)


def _trade_fractions(text: str) -> str:
    text = _EIGHTH_DIGITS.sub(
        lambda m: f"{'1' if not m.group(1).isdigit() else m.group(1)} eighth", text
    )
    text = _EIGHTH.sub("1 eighth", text)
    text = _QUARTER_OUNCE.sub("1 quarter", text)
    text = _HALF_OUNCE.sub("1 half-oz", text)
    return _FLOWER_OUNCES.sub(
        lambda m: (
            f"{m.group(1)} zips " if m.group(1)[0].isdigit() and m.group(1) != "1" else "1 zip "
        ),
        text,
    )


# "paid 1,650 for a p": a p (or an elbow) is a pound in the trade, in talk of money.
_MONEY_TALK = re.compile(
    r"\$|\bpaid\b|\bpay(?:ing)?\b|\bcost|\bprice|\bbucks\b|\bdollars?\b|\bspen[dt]|"
    r"\bcharg|\bsold\b|\bsell|\bquote|\bwholesale",
    re.IGNORECASE,
)
_P_FOR_POUND = re.compile(r"\b(a|an|per|each|one|the|\d+(?:\.\d+)?)\s*(?:p|ps|p's)\b(?![.'\w])",
                          re.IGNORECASE)  # fmt: skip


def _pound_slang(text: str) -> str:
    if not _MONEY_TALK.search(text):
        return text

    def pound(match: re.Match[str]) -> str:
        word = match.group(1).lower()
        if word in ("per", "each"):
            return f"{match.group(1)} lb"
        return f"{'1' if not word[0].isdigit() else match.group(1)} lb"

    return _P_FOR_POUND.sub(pound, text)


# "a 4x4 tent", "5 x 10 ft", "4'x8' table": a floor area, written as its product.
def _plain(number: float) -> str:
    return f"{number:g}" if abs(number) < 1e15 else str(number)


def _number_words(match: re.Match[str]) -> str:
    words = match.group(0)
    groups = separate_numbers(words, _ONES)
    if len(groups) > 1:  # "delta nine one percent": two numbers, 9 and 1, not ten
        return " ".join(_plain(_words_to_number(g)) for g in groups)
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
