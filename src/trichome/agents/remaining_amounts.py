"""What is left of an amount after a stated loss or a stated share kept: "600 g of crude, 18%
loss in winterization, whats left", "we keep about 24% after drying, 12 kg wet, what do we end
with". The one mass given is scaled by (100 - loss)% or by the share kept; a drying question is
answered by the dry-weight calculator, any other process by `mass_after_loss`."""

from __future__ import annotations

import re

from trichome.agents import operations_calculators as operations
from trichome.agents import units
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, fmt, positive, share
from trichome.agents.units import label

# "whats left", "how much is left", "what do we end with", "what remains", "net weight after"
_ASKS_LEFT = (
    r"(?<!\bof\s)(?:\bwhat'?s\s+left\b|\bwhat\s+is\s+left\b)|\bhow\s+much\s+(?:is\s+|will\s+be\s+|would\s+be\s+|"
    r"do\s+(?:we|i|you)\s+have\s+)?left\b|\bleft\s+(?:over|after)\b|\bremain(?:s|ing)?\b|"
    r"\bend\s+(?:up\s+)?with\b|\b(?:do|will|would|should)\s+(?:we|i|you)\s+(?:end|get|have)\b"
)
# "we keep about 24%", "retains 30%", "left with 22%": the share kept, not the share lost.
_KEPT_BEFORE = re.compile(
    r"\b(?:keep|keeps|kept|retain|retains|retained|recover|recovers|get\s+back|left\s+with|"
    r"end\s+up\s+with)\s+(?:about\s+|around\s+|roughly\s+|~\s*|only\s+|like\s+)?$",
    re.IGNORECASE,
)
_KEPT_AFTER = re.compile(
    r"^\s*(?:of\s+(?:it|the\s+\w+|its\s+\w+)\s+)?(?:is\s+|are\s+)?(?:left|kept|retained|"
    r"stays?|remains?)\b",
    re.IGNORECASE,
)
_ABOUT_CANNABINOIDS = r"\b(?:thc|thca|cbd|cbda|cbg|cbn|decarb\w*|potency|mg)\b"
_DRYING = r"\bwet\b|\bdr(?:y|ied|ies|ying)\b|\bdry\s+down\b"


# "got 18% return", "at a 20% yield", "recovery of 65%": the share of the input that comes out
_RETURN_BEFORE = re.compile(
    r"\b(?:return|yield|recovery)\s+(?:of|is|was|at|about|around|~)?\s*(?:about\s+|around\s+|~\s*)?$",
    re.IGNORECASE,
)
_RETURN_AFTER = re.compile(r"^\s*(?:returns?|yields?|recovery)\b", re.IGNORECASE)
# "how much rosin", "how many grams of hash will I get", "what will we get"
_ASKS_OUTPUT = (
    r"\bhow\s+much\b|\bhow\s+many\s+(?:g|grams|kg|kilos|oz|ounces|lbs?|pounds)\b|"
    r"\bwhat\s+(?:will|would|do|should)\s+(?:we|i|you)\s+(?:get|end|have)\b"
)
# Units a return is answered in grams from: the trade's bags and pounds.
_IN_GRAMS = ("eighth", "quarter_oz", "half_oz", "trade_oz", "oz", "lb")


def after_loss(question: Question) -> Calculation | None:
    """The mass left after one stated loss, or the share of it kept, when that is asked."""
    returned = _at_return(question)
    if returned is not None:
        return returned
    if not question.says(_ASKS_LEFT) or question.says(_ABOUT_CANNABINOIDS):
        return None  # "decarb ..., lose 10% of what's left; grams of THC?" is read elsewhere
    masses = [q for q in question.find("mass") if q.per is None]
    percents = question.find("percent")
    if (
        len(masses) != 1
        or len(percents) != 1
        or percents[0].cannabinoid is not None
        or question.find("count")
        or question.find("money")
    ):
        return None
    mass, percent = masses[0], percents[0]
    before = question.text[max(0, percent.start - 30) : percent.start]
    kept = bool(_KEPT_BEFORE.search(before) or _KEPT_AFTER.match(question.text[percent.end :]))
    if not kept and "loss" not in percent.tags:
        return None
    question.use(mass, percent)
    lost = 100 - percent.value if kept else percent.value
    if question.says(_DRYING):
        return operations.dry_weight(mass.value, mass.unit, moisture_loss_percent=lost)
    return mass_after_loss(mass.value, mass.unit, lost)


def mass_after_loss(amount: float, unit: str, loss_percent: float) -> Calculation:
    """The amount left when `loss_percent` of it is lost in a process step.

    Raises:
        CalculationError: an amount that is not positive, or a loss outside 0-100%.
    """
    positive("the starting amount", amount)
    share("the loss", loss_percent)
    shown = label(unit) if unit else ""
    left = amount * (1 - loss_percent / 100)
    return Calculation(
        "mass_after_loss",
        left,
        shown,
        f"{fmt(amount, 4)} {shown} less {fmt(loss_percent)}% leaves {fmt(left, 4)} {shown}.",
        (f"{fmt(amount, 4)} {shown} × (1 - {fmt(loss_percent)}%) = {fmt(left, 4)} {shown}",),
        details={"lost": amount - left},
        formula="left = amount × (1 - loss %)",
        inputs=(f"starting amount: {fmt(amount, 4)} {shown}", f"loss: {fmt(loss_percent)}%"),
        assumptions=("the loss is a share of the starting weight",),
    )


def _at_return(question: Question) -> Calculation | None:
    """ "pressed a qp, got 18% return, how much rosin": the one input mass times the return (a
    yield or recovery stated as a % of what went in), when the output is asked."""
    masses = [q for q in question.find("mass") if q.per is None]
    percents = question.find("percent")
    if len(masses) != 1 or len(percents) != 1 or percents[0].cannabinoid is not None:
        return None
    mass, percent = masses[0], percents[0]
    text = question.text
    if not (
        _RETURN_BEFORE.search(text[max(0, percent.start - 30) : percent.start])
        or _RETURN_AFTER.match(text[percent.end :])
    ):
        return None
    if not question.says(_ASKS_OUTPUT) or question.find("money") or question.find("count"):
        return None
    question.use(mass, percent)
    return mass_at_return(mass.value, mass.unit, percent.value)


def mass_at_return(amount: float, unit: str, return_percent: float) -> Calculation:
    """What comes out of `amount` at a return (yield) of `return_percent` of the input's
    weight; an input in the trade's bags or in pounds is answered in grams.

    Raises:
        CalculationError: an amount that is not positive, or a return outside 0-100%.
    """
    positive("the input amount", amount)
    share("the return", return_percent)
    shown = label(unit) if unit else ""
    steps = []
    if unit in _IN_GRAMS:
        grams = units.grams(amount, unit)
        steps.append(f"{fmt(amount, 4)} {shown} = {fmt(grams, 6)} g")
        amount, shown = grams, "g"
    out = amount * return_percent / 100
    steps.append(f"{fmt(amount, 6)} {shown} × {fmt(return_percent)}% = {fmt(out, 6)} {shown}")
    return Calculation(
        "mass_at_return",
        out,
        shown,
        f"At a {fmt(return_percent)}% return, {fmt(amount, 6)} {shown} gives "
        f"{fmt(out, 4)} {shown}.",
        tuple(steps),
        details={"input": amount},
        formula="output = input × return %",
        inputs=(f"input: {fmt(amount, 6)} {shown}", f"return: {fmt(return_percent)}%"),
        assumptions=("the return is a share of the input's weight",),
    )
