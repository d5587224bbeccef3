"""The trade's quarter and half named alone ("a quarter of the 27% gelato", "she wants a
half, how many grams"): at the counter a quarter is a quarter ounce and a half a half ounce
of flower, weighed against the trade's 28 g ounce (7 g and 14 g). A bag named by its grams
with no unit ("how many mg in a 3.5", "a 7 of the gelato") is that many grams.

Written out as "a quarter ounce" / "a half ounce" before the question is read, so the
ounce readers in `trade_amounts` weigh them; a share of something else ("a quarter of the
batch", "half of the oil", "two and a half") keeps its own reading in `story_numbers`.
"""

from __future__ import annotations

import re

from trichome.agents.unit_words import COUNTABLE

# What a share is taken of: a whole, a piece, a liquid, a concentrate or a time, never a bag
# of flower ("a quarter of the batch", "a half of the oil").
_WHOLES = (
    rf"(?:{COUNTABLE}|the|an?|our|your|my|some|his|her|their|it|them|that|this|those|these|total|weight|mass|recipe|lot|run|harvest|"
    r"crop|room|tent|yield|amount|dose|oils?|butter|tincture|distill?ate|disty|concentrate|"
    r"rosin|resin|wax|extract|isolate|rso|cream|milk|water|syrup|liquid|mix|blend|hour|"
    r"minute|day|week|month|year|time|way|price|cost|money|order|shipment|pound|lb|kilo|kg|"
    r"ounce|oz|zip|gram|cup|stick|tsp|tbsp|tablespoon|teaspoon|ml|liter|litre|percent|"
    r"thc|cbd|thca|cbda|moisture|water|loss|inventory|stock|tray|pan|sheet|lbs|pounds)s?"
)
# "a quarter of the 27% gelato", "a half of the runtz", "one quarter of our 22% og"
_OF_FLOWER = re.compile(
    r"(?<!\band\s)\b(?P<article>an?|one)\s+(?P<share>quarter|half)\s+(?=of\s+(?:(?:the|that|this|"
    r"our|your|my|some|his|her|their)\s+)?(?P<potency>\d+(?:\.\d+)?\s*%\s*)?"
    rf"(?!{_WHOLES}\b)[a-z][\w'-]*)",
    re.IGNORECASE,
)
# "wants a quarter, how many grams", "a half for $120", "a half?"
_ALONE = re.compile(
    r"(?<!\band\s)\b(?P<article>an?|one)\s+(?P<share>quarter|half)\b"
    r"(?=\s*(?:[,.?!;:]|$|\s+(?:for|at|@)\s+\$?\d|\s+(?:bag|sack|baggie)s?\b))",
    re.IGNORECASE,
)
# Talk at the counter or of flower, where a quarter or a half is a bag of it.
_TRADE_TALK = re.compile(
    r"\b(?:customers?|clients?|guy|gal|patients?|weigh\w*|bag\w*|sell|sold|selling|buy\w*|"
    r"bought|budtender|counter|flower|buds?|nugs?|strains?|thc|mgs?|grams?|price|cost|"
    r"ring\s+up|eighths?|zips?)\b|\$|%",
    re.IGNORECASE,
)
# An amount of flower given in numbers ("3.5 g", "2 oz"): then "a quarter of" it is a share.
_MASS_GIVEN = re.compile(
    r"\d\s*(?:mg|g|gs|grams?|kg|kilos?|lbs?|pounds?|oz|ounces?|zips?|eighths?)\b", re.IGNORECASE
)


# "a 3.5", "a 7 of the runtz", "two 3.5s": the counter's bags named by their grams, when
# nothing but the end of a clause, "then", "of" or a bag follows (not "a 7 day cure"; not
# an acid's "a" with its result, "cbd-a 14.2%", nor the whole part of a decimal).
_BAG_GRAMS = re.compile(
    r"(?<![-/])\b(?P<lead>an?|one|each|per|that|this)\s+(?P<grams>3\.5|7|14|28)(?![.,]?\d)"
    r"(?:'?s)?(?=\s*(?:[,.?!;:)]|$|\s+(?:then|of|bags?|sacks?|baggies|jars?)\b))",
    re.IGNORECASE,
)


def _bag_in_grams(match: re.Match[str]) -> str:
    lead = match.group("lead")
    return f"{'' if lead.lower() in ('a', 'an', 'one') else lead + ' '}{match.group('grams')} g"


def lone_trade_fractions(text: str) -> str:
    """ "a quarter" and "a half" said alone as the trade's amounts, written as a quarter
    ounce and a half ounce; left as they are outside talk of flower at the counter or when
    an amount of flower is given in numbers."""
    if not _TRADE_TALK.search(text):
        return text
    mass_given = _MASS_GIVEN.search(text)
    text = _BAG_GRAMS.sub(_bag_in_grams, text)
    if mass_given:
        return text

    def ounce(match: re.Match[str]) -> str:
        return f"{match.group('article')} {match.group('share')} ounce "

    text = _OF_FLOWER.sub(ounce, text)
    return _ALONE.sub(lambda m: ounce(m).rstrip(), text)
