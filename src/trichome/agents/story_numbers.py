"""Numbers in a question's story that are not inputs, taken out or combined before its
quantities are read: dates ("harvested 10/14/2026"), order and lot labels ("batch #882",
"lot H-2291"), and packing groups ("3 trays of 36 mints" are 108 mints)."""

from __future__ import annotations

import re

from trichome.agents.unit_words import TAKEN

# Dates ("10/14/2026", "on 11/02", "2026-10-14") and labels ("lot H-2291", "batch #882")
# carry numbers that are never inputs; they are dropped before quantities are read.
_DATE = re.compile(
    r"\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|"
    r"(?<=\bon\s)\d{1,2}/\d{1,2}\b(?!\s*(?:%|[a-z]))",
    re.IGNORECASE,
)
_LABEL = re.compile(
    r"\b(?P<word>lot|batch|order|invoice|sku|po|tag)\s*(?:no\.?|number|#)\s*[a-z]{0,4}-?\d[\w-]*|"
    r"\b(?P<lot>lot|tag)\s+[a-z]{1,4}-?\d[\w-]*|(?<![\w&])#\s*\d[\w-]*",
    re.IGNORECASE,
)


def _is_schedule(found: str) -> bool:
    parts = found.split("/")
    return len(parts) == 2 and sum(int(p) for p in parts) == 24


# A month and day with no year: after a word that dates something ("sampled 9/14", "tested
# on 10/3"), or anywhere when the day cannot be a fraction's denominator ("9/14": fourteenths
# are not a measure; halves to eighths, 16ths and 20ths are). Never one a unit follows.
_NOT_A_MEASURE = (
    r"(?!\s*(?:%|(?:oz|ounces?|cups?|lbs?|pounds?|g|grams?|tsp|tbsp|teaspoons?|tablespoons?|"
    r"ml|mg|inch(?:es)?|in|x|th|ths|s|sticks?)\b))"
)
_SHORT_DATE = re.compile(
    r"(?P<lead>\b(?:on|sampled|tested|dated|harvested|received|collected|pulled|packaged|"
    r"packed|shipped|chopped|since|until|due|date|made|pressed|as\s+of|week\s+of)\s*:?\s*)"
    rf"\d{{1,2}}/\d{{1,2}}\b{_NOT_A_MEASURE}|"
    rf"(?<![\d/.])\b(?:0?[1-9]|1[0-2])/(?:1[3-57-9]|2[1-46-9]|3[01])\b(?!\s*/){_NOT_A_MEASURE}",
    re.IGNORECASE,
)


def drop_labels(text: str) -> str:
    """The text less dates and labels, whose numbers are never inputs (a light schedule,
    "on 18/6", sums to 24 hours and is kept)."""
    text = _DATE.sub(lambda m: m.group(0) if _is_schedule(m.group(0)) else "", text)
    text = _SHORT_DATE.sub(
        lambda m: m.group(0) if _is_schedule(m.group(0).split()[-1]) else m.group("lead") or "",
        text,
    )
    text = _LABEL.sub(lambda m: m.group("word") or m.group("lot") or "", text)
    # "150 gummies à 10 mg": the French and German "at" (a dose each)
    return re.sub(r"(?<=\s)à\s+(?=\d)", "at ", text)


# "3 trays of 36 mints", "4 boxes of 10 gummies": the pieces are the product of the two.
_GROUPS_OF = re.compile(
    r"\b(\d+)\s+(?:trays?|sheets?|boxes|box|packs?|cases?|rows?|molds?|moulds?|bags?|tins?|"
    r"jars?|sleeves?|cartons?)\s+of\s+(\d+)\s+(?!(?:mg|g|gs|grams?|kg|ml|l|oz|lbs?|%)\b)",
    re.IGNORECASE,
)


# "two 10-packs of 10mg gummies", "3 x 20-pack 5 mg mints", "a 10pk of 10mg": packs of a
# stated count of pieces, each of a dose (the pieces are the product of the counts).
_PACKS_OF_DOSES = re.compile(
    r"(?:(?<![\d.])\b(?P<packs>\d+)(?:\s*x\s*|\s+)|\b(?:a|an|one)\s+)(?P<each>\d+)\s*-?\s*"
    r"(?:packs?|pks?|count|ct)\b\s*(?:of\s+)?(?=\d*\.?\d+\s*(?:mg|milligrams?)\b)",
    re.IGNORECASE,
)


def pieces_in_groups(text: str) -> str:
    """ "4 boxes of 25 chocolates" written as "100 chocolates", "two 10-packs of 10mg
    gummies" as "20 10mg gummies"."""
    text = _GROUPS_OF.sub(lambda m: f"{float(m.group(1)) * float(m.group(2)):g} ", text)
    return _PACKS_OF_DOSES.sub(
        lambda m: f"{float(m.group('packs') or 1) * float(m.group('each')):g} ", text
    )


def separate_numbers(words: str, ones: dict[str, int]) -> list[str]:
    """The number words split where one number ends and the next begins: a unit word
    ("one" to "nineteen") right after another unit word starts a new number."""
    groups: list[list[str]] = [[]]
    previous = None
    for token in re.split(r"(?:\s+and\s+|\s+|-)", words.strip()):
        value = ones.get(token.lower())
        if value is not None and value < 20 and previous is not None and previous < 20:
            groups.append([])
        groups[-1].append(token)
        previous = value if token.lower() not in ("a", "an") else None
    return [" ".join(g) for g in groups if g]


# "loses three quarters of its weight", "half of the THC": a share of a whole, as a percent.
_SHARE_OF = re.compile(
    r"\b(?:(?P<three>three|3)\s+quarters|(?P<half>half)|(?:a|one|1)\s+(?P<quarter>quarter)|"
    r"(?:a|one|1)\s+(?P<third>third)|(?P<thirds>two|2)\s+thirds)\s+of\s+(?=(?:its|the|their|it)\b)",
    re.IGNORECASE,
)
_TAKEN_BEFORE = re.compile(TAKEN + "$", re.IGNORECASE)
_SHARES = {"three": "75", "half": "50", "quarter": "25", "third": "33.3333", "thirds": "66.6667"}


# "half makes it into the milk", "a third gets lost": a share said with the verb, no "of".
_SHARE_DOES = re.compile(
    r"\b(?:(?P<three>three|3)\s+quarters|(?P<half>half)|(?:a|one|1)\s+(?P<quarter>quarter)|"
    r"(?:a|one|1)\s+(?P<third>third)|(?P<thirds>two|2)\s+thirds)\s+(?=(?:makes?|made|gets?|goes|"
    r"ends?\s+up|carries|is\s+lost|never)\b)",
    re.IGNORECASE,
)


def shares_of_a_whole(text: str) -> str:
    """ "three quarters of its weight" written as "75% of its weight", "half makes it into
    the milk" as "50% makes it into the milk"."""
    text = _SHARE_OF.sub(
        lambda m: (
            m.group(0)  # "i ate a quarter of the cookies": pieces taken (`portions_taken`)
            if _TAKEN_BEFORE.search(m.string[max(0, m.start() - 40) : m.start()])
            else f"{_SHARES[m.lastgroup or 'half']}% of "
        ),
        text,
    )
    return _SHARE_DOES.sub(lambda m: f"{_SHARES[m.lastgroup or 'half']}% ", text)


# "an elbow" is trade slang for a pound, "2 z's" for two ounces (zips); "three 600 watt
# lights" are 1800 W of light.
_ELBOW = re.compile(r"\b(an?|one|per|each|\d+(?:\.\d+)?)\s+elbows?\b", re.IGNORECASE)
_LIGHTS = re.compile(r"\b(\d+)\s+(\d{2,4}(?:\.\d+)?)\s*(w|watts?)\b", re.IGNORECASE)


def trade_and_lights(text: str) -> str:
    """Elbows written as pounds, and a count of lights of one wattage as their total."""
    text = _ELBOW.sub(
        lambda m: (
            f"{m.group(1) if m.group(1)[0].isdigit() or m.group(1) in ('per', 'each') else '1'} lb"
        ),
        text,
    )
    text = re.sub(r"\b(\d+(?:\.\d+)?)\s*z'?s\b", r"\1 zips", text, flags=re.IGNORECASE)  # "2 z's"
    return _LIGHTS.sub(lambda m: f"{float(m.group(1)) * float(m.group(2)):g} {m.group(3)}", text)


_FLOOR = re.compile(
    r"\b(\d+(?:\.\d+)?)\s*(?:'|ft|feet)?\s*(?:x|by|\*)\s*(\d+(?:\.\d+)?)\s*"
    r"(?P<unit>ft\b|feet\b|foot\b|'|m\b|meters?\b|metres?\b)?"
    r"(?P<space>\s*(?:[\w-]+\s+)?(?:tents?|rooms?|tables?|benches|bench|space|canopy|area|"
    r"footprint|beds?|trays?|flats?)\b)?",
    re.IGNORECASE,
)


# "5x5 got me 1.1 lb, per square foot?": a grid with no unit, in a question asking per
# square foot, is feet by feet (not "2 x 1000 W" or "10 x 5 mg").
_ASKS_PER_SQFT = re.compile(r"sq\.?\s?ft|sqft|square\s+f(?:oo|ee)t|ft2|ft²", re.IGNORECASE)
_UNIT_AFTER = re.compile(
    r"\s*(?:k?w|watts?|%|mg|g|gs|grams?|kg|kilos?|lbs?|pounds?|oz|ml|l|gal|mm|cm|in|inch|inches|"
    r"[a-z]+s?\s+(?:at|of)\b)(?![a-z])",
    re.IGNORECASE,
)


def floor_area(text: str) -> str:
    asks_area = _ASKS_PER_SQFT.search(text) is not None

    """"4x4 tent", "10 ft by 20 ft room": a grid of feet (or metres) as its area."""

    def area(match: re.Match[str]) -> str:
        unit, space = match.group("unit"), match.group("space")
        if (
            unit is None
            and space is None
            and asks_area
            and not _UNIT_AFTER.match(text, match.end())
        ):
            unit = "ft"
        if unit is None and space is None:
            return match.group(0)
        metric = unit is not None and unit.lower().startswith("m")
        product = float(match.group(1)) * float(match.group(2))
        spoken = f" {space.strip()}" if space else ""
        tail = " " if not space and match.group(0)[-1].isspace() else ""
        return f"{product:g} {'m2' if metric else 'sq ft'}{spoken}{tail}"

    return _FLOOR.sub(area, text)


# "a 30 count bottle of gummies", "60-ct jar of softgels": the bottle holds that many of them.
_COUNT_CONTAINER = re.compile(
    r"\b(\d+)[\s-]*(?:count|ct)\.?\s+(bottles?|jars?|tins?|box(?:es)?|packs?|bags?|tubs?)\s+of\s+",
    re.IGNORECASE,
)
# "caps" counted, bottled or dosed ("30 caps", "a jar of caps", "mg per cap") are capsules,
# not limits; "at the cap" or "the cap is 100 mg" stay limits.
_COUNTED_CAPS = re.compile(
    r"(?<=\d\s)caps\b|(?<=\d)caps\b|(?<=\bof\s)caps\b(?!\s+(?:is|are|on|for)\b)|"
    r"(?<=\d-)caps?\b(?!\s+(?:limits?|rules?|on|is|are|of|at)\b)",  # "a 12-cap run"
    re.IGNORECASE,
)
_ONE_CAP = re.compile(r"\b(per|each|every|a|one|1)\s+cap\b(?!\s*(?:is|of|at|was|=|:))", re.I)


def counted_capsules(text: str) -> str:
    """ "30 count bottle of caps ... per cap" written as "bottle of 30 capsules ... per
    capsule", so the count has its noun and "cap" is not read as a limit."""
    text = _COUNT_CONTAINER.sub(lambda m: f"{m.group(2)} of {m.group(1)} ", text)
    text = _COUNTED_CAPS.sub("capsules", text)
    if re.search(r"\bcapsules?\b|\bsoftgels?\b", text, re.IGNORECASE):
        text = _ONE_CAP.sub(lambda m: f"{m.group(1)} capsule", text)
    return text
