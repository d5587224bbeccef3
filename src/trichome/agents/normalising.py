"""Writing a question's numbers and symbols one way before its quantities are read.

Numbers in words ("two hundred gummies", "half a gram", "a dozen"), separators ("1,000",
"24,5 %"), fractions ("1 1/2 cups", "½"), articles that mean one ("a gram") and the symbols
operators paste (Δ, µ, ×, non-breaking spaces) all become plain digits and ASCII.
"""

from __future__ import annotations

import re

from trichome.agents.container_words import container_words
from trichome.agents.dose_plurals import dose_plurals
from trichome.agents.lone_fractions import lone_trade_fractions
from trichome.agents.measure_spellings import spoon_measures
from trichome.agents.story_numbers import (
    counted_capsules,
    drop_labels,
    floor_area,
    pieces_in_groups,
    separate_numbers,
    shares_of_a_whole,
    trade_and_lights,
)
from trichome.agents.trade_amounts import plain as _plain
from trichome.agents.trade_amounts import priced_amounts, standard_ounces, trade_amounts
from trichome.agents.unit_words import TAKEN

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
_TAKEN_BEFORE = re.compile(TAKEN + "$", re.IGNORECASE)
# "a gram", "an eighth": the article is the number one.
_ARTICLE_UNIT = re.compile(
    r"\b(?:a|an|one|per|each)\s+(gram|g|ounce|oz|pound|lb|kilo|kg|eighth|quarter|zip|cup|"
    r"tablespoon|tbsp|teaspoon|tsp|stick|liter|litre|dropper|dropperful|ml|milliliter|"
    r"gallon|quart|half\s+ounce|half\s+oz)\b",
    re.IGNORECASE,
)
_BARE_AMOUNT = re.compile(
    r"(^|[.!?;]\s+)(eighth|zip|ounce|oz|gram|pound|lb|kilo|cup|stick|tablespoon|tbsp|teaspoon|"
    r"tsp|liter|litre|quart|gallon)(?=\s+of\b|"
    # "eighth is $35", "zip runs 200 bucks": a sentence opening on the bag priced
    r"\s+(?:is|was|costs?|runs?|goes\s+for|sells\s+for|for|at|@)\s*\$)",
    re.IGNORECASE,
)
# "eighths of 20% flower, mg per eighth?": bags named in the plural with no count, asked
# about one of them ("per eighth", "each", "in one"), are one bag.
# "the eighth is 26%", "this 8th @ 30%", "my zip tested 28%": one bag named by an article and
# followed by its potency is one bag weighed (never a date, "the 8th of May", nor a price).
_NAMED_BAG = re.compile(
    r"\b(?:the|this|that|my|our|your|his|her|their)\s+(eighth|8th|quarter|zip)"
    r"(?=\s*(?:is|was|'s|at|@|of|:|,|=|-|tests?|tested|testing|came\s+(?:back|in)|reads?)?"
    r"\s*(?:at|@|about|around)?\s*\d+(?:\.\d+)?\s*(?:%|percent))",
    re.IGNORECASE,
)
_BARE_BAGS = re.compile(
    r"(?<![\d.])(?<![\d.]\s)(?<!many\s)\b(eighth|zip|quarter|ounce|gram)s"
    r"(?=\s+of\b)",
    re.IGNORECASE,
)


def _one_bag(match: re.Match[str]) -> str:
    """ "eighths" as "1 eighth" when the question asks about one of them."""
    word = match.group(1)
    asked = rf"\b(?:per|a|an|one|1|each)\s+{word}\b|\beach\b|\bin\s+(?:one|1)\b|\bapiece\b"
    return f"1 {word}" if re.search(asked, match.string[match.end() :], re.IGNORECASE) else match[0]


_BETWEEN = re.compile(
    r"\bbetween\s+(\d+(?:\.\d+)?)\s*(?:%|percent)?\s+and\s+"
    r"(\d+(?:\.\d+)?)(?=\s*(?:%|percent|mg|mgs|milligrams?|g|grams?|ml)(?![\w/]))",
    re.IGNORECASE,
)
# A lab sheet's dotted leaders between an analyte at the start of a line and its result
# ("THCa ........ 198.3 mg/g", "CBDa ..... <LOQ"): written as "THCa: 198.3 mg/g".
_LEADERS = re.compile(
    r"^([^\n.]{1,40}?)[ \t]*(?:\.{3,}|…+)[ \t.…]*(?=<|nd\b|n/d\b|\d)",
    re.IGNORECASE | re.MULTILINE,
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


_SPOKEN_DECIMAL = re.compile(
    r"(?:\b(\d+)\s+|(?:^|(?<=[,:(])\s*|(?<=\b(?:at|is|of|to|by)\s)|(?<=\bwas\s)|"
    r"(?<=\babout\s)|(?<=\bonly\s)|(?<=\bjust\s))(?=point))point\s+(\d(?:\s+\d)*)\b",
    re.IGNORECASE,
)  # "at point three", not "at this point 5 of us": a lone "point" after a linking word
# "and point eight percent", "with point 5 mg": a lone "point" whatever word comes before,
# when a unit follows its digits (a story's "this point 5 of us" has none).
_SPOKEN_DECIMAL_WITH_UNIT = re.compile(
    r"(?<![\w.])point\s+(\d(?:\s+\d)*)(?=\s*(?:%|(?:percent|pct|mg|milligrams?|grams?|g|"
    r"ml|mg/g|mg/ml)\b))",
    re.IGNORECASE,
)


def _spoken_decimal(match: re.Match[str]) -> str:
    whole, digits = match.group(1) or "0", re.sub(r"\s+", "", match.group(2))
    if match.group(1) and re.search(
        r"\b(?:delta|d|Δ)[\s-]*$", match.string[: match.start()], re.IGNORECASE
    ):
        # "delta 9 point eight percent": the 9 names the cannabinoid; its value is 0.8
        return f"{match.group(1)} 0.{digits}"
    return f"{whole}.{digits}"


def _words_to_number(words: str) -> float:
    total, current = 0.0, 0.0
    split = re.split(r"[\s-]+", words.lower())
    for word, following in zip(split, [*split[1:], ""], strict=True):
        if word in ("a", "an", "and", ""):
            # "a hundred", "a dozen" are one of them; "a two hundred mg tin" is an article
            counts = word in ("a", "an") and (following in _SCALES or following == "dozen")
            current = current or (1 if counts else current)
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
    text = _LEADERS.sub(r"\1: ", text)  # "THCa ........ 198.3 mg/g": a row's label and value
    text = spoon_measures(text)  # "teaspon", "tea spoon", "tblsp": "tsp" and "tbsp"
    text = lone_trade_fractions(dose_plurals(drop_labels(text)))  # "wants a quarter": 7 g
    text, standard = trade_amounts(container_words(shares_of_a_whole(text)))
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
    # "between 18 and 20%": a range, written as one ("18-20%"); "from 20 to 15%" is a change
    text = _BETWEEN.sub(
        lambda m: f"{m.group(1)}-{m.group(2)}" if float(m.group(1)) < float(m.group(2)) else m[0],
        text,
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
    # "two point five mg", "point seven five grams": a decimal said in words, digit by digit.
    text = _SPOKEN_DECIMAL.sub(_spoken_decimal, text)
    text = _SPOKEN_DECIMAL_WITH_UNIT.sub(lambda m: "0." + re.sub(r"\s+", "", m.group(1)), text)
    # "two and a half pounds", "1 and a half percent": the whole number plus the fraction.
    text = _AND_A_FRACTION.sub(
        lambda m: _plain(float(m.group(1)) + _FRACTION_WORDS[m.group(2).lower()]), text
    )
    text = _ARTICLE_UNIT.sub(lambda m: _article(m), text)
    # "eighth of 26% flower", "cup of butter with 7 g" opening a sentence: one of them.
    text = _BARE_AMOUNT.sub(lambda m: f"{m.group(1)}1 {m.group(2)}", text)
    text = _BARE_BAGS.sub(_one_bag, text)
    text = _NAMED_BAG.sub(lambda m: "1 eighth" if m.group(1) == "8th" else f"1 {m.group(1)}", text)
    # Thousands separators ("1,000", "12,500.5") and decimal commas ("24,5%").
    # A comma after a decimal ("0.1,121.7" in a CSV row) separates two cells, not thousands.
    text = re.sub(r"(?<![\d.])(\d+)((?:,\d{3}(?!\d))+)", lambda m: m[0].replace(",", ""), text)
    text = re.sub(rf"(?<=\d),(?=\d{{1,2}}\s*(?:%|(?:{_DECIMAL_UNITS})\b))", ".", text)
    # "a 1000mg/30ml tincture": the bottle's THC in its volume.
    text = re.sub(
        r"\b(\d+(?:\.\d+)?)\s*mg\s*/\s*(\d+(?:\.\d+)?)\s*ml\b",
        r"\1mg in \2ml",
        text,
        flags=re.IGNORECASE,
    )
    text = trade_and_lights(pieces_in_groups(counted_capsules(priced_amounts(text))))
    return floor_area(standard_ounces(text, standard))


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
    if word in ("a", "an") and re.search(
        r"\b(?:mg|mgs|milligrams?)(?:\s+(?:of\s+)?(?:thc|cbd|thca|cbda|cbg|cbn))?\s*$",
        match.string[: match.start()],
        re.IGNORECASE,
    ):
        return "per " + match.group(1)  # "thc in mg a gram" asks mg per gram
    if match.group(1).lower() == "quarter" and (
        _TAKEN_BEFORE.search(match.string[max(0, match.start() - 40) : match.start()])
        or re.match(r"\s+of\s+(?:them|those|these)\b", match.string[match.end() :])
    ):
        return match.group(0)  # "i ate a quarter of the cookies": a share of the pieces
    return "1 " + match.group(1)
