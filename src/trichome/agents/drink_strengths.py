"""Readers for a drink's strength by volume: mg per fluid ounce (or cup, litre) of a can or
bottle, and the mg in a container from a strength written as "2.5 mg per 8 fl oz".

A strength per mL of a tincture is read in `tincture_readers`; a drink shared into servings
("5 mg per 2 fl oz serving") in `serving_readers.drinks`.
"""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import potency_calculators as potency
from trichome.agents import units
from trichome.agents.calculation_questions import Question, named_cannabinoid, one
from trichome.agents.calculators import Calculation, positive
from trichome.agents.quantities import Quantity

# "2.5 mg per 8 fl oz", "10mg thc in every 12 oz", "5 mg / 250 ml": mg and the volume it is in.
_PER_VOLUME = re.compile(
    r"\s*(?:of\s+)?(?:thc\s+|cbd\s+)?(?:per|in\s+(?:each|every|a)?|for\s+(?:each|every)?|/|every)"
    r"\s*(?:an?\s+)?$",
    re.IGNORECASE,
)
# "how many mg per fl oz", "mg/oz?", "thc per cup": the strength asked per a unit of volume.
_ASKED_PER = re.compile(
    r"\b(?:mg|milligrams?|thc|cbd|that|it|is)\s*(?:per|/|a|an|in\s+(?:each|every|a|one))\s*(?:one\s+)?"
    r"(?P<unit>fl\.?\s?oz|fluid\s+ounces?|ounces?|oz|cups?|liters?|litres?|l|tbsps?|tsps?|"
    r"tablespoons?|teaspoons?|gallons?|gal)\b",
    re.IGNORECASE,
)
_DRINK_WORDS = (
    r"\b(?:cans?|bottles?|drinks?|beverages?|seltzers?|sodas?|teas?|lemonades?|juices?|tonics?|"
    r"jugs?|pitchers?|kegs?|punch|coffee|cold\s+brew|syrups?|shots?)\b"
)
_ASKS_AMOUNT = (
    r"how\s+(?:much|many\s+(?:mg|milligrams))|\btotal\b|\bwhole\b|\bentire\b|\bin\s+(?:the|a|"
    r"that|this)\s+(?:\w+\s+){0,2}(?:bottle|can|jug|keg|pitcher|batch|case)\b"
)


def strength_by_volume(question: Question) -> Calculation | None:
    """mg per unit of volume of a container ("12 fl oz can has 10 mg, mg per fl oz?"), or the
    mg in a container at a strength per a stated volume ("2.5 mg per 8 fl oz, the 16 fl oz
    bottle?")."""
    if question.says(r"tincture|dropper|butter|\boil\b|ghee|honey|infus"):
        return None  # a tincture's strength (`tincture_readers`) or a kitchen infusion's
    masses = question.find("mass", unit="mg", per=(None,), without=("limit", "target"))
    volumes = [q for q in question.find("volume", per=(None,)) if q.unit != "dropper"]
    if question.says(_DRINK_WORDS) and not question.find("mass", unit="g"):
        # "3 mg per 6 oz of tea, the 24 oz pitcher": an ounce of a drink is a fluid ounce
        ounces = question.find("mass", unit="oz", per=(None,))
        volumes = sorted([*volumes, *(replace(q, kind="volume", unit="floz") for q in ounces)],
                         key=lambda q: q.start)  # fmt: skip
    if len(masses) != 1 or not volumes or question.find("percent", "concentration"):
        return None
    mg = masses[0]
    name = named_cannabinoid(question, mg if mg.cannabinoid else None)
    portion = next(
        (v for v in volumes if v.start >= mg.end and _PER_VOLUME.fullmatch(
            question.text[mg.end : v.start])),
        None,
    )  # fmt: skip
    asked = _ASKED_PER.search(question.text)
    if portion is not None:
        containers = [v for v in volumes if v is not portion]
        strength = mg.value / positive("the volume", portion.value)
        if asked is not None and asked.start() > portion.end:
            question.use(mg, portion)
            return potency.strength_per_volume(mg.value, portion.value, portion.unit,
                                               _unit(asked.group("unit")), name)  # fmt: skip
        if not containers or not question.says(_ASKS_AMOUNT):
            return None
        container = one(question, _distinct(containers), "the container's size")
        assert container is not None
        question.use(mg, portion, container)
        return potency.cannabinoid_in_volume(
            container.value, container.unit, strength, portion.unit, name
        )
    if asked is None or len(_distinct(volumes)) != 1:
        return None
    container = volumes[0]
    question.use(mg, container)
    return potency.strength_per_volume(
        mg.value, container.value, container.unit, _unit(asked.group("unit")), name
    )


def _distinct(volumes: list[Quantity]) -> list[Quantity]:
    seen: dict[float, Quantity] = {}
    for volume in volumes:
        seen.setdefault(round(units.millilitres(volume.value, volume.unit), 6), volume)
    return list(seen.values())


def _unit(written: str) -> str:
    """A unit of volume as asked; an ounce of a drink is a US fluid ounce."""
    spelled = re.sub(r"\s+", " ", written.lower())
    if re.fullmatch(r"fl\.? ?oz|fluid ounces?|ounces?|oz", spelled):
        return "floz"
    return units.canonical(spelled)
