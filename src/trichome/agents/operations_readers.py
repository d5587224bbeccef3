"""Readers for the operations calculations: unit conversions, pieces from a mass, and dry
weight (yield per area and per watt is read in `yield_readers`, the price per gram in
`price_readers`)."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import calculators, units
from trichome.agents import missing_inputs as needs
from trichome.agents import operations_calculators as operations
from trichome.agents.calculation_questions import (
    Question,
    ask,
    loss_percent,
    one,
)
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.held_pieces import listed_with
from trichome.agents.quantities import Quantity


def conversion(question: Question) -> Calculation | None:
    """A unit conversion, stating the convention used."""
    text = question.text
    if question.find("percent") or question.find("concentration"):
        return None  # "mg in an eighth of 24% flower" asks for THC content, not a conversion
    if len(question.find("mass")) == 1 and len(question.find("volume")) == 2:
        # "mg in 0.25 ml of a 600 mg/30 ml tincture": a bottle's strength (mg over its mL)
        # gives the content of a part of it, with no density
        return None
    unit_word = (
        r"(mg|g|kg|ozs?|lbs?|ml|l|fl\.?\s?oz|grams?|ounces?|pounds?|milligrams?|kilograms?|kilos?|"
        r"eighths?|8ths?|zips?|quarters?|tsp|tbsp|teaspoons?|tablespoons?|cups?|sticks?|liters?|"
        r"litres?|milliliters?|millilitres?|sq\s?ft|square\s+feet|m2|square\s+met(?:er|re)s|"
        r"droppers?|half-oz)"
    )
    match = re.search(
        rf"(?:convert\s+)?(-?[\d.]+)\s*{unit_word}\s+(?:of\s+[a-z-]+\s+)?(?:to|in|into|=|in\s+to|"
        rf"equals?|is\s+how\s+many)\s+(?:how\s+many\s+)?(?:(?:us|metric|imperial)\s+)?{unit_word}\b",
        text,
        re.IGNORECASE,
    )
    asked = re.search(
        rf"how\s+many\s+{unit_word}\s+(?:are\s+|is\s+)?(?:there\s+)?(?:in|to|is|are|make|makes)\s+(?:an?\s+|one\s+)?(-?[\d.]+)?\s*{unit_word}\b",
        text,
        re.IGNORECASE,
    )
    asked = asked or re.search(  # "grams in half a pound?", "how many eighths from 2 zips"
        rf"(?:^\s*|how\s+many\s+)(?:(?:28|3\.5|7|14)\s*g\s+)?{unit_word}\s+(?:(?:can|could)\s+\w+\s+\w+\s+)?"
        rf"(?:are\s+|is\s+)?(?:in|from|out\s+of)\s+(?:an?\s+|one\s+)?(-?[\d.]+)?\s*{unit_word}\b",
        text,
        re.IGNORECASE,
    )
    held = None if match or asked else _HAVE_HOW_MANY.search(text)
    if held is not None:  # "I have 1.5 lbs, how many 28 g zips is that"
        source, target = _trade(_unit(held.group(2)), _unit(held.group(3)))
        question.use(*[q for q in question.quantities if q.kind == "mass"][:1])
        return operations.convert(float(held.group(1)), source, target, None)
    found = match or asked
    wanted = match.group(3) if match else asked.group(1) if asked else ""
    if (
        found is not None
        and re.fullmatch(r"mg|milligrams?", wanted, re.IGNORECASE)
        and _PRODUCT_AFTER.match(text[found.end() : found.end() + 30])
    ):
        return None  # "how many mg in a 2 g preroll": the THC in it, which needs its potency
    if match:
        amount, source, target = float(match.group(1)), match.group(2), match.group(3)
    elif asked:
        amount = float(asked.group(2)) if asked.group(2) else 1.0
        source, target = asked.group(3), asked.group(1)
    else:
        ending = _asked_at_the_end(question, unit_word)
        if ending is None:
            return None
        amount, source, target = ending
    source, target = _trade(_unit(source), _unit(target))
    density = re.search(r"density\s*(?:of|is|=|:)?\s*([\d.]+)", text, re.IGNORECASE)
    try:
        different = units.kind(source) != units.kind(target)
    except ValueError:
        return None
    if different and density is None and not question.says(r"^\s*(?:convert|how\s+many)"):
        return None  # "7 g of flower into 1 cup of butter" is an infusion, not a conversion
    first = [q for q in question.quantities if q.kind in ("mass", "volume", "area")][:1]
    question.use(*first)
    converted = operations.convert(
        amount, source, target, float(density.group(1)) if density else None
    )
    if first and not different:
        converted = _with_listed(question, first[0], converted, target)
    if units.canonical(target) in _BAGS and question.says(_BAGGING):
        return operations.bags_filled(converted, target)  # bags filled are whole bags
    return converted


def _with_listed(
    question: Question, first: Quantity, converted: Calculation, target: str
) -> Calculation:
    """ "grams in 3 zips and 2 eighths": every amount listed with the first, converted and
    added, none of them dropped."""
    listed = [first]
    for q in question.find("mass"):
        if q.start > first.start and listed_with(question, listed[-1], q):
            listed.append(q)
    if len(listed) == 1:
        return converted
    parts = [units.convert(q.value, q.unit, units.canonical(target)) for q in listed]
    total = sum(parts)
    question.use(*listed)
    label = units.label(units.canonical(target))
    shown = " + ".join(
        f"{q.text} ({fmt(part, 4)} {label})" for q, part in zip(listed, parts, strict=True)
    )
    return replace(
        converted,
        value=total,
        summary=f"{' and '.join(q.text for q in listed)} is {fmt(total, 4)} {label}.",
        steps=(*converted.steps, f"{shown} = {fmt(total, 4)} {label}"),
        inputs=(*(f"amount: {q.text}" for q in listed), f"to: {label}"),
    )


# The trade's bags, and a question about filling them ("how many eighths can I get out of a
# pound", "eighths we could bag from 2 lb"), not about how much flower an amount is.
_BAGS = ("eighth", "quarter_oz", "half_oz", "trade_oz")
_BAGGING = (
    r"\b(?:can|could|would|will)\s+(?:i|we|you|they|he|she)\s+(?:\w+\s+)?"
    r"(?:get|bag|make|fill|sell|portion|weigh\s+out|split|pull|package|pack)\b|"
    r"\b(?:bag|bagged|bagging|fill|filled)\s+(?:up\s+)?(?:out\s+of|from)\b"
)


# "each is", "if each joint weighs", "every cone holds": the mass of one piece follows
_EACH_IS = (
    r"\b(?:each|every|one)\s+(?:[a-z'-]+\s+)?(?:is|weighs|=|holds|gets|takes)\s*(?:about\s+)?$"
)
_ROLLED = r"(?:joints?|j's|pre-?rolls?|blunts?|spliffs?|cones?|baggies|bags|cart(?:ridge)?s?)\b"


def pieces_from_mass(question: Question) -> Calculation | None:
    """ "how many 1 g prerolls from 1 lb of trim?": a mass over the mass of one piece."""
    masses = question.find("mass")
    pieces = [  # "1 g prerolls", "at 0.8 g each", "if each joint weighs 1 g"
        q
        for q in masses
        # "3.5 g bags", "1 g jars": a bag's mass is its piece's
        if q.per == "piece"
        or (q.per == "package" and q.unit != "mg")  # not a package's "300 mg" of THC
        or re.search(_EACH_IS, question.text[max(0, q.start - 30) : q.start])
    ]
    wholes = [q for q in masses if q.per is None and q not in pieces]
    if (
        not pieces
        and len(wholes) == 1
        and question.says(rf"how\s+many\s+{_ROLLED}[^.?!]{{0,30}}\b(?:from|out\s+of|with)\b")
        and not question.says(r"legal|allow|limit|\blaws?\b|rules?|permit|possess|carry|buy")
    ):
        raise ask(question, needs.PIECE_MASS)  # "how many joints from 2 oz?": of what size?
    if (
        len(pieces) != 1
        or len(wholes) != 1
        or [p for p in question.find("percent") if "loss" not in p.tags]
        # "rosin tests 720 mg/g, how many 10 mg gummies out of 5g": a potency makes the mg a
        # dose of THC, not the weight of a piece
        or question.find("concentration", unit="mg/g")
        or not question.says(rf"how\s+many\s+(?:[\d.]+\s*(?:g|grams?|mg|oz)\b|{_ROLLED})")
        or not (
            question.says(r"\b(?:from|out\s+of|into)\b")
            # "half oz of shake, how many .75g prerolls": the amount told first, then asked
            or wholes[0].end <= pieces[0].start
        )
    ):
        return None
    question.use(pieces[0], wholes[0])
    loss = loss_percent(question)  # "we lose about 3% in the machine"
    whole, piece = wholes[0], pieces[0]
    return operations.pieces_from(whole.value, whole.unit, piece.value, piece.unit, loss)


_HAVE_HOW_MANY = re.compile(
    r"([\d.]+)\s*(g|kg|lbs?|pounds?|oz|ounces?|zips?|grams?|kilos?)\b[^?]{0,20}?how\s+many\s+"
    r"(?:(?:28|3\.5|7|14)\s*g\s+)?(eighths?|zips?|ounces?|oz|grams?|quarters?|g)\s+"
    r"(?:is\s+that|does\s+that\s+make|can\s+\w+\s+(?:bag|make|get|fill))",
    re.IGNORECASE,
)
_PRODUCT_AFTER = re.compile(
    r"\s*(?:of\s+)?(?:[\w-]+\s+)?(?:pre-?rolls?|joints?|blunts?|carts?|cartridges?|vapes?|"
    r"flower|bud|nugs?|wax|shatter|rosin|resin|distill?ate|disty|concentrate|dabs?|gummies|"
    r"gummy|edibles?)\b",
    re.IGNORECASE,
)


def _asked_at_the_end(question: Question, unit_word: str) -> tuple[float, str, str] | None:
    """ "3 oz on the lab scale (real ounces, not zips) in grams?": one amount, words between
    it and the unit asked at the end, and nothing else given."""
    given = [q for q in question.quantities if q.kind != "other"]
    wanted = re.search(rf"\b(?:in|to|into)\s+{unit_word}\s*\??\s*$", question.text, re.I)
    if len(given) != 1 or given[0].kind != "mass" or given[0].per is not None or not wanted:
        return None
    between = question.text[given[0].end : wanted.start()]
    if len(between) > 60 or re.search(r"[?!]|\.\s", between):
        return None  # "2 oz right? what about edibles in mg": another question asks the unit
    if _PRODUCT_AFTER.match(question.text[given[0].end : given[0].end + 30]) or question.says(
        r"\b(?:thca?|cbda?|cbg|decarb\w*|potency|yield|loss)\b"
    ):
        return None  # "2 g of rosin in mg?", "15 g of THCA, THC in grams": not its weight
    try:
        same = units.canonical(given[0].unit) == units.canonical(_unit(wanted.group(1)))
    except ValueError:
        return None
    return None if same else (given[0].value, given[0].unit, wanted.group(1))


def _unit(written: str) -> str:
    cleaned = written.lower().replace(".", "").replace(" ", "")
    return {"squarefeet": "sqft", "squaremeters": "m2", "squaremetres": "m2"}.get(cleaned, cleaned)


def _trade(source: str, target: str) -> tuple[str, str]:
    keys = {units.canonical(source), units.canonical(target)}
    if keys & {"eighth", "quarter_oz", "half_oz", "trade_oz"} and "oz" in keys:
        # Eighths and quarters are fractions of the trade's 28 g ounce.
        return tuple("trade_oz" if units.canonical(u) == "oz" else u for u in (source, target))  # type: ignore[return-value]
    return source, target


def dry(question: Question) -> Calculation | None:
    """Dry weight from wet weight at a stated loss or moisture before and after."""
    wets = [q for q in question.find("mass") if q.per in (None, "package")]  # "wet total"
    if not wets and question.says(_DRY_WEIGHT_ASKED) and _drying_losses(question):
        # "we lose about 78% drying, what will it weigh dry?": the loss without the weight
        # it is taken from gets the question, never a number
        raise ask(question, needs.WET_WEIGHT)
    if not question.says(r"\bwet\b|fresh|freshly|chop") or not question.says(
        r"\bdr(?:y|ied|ies|ying)\b|moisture|shrink|cure"
    ):
        return None
    if question.says(_LEGAL_EQUIVALENCE):
        return None  # "how much fresh counts as 1 g dried for possession?": a rule's ratio
    if not wets:
        return None
    wet = one(question, wets[:1], "the wet weight")
    assert wet is not None
    moistures = question.find("percent", tags=("moisture",), without=("loss",))
    losses = _drying_losses(question)
    if len(moistures) >= 2:
        question.use(moistures[0], moistures[1])
        return operations.dry_weight(
            wet.value,
            wet.unit,
            initial_moisture_percent=moistures[0].value,
            final_moisture_percent=moistures[1].value,
        )
    left = [  # "dries down to 22% of wet weight": the share left, not the share lost
        q
        for q in question.find("percent", without=("loss",))
        if re.match(r"\s*(?:of\s+(?:its\s+|the\s+)?(?:wet|fresh|original|starting)|left|remain)",
                    question.text[q.end : q.end + 20], re.I)
    ]  # fmt: skip
    if left and not losses and not moistures:
        kept = one(question, left[:1], "the share of the wet weight left")
        assert kept is not None
        return _worth_if_asked(
            question,
            operations.dry_weight(wet.value, wet.unit, moisture_loss_percent=100 - kept.value),
            wet.unit,
        )
    loss = one(question, losses[:1] or moistures[:1], "the weight lost in drying")
    if loss is None:
        raise ask(question, needs.DRYING_LOSS)
    dried = operations.dry_weight(wet.value, wet.unit, moisture_loss_percent=loss.value)
    return _worth_if_asked(question, dried, wet.unit)


# The law's ratio of fresh to dried cannabis, asked ("how many grams of fresh count as 1 g
# dried toward the 30 g?", "dried equivalent of undried flower under the act"): not a harvest's
# weight after drying, which depends on its own water.
_LEGAL_EQUIVALENCE = (
    r"\bcounts? (?:as|toward|towards|against)\b|\bequivalen(?:t|ts|cy|ce)\b|\bpossession\b|"
    r"\b(?:purchase|public|possession|legal) (?:limit|cap|math)\b|\btreated as\b"
)
# "what will it weigh dry", "dry weight?", "how much dry will we have", "weight once dried"
_DRY_WEIGHT_ASKED = (
    r"\bweigh\s+(?:\w+\s+){0,2}?dr(?:y|ied)\b|\bdr(?:y|ied)\s+(?:weight|mass|yield|flower)\b|"
    r"\bhow\s+much\s+(?:\w+\s+){0,3}?dr(?:y|ied)\b|\bweight\s+(?:once|when|after)\s+"
    r"(?:it'?s\s+|its\s+)?(?:dr(?:y|ied)|drying)\b"
)


def _drying_losses(question: Question) -> list[Quantity]:
    """The percentages stated as lost ("lose about 78% drying", "a 75% moisture loss", "it
    dries down by 75%", "the weight goes down 75%", "comes out 75% lighter")."""
    return question.find("percent", tags=("loss",)) or [
        q
        for q in question.find("percent")
        if re.search(
            r"los[es]|drop|shrink", question.text[max(0, q.start - 25) : q.start + 30], re.I
        )
        or re.search(_SHARE_LOST_BEFORE, question.text[max(0, q.start - 30) : q.start], re.I)
        or re.match(r"\s*(?:lighter|less)\b", question.text[q.end : q.end + 12], re.I)
    ]


# "dries down by 75%", "goes down 75%", "cut by 75%": the share of the wet weight lost.
_SHARE_LOST_BEFORE = (
    r"\b(?:down|reduc\w*|decreas\w*|cut|fall\w*|falls|fell)\s+(?:by\s+)?"
    r"(?:about\s+|around\s+|roughly\s+|~\s*)?$"
)


def _worth_if_asked(question: Question, dried: Calculation, unit: str) -> Calculation:
    """ "sells at $1,200/lb dry, how many dollars is it worth?": the dry weight priced."""
    prices = [q for q in question.find("money") if q.per and _by_mass(q.per)]
    if len(prices) != 1 or not question.says(r"\bworth\b|dollars|\bvalue\b|revenue|\bgross"):
        return dried
    price = prices[0]
    question.use(price)
    priced = operations.priced(dried.value, unit, price.value, str(price.per))
    return calculators.chain([dried, priced])


def _by_mass(unit: str) -> bool:
    try:
        return units.kind(unit) == "mass"
    except units.UnitError:
        return False
