"""Reader for a label's variance window: the lowest and highest lab result that still
passes around a label claim, at a tolerance the user gives."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import potency_calculators as potency
from trichome.agents import units
from trichome.agents.calculation_questions import Question, ask, one
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.missing_inputs import LABEL_CLAIM, TOLERANCE


def variance(question: Question) -> Calculation | None:
    """The window around a label claim that a lab result may fall in."""
    if not question.says(
        r"variance|tolerance|\+/-|plus\s+or\s+minus|window|deviation|"
        r"(?:what|which)\s+range|allowed\s+range|how\s+far\s+off|within\s+[\d.]+\s*%|"
        r"either\s+way|(?:what(?:'s|s|\s+is)\s+the|acceptable|allowed|passing)\s+range"
    ):
        return None
    tolerances = question.find("percent", tags=("tolerance",))
    claims = [q for q in question.find("mass", "percent") if "tolerance" not in q.tags]
    if claims and all(q.unit in _SALE_WEIGHTS for q in claims) and not tolerances:
        return None  # "whats the window that 4 oz applies to": a purchase limit's period
    if not claims:
        if tolerances:  # a tolerance and the window asked, whatever the words: the claim is missing
            raise ask(question, LABEL_CLAIM)
        return None
    if not tolerances:
        raise ask(question, TOLERANCE)
    claim = one(question, claims[:1], "the label claim")
    tolerance = one(question, tolerances[:1], "the variance")
    assert claim is not None and tolerance is not None
    measured = claims[1] if len(claims) > 1 else None
    question.use(measured)
    window = potency.potency_window(
        claim.value,
        tolerance.value,
        "%" if claim.kind == "percent" else units.label(claim.unit),
        measured.value if measured else None,
    )
    end = _asked_end(question.text)
    if end is None:
        return window
    value = window.details[end]
    return replace(
        window,
        value=value,
        summary=f"The {end}est passing result: {fmt(value, 4)} {window.unit}. {window.summary}",
    )


# Weights of flower bought and sold, not of a label's potency claim: a "window" asked of
# them is a purchase limit's period.
_SALE_WEIGHTS = frozenset({"oz", "lb"})

_ENDS = re.compile(
    r"\b(?P<low>low(?:er|est)?|min(?:imum)?|floor|bottom)\b|"
    r"\b(?P<high>high(?:er|est)?|upper|max(?:imum)?|ceiling|top)\b",
    re.IGNORECASE,
)


def _asked_end(text: str) -> str | None:
    """ "lowest passing result?", "the high end": which end of the window is asked; the last
    named wins (a follow-up "and the highest?" after "lowest?")."""
    ends = list(_ENDS.finditer(text))
    if not ends:
        return None
    return "low" if ends[-1].group("low") else "high"
