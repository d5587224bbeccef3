"""How units and counted things are written: the alternations the quantity reader matches
("mg", "milligrams", "fl oz", "sq ft", "gummies", "pre-rolls"), and the kind and canonical unit
(`units.canonical`) a matched unit stands for. `quantities` reads numbers with these."""

from __future__ import annotations

import re

from trichome.agents import units
from trichome.agents.units import UnitError

COUNTABLE = (
    r"gumm(?:y|ies|ys)|gummie|pieces?|pcs?|units?|capsules?|caps|cookies?|chocolates?|brownies?|"
    r"servings?|bars?|mints?|tablets?|tabs?|drinks?|beverages?|bottles?|cartridges?|carts?|"
    r"vapes?|pens?|doses?|candies|candy|chews?|lozenges?|pre-?rolls?|joints?|blunts?|spliffs?|cones?|edibles?|"
    r"packages?|packs?|jars?|squares?|bites?|softgels?|cans?|shots?|lollipops?|suckers?|"
    r"truffles?|pills?|sachets?|pouches?|tinctures?|syringes?|plants?|lights?|fixtures?|"
    r"bags?|boxes?|tins?|containers?|sticks?|cups?|muffins?|cakes?|squares?|rosins?|dabs?|"
    r"molds?|moulds?|trays?|batch(?:es)?|lbs?|ounces?|eighths?|grams?|tablespoons?|teaspoons?|"
    r"blondies?|cupcakes?|treats?|slices?|krispies|macarons?|pastilles?|gumdrops?|drops?|bears?|worms?|"
    # "a tin of 20 minis": the noun, not "5 mini gummies"
    r"minis|mini(?=\s*(?:[?.,!;]|$))"
)
# What one piece or serving is called ("each cookie", "every gummy").
PIECES = (
    r"gumm(?:y|ies|ys)|gummie|pieces?|units?|capsules?|caps|cookies?|chocolates?|brownies?|"
    r"servings?|doses?|bars?|mints?|tablets?|tabs?|drinks?|beverages?|candies|candy|chews?|"
    r"lozenges?|edibles?|squares?|bites?|softgels?|cans?|shots?|lollipops?|suckers?|truffles?|"
    r"pills?|muffins?|cakes?|treats?|cupcakes?|blondies?|rice\s+krispies?|bears?|worms?|minis|"
    r"mini(?=\s*(?:[?.,!;]|$))"
)
# "one customer can buy", "1 can still get": the verb "can", not a can of a drink.
MODAL_CAN = re.compile(
    r"can(?:not|'t)?\s+(?:(?:only|still|legally|also|just|even|actually|really|never|not)\s+)*"
    r"(?:buy|purchase|get|have|hold|carry|possess|take|make|afford|use|do|be|eat|drink|sell|"
    r"give|bring|consume|fit|go|pick|order|grab|smoke|keep|i|you|we|they|he|she|it)\b",
    re.IGNORECASE,
)

MASS = (
    r"half-?oz|mg|mgs|milligrams?|kg|kgs|kilos?|kilograms?|g|gs|gms?|grams?|grammes?|grs?|oz|ozs|ounces?|"
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
    r"yrs?|cfu|mm|cm|inch(?:es)?|in\b(?!\s+(?!x\b|by\b)[a-z])|kpa|hpa"
)
UNIT = (
    rf"(?P<conc>mg\s*(?:/|per)\s*(?:g|gram|ml|mL|milliliter|millilitre|l|L|lit(?:er|re))|ppm)\b|"
    r"(?P<pct>%|percent\b|pct\b|per\s*cent\b)|"
    rf"(?P<mass>{MASS})\b|(?P<volume>{VOLUME})\b|(?P<area>{AREA})|(?P<power>{POWER})\b|"
    rf"(?P<factor>x)\b|(?P<money>dollars?|bucks|usd)\b|(?P<other>{OTHER})\b"
)


def kind_and_unit(match: re.Match[str]) -> tuple[str, str]:
    if match.group("money_sign") or match.group("money"):
        return "money", "$"
    if match.group("pct"):
        return "percent", "%"
    if match.group("conc"):
        tail = match.group("conc").lower().replace(" ", "")
        if tail == "ppm":  # parts per million: mg per kg, or per litre of a water-based liquid
            return "concentration", "ppm"
        if tail.endswith(("g", "gram")):
            return "concentration", "mg/g"
        # "400 mg/L": a ratio like mg/mL, a thousandth the size (`quantities.read` scales it)
        return "concentration", "mg/l" if re.search(r"/l$|perl$|lit(?:er|re)$", tail) else "mg/ml"
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
                key = units.canonical(SPELLING_FIXES.get(written, written))
            except UnitError:
                continue
            return kind, key
    return "number", ""


SPELLING_FIXES = {
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


# what holds a batch's or package's pieces, named as the user named it
_HOLDERS = re.compile(r"\b(jar|tin|bag|bottle|pack|package|box|tub|pouch|batch)s?\b", re.I)


def holder_word(text: str, default: str) -> str:
    """The user's word for what held a total ("whole jar has 400 mg": "jar"), else `default`."""
    found = _HOLDERS.search(text)
    return found.group(1).lower() if found else default


# "i ate", "she took", "he's eaten", "if i take", "gave my wife": pieces someone took ("had"
# is left out: "we had 24 cookies" is what was made).
TAKEN = (
    r"\b(?:ate|eaten|eats|eat|took|taken|consumed|finished|gave\s+(?:him|her|them|my\s+\w+)|"
    r"(?:i|we|he|she|they|you|u)\s+(?:just\s+|only\s+)?(?:take|takes))\s+"
    r"(?:about\s+|like\s+|maybe\s+|only\s+|just\s+|around\s+|roughly\s+)?"
)
