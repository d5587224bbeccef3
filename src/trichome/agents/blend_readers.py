"""Reader for blending two potencies: the blend's potency from two amounts ("40 g of 88% +
10 g of 45%"), or how much of each for a target potency."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import missing_inputs as needs
from trichome.agents import mixing_calculators as mixing
from trichome.agents import strength_calculators as by_strength
from trichome.agents import units
from trichome.agents.blend_chains import into_pieces
from trichome.agents.calculation_questions import (
    ASKS,
    NOT_POTENCY,
    Question,
    ask,
    attached,
)
from trichome.agents.calculators import Calculation, MissingInput, fmt
from trichome.agents.quantities import Quantity


def blending(question: Question) -> Calculation | None:
    """The potency of two materials blended, or how much of each for a target."""
    if not question.says(
        r"blend|mix|combin|together|homogeni|add(?:ing)?\s+.*\s+to\s+|\badd(?:s|ed|ing)?\b|"
        r"\bbring\b[^.?!]{0,40}?\b(?:up|down)\b|\b(?:raise|boost|top\s+up|stir)\b|"
        # "cut it with some 72%", "using our 60% batch": a second material with its potency
        r"\b(?:with|using)\s+(?:some\s+|our\s+|the\s+|a\s+|an\s+|that\s+|more\s+)?[\d.]+\s*%|"
        # "how much of the 60 do I need": an amount of one of the potencies, by its number
        r"how\s+(?:much|many)\s+(?:\w+\s+)?of\s+(?:the\s+|our\s+|that\s+)?[\d.]+\b"
        r"(?!\s*(?:g|kg|mg|ml|grams?|lbs?|oz|%)\b)|"
        r"how\s+much\s+of\s+(?:the\s+)?[\d.]+\s*%|[\d.]+\s*%?\s+goes\s+in|"
        r"how\s+(?:much|many)\s+(?:\w+\s+)?of\s+(?:the\s+)?[\d.]+\s*(?:%|percent|\?|$)|"
        r"\bfrom\s+[\d.]+\s*%\s+and\s+[\d.]+\s*%|"
        # "grams of the 92?": an amount of one of the potencies named, by its number alone
        r"\b(?:grams?|g|kg|kilos?|ml|mls|lbs?|oz)\s+of\s+(?:the\s+)?[\d.]+\s*(?:\?|$)|"
        r"[\d.]+\s*%[^+?]{0,40}\s(?:\+|plus)\s*[\d.]|"  # "40g of 88% disty + 10g of 45% sauce"
        # "how much 65% to get to 85%", "how many grams of the 70 to hit 80%": an amount of one
        # potency asked to reach another
        r"how\s+(?:much|many\s+(?:grams?|g|kg|kilos?|ml|mls|lbs?|oz))\s+(?:of\s+)?(?:the\s+|that\s+|"
        r"our\s+)?[\d.]+\s*%?[^.?!%]{0,30}?\bto\s+(?:get\s+(?:to\s+|up\s+to\s+|down\s+to\s+)?|"
        r"reach|hit|make|land\s+(?:at|on)|end\s+up\s+(?:at|with))\s*(?:a\s+|an\s+)?[\d.]+\s*%"
    ):
        return None
    named = ("THC",) if question.says(r"\bthc\b") or not question.says(r"\bcbd\b") else ("CBD",)
    percents = [
        q
        for q in question.find("percent", without=NOT_POTENCY - {"target"} | {"terpene"})
        if q.cannabinoid in (None, *named)
    ]
    if len(percents) < 2:  # "2k grams of the 88 with 1.5k grams of the 72%": lots by potency
        percents = sorted([*percents, *_bare_potencies(question, percents)], key=lambda q: q.start)
    by_ratio = _by_ratio(question, percents)
    if by_ratio is not None:
        return by_ratio
    if len(percents) < 2:
        strengths = _blend_strengths(question)
        amounts = [q for q in question.find("mass", "volume") if q.per in (None, "package")]
        if strengths is None and len(percents) == 1 and len(amounts) >= 2 and question.says(ASKS):
            # "300 g of 85% with 200 g of crude": the second material's potency is missing
            raise ask(question, needs.BLEND_POTENCIES)
        return strengths
    if len(percents) == 2:
        percents = [*percents, *_named_lot(question, percents), *_bare_target(question, percents)]
    distinct: dict[float, Quantity] = {}
    for q in percents:
        distinct.setdefault(q.value, q)
    percents = list(distinct.values())
    targets = [q for q in percents if "target" in q.tags and q is not percents[0]]
    if not targets and len(percents) == 3:
        middle = sorted(percents, key=lambda q: q.value)[1]
        targets = [middle]
    masses = [q for q in question.find("mass", "volume") if q.per in (None, "package")]
    if targets and len(percents) >= 3:
        return _to_target(question, percents, targets[-1], masses)
    if len(masses) >= 2:
        pairs = _pair_amounts(question, masses, percents)
        if pairs is None:
            return None
        (m1, p1), (m2, p2) = pairs
        question.use(m1, p1, m2, p2)
        grams = [units.convert(m.value, m.unit, masses[0].unit) for m in (m1, m2)]
        blended = mixing.blend(p1.value, p2.value, grams[0], grams[1], unit=masses[0].unit)
        return into_pieces(question, blended, (m1, m2), masses[0].unit)
    if question.says(ASKS):
        raise ask(question, needs.BLEND_AMOUNTS)
    return None


# "1 kg of disty at 91", "2k grams of the 88": a bare number after an amount naming its lot
_AT_BARE = r"\s*(?:(?:of\s+(?:[a-z][\w-]*\s+){1,2})?(?:at|@)|of\s+(?:the|our|that|this|my|your))\s*"


def _bare_potencies(question: Question, given: list[Quantity]) -> list[Quantity]:
    """ "disty A is 1.2 kg at 91, B 0.8 kg at 83", "2 kg of the 88 with 1 kg of the 72%": a
    bare number at an amount blended is that material's potency in %, when with the `given`
    percentages there are two potencies at least (else none)."""
    amounts = [q for q in question.find("mass", "volume") if q.per in (None, "package")]
    found = [
        replace(q, unit="%", kind="percent")
        for q in question.find("number")
        if 0 < q.value <= 100
        and all(p.value != q.value for p in given)
        and any(re.fullmatch(_AT_BARE, question.text[a.end : q.start], re.I) for a in amounts)
    ]
    return found if len(found) + len(given) >= 2 else []


def _blend_strengths(question: Question) -> Calculation | None:
    """ "1 L of syrup at 10 mg/mL with 3 L at 2 mg/mL": two strengths by volume, mixed."""
    found = question.find("concentration")
    amounts = [q for q in question.find("mass", "volume") if q.per in (None, "package")]
    if len(found) != 2 or len({q.unit for q in found}) != 1 or len(amounts) != 2:
        return None
    pairs = _pair_amounts(question, amounts, found)
    if pairs is None:
        return None
    (m1, c1), (m2, c2) = pairs
    question.use(m1, c1, m2, c2)
    unit = {"mg/ml": "mg/mL"}.get(c1.unit, c1.unit)
    return by_strength.blend_strengths(
        c1.value, m1.value, m1.unit, c2.value, m2.value, m2.unit, unit
    )


def _pair_amounts(
    question: Question, masses: list[Quantity], percents: list[Quantity]
) -> tuple[tuple[Quantity, Quantity], tuple[Quantity, Quantity]] | None:
    pairs = []
    for mass in masses[:2]:
        after = [p for p in percents if p.start >= mass.end and p.start - mass.end < 40]
        before = [p for p in percents if p.end <= mass.start and mass.start - p.end < 25]
        chosen = after[0] if after else before[-1] if before else None
        if chosen is None:
            return None
        pairs.append((mass, chosen))
    if pairs[0][1] is pairs[1][1]:
        return None
    return pairs[0], pairs[1]


_WANTED = re.compile(
    r"(?:how\s+(?:much|many)\s+(?:(?:grams?|g|kg|kilos?|ml|mls|oz|ounces?|lbs?|pounds?)\s+)?"
    r"(?:of\s+)?|\b(?:grams?|g|kg|kilos?|ml|mls|lbs?|oz)\s+of\s+)"
    r"(?:the\s+|our\s+|that\s+)?([\d.]+)\b(?!\s*(?:g|kg|ml|mg|grams?|lbs?)\b)",
    re.I,
)
# Words saying an amount is the whole blend to end with, not one of its parts.
_WHOLE = re.compile(
    r"(?:need|make|making|want|final|total|batch\s+of|end\s+(?:up\s+)?with)\s+(?:a\s+)?$", re.I
)


def _to_target(
    question: Question, percents: list[Quantity], target: Quantity, masses: list[Quantity]
) -> Calculation:
    """The amounts of two potencies for a target: of a whole blend ("500 g at 80% from 95%
    and 60%"), or the second to add to a fixed amount of the first ("400 g of 65% oil, bring
    it up to 75% with 90%: how much 90?"). The answer is the part asked for."""
    first, second = [q for q in percents if q is not target][:2]
    wanted = _WANTED.search(question.text)
    if wanted and float(wanted.group(1)) == second.value:
        first, second = second, first
    question.use(first, second, target)
    held = [(m, attached(question, m, [first, second, target])) for m in masses]
    fixed = [
        (m, p)
        for m, p in held
        if p is not None
        and p is not target
        and not _WHOLE.search(question.text[max(0, m.start - 25) : m.start])
    ]
    lot_named = _EXISTING_LOT.search(question.text) is not None
    if (
        not fixed
        and lot_named
        and len(held) == 1
        and held[0][1] is not target
        and not _WHOLE.search(question.text[max(0, masses[0].start - 25) : masses[0].start])
    ):  # "... to my 70% batch to hit 80%, it's 2 kg": the one amount weighs the lot named
        fixed = [(masses[0], second)]
    if fixed:
        amount, of = fixed[0]
        question.use(amount)
        if of is first:  # the amount asked about is the one given: the other is wanted
            first, second = second, first
        return mixing.blend(
            first.value, second.value, target_percent=target.value,
            second_amount=amount.value, unit=amount.unit,
        )  # fmt: skip
    total_amount = masses[-1] if masses else None
    if total_amount is None:
        _ask_lot_mass(question, first, second, target)
    question.use(total_amount)
    return mixing.blend(
        first.value,
        second.value,
        target_percent=target.value,
        total_amount=total_amount.value if total_amount else None,
        unit=total_amount.unit if total_amount else "g",
    )


# "add it to my 70% batch", "bring our 70 up", "into the 70% lot we have": a lot already made,
# whose mass sets how much of the other potency goes in.
_EXISTING_LOT = re.compile(
    r"\b(?:to|into|in|with)\s+(?:my|our|the|this|that)\s+(?:[\d.]+\s*(?:%|percent)?\s*)?"
    r"(?:[a-z]+\s+)?(?:batch|lot|run|jar|tank|pot|kettle|stock)\b(?!\s+of\b)|"
    r"\b(?:bring|get|raise|boost|take)\s+(?:my|our|this|that)\s+[\d.]+\s*(?:%|percent)?\s*"
    r"(?:[a-z]+\s+)?(?:up|down)\b",
    re.IGNORECASE,
)


def _ask_lot_mass(question: Question, added: Quantity, lot: Quantity, target: Quantity) -> None:
    """How much of one potency goes into a lot already made ("how much of the 95% do I add
    to my 70% batch to hit 80%") depends on that lot's mass: asked, with the ratio that holds
    whatever it weighs, so the user can work any size at once.

    Raises:
        MissingInput: the lot added to is named but not weighed.
    """
    if not _EXISTING_LOT.search(question.text):
        return
    a, b, t = added.value, lot.value, target.value
    if not (min(a, b) < t < max(a, b)):
        return  # an impossible target is explained by the calculator
    per_gram = (t - b) / (a - t)
    raise MissingInput(
        f"How much of the {fmt(b, 4)}% do you have (g or kg)? The amount of the "
        f"{fmt(a, 4)}% to add depends on it: {fmt(per_gram, 4)} g of the {fmt(a, 4)}% for "
        f"every 1 g of the {fmt(b, 4)}% brings it to {fmt(t, 4)}% "
        f"(({fmt(t, 4)} - {fmt(b, 4)}) ÷ ({fmt(a, 4)} - {fmt(t, 4)})).",
        (needs.LOT_MASS,),
    )


# "to land at 90", "to get it to 90", "bring it down to 88": the potency aimed at, by number
_AIMED = re.compile(
    r"\b(?:lands?|ends?(?:\s+up)?|finish(?:es)?|settles?|sits?|comes?\s+out)\s+"
    r"(?:at|around|near)\s*$|"
    r"\b(?:to|at)\s+(?:hit|reach|get\s+(?:it\s+)?(?:to|down\s+to|up\s+to))\s*$|"
    r"\b(?:down|up)\s+to\s*$|\btarget(?:ing)?\s*(?:of|is|=|:)?\s*$|"
    # "and want 85", "need it at 85", "aiming for 85": the potency wanted, its % left off
    r"\b(?:want|need|aim(?:ing)?\s+for|shoot(?:ing)?\s+for|going\s+for)\s+"
    r"(?:it\s+|to\s+be\s+|(?:it\s+)?(?:at|around)\s+)?(?:about\s+|around\s+|~\s*)?$",
    re.IGNORECASE,
)


def _named_lot(question: Question, percents: list[Quantity]) -> list[Quantity]:
    """ "how much of the 94 do i throw in": a lot named by its potency alone, when no
    percentage of that value was given, is that potency in % (at most one)."""
    named = {m.start(1) for m in _WANTED.finditer(question.text)}
    return [
        replace(q, unit="%", kind="percent")
        for q in question.find("number")
        if q.start in named and 0 < q.value <= 100 and all(p.value != q.value for p in percents)
    ][:1]


def _bare_target(question: Question, percents: list[Quantity]) -> list[Quantity]:
    """A bare number after words aiming at it, between the two potencies: the target %."""
    low, high = sorted(p.value for p in percents)
    return aimed_potency(question, low, high)


def aimed_potency(question: Question, low: float, high: float) -> list[Quantity]:
    """A bare number written as the potency aimed at ("bring it down to 80", "to land at 85"),
    strictly between `low` and `high`, as a target percentage (at most one)."""
    return [
        replace(q, unit="%", kind="percent", tags=q.tags | {"target"})
        for q in question.find("number")
        if low < q.value < high and _AIMED.search(question.text[max(0, q.start - 25) : q.start])
    ][:1]


# "a 50/50 blend", "mix them 70:30", "3:1 ratio": the parts by weight of the two materials.
_RATIO = re.compile(
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*[/:]\s*(\d+(?:\.\d+)?)(?![\d.%])(?=\s*(?:blend|mix|ratio|split|"
    r"by\s+weight|of\b))|\b(?:blend|mix|ratio|split)(?:ed|ing)?\s+(?:them\s+|it\s+)?(?:at\s+|of\s+)?"
    r"(?<![\d.])(\d+(?:\.\d+)?)\s*[/:]\s*(\d+(?:\.\d+)?)(?![\d.%/])|"
    # "mixing 88% and 70% 3:1": a colon ratio anywhere in a question about a blend
    r"(?<![\d.:])(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)(?![\d.:%])",
    re.IGNORECASE,
)
# "82 and 94%", "82, 94%": two numbers sharing the unit written after the second.
_SHARED_PERCENT = re.compile(r"^\s*(?:and|&|,|or|with)\s*$", re.IGNORECASE)


def _by_ratio(question: Question, percents: list[Quantity]) -> Calculation | None:
    """ "50/50 blend of 82 and 94% disty": two potencies mixed in the parts by weight a ratio
    gives, when no amounts are given."""
    ratio = _RATIO.search(question.text)
    if ratio is None:
        return None
    first_part = float(ratio.group(1) or ratio.group(3) or ratio.group(5))
    second_part = float(ratio.group(2) or ratio.group(4) or ratio.group(6))
    span = ratio.span()
    outside = [q for q in percents if not span[0] <= q.start < span[1]]
    numbers = [q for q in question.find("number") if not span[0] <= q.start < span[1]]
    shared = [  # "82" in "82 and 94%": a percentage, like the one after it
        replace(n, kind="percent", unit="%", tags=frozenset())
        for n in numbers
        for p in outside
        if n.end <= p.start
        and _SHARED_PERCENT.match(question.text[n.end : p.start])
        and 0 < n.value <= 100
    ]
    potencies = sorted([*shared, *outside], key=lambda q: q.start)
    amounts = [q for q in question.find("mass", "volume") if q.per in (None, "package")]
    if len(potencies) != 2 or amounts or any("target" in q.tags for q in potencies):
        return None
    question.use(*potencies)
    first, second = potencies
    blended = mixing.blend(first.value, second.value, first_part, second_part, unit="g")
    return replace(
        blended,
        summary=f"The {ratio.group(0).strip()} blend is {blended.value:.4g}%.",
        inputs=(
            f"first: {first_part:g} parts by weight at {first.value:g}%",
            f"second: {second_part:g} parts by weight at {second.value:g}%",
        ),
        assumptions=(*blended.assumptions, "the ratio is by weight (parts of the blend)"),
    )
