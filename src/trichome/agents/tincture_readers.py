"""Readers for tinctures: a finished bottle's strength (its THC and size), and designing one
(a target strength in mg/mL and a bottle size, and the concentrate's potency when it is
given)."""

from __future__ import annotations

from trichome.agents import tincture_calculators as tinctures
from trichome.agents.calculation_questions import (
    ASKS,
    Question,
    ask,
    loss_percent,
    one,
    potency_readings,
    with_assumption,
)
from trichome.agents.calculators import Calculation


def tincture_design(question: Question) -> Calculation | None:
    """THC for a bottle at a target mg/mL, and the concentrate that supplies it."""
    strengths = question.find("concentration", unit="mg/ml")
    if len({q.value for q in strengths}) != 1 or not question.says(
        r"tincture|bottle|dropper|\bmake\b|\bwant\b|\bneed"
    ):
        return None
    volumes = [q for q in question.find("volume") if q.unit != "dropper" and q.per is None]
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
        raise ask(question, "the bottle's size (mL)")
    strength = one(question, strengths[:1], "the target strength")
    assert strength is not None
    potency = one(question, potency_readings(question), "the concentrate's potency")
    result = tinctures.tincture_recipe(
        strength.value,
        volume_value,
        volume_unit,
        potency.value if potency else None,
        loss_percent(question),
    )
    return with_assumption(result, note) if note else result


def tincture(question: Question) -> Calculation | None:
    """mg per mL and per dropper of a tincture."""
    if not question.says(r"tincture|dropper|per\s+ml|mg/ml|a\s+ml|each\s+ml|bottle"):
        return None
    volumes = [q for q in question.find("volume") if q.unit != "dropper" and q.per is None]
    totals = [q for q in question.find("mass", unit="mg") if q.per in (None, "package")]
    if potency_readings(question) or question.find("mass", unit="g"):
        return None  # flower or concentrate going in: a kitchen infusion
    if not volumes or not totals:
        if question.says(r"tincture|dropper") and question.says(ASKS) and (volumes or totals):
            raise ask(
                question, "the bottle's size (mL)" if totals else "the THC in the bottle (mg)"
            )
        return None
    total_mg = one(question, totals[:1], "the THC in the bottle")
    volume = one(question, volumes[:1], "the bottle's size")
    dropper = [q for q in question.find("volume") if q.unit == "ml" and "dropper" in q.tags]
    question.use(*dropper[:1])
    assert total_mg is not None and volume is not None
    return tinctures.tincture(
        total_mg.value,
        volume.value,
        volume.unit,
        dropper[0].value if dropper else None,
        total_mg.cannabinoid or "THC",
        per_dropper_result=bool(dropper)
        and question.says(
            r"(?:per|in|each)\s+(?:an?\s+|the\s+|one\s+|each\s+)?(?:[\d.]+\s*ml\s+|full\s+)?dropper"
        ),
    )
