"""Readers for the mixing calculations: dilution (C1V1 or cutting a concentrate); blending two
potencies is read in `blend_readers`, reintroducing terpenes in `terpene_readers`."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import calculators
from trichome.agents import missing_inputs as needs
from trichome.agents import mixing_calculators as mixing
from trichome.agents import strength_calculators as by_strength
from trichome.agents.blend_readers import aimed_potency
from trichome.agents.calculation_questions import (
    ASKS,
    NOT_POTENCY,
    Question,
    ask,
    attached,
    one,
)
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.coa_tables import outside_table
from trichome.agents.quantities import Quantity

# "cut" is a dilution only when a strength to cut to follows ("cut it down to 80%"): in a
# story ("after the cut", "my buddy cut his disty with some stuff") it asks for nothing.
_DILUTE = (
    r"dilut|\bcut(?:ting)?\b(?=[^.;?!]{0,60}?\b(?:down\s+)?to\s+[\d.]+\s*(?:%|percent|mg))|"
    r"\bthin|bring\s+(?:it\s+)?down|down\s+to\b|lower\s+the\s+potency|"
    r"knock\s+(?:it\s+)?down|water\s+(?:it\s+)?down"
)
# "how many 1 mL doses", "30 ml bottles": a portion of the result, not an amount mixed.
_PORTION = (
    r"^\s*(?:doses?|servings?|bottles?|shots?|droppers?|portions?|vials?|cups?|carts?|cartridges?|"
    r"pens?|disposables?|syringes?)\b"
)
# Words saying an amount is what one has (the stock) or what one wants to end with.
_HAVE = r"(?:have|got|start(?:ing)?(?:\s+with)?|take|dilute|cutting|cut|thin)\s+(?:a\s+|an\s+)?$"
_WANT = r"(?:need|make|want|final(?:\s+(?:volume|amount|weight|mass))?(?:\s+(?:is|of))?)\s+$"
# "250 ml finished", "100 g final", "2 L at the end": the amount is the one ended with.
_FINISHED = re.compile(
    r"\s*(?:of\s+)?(?:finished|final|total|done|in\s+the\s+end|at\s+the\s+end)\b", re.I
)


def _span(percents: list[Quantity]) -> tuple[float, float]:
    low, high = sorted({q.value for q in percents})
    return low, high


def _portions(question: Question) -> list[Quantity]:
    return [
        q
        for q in question.find("volume", "mass")
        if re.match(_PORTION, question.text[q.end : q.end + 20], re.IGNORECASE)
    ]


def _roles(first: Quantity, second: Quantity) -> tuple[Quantity, Quantity]:
    """Which strength one starts from and which one is wanted: the one written as a target
    ("to 10 mg/mL") is wanted; with no such word, the higher is the stock. An impossible
    pair (a target above the start) is kept as written, for the calculator to explain."""
    targets = [q for q in (first, second) if "target" in q.tags]
    if len(targets) == 1:
        wanted = targets[0]
        return (second if wanted is first else first), wanted
    stocks = [q for q in (first, second) if "stock" in q.tags]
    if len(stocks) == 1:  # "dilute 10 mg/ml stock to get ... at 50 mg/ml"
        return stocks[0], (second if stocks[0] is first else first)
    high, low = sorted((first, second), key=lambda q: -q.value)
    return high, low


def _starts_from(question: Question, amount: Quantity, high: Quantity, low: Quantity) -> bool:
    """Whether an amount is the stock one starts with (not the amount wanted at the end)."""
    written = attached(question, amount, [high, low])
    if written is not None:
        return written is high
    before = question.text[max(0, amount.start - 25) : amount.start]
    if re.search(_HAVE, before, re.IGNORECASE):
        return True
    if re.search(_WANT, before, re.IGNORECASE) or re.match(_FINISHED, question.text[amount.end :]):
        return False
    return question.says(r"\badd\b|final\s+(?:volume|weight|mass)|total\s+(?:volume|weight)")


def _carrier(question: Question) -> str:
    found = re.search(r"\b(mct|carrier(?:\s+oil)?|diluent|plain\s+\w+|terpenes|terps)\b",
                      question.text, re.IGNORECASE)  # fmt: skip
    return found.group(1).lower().replace("terps", "terpenes") if found else "carrier"


def _with_doses(question: Question, mixed: Calculation, unit: str) -> Calculation:
    """A dilution, then how many doses of a given size its result fills, when asked."""
    portions = _portions(question)
    if not portions or not question.says(r"how\s+many"):
        return mixed
    if question.says(r"how\s+many\s+(?:ml|mls|milliliters?|l|liters?|litres?|g|grams|oz)\b"):
        return mixed  # "(2.5 mg per 10 ml shot) ... how many mL of stock?": the stock asked
    final = mixed.details.get("final", mixed.value)
    portion = portions[0]
    question.use(portion)
    return calculators.chain([mixed, mixing.doses_in(final, unit, portion.value, portion.unit)])


def dilution(question: Question) -> Calculation | None:
    """C1V1 = C2V2 for a stock, or carrier to cut a concentrate to a lower potency."""
    # a pasted COA's cells are results, not a stock and a target
    concentrations = outside_table(question.text, question.find("concentration"))
    stock_words = (
        question.says(
            rf"\bstock|{_DILUTE}|carrier|mct|start(?:ing)?\s+(?:from|with)\s+(?:an?\s+|the\s+)?[\d.]|"
            # "topping up with glycerin to get 20 mg/ml": carrier added to reach a strength
            r"\btop(?:s|ped|ping)?\s+(?:it\s+|that\s+)?(?:up|off)\b"
        )
        or question.says(r"\bc1\b.*\bc2\b|\bc2\b.*\bc1\b")  # "C1 = 200 mg/mL ... C2 ="
        or (len(concentrations) >= 2 and question.says(_ASKS_CARRIER))  # "how much water to add"
        or (  # "500 g of 30% oil from 85% distillate": a weaker oil made from a stronger one
            question.says(r"\bfrom\s+(?:an?\s+|the\s+|our\s+)?[\d.]+\s*%\s*(?:distill?ate|disty)\b")
            and len({q.value for q in question.find("percent", without=NOT_POTENCY)}) >= 2
        )
    )
    topped = _topped_up(question, concentrations)
    if topped is not None:
        return topped
    portions = _portions(question)
    if len(concentrations) >= 2 and (stock_words or question.says(r"need|make|want")):
        amounts = [
            q for q in question.find("volume", "mass") if q.per is None and q not in portions
        ]
        if not amounts:
            raise ask(question, needs.START_OR_END_AMOUNT)
        high, low = _roles(*concentrations[:2])
        amount = one(question, amounts[:1], "the amount")
        question.use(high, low)
        assert amount is not None
        unit = {"mg/ml": "mg/mL", "ppm": "ppm"}.get(high.unit, "mg/g")
        if _starts_from(question, amount, high, low):
            mixed = mixing.dilution(
                amount.value, amount.unit, high.value, low.value, _carrier(question), unit
            )
            return _with_doses(question, _final_if_asked(question, mixed), amount.unit)
        made = mixing.dilution_c1v1(high.value, low.value, amount.value, amount.unit, unit)
        return _with_doses(question, _carrier_if_asked(question, made), amount.unit)
    bottled = _bottle_strength(question) if len(concentrations) == 1 else None
    if bottled is not None and question.says(rf"{_DILUTE}|stock|\bmake\b|\bwant|\bneed"):
        stock, held, size = bottled
        target = concentrations[0]
        amounts = [
            q
            for q in question.find("volume")
            if q.per is None and q is not size and q not in portions
        ]
        if amounts:
            amount = one(question, amounts[:1], "the amount to make")
            assert amount is not None
            question.use(held, size, target)
            made = mixing.dilution_c1v1(stock, target.value, amount.value, amount.unit)
            return _with_doses(question, _carrier_if_asked(question, made), amount.unit)
    if (
        len(concentrations) == 1
        and question.says(_DILUTE)
        and question.says(rf"{ASKS}|\bwant|\bwanna")
    ):
        given = concentrations[0]
        if "target" in given.tags or re.search(
            r"\bto\s+$", question.text[max(0, given.start - 5) : given.start]
        ):
            raise ask(question, needs.START_CONCENTRATION)
        raise ask(question, needs.TARGET_CONCENTRATION)
    if (
        len(concentrations) == 1
        and bottled is None
        and "stock" not in concentrations[0].tags
        and question.says(r"\bstock\b")
        and question.says(ASKS)
    ):  # "ml of stock for 100 ml at 5 mg/ml?": the stock's own strength is missing
        raise ask(question, needs.STOCK_CONCENTRATION)
    if not stock_words or question.says(r"terp|(?<!final\s)blend|mix\s+(?!it\s+with)"):
        return None
    percents = [
        q for q in question.find("percent", without=NOT_POTENCY) if q.cannabinoid in (None, "THC")
    ]
    if len(percents) > 2:  # "cutting with a 0% carrier": the diluent, no potency to reach
        percents = [q for q in percents if q.value > 0] or percents
    if len({q.value for q in percents}) == 2 and min(q.value for q in percents) == 0:
        percents = [q for q in percents if q.value > 0]  # "with 0% MCT": the carrier itself
    if len({q.value for q in percents}) == 2 and aimed_potency(question, *_span(percents)):
        # "bring 300 g of 88% down to 80 using our 60%": two materials, each with a potency,
        # and a third number aimed between them: a blend to a target, not a dilution
        return None
    if len(percents) == 1 and question.says(_DILUTE):
        # "400 g of 90%, bring it down to 80 with MCT", "dilute it to 80": the bare number
        # aimed at is the potency wanted
        percents += (
            aimed_potency(question, 0, percents[0].value)
            or [
                replace(q, unit="%", kind="percent", tags=q.tags | {"target"})
                for q in question.find("number")
                if 0 < q.value < percents[0].value
                and re.search(r"\bto\s*$", question.text[max(0, q.start - 6) : q.start])
            ][:1]
        )
    masses = [q for q in question.find("mass", "volume") if q.per is None and q not in portions]
    if len(percents) < 2:
        if question.says(r"dropper|per\s+ml|mg/ml|\bmg\s+(?:per|in|each|a)\b"):
            return None  # "2 g of 90% in 60 mL MCT, mg per dropper": a tincture's strength
        if percents and question.says(ASKS):
            raise ask(question, needs.TARGET_POTENCY)
        return None
    if len({q.value for q in percents}) >= 3:
        return None  # "500 g at 80% from 95% and 60% stock": a blend of two to a target
    if not masses:
        raise ask(question, needs.START_MASS)
    mass = one(question, masses[:1], "the starting amount")
    assert mass is not None
    high, low = _roles(*percents[:2])
    question.use(high, low)
    if _starts_from(question, mass, high, low):
        mixed = mixing.dilution(mass.value, mass.unit, high.value, low.value, _carrier(question))
        return _with_doses(question, _final_if_asked(question, mixed), mass.unit)
    made = mixing.dilution_c1v1(high.value, low.value, mass.value, mass.unit, "%")
    return _with_doses(question, _carrier_if_asked(question, made), mass.unit)


# "total grams after dilution", "how much do I end up with": the finished amount.
_ASKS_FINAL = (
    r"\b(?:total|final|finished)\s+(?:\w+\s+)?(?:after|weight|mass|volume|amount|blend|batch)|"
    # "how many ml total will i have", "how much in total do we get"
    r"\bhow\s+(?:much|many)\s+(?:\w+\s+)?(?:in\s+)?total\b(?:\s+(?:will|do|would|does)\b)?|"
    r"\bend\s+up\s+with|\bin\s+(?:all|total)\s*\?|\bafter\s+(?:the\s+)?(?:dilution|cut)"
)


def _final_if_asked(question: Question, mixed: Calculation) -> Calculation:
    """A dilution answered with the finished amount when that is what is asked."""
    if not question.says(_ASKS_FINAL) or question.says(_ASKS_CARRIER):
        return mixed
    final = mixed.details["final"]
    return replace(
        mixed,
        value=final,
        summary=f"You end up with {fmt(final, 4)} {mixed.unit}. {mixed.summary}",
    )


# "10 mL of 100 mg/mL, top it up to 40 mL": the strength once the carrier is added.
_TOP_UP = (
    r"\btop(?:ped|ping)?\s+(?:it\s+|that\s+|them\s+)?(?:up\s+|off\s+)?to\b|"
    r"\b(?:make|made|bring|brought|fill(?:ed)?)\s+(?:it\s+|that\s+)?up\s+to\b|"
    r"\bq\.?s\.?\s+(?:to|ad)\b|\bfill(?:ed)?\s+(?:it\s+)?to\b|"
    # "diluting to 1000 mL total", "thin it out to 2 L": a final amount, not a strength
    rf"\b(?:{_DILUTE})\w*\s+(?:it\s+|that\s+|this\s+|them\s+)?(?:out\s+|down\s+|up\s+)?to\s+"
    r"(?=[\d.]+\s*(?:ml|mls|l|lit(?:er|re)s?|millilit(?:er|re)s?|fl\.?\s?oz|gal|g|grams?|kg)\b)"
)


def _topped_up(question: Question, concentrations: list[Quantity]) -> Calculation | None:
    strengths = concentrations or [
        q for q in question.find("percent", without=NOT_POTENCY) if q.cannabinoid in (None, "THC")
    ]
    amounts = [q for q in question.find("volume", "mass") if q.per is None]
    if len(strengths) != 1 or len(amounts) != 2 or not question.says(_TOP_UP):
        return None
    start, final = sorted(amounts, key=lambda q: q.start)
    strength = strengths[0]
    question.use(strength, start, final)
    unit = {"mg/ml": "mg/mL", "%": "%"}.get(strength.unit, strength.unit)
    return by_strength.topped_up(
        strength.value, start.value, start.unit, final.value, final.unit, unit
    )


# "how much carrier oil do I add", "how much MCT goes in": the diluent, not the stock.
_ASKS_CARRIER = (
    r"how\s+much\s+(?:\w+\s+){0,2}(?:carrier|mct|diluent|blank|plain|solvent|glycerin|"
    r"alcohol|everclear|terps|terpenes)|how\s+much\s+(?:\w+\s+){0,3}(?:do\s+(?:i|we)|should\s+"
    r"(?:i|we)|to|will\s+(?:i|we))\s+(?:add|top\s+up)|how\s+much\s+(?:to\s+)?add\b"
)


def _carrier_if_asked(question: Question, made: Calculation) -> Calculation:
    """A C1V1 dilution answered with the diluent to add when that is what is asked."""
    if not question.says(_ASKS_CARRIER) or question.says(
        r"how\s+much\s+(?:of\s+)?(?:the\s+)?stock"
    ):
        return made
    diluent = made.details["diluent"]
    shown = made.unit.removesuffix(" of stock")
    return replace(
        made,
        value=diluent,
        unit=f"{shown} of diluent",
        summary=f"Add {fmt(diluent, 4)} {shown} of diluent. {made.summary}",
    )


def _bottle_strength(question: Question) -> tuple[float, Quantity, Quantity] | None:
    """ "a 1000mg/30ml tincture", "300 mg in 30 mL": a bottle's mg over its mL, as mg/mL."""
    for held in question.find("mass", unit="mg"):
        if held.per not in (None, "package"):
            continue
        after = question.text[held.end : held.end + 20]
        size = next(
            (
                v
                for v in question.find("volume", unit="ml")
                if v.start >= held.end
                and re.fullmatch(
                    r"\s*(?:/|in|per|in\s+(?:a|the)|for)\s*", question.text[held.end : v.start]
                )
            ),
            None,
        )
        if size is not None and after:
            return held.value / calculators.positive("the bottle's size", size.value), held, size
    return None
