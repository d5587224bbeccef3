"""Reader for kitchen infusions: flower or concentrate infused into butter or oil, per
measure, per portion a recipe uses, or per piece made with it."""

from __future__ import annotations

import re

from trichome.agents import calculators, units
from trichome.agents import formulation_calculators as formulation
from trichome.agents import kitchen_calculators as kitchen_arithmetic
from trichome.agents import missing_inputs as needs
from trichome.agents import potency_calculators as potency
from trichome.agents.calculation_questions import (
    NOT_POTENCY,
    Question,
    ask,
    combined_potency,
    kept_percent,
    loss_percent,
    named_cannabinoid,
    one,
    piece_counts,
    potency_readings,
    with_assumption,
)
from trichome.agents.calculators import Calculation
from trichome.agents.quantities import Quantity

_FAT = (
    r"butter|cannabutter|ghee|oil|coconut|olive|mct|lard|canna-?oil|cooking\s+fat|"
    r"(?:canna-?)?milk|(?:heavy\s+)?cream|half-and-half|honey|syrup"
)


_MEASURE = r"tsp|teaspoons?|tbsp|tablespoons?|cups?|sticks?|ml|mls|millilit(?:er|re)s?"
_ASKED_MEASURE = re.compile(
    rf"(?:\bper|\beach|\bevery|\bin\s+(?:a|one|1|each|every))\s+({_MEASURE})\b", re.IGNORECASE
)
_PORTION = re.compile(
    rf"^\s*(?:of\s+(?:my\s+|the\s+|your\s+|that\s+|this\s+)?(?:\w+\s+)?(?:{_FAT}))", re.IGNORECASE
)
_PORTION_BEFORE = re.compile(
    r"(?:calls?\s+for|use|using|used|eat|ate|take|took|add|added|put\s+in|recipe\s+(?:needs|uses)|"
    r"how\s+(?:much|many)\s+(?:(?:mgs?|milligrams|thc)\s+)*(?:is\s+|are\s+)?in)"  # "mg in 2 tsp"
    r"\s*$",
    re.IGNORECASE,
)


def kitchen(question: Question) -> Calculation | None:
    """mg THC per tsp, tbsp, cup or mL of butter or oil infused with flower or concentrate;
    in the portion a recipe uses ("2 tbsp of my cannabutter"), or in each piece made with it.
    """
    if not question.says(_FAT):
        return None
    counts = piece_counts(question)
    measures = [
        m
        for m in _ASKED_MEASURE.finditer(question.text)
        if not m.group(0).lower().startswith("in")
        or not (
            re.match(rf"\s*(?:of\s+)?(?:\w+\s+)?(?:{_FAT})", question.text[m.end() :], re.I)
            or re.match(r"\s*[.;]\s*\w", question.text[m.end() :])
        )
    ]  # "in 1 cup of butter", "15% in 1 cup. i use...": the batch; "in 1 tbsp?" the measure
    if len(measures) > 1:  # "1,200 mg in 1 cup, per tsp?": the "in" before the last is the batch
        measures = [m for m in measures[:-1] if not m.group(0).lower().startswith("in")] + [
            measures[-1]
        ]
    per_piece = bool(counts) and question.says(
        r"per\s+(?!tsp|teaspoon|tbsp|tablespoon|cup|stick|ml\b)\w|\beach\b|a\s+piece|\bdose"
    )
    per_fat_gram = _PER_FAT_GRAM.search(question.text) is not None
    if not (
        measures
        or per_piece
        or per_fat_gram
        or question.says(r"tsp|tbsp|teaspoon|tablespoon|cup|stick")
    ):
        return None
    volumes = [q for q in question.find("volume") if q.unit != "dropper" and q.per is None]
    strengths = [q for q in question.find("mass", unit="mg") if q.per and _by_volume(q.per)]
    if len(strengths) == 1 and volumes and not question.find("percent", without=NOT_POTENCY):
        return _from_strength(question, strengths[0], volumes, counts, per_piece)
    asked = [q for q in volumes if any(m.start() <= q.start < m.end() for m in measures)]
    fats = [q for q in volumes if q not in asked]
    fat_masses = [
        q
        for q in question.find("mass")
        if re.match(
            rf"\s*(?:of\s+)?(?:\w+\s+)?(?:{_FAT})", question.text[q.end : q.end + 25], re.IGNORECASE
        )
    ]
    materials = [  # "1,000 mg THC total": the THC that went in
        q
        for q in question.find("mass")
        if q not in fat_masses and (q.per is None or (q.per == "package" and q.unit == "mg"))
    ]
    measure = units.canonical(measures[-1].group(1)) if measures else "tbsp"
    if not fats and not fat_masses:
        if per_piece or not materials:
            return None  # "7 g of 22% flower into butter, 24 brownies": a dose per piece
        raise ask(question, needs.FAT_VOLUME)
    if not materials:
        raise ask(question, needs.INFUSED_MASS)
    batch = max(fats, key=lambda q: units.millilitres(q.value, q.unit)) if fats else None
    portions = [
        q
        for q in fats
        if q is not batch
        and (
            _PORTION.match(question.text[q.end : q.end + 30])
            or _PORTION_BEFORE.search(question.text[max(0, q.start - 20) : q.start])
        )
    ]
    fat_volume: float
    fat_unit: str
    if batch is not None:
        question.use(batch, *asked)
        fat_volume, fat_unit = batch.value, batch.unit
    else:
        butter = fat_masses[0]
        question.use(butter, *asked)
        # A US stick of butter is 1/4 lb (113.4 g) and half a cup.
        fat_volume, fat_unit = units.grams(butter.value, butter.unit) / 113.398 * 0.5, "cup"
    material = one(question, materials[:1], "the plant material")
    assert material is not None
    acid = question.find("percent", cannabinoids=("THCA",), without=NOT_POTENCY)
    total = combined_potency(question)
    if total is not None:
        infused = kitchen_arithmetic.kitchen_infusion(
            material.value, material.unit, total.value, fat_volume, fat_unit, measure,
            kept_percent(question), False,
        )  # fmt: skip
        return calculators.chain([total, infused])
    found = one(question, potency_readings(question), "the potency")
    is_acid = False
    assumption = None
    if found is None and acid:
        found, is_acid = one(question, acid, "the THCA potency"), True
    if (
        found is None
        and re.match(  # "5 g of THCA isolate, decarbed": the acid itself
            r"\s*(?:of\s+)?(?:pure\s+)?(?:thca|thc-a)\s+(?:isolate|crystals?|crystalline|diamonds)",
            question.text[material.end : material.end + 30],
            re.IGNORECASE,
        )
    ):
        assumption, is_acid = f"the {material.text} is THCA isolate, taken as 100% THCA", True
        found = material
    if found is None and material.unit == "mg" and not acid:
        # "2000 mg THC into 1 cup of butter": the THC itself is given, no potency needed.
        assumption = f"the {material.text} is THC already measured, so it goes in at 100%"
        found = material
    if found is None and material.cannabinoid == "THCA" and question.says(r"decarb"):
        return None  # "decarb 1 g of THCA and dissolve it in 100 mL": the decarb, then mg/mL
    if found is None:
        raise ask(question, needs.INFUSED_POTENCY)
    infused = kitchen_arithmetic.kitchen_infusion(
        material.value,
        material.unit,
        100.0 if assumption is not None else found.value,
        fat_volume,
        fat_unit,
        measure,
        kept_percent(question),
        is_acid,
    )
    if assumption is not None:
        infused = with_assumption(infused, assumption)
    if per_fat_gram and batch is None and not measures:
        weighed = fat_masses[0]
        return calculators.chain([infused, per_gram_of_fat(infused, weighed.value, weighed.unit)])
    if portions:
        portion = one(question, portions[:1], "the amount the recipe uses")
        assert portion is not None
        used = kitchen_arithmetic.infused_portion(infused, portion.value, portion.unit)
        if per_piece:
            # "2 tbsp of it for 24 cookies, mg per cookie?": the portion split into the pieces.
            count = one(question, counts[:1], "the number of pieces")
            assert count is not None
            split = formulation.dose_from_total(used.value, count.value, loss_percent(question))
            return calculators.chain([infused, used, split])
        return calculators.chain([infused, used])
    if per_piece and not measures:
        count = one(question, counts[:1], "the number of pieces")
        assert count is not None
        return calculators.chain(
            [
                infused,
                formulation.dose_from_total(
                    infused.details["total_mg"], count.value, loss_percent(question)
                ),
            ]
        )
    return infused


# "mg per gram of butter", "per g of the oil": the strength of the infused fat by its weight.
_PER_FAT_GRAM = re.compile(
    rf"(?:\bper|\beach|\ba|/)\s*(?:g|grams?)\s+of\s+(?:(?:the|my|that|this|infused|finished)\s+)*"
    rf"(?:{_FAT})",
    re.IGNORECASE,
)


def per_gram_of_fat(infused: Calculation, amount: float, unit: str) -> Calculation:
    """The THC infused (a `kitchen_infusion` result), over the fat's weight in grams."""
    grams = calculators.grams_of("the weight of the fat", amount, unit)
    total = infused.details["total_mg"]
    each = total / grams
    return Calculation(
        "infused_per_gram",
        each,
        "mg THC per g",
        f"{calculators.fmt(each, 4)} mg THC per gram of the infused fat.",
        (
            f"{calculators.fmt(total, 6)} mg ÷ {calculators.fmt(grams)} g of fat = "
            f"{calculators.fmt(each, 4)} mg/g",
        ),
        formula="mg per g = THC infused (mg) ÷ fat (g)",
        inputs=(f"fat: {calculators.fmt(grams)} g",),
        assumptions=("the THC spreads evenly through the fat",),
    )


def _by_volume(unit: str) -> bool:
    try:
        return units.kind(unit) == "volume"
    except units.UnitError:
        return False


def _from_strength(
    question: Question,
    strength: Quantity,
    volumes: list[Quantity],
    counts: list[Quantity],
    per_piece: bool,
) -> Calculation:
    """ "3/4 cup of butter that tested 40 mg per tbsp, 36 cookies": butter or oil of a known
    strength, the THC in the amount used, split into the pieces when asked."""
    used = one(question, volumes[:1], "the amount of butter or oil used")
    assert used is not None
    question.use(strength)
    held = potency.cannabinoid_in_volume(
        used.value, used.unit, strength.value, str(strength.per), named_cannabinoid(question, None)
    )
    if per_piece and counts:
        count = one(question, counts[:1], "the number of pieces")
        assert count is not None
        split = formulation.dose_from_total(held.value, count.value, loss_percent(question))
        return calculators.chain([held, split])
    return held
