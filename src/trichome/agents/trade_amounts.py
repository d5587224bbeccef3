"""The trade's amounts of flower, read before a question's quantities: fractions of the trade's
28 g ounce ("1/8 oz", "an 8th", "half oz"), ounces of flower ("an oz of 21%", "2 oz of bud",
"18 oz dry"), slang for pounds ("a QP", "a p", "an elbow"), prices after an amount ("a zip for
200"), and a stated ounce or pound ("using a 448 g pound", "the 28 g kind").

The conventions (the trade's ounce is 28 g, an eighth 3.5 g) are in `units`; these rewrites
put the user's words into the units that carry them ("1 eighth", "4 zips", "16 zips").
"""

from __future__ import annotations

import re

from trichome.agents import units
from trichome.agents.ounce_statements import TRADE_STATED, standard_ounce_stated
from trichome.agents.unit_basis import stated_basis

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
_QP = re.compile(
    r"\b(?:(?:an?|one)\s+|(?P<count>\d+(?:\.\d+)?)\s*)?(q|h)\.?p\.?s?\b(?![.'\w])", re.IGNORECASE
)


# "at 600 each", "@ 1100 apiece", "for 575 a piece": the price is of one of them.
_PRICED_EACH = re.compile(
    r"\s*(?:at|@|for|,)\s*\$?\s*\d[\d,]*(?:\.\d+)?\s*k?\s*(?:bucks\s+|dollars\s+)?"
    r"(?:each|apiece|a\s+piece|per\s+(?:qp|hp|one|bag|pack))\b",
    re.IGNORECASE,
)


def _qp_zips(match: re.Match[str]) -> str:
    """ "a QP" is 4 zips, "2 HPs" 16: each counted in the trade's 28 g ounces; "4 qps at 600
    each" keeps one QP's size beside the count ("4 x 4 zips"), since the price is of one."""
    count = float(match.group("count") or 1)
    zips = 4 if match.group(2).lower() == "q" else 8
    if count > 1 and _PRICED_EACH.match(match.string, match.end()):
        return f"{_plain(count)} x {zips} zips"
    return f"{_plain(count * zips)} zips"


def _qp_pounds(match: re.Match[str]) -> str:
    """ "a qp" of a stated avoirdupois pound is 0.25 lb, "2 hps" 1 lb."""
    count = float(match.group("count") or 1)
    return f"{_plain(count * (0.25 if match.group(2).lower() == 'q' else 0.5))} lb"


# "a zip for 200", "4 zips for 700": a bare number after an amount of flower "for" is its price.
_BOUGHT_FOR = re.compile(
    r"\b((?:zips?|oz|ounces?|lbs?|pounds?|kilos?|kg|eighths?|quarters?|half-oz|elbows?)\s+"
    r"(?:(?:are\s+|is\s+)?(?:going|selling|goes|go)\s+)?(?:for|@|at)\s*)"
    # a price, not "for 5 grams": no unit after it ("qp for 575 whats per g" is a price)
    r"(?=\d+(?:[,.]\d+)*k?\b(?![,.]\d)(?!\s*(?:%|x\b|(?:mg|g|gs|gms?|grams?|kgs?|kilos?|lbs?|"
    r"pounds?|oz|ounces?|zips?|eighths?|quarters?|ml|l|percent|pieces?|units?|carts?|"
    r"people|hours?|days?|weeks?|months?|years?|plants?|lights?)\b)))",
    re.IGNORECASE,
)


# "use 448 g (16 zips x 28)", "counting a 448 g pound": the trade's pound of 16 × 28 g.
_TRADE_POUND_STATED = re.compile(
    r"\(?\s*(?:(?:using|use|with|counting|taking|at|by)\s+)?(?:(?:the|a|an)\s+)?448\s*g(?:rams?)?"
    r"(?:\s+(?:lbs?|pounds?)\b)?\s*\)?(?:\s*\(\s*16\s*(?:zips?|oz|ounces?)\s*(?:x|\*)\s*28\s*g?\s*\))?",
    re.IGNORECASE,
)


def _trade_pound(match: re.Match[str]) -> str:
    """ "using a 448 g pound", "(448 g)" says which pound is meant; "a 448g lb goes for $2,400"
    is the amount itself, one such pound (16 zips)."""
    said = match.group(0)
    if "(" in said or re.match(r"\W*(?:using|use|with|counting|taking|at|by)\b", said, re.I):
        return " "
    return " 16 zips " if re.search(r"lb|pound", said, re.IGNORECASE) else " 448 g "


# "lbs going for 2k": a unit with no number, priced, is one of them.
_BARE_PRICED = re.compile(
    r"(^|[.!?;]\s+)(lbs?|pounds?|zips?|ounces?|oz|eighths?|kilos?|elbows?)\s+(?=(?:are\s+|is\s+)?(?:going|"
    r"go|goes|selling|sell|run|running|runs)\s+(?:for|at)\b|"
    r"(?:for|is|are|costs?|=)\s+\$?\d[\d,.]*k?\b"  # "eighth is 35 bucks", "zips are $200"
    r"(?!\s*(?!(?:bucks|dollars|usd|cad)\b)[a-z%])|"
    r"\$\s?\d[\d,.]*k?\b(?!\s*(?:%|mg|g|grams?)\b))",  # "eighth $45 per gram?": the price after it
    re.IGNORECASE,
)


_OUNCE_SHARES = {"half": "0.5", "quarter": "0.25", "eighth": "0.125"}
_STANDARD_FRACTION = re.compile(
    r"\b(?:(?:an?|one)\s+)?(half|quarter|eighth)(?:\s+|-)(?:of\s+)?(?:an?\s+)?(?:oz|ounce)s?\b",
    re.IGNORECASE,
)


def _trade_ounce_stated(text: str, standard: bool = False) -> str:
    text = _QP.sub(_qp_zips, text)
    text = _BARE_PRICED.sub(lambda m: f"{m.group(1)}1 {m.group(2)} ", text)
    text = _prices_after_amounts(text)
    if re.search(r"\b(?:lbs?|pounds?)\b", text, re.IGNORECASE) and _TRADE_POUND_STATED.search(text):
        text = _TRADE_POUND_STATED.sub(_trade_pound, text) + " (trade oz)"
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
    text = re.sub(r"(?:\s*/\s*|\s+(?:per|each)\s+)(?:lb|pound)\b", " per 16 zips", text, flags=re.I)
    text = _POUNDS.sub(lambda m: f"{_plain(float(m.group(1)) * 16)} zips", text)
    if not standard:  # "$200 an ounce", "per oz": a price for that ounce; "an ounce" is one
        text = re.sub(r"(?<=\d)\s*(?:a|an)\s+(?:oz|ounce)\b", " per zip", text, flags=re.I)
        text = re.sub(r"(\s*/\s*|\b(?:per|each)\s+)(?:oz|ounce)\b", r"\1zip", text, flags=re.I)
        text = re.sub(r"\b(?:an?|one)\s+(?:oz|ounce)\b(?!\s*fl)", "1 zip", text, flags=re.I)
    return _MASS_OUNCES.sub(lambda m: f"{m.group(1)} zips", text)


# "an oz of 21%", "2 ounces of bud", "1 oz of trim": whole ounces of flower, like its
# fractions, are weighed against the trade's 28 g ounce (the answer states both ounces).
# Only when the ounces are "of" a potency or of flower, so a kitchen or liquid ounce keeps
# its avoirdupois weight.
_FLOWER_OUNCES = re.compile(
    r"(?<![/\d.])\b(an?|one|\d+(?:\.\d+)?)\s*(?:oz|ozs|ounces?)\s+(?=of\s+(?:(?:the|this|that|some|my|"
    r"top-?shelf|indoor|outdoor|greenhouse|dried|cured)\s+)*(?:\d+(?:\.\d+)?\s*(?:%|percent)"
    r"(?!\s*(?:thc\s+|cbd\s+)?(?:tinctures?|oils?|distillate|syrup|liquid|butter|rso|wax|"
    r"shatter|rosin|resin|concentrate|vape))|(?:buds?|flower|nugs?|shake|smalls|popcorn|weed|trim|larf|sugar\s*leaf)\b))",
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
    text = _FLOWER_OUNCES.sub(
        lambda m: (
            f"{m.group(1)} zips " if m.group(1)[0].isdigit() and m.group(1) != "1" else "1 zip "
        ),
        text,
    )
    if _SMOKED.search(text) and not _LIQUID_OR_KITCHEN.search(text):
        # "how many 1 g joints from 2 oz": ounces rolled or bagged are ounces of flower
        text = _MASS_OUNCES.sub(lambda m: f"{m.group(1)} zips", text)
        text = re.sub(
            r"(?<![\d$]\s)(?<![\d$])\b(?:an?|one)\s+(?:oz|ounce)\b", "1 zip", text, flags=re.I
        )
    return text


# Flower rolled, smoked or bagged by the gram: its ounces are the trade's 28 g ones, unless
# a liquid or a kitchen measure is in the question (a fluid or avoirdupois ounce may be meant).
_SMOKED = re.compile(
    r"\b(?:joints?|j's|pre-?rolls?|prerolls?|blunts?|spliffs?|cones?|doobies|doobs?|bowls?|"
    r"nugs?|buds?|flower|weed|smalls|popcorn|shake|dime\s+bags?|gram\s+bags?|baggies)\b",
    re.IGNORECASE,
)
_LIQUID_OR_KITCHEN = re.compile(
    r"\b(?:butter|oil|tinctures?|cups?|tbsp|tablespoons?|tsp|teaspoons?|fl|fluid|milk|cream|"
    r"syrup|liquid|water|ml|mls|lotion|salve|drinks?|beverages?|sodas?|mct|glycerin)\b",
    re.IGNORECASE,
)


# "paid 1,650 for a p": a p (or an elbow) is a pound in the trade, in talk of money.
_MONEY_TALK = re.compile(
    r"\$|\bpaid\b|\bpay(?:ing)?\b|\bcost|\bprice|\bbucks\b|\bdollars?\b|\bspen[dt]|"
    r"\bcharg|\bsold\b|\bsell|\bquote|\bwholesale|"
    # a question about the price per gram, or an amount "for" a number, is money talk too
    r"\bper\s+(?:gram|g)\b|\bppg\b|\b(?:a|1)\s+(?:gram|g)\s*\?|\bps?\s+(?:for|@|at)\s+\$?\d",
    re.IGNORECASE,
)
# "a p", "2 ps", "half a p", "half p", "half-p": pounds (a half p is half of that pound, 0.5 lb).
_P_FOR_POUND = re.compile(
    r"\b(a|an|per|each|one|the|half(?:\s+an?)?|\d+(?:\.\d+)?)(?:\s*|(?<=f)-)(?:p|ps|p's)\b(?![.'\w])",
    re.IGNORECASE,
)


def _pound_slang(text: str) -> str:
    money = bool(_MONEY_TALK.search(text))

    def pound(match: re.Match[str]) -> str:
        word = match.group(1).lower()
        if not money and not word.startswith("half"):
            return match.group(0)  # "a p" only means a pound in talk of money; "half-p" always
        if word in ("per", "each"):
            return f"{match.group(1)} lb"
        if word.startswith("half"):
            return "0.5 lb"
        return f"{'1' if not word[0].isdigit() else match.group(1)} lb"

    return _P_FOR_POUND.sub(pound, text)


def plain(number: float) -> str:
    """A number written plainly ("2", "0.5")."""
    return f"{number:g}" if abs(number) < 1e15 else str(number)


_plain = plain


def trade_amounts(text: str) -> tuple[str, bool]:
    """The text with its trade amounts in units (a stated ounce or pound dropped and applied),
    and whether the user said they mean the standard (avoirdupois) ounce."""
    text, standard = standard_ounce_stated(stated_basis(text)[0])
    # "1 oz (28 g)", "2 oz (56 g)": the grams the user states for an amount are what they mean.
    text = _STATED_GRAMS.sub(lambda m: f"{m.group(1)} g", text)
    if standard:  # "a qp (a quarter of a 453.6 g pound)": slang for shares of that pound
        text = _QP.sub(_qp_pounds, text)
        text = _STANDARD_FRACTION.sub(lambda m: _OUNCE_SHARES[m.group(1).lower()] + " oz", text)
    return _trade_ounce_stated(text if standard else _trade_fractions(text), standard), standard


def priced_amounts(text: str) -> str:
    """ "paid 1,650 for a p", "a zip for 200": a pound in money talk, a price after an amount."""
    priced = _prices_after_amounts(_pound_slang(text))
    # "has zips for $220", "zip for $240": one of the amount priced, when none is counted
    priced = _UNCOUNTED_PRICED.sub(lambda m: f"1 {m.group(1)}", priced)
    # "a $35 eighth", "the $575 qp": the price of that amount, written as a price paid for it
    return _PRICE_BEFORE_AMOUNT.sub(lambda m: f"{m.group(1)} for {m.group(2) or '1 '}{m.group(3)}",
                                    priced)  # fmt: skip


def _prices_after_amounts(text: str) -> str:
    """ "a zip at 200", "kilos for 1800": the number after the amount is its price, unless
    lots are blended and no money is said ("2 kg at 88 with 1 kg at 70": potencies)."""
    if _BLEND_TALK.search(text) and not _MONEY_TALK.search(text):
        return text
    return _BOUGHT_FOR.sub(lambda m: f"{m.group(1)}$", text)


_BLEND_TALK = re.compile(r"\bblend|\bmix|\bcombin|\bpotency\b", re.IGNORECASE)
_PRICE_BEFORE_AMOUNT = re.compile(
    r"(\$\s?\d+(?:\.\d+)?k?)\s+(\d+(?:\.\d+)?\s+)?(eighths?|8ths?|zips?|quarters?|ounces?|oz|"
    r"pounds?|lbs?|grams?|g)\b(?!\s*(?:of|a|an|for)\b)",
    re.IGNORECASE,
)


_UNCOUNTED_PRICED = re.compile(
    r"(?<![\d.])(?<![\d.]\s)\b((?:zips?|ounces?|lbs?|pounds?|kilos?|eighths?|quarters?|elbows?)"
    r"(?=\s+(?:(?:are\s+|is\s+)?(?:going|selling|goes|go)\s+)?(?:for|@|at)\s*\$))",
    re.IGNORECASE,
)


def standard_ounces(text: str, standard: bool) -> str:
    """ "eighths in an ounce if the ounce is 28.35 g": that ounce, in grams, not a zip's 28."""
    if standard and re.search(r"\b(?:eighths?|8ths?|quarters?|zips?)\b", text, re.I):
        return _MASS_OUNCES.sub(lambda m: f"{units.grams(float(m.group(1)), 'oz'):.6g} g", text)
    return text
