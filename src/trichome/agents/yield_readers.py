"""Reader for a harvest's yield per area and per watt ("18 lb dry off 1,200 sq ft, grams per
sq ft?", "2,640 g under four 600 W lights"), in the unit asked; a wet weight is dried first
when the question gives its loss (`operations_readers.dry`)."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import calculators, units
from trichome.agents import missing_inputs as needs
from trichome.agents import operations_calculators as operations
from trichome.agents.calculation_questions import Question, ask, one, piece_counts
from trichome.agents.calculators import Calculation, CalculationError, fmt, grams_of, whole
from trichome.agents.operations_readers import dry

# "per square foot", "per sq ft", "per m2": not "per square" of a chocolate bar.
_AREA_UNIT = (
    r"(?:sq\.?\s*(?:ft|feet|foot|m|meters?|metres?)\b|sqft|"
    r"square\s+(?:f(?:oo|ee)?t|met(?:er|re)s?|m)\b|m2\b|m²)"
)

# "per watt", "g/watt", "grams a watt", "g/W", "gpw": a yield asked per watt of light (not
# "w/w", a share by weight, nor a lab's water activity, "aw .55").
_PER_WATT = r"(?:\bper|(?<!\bw)/)\s*(?:watts?|w)\b|\ba\s+watt\b|\bg/w\b|\bgpw\b"


def grow_yield(question: Question) -> Calculation | None:
    """Grams per square foot and per watt; wet weight is dried first when a loss is given."""
    if not question.says(
        rf"per\s+{_AREA_UNIT}|/\s*sq|{_PER_WATT}|grams?\s+per\s+"
        rf"(?:{_AREA_UNIT}|light)|per\s+light|per\s+ft"
    ):
        return None
    harvests = [
        q for q in question.find("mass") if q.per in (None, "package")
    ]  # "1.9 lb dry total"
    areas = question.find("area")
    power = [q for q in question.find("power") if q.per is None]
    lights = [q for q in piece_counts(question) if re.match(r"lights?|fixtures?", q.noun or "")]
    watts_each = [
        q
        for q in question.find("power")
        if q.per is not None
        or re.match(
            r"\s*(?:lights?|fixtures?|leds?|each)", question.text[q.end : q.end + 12], re.IGNORECASE
        )
        or re.search(  # "40 lights at 1000 W": the wattage of each light
            r"(?:lights?|fixtures?|leds?)\s+(?:at|of|@|x)\s*$",
            question.text[max(0, q.start - 16) : q.start],
            re.IGNORECASE,
        )
    ]
    if not harvests:
        raise ask(question, needs.DRY_WEIGHT)
    asks_area = question.says(r"sq|square|ft|canopy")
    asks_power = question.says(r"watt|g/w|gpw|(?<!\bw)/\s*w\b|light")
    watts: float | None = None
    if lights and watts_each:
        question.use(lights[0], watts_each[0])
        watts = lights[0].value * units.convert(watts_each[0].value, watts_each[0].unit, "w")
    elif power:
        chosen = one(question, power[:1], "the wattage")
        assert chosen is not None
        watts = units.convert(chosen.value, chosen.unit, "w")
        times = [
            q
            for q in question.find("factor", "number", "count")
            if q.end <= chosen.start and not question.text[q.end : chosen.start].strip(" x*()")
        ]  # "2 x 1000w", "(4) 600w": that many lights of that wattage
        if times and times[-1].value == int(times[-1].value) and times[-1].value >= 1:
            question.use(times[-1])
            watts *= times[-1].value
    if asks_power and watts is None:
        raise ask(question, needs.WATTAGE)
    if asks_area and not areas and not asks_power:
        raise ask(question, needs.CANOPY_AREA)
    area = one(question, areas[:1], "the canopy area") if areas else None
    parts = []
    harvest = harvests[0]
    dry_mass, dry_unit = harvest.value, harvest.unit
    if question.says(r"\bwet\b") and question.find("percent", tags=("moisture",)) + question.find(
        "percent", tags=("loss",)
    ):
        dried = dry(question)
        if dried is not None:
            parts.append(dried)
            dry_mass = dried.value
    question.use(harvest)
    grown = operations.cultivation_yield(
        dry_mass, dry_unit, area.value if area else None, area.unit if area else "sqft", watts
    )
    parts.append(_in_asked_yield_unit(question, grown))
    return calculators.chain(parts)


_YIELD_UNIT = re.compile(
    r"\b(?P<mass>lbs?|pounds?|oz|ounces?|kg|kilos?|g|grams?)\s*(?:per|/|a|an|each)\s*"
    r"(?:(?P<sqm>sq\.?\s*m(?:eters?|etres?)?\b|square\s+met(?:er|re)s?|m2|m²)|(?P<sqft>sq\.?\s*f(?:ee|oo)?t|"
    r"square\s+f(?:ee|oo)t|sqft|ft2|ft²|ft\b)|(?P<watt>watts?\b|w\b))",
    re.IGNORECASE,
)


_BASIS_ASKED = re.compile(
    r"\b(?:per|/|a)\s*(?:(?P<watt>watts?\b|w\b)|(?P<area>sq|square\s+f|sqft|ft))|\b(?P<gpw>gpw|g/w)\b",
    re.IGNORECASE,
)


def _last_asked_basis(question: Question, grown: Calculation) -> Calculation:
    asked = list(_BASIS_ASKED.finditer(question.text))
    if not asked:
        return grown
    per_watt = asked[-1].group("area") is None
    key, unit = ("g_per_watt", "g/W") if per_watt else ("g_per_sqft", "g/sq ft")
    value = grown.details.get(key)
    if value is None or grown.unit == unit:
        return grown
    return replace(
        grown, value=value, unit=unit, summary=f"{fmt(value, 4)} {unit}. {grown.summary}"
    )


def _in_asked_yield_unit(question: Question, grown: Calculation) -> Calculation:
    """ "lbs per sq ft", "g per m²", "oz per watt": the yield in the units asked, the
    conversion shown as a step (the calculator works in g/sq ft and g/W). The last asked wins
    ("grams per sq ft?", then "and per watt?")."""
    grown = _last_asked_basis(question, grown)
    asked = next(reversed(list(_YIELD_UNIT.finditer(question.text))), None)
    if asked is None:
        return grown
    per_watt = asked.group("watt") is not None
    base = grown.details.get("g_per_watt" if per_watt else "g_per_sqft")
    mass = units.canonical(asked.group("mass"))
    if base is None or (mass == "g" and not asked.group("sqm")):
        return grown
    value = units.convert(base, "g", mass)
    per = "W" if per_watt else "sq ft"
    if asked.group("sqm"):
        value, per = value * units.convert(1, "m2", "sqft"), "m²"
    unit = f"{units.label(mass)}/{per}"
    own = "g/W" if per_watt else "g/sq ft"
    step = f"in the unit asked: {fmt(base, 4)} {own} = {fmt(value, 4)} {unit}"
    return replace(
        grown,
        value=value,
        unit=unit,
        summary=f"{grown.summary} In {unit}: {fmt(value, 4)}.",
        steps=(*grown.steps, step),
    )


# "grams per plant", "lb a plant", "how much per plant", "what did each plant give"
_PER_PLANT = re.compile(
    r"\b(?:(?P<mass>lbs?|pounds?|oz|ounces?|kg|kilos?|g|grams?)\s+(?:(?:dry|dried|wet)\s+)?)?"
    r"(?:per|a|an|each|/)\s*plant\b|"
    r"\beach\s+plant\s+(?:give|gave|yield|produce|average)",
    re.IGNORECASE,
)


def per_plant(question: Question) -> Calculation | None:
    """A harvest's weight shared over the plants it came from, in the mass unit asked."""
    asked = _PER_PLANT.search(question.text)
    if asked is None:
        return None
    plants = [q for q in piece_counts(question) if re.match(r"plants?\b", q.noun or "")]
    harvests = [q for q in question.find("mass") if q.per in (None, "package")]
    if len(plants) != 1 or not harvests:
        return None
    harvest = one(question, harvests[:1], "the harvest's weight")
    assert harvest is not None
    count = plants[0].value
    if count <= 0 or count != int(count):
        raise CalculationError(f"the number of plants ({fmt(count)}) must be a whole number")
    question.use(harvest, plants[0])
    weighed = harvest.value
    dried = _dried_first(question)
    if dried is not None:  # "60 lb wet, 75% moisture loss, grams per plant dry?"
        weighed = dried.value
    unit = units.canonical(asked.group("mass")) if asked.group("mass") else harvest.unit
    which = "dry harvest" if dried is not None else "harvest"
    shared = yield_per_plant(weighed, harvest.unit, count, unit, which)
    return shared if dried is None else calculators.chain([dried, shared])


def yield_per_plant(
    harvest: float, harvest_unit: str, count: float, unit: str, which: str = "harvest"
) -> Calculation:
    """A harvest of `harvest` `harvest_unit` shared over `count` plants, in `unit` a plant;
    `which` names the weight shared ("harvest", or "dry harvest" once dried).

    Raises:
        CalculationError: a harvest that is not a positive mass, or plants not a whole number.
    """
    grams_of("the harvest's weight", harvest, harvest_unit)
    whole("the number of plants", count)
    grams_of("the unit asked", 1, unit)
    total = units.convert(harvest, harvest_unit, unit)
    each = total / count
    shown = units.label(unit)
    steps = [f"{fmt(total, 6)} {shown} ÷ {fmt(count)} plants = {fmt(each, 4)} {shown} per plant"]
    if unit != harvest_unit:
        steps.insert(0, f"{fmt(harvest, 6)} {units.label(harvest_unit)} = {fmt(total, 6)} {shown}")
    return Calculation(
        "yield_per_plant",
        each,
        f"{units.label(unit)} per plant",
        f"{fmt(each, 4)} {units.label(unit)} per plant ({fmt(harvest, 6)} "
        f"{units.label(harvest_unit)} {which} over {fmt(count)} plants).",
        tuple(steps),
        formula="per plant = harvest weight ÷ number of plants",
        inputs=(
            f"{which}: {fmt(harvest, 6)} {units.label(harvest_unit)}",
            f"plants: {fmt(count)}",
        ),
        assumptions=("the plants share the harvest evenly: this is the average plant",),
    )


def _dried_first(question: Question) -> Calculation | None:
    """The dry weight of a harvest weighed wet, when a dry figure is asked and the drying loss
    is given (`operations_readers.dry`); None when the harvest is taken as weighed."""
    if not question.says(r"\bwet\b|\bfresh\b") or not question.says(r"\bdr(?:y|ied)\b"):
        return None
    if not question.find("percent", tags=("moisture",)) + question.find("percent", tags=("loss",)):
        return None
    return dry(question)
