"""Readers for the mixing calculations: dilution (C1V1 or cutting a concentrate), blending two
potencies, and reintroducing terpenes."""

from __future__ import annotations

import re

from trichome.agents import formulation_calculators as formulation
from trichome.agents import mixing_calculators as mixing
from trichome.agents import units
from trichome.agents.calculation_questions import (
    ASKS,
    NOT_POTENCY,
    Question,
    ask,
    one,
)
from trichome.agents.calculators import Calculation
from trichome.agents.quantities import Quantity


def dilution(question: Question) -> Calculation | None:
    """C1V1 = C2V2 for a stock, or carrier to cut a concentrate to a lower potency."""
    concentrations = question.find("concentration")
    stock_words = question.says(
        r"stock|dilut|cut|thin|bring\s+(?:it\s+)?down|lower\s+the\s+potency|"
        r"knock\s+(?:it\s+)?down|water\s+(?:it\s+)?down|carrier|mct"
    )
    if len(concentrations) >= 2 and (stock_words or question.says(r"need|make|want")):
        amounts = question.find("volume", "mass")
        amounts = [q for q in amounts if q.per is None]
        if not amounts:
            raise ask(question, "how much you want to make (mL or g)")
        stock, target = sorted(concentrations[:2], key=lambda q: -q.value)
        amount = one(question, amounts[:1], "the final amount")
        question.use(stock, target)
        assert amount is not None
        return mixing.dilution_c1v1(
            stock.value,
            target.value,
            amount.value,
            amount.unit,
            "mg/mL" if stock.unit == "mg/ml" else "mg/g",
        )
    if not stock_words or question.says(r"terp|blend|mix\s+(?!it\s+with)"):
        return None
    percents = [
        q for q in question.find("percent", without=NOT_POTENCY) if q.cannabinoid in (None, "THC")
    ]
    masses = [q for q in question.find("mass", "volume") if q.per is None]
    if len(percents) < 2:
        if percents and question.says(ASKS):
            raise ask(question, "the potency you want to end at (%)")
        return None
    if not masses:
        raise ask(question, "how much you start with (g)")
    mass = one(question, masses[:1], "the starting amount")
    assert mass is not None
    after_mass = question.text[mass.end : mass.end + 30]
    own = [
        p
        for p in percents[:2]
        if re.match(rf"\s*(?:of\s+)?(?:[a-z]+\s+)?(?:at\s+|@\s*)?{re.escape(p.text)}", after_mass)
    ]
    if own:
        current = own[0]
        target = next(p for p in percents[:2] if p is not current)
        question.use(current, target)
        if (
            current.text.startswith(target.text) is False
            and re.match(r"\s*(?:of\s+)?(?:[a-z]+\s+)?at\b", after_mass)
            and question.says(r"\b(?:need|make|want)\b")
        ):
            stock, wanted = sorted((current, target), key=lambda q: -q.value)
            return mixing.dilution_c1v1(stock.value, wanted.value, mass.value, mass.unit, "%")
        return mixing.dilution(mass.value, mass.unit, current.value, target.value)
    current, target = percents[0], percents[1]
    question.use(current, target)
    return mixing.dilution(mass.value, mass.unit, current.value, target.value)


def blending(question: Question) -> Calculation | None:
    """The potency of two materials blended, or how much of each for a target."""
    if not question.says(
        r"blend|mix|combin|together|homogeni|add(?:ing)?\s+.*\s+to\s+|"
        r"how\s+much\s+of\s+(?:the\s+)?[\d.]+\s*%|[\d.]+\s*%\s+goes\s+in"
    ):
        return None
    percents = [
        q
        for q in question.find("percent", without=NOT_POTENCY - {"target"} | {"terpene"})
        if q.cannabinoid in (None, "THC")
    ]
    if len(percents) < 2:
        return None
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
        target = targets[-1]
        first, second = [q for q in percents if q is not target][:2]
        wanted = re.search(r"how\s+much\s+(?:of\s+)?(?:the\s+)?([\d.]+)\s*%", question.text)
        if wanted and float(wanted.group(1)) == second.value:
            first, second = second, first
        question.use(first, second, target)
        total_amount = masses[-1] if masses else None
        first_amount = None
        if (
            masses
            and len(masses) == 1
            and masses[0].end < target.start
            and re.match(
                rf"\s*(?:of\s+)?(?:\w+\s+)?(?:at\s+)?{re.escape(first.text)}",
                question.text[masses[0].end : masses[0].end + 30],
            )
        ):
            first_amount, total_amount = masses[0], None
        question.use(total_amount, first_amount)
        return mixing.blend(
            first.value,
            second.value,
            target_percent=target.value,
            total_amount=total_amount.value if total_amount else None,
            first_amount=first_amount.value if first_amount else None,
            unit=amount.unit if (amount := total_amount or first_amount) else "g",
        )
    if len(masses) >= 2:
        pairs = _pair_amounts(question, masses, percents)
        if pairs is None:
            return None
        (m1, p1), (m2, p2) = pairs
        question.use(m1, p1, m2, p2)
        grams = [units.convert(m.value, m.unit, masses[0].unit) for m in (m1, m2)]
        return mixing.blend(p1.value, p2.value, grams[0], grams[1], unit=masses[0].unit)
    if question.says(ASKS):
        raise ask(question, "how much of each you mix (or the potency you are aiming for)")
    return None


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


_DISTILLATE_AFTER = re.compile(
    r"\s*(?:thc\s+)?(?:distill?ate|disty|disti|dist\b|oil|concentrate|extract)", re.IGNORECASE
)


def terpene_reintroduction(question: Question) -> Calculation | None:
    """Terpenes to add as % w/w of the blend or of the distillate (the answer says which)."""
    if not question.says(r"terp"):
        return None
    cut = _cut_with_terpenes(question)
    if cut is not None:
        return cut
    shares = question.find("percent", tags=("terpene",)) or [
        q
        for q in question.find("percent", cannabinoids=(None,), without=("loss", "efficiency"))
        if not _DISTILLATE_AFTER.match(question.text[q.end : q.end + 20])
    ]  # "100 g of 95% disty": the 95% is the distillate's potency, not a terpene share
    bases = [
        q for q in question.find("mass", "volume") if q.per is None and "terpene" not in q.tags
    ]
    terp_masses = [q for q in question.find("mass") if "terpene" in q.tags]
    if not shares and terp_masses and bases:
        base = [b for b in bases if b not in terp_masses]
        if base:
            question.use(terp_masses[0], base[0])
            grams_terp = units.grams(terp_masses[0].value, terp_masses[0].unit)
            grams_base = units.grams(base[0].value, base[0].unit)
            return formulation.percent_by_weight(grams_terp, "g", grams_terp + grams_base, "g")
    if not bases:
        if shares and question.says(ASKS):
            raise ask(question, "how much distillate you are flavouring (g)")
        return None
    if not shares:
        raise ask(question, "the terpene percentage you want (% w/w)")
    terp = one(question, shares[-1:], "the terpene share")
    distillate = one(question, bases[:1], "the distillate")
    assert terp is not None and distillate is not None
    basis = (
        "base"
        if question.says(
            r"%\s*(?:w/w\s*)?(?:of|by|on)\s+(?:the\s+)?(?:weight\s+of\s+(?:the\s+)?)?(?:distillate|oil|"
            r"base|concentrate|extract)|(?:distillate|base|oil)(?:'s)?\s+weight|on\s+top\s+of"
        )
        else "blend"
    )
    return mixing.terpenes(distillate.value, distillate.unit, terp.value, basis)


def _cut_with_terpenes(question: Question) -> Calculation | None:
    """Terpenes as the carrier that brings a distillate down to a target potency ("cut 95%
    to 85% with terps"): the 85% is the blend's potency, not the terpenes' share."""
    potencies = [
        q
        for q in question.find("percent", without=NOT_POTENCY)
        if q.cannabinoid in (None, "THC", "total THC")
    ]
    values = sorted({q.value for q in potencies}, reverse=True)
    if len(values) != 2 or not question.says(
        r"\bcut|dilut|bring\s+(?:it\s+)?down|down\s+to|knock|lower|target|potency|"
        r"\bto\s+[\d.]+\s*%|\bwant\w*\s+(?:it\s+|them\s+)?(?:at|to)\b|\bget\s+(?:it\s+)?(?:to|down)"
    ):
        return None
    current = next(q for q in potencies if q.value == values[0])
    target = next(q for q in potencies if q.value == values[1])
    bases = [
        q for q in question.find("mass", "volume") if q.per is None and "terpene" not in q.tags
    ]
    if not bases:
        raise ask(question, "how much distillate you start with (g)")
    base = one(question, bases[:1], "the distillate")
    assert base is not None
    question.use(current, target)
    return mixing.dilution(base.value, base.unit, current.value, target.value, carrier="terpenes")
