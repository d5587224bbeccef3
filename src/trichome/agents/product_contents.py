"""Reader for the cannabinoid in a product of a given mass at a given potency ("a 1 g cart at
85%", "a 10 pack of 0.5 g prerolls at 22%"), and the product's mass a question weighs."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import calculators, units
from trichome.agents import formulation_calculators as formulation
from trichome.agents import potency_calculators as potency
from trichome.agents import serving_calculators as serving_arithmetic
from trichome.agents.calculation_questions import (
    ASKS,
    NOT_POTENCY,
    Question,
    ask,
    attached,
    named_cannabinoid,
    one,
    piece_counts,
    potency_readings,
    same_masses,
)
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.coa_tables import coa_table
from trichome.agents.missing_inputs import POTENCY, PRODUCT_MASS
from trichome.agents.pack_masses import packs_counted
from trichome.agents.quantities import Quantity


def product_mass(question: Question) -> Quantity | None:
    """The one product mass a question weighs (not a mg dose, nor a lab's sample mass)."""
    masses = same_masses(
        [
            q
            for q in question.find("mass")
            # "a 3.5g jar": what a package holds is the product weighed too
            if q.unit != "mg"
            and q.per in (None, "piece", "package")
            and not _about_sample(question, q)
        ]
    )
    return masses[0] if len(masses) == 1 else None


# "lab: ... sample 26-0988 ... 12.4 g", "sample mass 1.02 g": what the lab weighed to test
_SAMPLE_LINE = re.compile(
    r"\b(?:sample|lab|laboratory|analytical|rec'?d|received|tested\s+on|certificate|aliquot)\b",
    re.IGNORECASE,
)


def _about_sample(question: Question, mass: Quantity) -> bool:
    """A mass on a pasted COA's header line (the lab's sample), not a product's."""
    rows = coa_table(question.text)
    if not rows or mass.start >= rows[0].start:
        return False
    line_start = question.text.rfind("\n", 0, mass.start) + 1
    line_end = question.text.find("\n", mass.end)
    line = question.text[line_start : line_end if line_end >= 0 else None]
    return bool(_SAMPLE_LINE.search(line))


def product_content(question: Question) -> Calculation | None:
    """mg of THC in a product of a given mass at a given potency (a 1 g cart at 85%)."""
    if not question.says(
        r"how\s+(?:much|many)\s+(?:mg|milligrams|thc)|mg\s+(?:of\s+)?thc|"
        r"how\s+(?:much|many)\s+(?:grams|g|kg|kilos?)\s+of\s+(?:thc|cbd)\b|"
        r"\bmgs?\b\s*(?:is|are|in)|milligrams|thc\s+content|how\s+strong|total\s+mg|"
        r"\bthc\s+(?:per|in\s+(?:each|a|one|the))\b.{0,30}\bmg\b|"
        r"\bmgs?\b(?:\s+(?:of\s+)?(?:thc|cbd))?\s+(?:per|in|on|for)\s+(?:the\s+|a\s+|each\s+)?"
        r"(?:cart|carts|cartridge|can|bottle|box|package|pack|jar|pre-?roll|joint|pen|vape|"
        r"disposable|device|drink|beverage|unit|tin)\b|\bthc\s+mgs?\b|"
        # "812 mg/g and it's a .5g cart, what's that in mg": the product's THC in mg
        r"\b(?:that|it|this|those|these)\s+in\s+(?:mgs?|milligrams)\b|"
        # "whats the thc in mg for a quarter at 22%": the cannabinoid asked in milligrams
        r"\b(?:thc|cbd|cbn|cbg)\s+in\s+(?:mgs?|milligrams)\b|" + _HOW_MANY_SERVINGS
    ):
        return None
    in_volume = _in_volume(question)
    if in_volume is not None:
        return in_volume
    masses = same_masses(
        [
            q
            for q in question.find("mass")
            if q.per in (None, "package", "piece")
            and (q.unit != "mg" or re.match(_PRODUCT_AFTER, question.text[q.end :], re.I))
        ]  # "500 mg of it", "a 500mg cart" are a mass of product; "10 mg" alone is a dose
    )
    if not masses:
        if _unweighed_product(question):
            raise ask(question, PRODUCT_MASS)
        return None
    mass = one(question, masses[:1], "the product's mass")
    assert mass is not None
    readings = _asked_potencies(question) or potency_readings(question)
    # "cut his 85% with some stuff, I have 2 g of it at 70%": the potency of the mass weighed
    own = attached(question, mass, readings) if len({q.value for q in readings}) > 1 else None
    found = one(question, [own] if own else readings, "the potency")
    if found is None:
        found = _per_gram_potency(question)
    if found is None:
        if question.find("percent", cannabinoids=("THCA",)):
            return None  # total() chains THCA and delta-9 to the mass
        raise ask(question, POTENCY)
    share = found.value / 10 if found.kind == "concentration" else found.value
    name = named_cannabinoid(question, found)
    result = potency.cannabinoid_in_product(mass.value, mass.unit, share, name)
    doses = [q for q in question.find("mass", unit="mg", per=(None, "serving", "piece"))
             if q not in masses]  # fmt: skip
    if doses and question.says(_HOW_MANY_SERVINGS):
        # "1g cart at 85%, a session is about 5 mg: how many sessions per cart?"
        dose = one(question, doses, "the dose")
        assert dose is not None
        limits = question.limits_for(question.state) if question.state else None
        return calculators.chain(
            [result, formulation.servings_check(result.value, dose.value, limits)]
        )
    counts = piece_counts(question)
    several = [  # "pack of 5 half-gram prerolls": 5 pieces, each of the mass
        q
        for q in question.find("number")
        if q.end <= mass.start and not question.text[q.end : mass.start].strip()
    ]
    if not counts and several and question.says(r"\b(?:pack|package|box|jar|tin|total)\b"):
        question.use(several[0])
        whole = serving_arithmetic.batch_total(several[0].value, result.value, name)
        return calculators.chain([result, whole])
    if counts:
        count = one(question, counts[:1], "the number of units")
        assert count is not None
        if mass.per == "piece" or re.search(
            _EACH_WEIGHS, question.text[max(0, mass.start - 30) : mass.start], re.I
        ):
            # "10 gummies per bag, each one weighs 5 g at 0.2%", "a 10 pack of 0.5g prerolls",
            # "2 pre-rolls of 0.5 g each": the mass is one piece's, the count multiplies it
            if question.says(_ONE_PIECE_ASKED):
                return result
            return calculators.chain([result, _in_all_packs(question, count, result.value, name)])
        return calculators.chain([result, formulation.dose_from_total(result.value, count.value)])
    return result


def _in_all_packs(question: Question, count: Quantity, each_mg: float, name: str) -> Calculation:
    """The pieces' total, over every pack counted ("2 10-packs of 0.5g prerolls at 25%": 20
    pieces, the 2 packs never dropped)."""
    packs = packs_counted(question, count)
    if packs is None:
        return serving_arithmetic.batch_total(count.value, each_mg, name)
    question.use(packs)
    pieces = packs.value * count.value
    whole = serving_arithmetic.batch_total(pieces, each_mg, name)
    counted = f"{fmt(packs.value)} packs × {fmt(count.value)} a pack = {fmt(pieces)} pieces"
    return replace(
        whole,
        steps=(counted, *whole.steps),
        inputs=(f"packs: {fmt(packs.value)}", f"pieces a pack: {fmt(count.value)}",
                *whole.inputs[1:]),
    )  # fmt: skip


# "500 mg of it", "500mg cart": milligrams that weigh a product, not a dose of THC.
_PRODUCT_AFTER = (
    # "500 mg of it" is product; "2,000 mg of thc gummies" is the THC itself, already a total
    r"\s*(?:of\b(?!\s*(?:total\s+)?(?:thc|cbd)\b)|(?:[\w-]+\s+)?(?:carts?|cartridges?|disposables?|vapes?|pens?|syringes?)\b)"
)
_EACH_WEIGHS = r"\b(?:each|every|per)\s+(?:\w+\s+)?(?:weighs|is|=|:)\s*(?:about\s+)?$"


# "how many sessions per cart", "how many 10 mg servings in it": servings of a product.
# "mg per preroll", "thc in each joint": one piece's content asked, not the pack's
_ONE_PIECE_ASKED = (
    r"\b(?:mgs?|milligrams|thc|cbd)\s+(?:\w+\s+){0,2}?(?:per|in\s+(?:each|every|one)|each)\s+"
    r"(?!(?:pack|package|box|bag|jar|tin|container)s?\b)[a-z]"
)
_HOW_MANY_SERVINGS = r"how\s+many\s+(?:[\d.]+\s*mg\s+)?(?:sessions|servings|doses|hits|uses|dabs)\b"


# "how many mg of CBG", "cbn in mg", "how much cbd is in it": the cannabinoid asked for
_ASKED_CANNABINOID = re.compile(
    r"\b(?:mgs?|milligrams|how\s+much)\s+(?:of\s+)?(?:the\s+)?(cbd|cbg|cbn|cbc)\b|"
    r"\b(cbd|cbg|cbn|cbc)\s+in\s+(?:mgs?|milligrams)\b",
    re.IGNORECASE,
)


def _asked_potencies(question: Question) -> list[Quantity]:
    """The potencies of a cannabinoid other than THC that the question asks the mg of ("9.5%
    CBG and 0.2% THC, how many mg of CBG"); none when it asks no such cannabinoid."""
    asked = _ASKED_CANNABINOID.search(question.text)
    if asked is None:
        return []
    name = (asked.group(1) or asked.group(2)).upper()
    return question.find("percent", without=NOT_POTENCY | {"target", "price"}, cannabinoids=(name,))


def _in_volume(question: Question) -> Calculation | None:
    """ "12 fl oz can at 0.42 mg per fl oz", "12 fl oz can runs 0.02 mg/mL": mg in a volume
    at a strength by volume, when no mass of product is given."""
    strengths = [
        *question.find("concentration", unit="mg/ml", without=NOT_POTENCY | {"target"}),
        *(q for q in question.find("mass", unit="mg") if q.per and _is_volume(q.per)),
    ]
    volumes = [q for q in question.find("volume", per=(None, "package", "piece"))
               if q.unit != "dropper"]  # fmt: skip
    if len(strengths) != 1 or not volumes or question.find("mass", unit="g"):
        return None
    strength = strengths[0]
    sizes = {round(units.millilitres(q.value, q.unit), 6) for q in volumes}
    if len(sizes) != 1:
        return None
    volume = volumes[0]
    question.use(strength, volume)
    per_unit = "ml" if strength.kind == "concentration" else str(strength.per)
    name = named_cannabinoid(question, strength)
    return potency.cannabinoid_in_volume(volume.value, volume.unit, strength.value, per_unit, name)


def _is_volume(unit: str) -> bool:
    try:
        return units.kind(unit) == "volume"
    except units.UnitError:
        return False


def _per_gram_potency(question: Question) -> Quantity | None:
    """ "labelled 780 mg/g total THC": a potency per gram of the product (mg/g = % x 10)."""
    per_gram = [
        q
        for q in question.find("concentration", without=NOT_POTENCY | {"target"})
        if q.unit == "mg/g" and q.cannabinoid in (None, "THC")
    ]
    return one(question, per_gram[:1], "the potency") if per_gram else None


# A product sold by weight, named without its weight ("a cart at 90%").
_WEIGHED_PRODUCT = (
    r"\b(?:carts?|cartridges?|pre-?rolls?|joints?|disposables?|vapes?|jars?|syringes?|"
    r"dabs?|grams?\s+of\s+(?:wax|shatter|rosin|resin))\b"
)


def _unweighed_product(question: Question) -> bool:
    """ "how many mg in a cart at 90%?": one potency and nothing else given, so the product's
    weight is the input missing (never assumed: carts come in 0.3 to 2 g)."""
    given = [q for q in question.quantities if q.kind != "other"]
    return (
        len(given) == 1
        and given[0].kind == "percent"
        and bool(question.says(_WEIGHED_PRODUCT))
        and bool(question.says(ASKS))
    )
