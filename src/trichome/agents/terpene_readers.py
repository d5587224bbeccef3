"""Reader for reintroducing terpenes into a distillate: terpenes as % w/w of the finished
blend or of the distillate, the share a mass of terpenes makes, the blend's final potency,
and terpenes as the carrier that cuts a distillate to a target potency."""

from __future__ import annotations

import re

from trichome.agents import formulation_calculators as formulation
from trichome.agents import missing_inputs as needs
from trichome.agents import mixing_calculators as mixing
from trichome.agents import potency_calculators as potency
from trichome.agents import units
from trichome.agents.asked_units import to_unit
from trichome.agents.calculation_questions import (
    ASKS,
    NOT_POTENCY,
    Question,
    ask,
    one,
    piece_counts,
)
from trichome.agents.calculators import Calculation, chain, fmt, positive, quantity
from trichome.agents.quantities import Quantity

_DISTILLATE_AFTER = re.compile(
    r"\s*(?:of\s+(?:the\s+|our\s+|my\s+)?)?(?:thc\s+)?(?:distill?ate|disty|disti|dist\b|oil|"
    r"concentrate|extract)",
    re.IGNORECASE,
)


_TERPS_NAMED_AFTER = re.compile(r"\s*(?:of\s+)?(?:[a-z-]+\s+){0,3}?terp", re.IGNORECASE)


def terpene_reintroduction(question: Question) -> Calculation | None:
    """Terpenes to add as % w/w of the blend or of the distillate (the answer says which)."""
    if not question.says(r"terp"):
        return None
    of_blend = _of_final_blend(question)
    if of_blend is not None:
        return of_blend
    cut = _cut_with_terpenes(question)
    if cut is not None:
        return cut
    shares = question.find("percent", tags=("terpene",)) or [
        q
        for q in question.find("percent", cannabinoids=(None,), without=("loss", "efficiency"))
        if not _DISTILLATE_AFTER.match(question.text[q.end : q.end + 20])
        or _SHARE_OF_BASE.match(question.text[q.end : q.end + 40])
    ]  # "100 g of 95% disty": the 95% is the distillate's potency, not a terpene share
    # "5 g terps to 95 g distillate": the 95 g is the base, although "terps to" comes first.
    bases = [
        q
        for q in question.find("mass", "volume")
        if q.per is None and ("terpene" not in q.tags or _is_base(question, q))
    ]
    terp_masses = [
        q for q in question.find("mass") if "terpene" in q.tags and not _is_base(question, q)
    ]
    if not terp_masses and not shares:
        # "1.5 g of strain specific terps into 13.5 g": the terpenes named a few words on
        terp_masses = [
            q for q in bases if _TERPS_NAMED_AFTER.match(question.text[q.end : q.end + 40])
        ][:1]
    whole = [q for q in question.find("mass", "volume") if _is_whole_blend(question, q)]
    if shares and whole and not terp_masses:
        # "8% terps in a 100 g blend": the 100 g is the finished blend, terps and all.
        terp = one(question, shares[-1:], "the terpene share")
        total = one(question, whole[:1], "the finished blend")
        assert terp is not None and total is not None
        units_filled = _units_filled(question)
        if units_filled is None:
            return mixing.terpenes_in_blend(total.value, total.unit, terp.value)
        # "2000 carts at 0.5 g fill": the blend for the whole batch.
        batch = filled(units_filled, total.value, total.unit)
        return chain([batch, mixing.terpenes_in_blend(batch.value, total.unit, terp.value)])
    if not shares and terp_masses and bases:
        base = [b for b in bases if b not in terp_masses]
        if base:
            question.use(terp_masses[0], base[0])
            grams_terp = units.grams(terp_masses[0].value, terp_masses[0].unit)
            grams_base = units.grams(base[0].value, base[0].unit)
            # "% of the blend" unless the distillate's weight is named as the basis
            of = grams_base if _basis(question) == "base" else grams_terp + grams_base
            return formulation.percent_by_weight(grams_terp, "g", of, "g")
    if not bases:
        final = _final_potency(question)
        if final is not None:
            return final
        if shares and question.says(ASKS):
            raise ask(question, needs.DISTILLATE_FLAVOURED)
        return None
    if not shares:
        raise ask(question, needs.TERPENE_SHARE)
    terp = one(question, shares[-1:], "the terpene share")
    distillate = one(question, bases[:1], "the distillate")
    assert terp is not None and distillate is not None
    basis = _basis(question)
    added = mixing.terpenes(distillate.value, distillate.unit, terp.value, basis)
    # terpenes for a batch weighed in kg are weighed out in grams (a unit asked still wins)
    return to_unit(added, "g") if units.canonical(distillate.unit) == "kg" else added


# "5% of the distillate", "percent of the distillate weight", "on top of": the share is
# of the distillate's weight, not of the finished blend.
_BASE = r"(?:distillate|disty|oil|base|concentrate|extract)"
_OF_DISTILLATE = (
    rf"(?:%|percent|percentage)\s*(?:terp\w*\s+)?(?:w/w\s*)?(?:is\s+(?:that|it)\s+)?(?:of|by|on)\s+"
    rf"(?:the\s+)?(?:weight\s+of\s+(?:the\s+)?)?{_BASE}|{_BASE}(?:'s)?\s+weight|"
    rf"on\s+top\s+of|by\s+weight\s+of\s+(?:the\s+)?{_BASE}"
)

# "8% of the distillate weight", "5% by weight of the oil": a share with its basis named,
# not the distillate's potency ("95% disty").
_SHARE_OF_BASE = re.compile(
    rf"\s*(?:w/w\s+)?(?:of|by|on)\s+(?:the\s+|our\s+|my\s+)?(?:weight\s+of\s+(?:the\s+)?)?"
    rf"(?:thc\s+)?{_BASE}",
    re.IGNORECASE,
)

# "% of the final blend", "8% terps of the mix": the share is of the finished blend.
_OF_BLEND = (
    r"(?:%|percent|percentage)\s*(?:terp\w*\s+)?(?:w/w\s*)?(?:of|in)\s+(?:the\s+)?"
    r"(?:(?:final|finished|total|whole)\s+)?(?:blend|mix|fill)\b"
)
# A share's basis named in so many words ("of the distillate", "of the final blend").
_BLEND_WORDS = r"(?:(?:final|finished|total|whole)\s+)?(?:blend|mix|fill)\b"
BASIS_NAMED = rf"\b(?:of|by)\s+(?:the\s+)?(?:weight\s+of\s+(?:the\s+)?)?(?:{_BASE}|{_BLEND_WORDS})"


def _basis(question: Question) -> str:
    """What the terpene share is of, "base" (the distillate) or "blend": the basis named
    last, so a follow-up's "make it of the distillate instead" wins; the blend if none. "60 g
    of distillate" names the material weighed, not a basis."""
    text = question.text
    amounts = question.find("mass", "volume")
    named = [
        *((m.start(), "base") for m in re.finditer(_OF_DISTILLATE, text, re.I)),
        *((m.start(), "blend") for m in re.finditer(_OF_BLEND, text, re.I)),
        *(
            (m.start(), "blend" if re.search(r"blend|mix|fill", m.group(0), re.I) else "base")
            for m in re.finditer(BASIS_NAMED, text, re.I)
            if not any(a.end <= m.start() and not text[a.end : m.start()].strip() for a in amounts)
        ),
    ]
    # "(not of the blend)", "rather than of the mix": a basis named only to be set aside
    kept = [n for n in named if not _SET_ASIDE.search(text[max(0, n[0] - 16) : n[0]])]
    return max(kept)[1] if kept else "blend"


_SET_ASIDE = re.compile(r"\b(?:not|rather\s+than|instead\s+of|vs\.?|versus)\s*$", re.I)


_BLEND_AFTER = re.compile(
    r"\s*(?:of\s+)?(?:the\s+)?(?:(?:finished|final|total|ready)\b|(?:blend|mix|batch|fill)\b)",
    re.IGNORECASE,
)


def _is_base(question: Question, quantity: Quantity) -> bool:
    return bool(_DISTILLATE_AFTER.match(question.text[quantity.end : quantity.end + 24]))


def _is_whole_blend(question: Question, quantity: Quantity) -> bool:
    """ "a 100 g blend", "50 g total": the finished blend's weight, not the distillate's."""
    return bool(_BLEND_AFTER.match(question.text[quantity.end : quantity.end + 24]))


_FINAL_POTENCY = (
    r"\bfinal\b|\bresulting\b|\bend(?:ing)?\s+(?:thc|potency)|"
    r"(?:thc|potency)\s*%?\s*(?:of|in)\s+(?:the\s+)?(?:oil|blend|mix|cart|fill)"
)


def _final_potency(question: Question) -> Calculation | None:
    """ "Fill is 90% distillate and 10% terps, the distillate tests 92%: final THC %?": the
    blend of the distillate at its potency with terpenes holding no THC, by share."""
    if not question.says(_FINAL_POTENCY):
        return None
    percents = question.find("percent", without=("loss", "efficiency"))
    shares = [q for q in percents if _DISTILLATE_AFTER.match(question.text[q.end : q.end + 20])]
    potencies = [q for q in percents if q not in shares and "terpene" not in q.tags]
    potencies = [
        q
        for q in potencies
        if not re.match(r"\s*(?:terp|terpenes?)\b", question.text[q.end : q.end + 12], re.I)
    ]
    if len(shares) != 1 or len(potencies) != 1:
        return None
    share = one(question, shares, "the distillate's share of the fill")
    strength = one(question, potencies, "the distillate's potency")
    assert share is not None and strength is not None
    question.use(*[q for q in percents if q not in shares and q not in potencies])  # the terps
    # Shares by weight are the grams in 100 g of fill.
    return mixing.blend(strength.value, 0.0, share.value, 100 - share.value, unit="g")


# "terps at 8% of the final blend", "12% of the fill": a share of the finished blend.
_SHARE_OF_BLEND = re.compile(
    r"\s*(?:w/w\s+)?of\s+(?:the\s+)?(?:(?:final|finished|total|whole)\s+)?(?:blend|mix|fill)\b",
    re.IGNORECASE,
)
# "a 1 g cart fill", "1 g carts": the weight of one filled unit, terpenes and all.
_FILL_AFTER = re.compile(
    r"\s*(?:(?:carts?|cartridges?|pens?|disposables?|syringes?)\b|"
    r"(?:(?:cart|cartridge|pen|syringe)\s+)?fill\b)",
    re.IGNORECASE,
)


def _of_final_blend(question: Question) -> Calculation | None:
    """Terpenes as a share of the finished blend, with the blend's weight given as a unit's
    fill ("1 g cart fill at 12%"), or a distillate's potency ("93% disty, terps at 7% of the
    final blend"): the terpenes in the fill, or the blend's THC (% or mg in the fill)."""
    shares = [
        q
        for q in question.find("percent", without=("loss", "efficiency"))
        if _SHARE_OF_BLEND.match(question.text[q.end : q.end + 40])
    ]
    if len(shares) != 1:
        return None
    potencies = [
        q
        for q in question.find("percent", without=NOT_POTENCY | {"target"})
        if q not in shares and q.cannabinoid in (None, "THC")
    ]
    fills = [
        q
        for q in question.find("mass", "volume")
        if q.per in (None, "piece") and _FILL_AFTER.match(question.text[q.end : q.end + 30])
    ]
    if len(potencies) > 1 or len(fills) > 1 or not (potencies or fills):
        return None
    terp = shares[0]
    question.use(terp)
    if not potencies:
        fill = fills[0]
        question.use(fill)
        return mixing.terpenes_in_blend(fill.value, fill.unit, terp.value)
    strength = potencies[0]
    question.use(strength)
    # By weight, 100 g of blend holds (100 - share) g of distillate and share g of terpenes.
    final = mixing.blend(strength.value, 0.0, 100 - terp.value, terp.value, unit="g")
    if not fills or not question.says(r"\bmgs?\b|milligrams|grams\s+of\s+thc"):
        return final
    fill = fills[0]
    question.use(fill)
    held = potency.cannabinoid_in_product(fill.value, fill.unit, final.value)
    return chain([final, held])


# "cut ... to 75%", "bring it down to 80%": the one percent given is the target potency.
_CUT_TO = re.compile(
    r"\b(?:cut|cutting|dilut\w*|bring\w*|knock\w*|lower\w*|thin\w*)\b[^%?.]{0,60}?"
    r"\b(?:down\s+)?to\s+[\d.]+\s*%(?!\s*(?:terp|of\s+terp))",
    re.IGNORECASE,
)


def _cut_with_terpenes(question: Question) -> Calculation | None:
    """Terpenes as the carrier that brings a distillate down to a target potency ("cut 95%
    to 85% with terps"): the 85% is the blend's potency, not the terpenes' share."""
    potencies = [
        q
        for q in question.find("percent", without=NOT_POTENCY)
        if q.cannabinoid in (None, "THC", "total THC")
    ]
    values = sorted({q.value for q in potencies}, reverse=True)
    if len(values) == 1 and _CUT_TO.search(question.text):
        # "cut 50 g of distillate to 75% with terps": the terpenes depend on the potency cut
        # from, which is never assumed.
        raise ask(question, needs.CONCENTRATE_POTENCY)
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
        raise ask(question, needs.DISTILLATE_START)
    base = one(question, bases[:1], "the distillate")
    assert base is not None
    question.use(current, target)
    return mixing.dilution(base.value, base.unit, current.value, target.value, carrier="terpenes")


# A fill per unit: "0.5g fill", "0.5 g per cart", "1 g each".
_PER_UNIT_FILL = re.compile(
    r"\bfills?\b|\bper\s+(?:cart|cartridge|pen|unit|disposable|jar)\b|\beach\b", re.IGNORECASE
)


def _units_filled(question: Question) -> float | None:
    """How many units a per-unit fill is for ("2000 carts at 0.5g fill"), if it says."""
    counts = piece_counts(question)
    if not counts or not _PER_UNIT_FILL.search(question.text):
        return None
    count = one(question, counts[:1], "the number of units")
    return count.value if count is not None else None


def filled(count: float, fill: float, unit: str) -> Calculation:
    """The blend a batch of units takes at a fill per unit.

    Raises:
        CalculationError: a non-positive count or fill.
    """
    positive("the number of units", count)
    positive("the fill per unit", fill)
    total = count * fill
    return Calculation(
        "batch_fill",
        total,
        unit,
        f"{fmt(count)} units × {quantity(fill, unit)} = {quantity(total, unit)} of blend.",
        (f"{fmt(count)} × {quantity(fill, unit)} = {quantity(total, unit)}",),
        details={"batch": total},
        formula="blend = units × fill per unit",
        inputs=(f"units: {fmt(count)}", f"fill per unit: {quantity(fill, unit)}"),
    )
