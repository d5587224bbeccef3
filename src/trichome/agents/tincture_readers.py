"""Readers for tinctures: a finished bottle's strength (its THC and size), and designing one
(a target strength in mg/mL and a bottle size, and the concentrate's potency when it is
given)."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import calculators, units
from trichome.agents import missing_inputs as needs
from trichome.agents import potency_calculators as product
from trichome.agents import tincture_calculators as tinctures
from trichome.agents.calculation_questions import (
    ASKS,
    Question,
    ask,
    loss_percent,
    one,
    piece_counts,
    potency_readings,
    with_assumption,
)
from trichome.agents.calculators import Calculation
from trichome.agents.quantities import Quantity

# A stock that is dosed into units by volume: an emulsion into cans, a syrup into bottles.
_STOCK = r"emulsion|\bstock\b|water[- ]?soluble|\bnano\b|syrup|additive"


# "how many mL of emulsion per can": the stock asked for one unit
_ML_PER_UNIT = (
    r"\b(?:ml|mls|milliliters?)\s+(?:of\s+)?(?:\w+\s+)?(?:per|for\s+(?:each|a|one)|in\s+(?:each|a))\s+"
    r"(?:can|bottle|drink|unit|serving|shot|beverage|gummy|piece)\b"
)


def stock_dosing(question: Question) -> Calculation | None:
    """mL of a stock (mg/mL) per unit for a dose in mg, and for the batch ("emulsion is
    20 mg/ml, 5mg per can, 2400 cans: how much emulsion per can and for the batch?")."""
    strengths = question.find("concentration", unit="mg/ml")
    if len({q.value for q in strengths}) != 1 or not question.says(_STOCK):
        return None
    doses = question.find("mass", unit="mg", tags=("target",)) or question.find(
        "mass", unit="mg", per=("piece", "serving")
    )
    loose = question.find("mass", unit="mg", per=(None,))
    if not doses and len(loose) == 1 and question.says(_ML_PER_UNIT):
        doses = loose  # "each can needs 10 mg. how many mL of emulsion per can?"
    if not doses:
        return None
    strength = one(question, strengths[:1], "the stock's strength")
    dose = one(question, doses[:1], "the dose per unit")
    assert strength is not None and dose is not None
    counts = piece_counts(question)
    count = one(question, counts[:1], "the number of units") if counts else None
    return tinctures.stock_per_unit(strength.value, dose.value, count.value if count else None)


def droppers_at_strength(question: Question) -> Calculation | None:
    """mg in droppers of a tincture of a known mg/mL ("15 mg/ml, half a dropper: how many
    mg?"): no bottle size is needed; a dropper is 1 mL unless its size is given."""
    strengths = question.find("concentration", unit="mg/ml", without=("target",))
    taken = question.find("volume", unit="dropper")
    if len(strengths) != 1 or len(taken) != 1 or not question.says(_ASKS_MG):
        return None
    bottles = [
        q
        for q in question.find("volume", per=(None,))
        if q.unit != "dropper" and "dropper" not in q.tags
    ]
    taken_ml = _held_by_droppers(question, taken)  # "half a dropper (0.5 mL)": the mL taken
    held = taken_ml or question.find("volume", tags=("dropper",))  # "droppers hold 0.5 ml"
    if [q for q in bottles if q not in held] or question.find("mass", unit="mg", per=(None,)):
        return None  # a bottle's size or THC given: its strength is read in `tincture`
    strength, droppers = strengths[0], taken[0]
    question.use(strength, droppers, *held[:1])
    note = None
    if held:
        millilitres = units.millilitres(held[0].value, held[0].unit)
        if taken_ml:
            millilitres = millilitres / droppers.value
    else:
        millilitres = 1.0
        note = "a full dropper is 1 mL (the usual dropper of a 30 mL bottle; measure yours)"
    per_dropper = tinctures.mg_in_volume(strength.value, millilitres)
    result = calculators.chain(
        [per_dropper, tinctures.droppers_taken(per_dropper.value, droppers.value)]
    )
    return with_assumption(result, note) if note else result


_ASKS_MG = r"how\s+(?:many|much)\s+(?:mg|milligrams|thc|cbd)|\bmgs?\b\s*(?:is|\?|$)|dose\b"


def tincture_design(question: Question) -> Calculation | None:
    """THC for a bottle at a target mg/mL, and the concentrate that supplies it."""
    per_dropper = _per_dropper_target(question)
    strengths = question.find("concentration", unit="mg/ml") or per_dropper
    if len({q.value for q in strengths}) != 1 or not question.says(
        r"tincture|bottle|dropper|\bmake\b|\bwant\b|\bneed"
    ):
        return None
    volumes = [
        q
        for q in question.find("volume")
        if q.unit != "dropper" and q.per is None and not (per_dropper and "dropper" in q.tags)
    ]  # not the dropper's "1 mL" a per-dropper target was read with
    # "a 2 oz tincture": an ounce of liquid is a fluid ounce.
    ounces = question.find("mass", unit="oz", per=(None, "piece", "package"))
    note = None
    if volumes and ounces:
        note = f"“{ounces[0].text}” is the bottle's {volumes[0].text}, as you wrote it in mL"
        question.use(ounces[0])
    elif ounces:
        note = f"“{ounces[0].text}” of tincture read as US fluid ounces (29.57 mL each)"
        volume_value, volume_unit = ounces[0].value, "floz"
        question.use(ounces[0])
    if volumes:
        volume = one(question, volumes[:1], "the bottle's size")
        assert volume is not None
        volume_value, volume_unit = volume.value, volume.unit
    elif not ounces:
        raise ask(question, needs.BOTTLE_SIZE)
    strength = one(question, strengths[:1], "the target strength")
    assert strength is not None
    if per_dropper:
        question.use(*question.find("volume", tags=("dropper",)))
    potency = one(question, potency_readings(question), "the concentrate's potency")
    if potency is None and question.says(r"\bstock\b"):
        # "from my stock": a dilution, and the stock's strength was not given.
        raise ask(question, needs.TINCTURE_STOCK)
    result = tinctures.tincture_recipe(
        strength.value,
        volume_value,
        volume_unit,
        potency.value if potency else None,
        loss_percent(question),
    )
    return with_assumption(result, note) if note else result


def _per_dropper_target(question: Question) -> list[Quantity]:
    """ "5 mg per dropper (1 mL droppers)" for a bottle: the strength wanted, mg/mL."""
    doses = [
        q
        for q in question.find("mass", unit="mg", per=(None, "serving"))
        if re.match(r"\s*(?:per|a|each|in\s+(?:a|each))\s+(?:full\s+)?dropper\b",
                    question.text[q.end : q.end + 25], re.I)
    ]  # fmt: skip
    droppers = question.find("volume", unit="ml", tags=("dropper",))
    if len(doses) != 1 or len(droppers) != 1 or not question.says(r"\bbottle|\bin\s+it\b"):
        return []
    strength = doses[0].value / calculators.positive("the dropper's volume", droppers[0].value)
    return [replace(doses[0], kind="concentration", unit="mg/ml", value=strength)]


def tincture(question: Question) -> Calculation | None:
    """mg per mL and per dropper of a tincture (and in a number of droppers taken)."""
    # "1000mg/60ml cbd oil", "500 mg in 30 mL": a bottle's mg over its mL names one too
    if not question.says(
        r"tincture|dropper|per\s+ml|mg/ml|a\s+ml|each\s+ml|bottle|mg\s*(?:/|in)\s*[\d.,]+\s*ml\b"
    ):
        return None
    volumes = [q for q in question.find("volume") if q.unit != "dropper" and q.per is None]
    if len(volumes) > 1:  # "our droppers hold 0.75 mL. 1000 mg in 30 mL": not the bottle
        held = _held_by_droppers(question, question.find("volume", unit="dropper"))
        volumes = [q for q in volumes if "dropper" not in q.tags and q not in held] or volumes
    totals = [q for q in question.find("mass", unit="mg") if q.per in (None, "package")]
    if len(volumes) > 1 and totals:
        # "mg in 0.25 ml of a 600 mg/30 ml tincture": the bottle is the volume its mg is in
        held_in = [
            v
            for v in volumes
            if v.start >= totals[0].end
            and _IN_BOTTLE.fullmatch(question.text[totals[0].end : v.start])
        ]
        volumes = held_in[:1] + [v for v in volumes if v not in held_in[:1]]
    made_from = _made_from(question, volumes)
    if made_from is not None:
        return made_from
    if potency_readings(question) or question.find("mass", unit="g"):
        return None  # flower or concentrate going in: a kitchen infusion
    doses = question.find("mass", unit="mg", per=("serving", "piece"))
    if len(totals) > 1 and not doses and question.says(_HOW_MANY_DOSES):
        doses = totals[1:]  # "1500 mg in 30 mL, I dose 25 mg": the second mg is the dose
    if totals and doses and question.says(_HOW_MANY_DOSES):
        return None  # "a 1000 mg bottle at 25 mg a dose": servings, no bottle size needed
    if not volumes or not totals:
        if not volumes and _decarb_asked(question):
            return None  # "decarbing 750 mg of THCA for a tincture": the THC it gives
        if question.says(r"tincture|dropper") and question.says(ASKS) and (volumes or totals):
            raise ask(question, needs.BOTTLE_SIZE if totals else needs.BOTTLE_THC)
        return None
    total_mg = one(question, totals[:1], "the THC in the bottle")
    volume = one(question, volumes[:1], "the bottle's size")
    assert total_mg is not None and volume is not None
    return _strength(question, total_mg.value, volume, total_mg.cannabinoid or "THC")


# "600 mg in 30 ml", "1000mg/60ml", "500 mg per 15 mL": a bottle's mg and the mL it is in.
_IN_BOTTLE = re.compile(r"\s*(?:in|/|per|for|of)?\s*(?:an?\s+|the\s+|one\s+)?", re.IGNORECASE)


def _decarb_asked(question: Question) -> bool:
    """A mass of the acid decarboxylated ("decarbing 750 mg of THCA for a tincture,
    theoretical THC?"): the decarboxylation asked, the tincture only where it goes."""
    return bool(question.find("mass", cannabinoids=("THCA",))) and question.says(
        r"decarb|theoretical|activat"
    )


# "how many doses in the bottle", "servings in a 1000 mg tincture": the doses it holds.
_HOW_MANY_DOSES = (
    r"how\s+many\b|\b(?:servings?|doses?|sessions?|uses?)\s+(?:in|per|does|do|are|is)\b|"
    r"number\s+of\s+(?:servings|doses)"
)


# "per dropper", "in a full dropper", "each 0.5 ml dropper": the answer is a dropper's mg.
_PER_DROPPER = (
    r"(?:per|in|each|a)\s+(?:an?\s+|the\s+|one\s+|each\s+|1\s+)?(?:[\d.]+\s*ml\s+|full\s+)?"
    r"dropper(?!\s*bottle)"
)


def _held_by_droppers(question: Question, taken: list[Quantity]) -> list[Quantity]:
    """ "half a dropper (0.5 mL)": the mL in brackets after droppers is what they hold."""
    return [
        v
        for v in question.find("volume", unit="ml")
        if taken and re.fullmatch(r"\s*\(\s*", question.text[taken[0].end : v.start])
    ]


def _strength(
    question: Question,
    total_mg: float,
    volume: Quantity,
    name: str,
    parts: tuple[Calculation, ...] = (),
) -> Calculation:
    """mg/mL of `total_mg` in the bottle, and per dropper (a size the user gives wins over
    1 mL) or in the droppers taken ("half a dropper", "1.5 droppers")."""
    text = question.text
    taken = [q for q in question.find("volume", unit="dropper") if q.per is None]
    # "half a dropper (0.5 mL)": the mL in brackets is what those droppers hold.
    held = [v for v in _held_by_droppers(question, taken) if v is not volume]
    size = [
        q
        for q in question.find("volume")
        if q.unit == "ml"
        and "dropper" in q.tags
        and q is not volume  # "a 30 mL dropper bottle": the bottle, not its dropper
        and q not in held
        and not re.match(r"\s*dropper\s+bottle", text[q.end : q.end + 20], re.I)
    ]
    dropper_ml = size[0].value if size else None
    if held and taken:
        question.use(held[0], taken[0])
        dropper_ml = held[0].value / calculators.positive("the droppers", taken[0].value)
    question.use(*size[:1])
    result = tinctures.tincture(
        total_mg, volume.value, volume.unit, dropper_ml, name, question.says(_PER_DROPPER)
    )
    # "per 1 ml dropper? and per 0.25 ml": each smaller measure asked gets its mg too.
    measures = [
        q
        for q in question.find("volume", unit="ml")
        if q is not volume
        and q not in size[:1]
        and q not in held
        and q.per is None
        and q.value < volume.value
    ]
    if measures:
        question.use(*measures)
        per_ml = result.details["per_ml"]
        each = [tinctures.mg_in_volume(per_ml, q.value) for q in measures]
        return calculators.chain(
            [*parts, result, *each], " ".join(p.summary for p in (result, *each))
        )
    if question.says(r"how\s+many\s+(?:full\s+)?droppers?\s+(?:per|in|does|do|are|is)"):
        # "how many full droppers per bottle?": the bottle over one dropper
        count = tinctures.droppers_in_bottle(
            units.millilitres(volume.value, volume.unit), dropper_ml or 1.0
        )
        return calculators.chain([*parts, result, count])
    verbs = r"\b(?:take|took|taking|use|using|dose|give)\b"
    if taken and (taken[0].value != 1 or question.says(verbs)):
        # "I take 1.5 droppers", "half a dropper": the mg in that many droppers.
        question.use(taken[0])
        drops = tinctures.droppers_taken(result.details["per_dropper"], taken[0].value)
        return calculators.chain([*parts, result, drops])
    return calculators.chain([*parts, result]) if parts else result


def _made_from(question: Question, volumes: list[Quantity]) -> Calculation | None:
    """ "a 30 mL tincture made with 0.5 g of 90% distillate": its THC is the concentrate's
    mass times its potency, then divided by the bottle."""
    if question.says(r"butter|ghee|lard|coconut|olive|cannabutter|canna-?oil|\bcups?\b|tbsp|tsp"):
        return None
    potency = potency_readings(question)
    masses = [q for q in question.find("mass") if q.per is None and q.unit != "mg"]
    if not (volumes and potency and masses) or not question.says(
        r"per\s+ml|mg/ml|a\s+ml|each\s+ml|dropper"
    ):
        return None
    found = one(question, potency, "the concentrate's potency")
    mass = one(question, masses[:1], "the concentrate's mass")
    volume = one(question, volumes[:1], "the bottle's size")
    assert found is not None and mass is not None and volume is not None
    name = found.cannabinoid or ("CBD" if question.says(r"\bcbd\b") else "THC")
    held = product.cannabinoid_in_product(mass.value, mass.unit, found.value, name)
    return _strength(question, held.value, volume, name, (held,))
