"""Reader for the share of weight lost in drying, from a wet and a dry weight ("12.5 kg wet
came down to 2.9 kg dry: what % did it lose?"): (wet - dry) / wet, in %."""

from __future__ import annotations

import re

from trichome.agents import units
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, CalculationError, fmt, positive
from trichome.agents.quantities import Quantity

# "what % moisture did we lose", "how much weight % lost", "moisture loss %?", "drying
# loss in percent", "shrink %"
_ASKS_SHARE = re.compile(
    r"(?:what|how\s+much|which)\s+(?:%|percent(?:age)?|pct)|"
    r"(?:%|percent(?:age)?)\s+(?:\w+\s+){0,3}(?:lost|lose|loss|shrink|went)|"
    r"(?:moisture|weight|water|drying|dry|dry-?down)?\s*(?:loss|shrink(?:age)?)\s*"
    r"(?:%|percent(?:age)?|pct|in\s+(?:%|percent))",
    re.IGNORECASE,
)


def _weight_named(question: Question, word: str) -> list[float]:
    """The grams of the masses written next to `word` ("wet weight 12 kg", "5 lb dry")."""
    found = []
    for mass in question.find("mass"):
        if mass.per not in (None, "package"):
            continue
        before = question.text[max(0, mass.start - 22) : mass.start]
        after = question.text[mass.end : mass.end + 14]
        if re.search(rf"\b{word}\w*\b[^\d]*$", before, re.I) or re.match(
            rf"\s*(?:of\s+)?{word}", after, re.I
        ):
            found.append(mass)
    return [units.grams(m.value, m.unit) for m in found[:1]] if found else []


# "dried 40 lbs down to 10 lbs", "3.2 kg dried to 720 g": the weight before, then after.
_DOWN_TO = re.compile(r"\s*(?:lbs?\s+)?(?:\w+\s+){0,2}?(?:down\s+to|to|->|-\s*>)\s*$", re.I)


def _dried_down(question: Question) -> tuple[list[float], list[float]]:
    """The wet and dry weights of "dried X down to Y", in grams, when written that way."""
    masses = [m for m in question.find("mass") if m.per in (None, "package")]
    if len(masses) != 2 or not _DOWN_TO.fullmatch(question.text[masses[0].end : masses[1].start]):
        return [], []
    wet, dry = (units.grams(m.value, m.unit) for m in masses)
    return [wet], [dry]


def moisture_lost(question: Question) -> Calculation | None:
    """The share of the wet weight lost in drying, when both weights are given."""
    if question.find("percent") or not _ASKS_SHARE.search(question.text):
        return None
    if not question.says(r"\bdr(?:y|ied|ying)\b"):
        return None
    if question.says(r"\bwet\b|fresh"):
        wets, drys = _weight_named(question, "wet"), _weight_named(question, "dr(?:y|ied)")
    else:
        wets, drys = _dried_down(question)
    if len(wets) != 1 or len(drys) != 1:
        return None
    question.use(*(m for m in question.find("mass") if m.per in (None, "package")))
    wet, dry = positive("the wet weight", wets[0]), positive("the dry weight", drys[0])
    if dry > wet:
        raise CalculationError(
            f"the dry weight ({fmt(dry)} g) is more than the wet weight ({fmt(wet)} g)"
        )
    return share_lost(
        "moisture_lost", "Drying", "of the wet weight", (wet, dry, "g"),
        formula="loss % = (wet - dry) ÷ wet × 100",
        labels=("wet weight", "dry weight"),
        assumptions=("the weight lost in drying is water (and a little volatile matter)",),
    )  # fmt: skip


def share_lost(
    kind: str,
    step: str,
    of: str,
    weights: tuple[float, float, str],
    formula: str,
    labels: tuple[str, str],
    assumptions: tuple[str, ...] = (),
) -> Calculation:
    """(before - after) / before in %, with its working: `weights` are the weight before, the
    weight after and their unit; `labels` name them among the inputs."""
    before, after, unit = weights
    lost = (before - after) / before * 100
    return Calculation(
        kind,
        lost,
        "%",
        f"{step} lost {fmt(lost, 4)}% {of} ({fmt(before - after)} {unit} of {fmt(before)} {unit}); "
        f"{fmt(100 - lost, 4)}% is left.",
        (
            f"lost = {fmt(before)} {unit} - {fmt(after)} {unit} = {fmt(before - after)} {unit}",
            f"{fmt(before - after)} ÷ {fmt(before)} × 100 = {fmt(lost, 4)}%",
        ),
        details={"left_percent": 100 - lost},
        formula=formula,
        inputs=(f"{labels[0]}: {fmt(before)} {unit}", f"{labels[1]}: {fmt(after)} {unit}"),
        assumptions=assumptions,
    )


# "after trim 16.4 lb", "16.4 lb trimmed", "ended at 16.4 lb": the weight after the step.
_AFTER = re.compile(r"\b(?:after|post|trimmed|ended|left|came\s+out|down\s+to|now)\b", re.I)


def trim_lost(question: Question) -> Calculation | None:
    """The share of the weight lost in trimming, from the weight before and after:
    (before - after) / before, in %."""
    if question.find("percent") or not _ASKS_SHARE.search(question.text):
        return None
    if not question.says(r"\btrim(?:m(?:ed|ing))?\b") or question.says(r"\bdr(?:y|ied|ying)\b"):
        return None
    masses = [m for m in question.find("mass") if m.per in (None, "package")]
    if len(masses) != 2:
        return None
    first, second = masses

    def after(mass: Quantity) -> bool:
        near = question.text[max(0, mass.start - 16) : mass.start]
        return bool(_AFTER.search(near) or _AFTER.match(question.text[mass.end : mass.end + 10]))

    before_mass, after_mass = (second, first) if after(first) and not after(second) else masses
    question.use(first, second)
    unit = before_mass.unit if before_mass.unit == after_mass.unit else "g"
    before = positive(
        "the weight before trimming", units.convert(before_mass.value, before_mass.unit, unit)
    )
    kept = positive(
        "the weight after trimming", units.convert(after_mass.value, after_mass.unit, unit)
    )
    if kept > before:
        raise CalculationError(
            f"the weight after trimming ({fmt(kept)} {unit}) is more than the weight before "
            f"({fmt(before)} {unit})"
        )
    return share_lost(
        "trim_lost", "Trimming", "of the weight", (before, kept, unit),
        formula="trim loss % = (before - after) ÷ before × 100",
        labels=("before trimming", "after trimming"),
    )  # fmt: skip
