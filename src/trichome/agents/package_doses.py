"""Reader for the THC in one package when the pieces are dosed from a batch and packed N to
a package: "2 g of 90% distillate into 200 gummies, 10 to a bag: mg per bag?".

The dose in each piece comes from `formulation_readers.infusion_or_dose`; the package holds
the pieces packed in it, so its THC is that dose times the pieces per package.
"""

from __future__ import annotations

import re

from trichome.agents import formulation_readers as formulation
from trichome.agents import serving_calculators as serving
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation, chain

_PACKAGE = r"(?:pack|package|bag|box|tin|jar|sleeve|pouch)"
_ASKED = (
    rf"\b(?:mg|thc|milligrams)\s+(?:of\s+thc\s+)?(?:per|a|each|in\s+(?:a|each|the|one))\s+"
    rf"{_PACKAGE}s?\b|\bhow\s+much\s+(?:thc\s+)?(?:is\s+)?in\s+(?:a|each|the|one)\s+{_PACKAGE}\b"
)
# "packed 10 to a bag", "10 per pack", "in packs of 10", "10-packs"
_PACKED = re.compile(
    rf"\b(\d+)\s+(?:pieces?\s+|gumm(?:y|ies)\s+)?(?:to|per|in)\s+(?:a|an|each|every|one|the)?\s*"
    rf"{_PACKAGE}s?\b|\b{_PACKAGE}s?\s+of\s+(\d+)\b|\b(\d+)[\s-]?packs?\b(?!\s+(?:of|cap|limit))",
    re.IGNORECASE,
)


def dose_per_package(question: Question) -> Calculation | None:
    """The THC in a package: the dose in each piece times the pieces packed in it."""
    if not question.says(_ASKED):
        return None
    packed = _PACKED.search(question.text)
    if packed is None:
        return None
    per_package = float(next(g for g in packed.groups() if g))
    each = formulation.infusion_or_dose(question)
    if each is None or "per piece" not in each.unit or per_package < 1:
        return None
    name = each.unit.replace("per piece", "").replace("mg", "").strip() or "THC"
    return chain([each, serving.batch_total(per_package, each.value, name)])
