"""Reader for the THC in one package when the pieces are dosed from a batch and packed N to
a package: "2 g of 90% distillate into 200 gummies, 10 to a bag: mg per bag?".

The dose in each piece comes from `formulation_readers.infusion_or_dose`; the package holds
the pieces packed in it, so its THC is that dose times the pieces per package.
"""

from __future__ import annotations

import re

from trichome.agents import formulation_readers as formulation
from trichome.agents import potency_calculators as potency
from trichome.agents import serving_calculators as serving
from trichome.agents.calculation_questions import NOT_POTENCY, Question
from trichome.agents.calculators import Calculation, chain

_PACKAGE = r"(?:pack|package|bag|box|tin|jar|sleeve|pouch|bottle|container|tube|carton|packet)"
_ASKED = (
    rf"\b(?:mg|thc|milligrams)\s+(?:of\s+thc\s+)?(?:per|a|each|in\s+(?:a|each|the|one))\s+"
    rf"{_PACKAGE}s?\b|\bhow\s+much\s+(?:thc\s+)?(?:is\s+)?in\s+(?:a|each|the|one)\s+{_PACKAGE}\b|"
    # "how much thc a jar", "max total per bag", "the least a box could hold"
    rf"\b(?:how\s+much|total|max(?:imum)?|min(?:imum)?|most|least)\s+(?:(?:thc|mg|is|of|in|"
    rf"total|possible)\s+){{0,3}}(?:per|a|an|each|in\s+(?:a|an|each|the|one))\s+{_PACKAGE}s?\b|"
    # "how many mg in the whole package", "total mg in the bag"
    rf"\b(?:mg|milligrams)\s+(?:of\s+thc\s+)?(?:is\s+|are\s+)?in\s+(?:the|a|one|each)\s+"
    rf"(?:whole\s+|entire\s+|full\s+)?{_PACKAGE}\b"
)
# "packed 10 to a bag", "10 per pack", "in packs of 10", "10-packs"
_PACKED = re.compile(
    rf"\b(\d+)\s+(?:pieces?\s+|gumm(?:y|ies)\s+)?(?:(?:to|per|in)\s+(?:a|an|each|every|one|the)?|a|an)\s*"
    rf"{_PACKAGE}s?\b|\b{_PACKAGE}s?\s+of\s+(\d+)\b(?![.\d])(?!\s*(?:mg|g|grams?|ml)\b)|"
    # "7 pack of 0.35g prerolls": a 7-pack of pieces that weigh 0.35 g each
    r"\b(\d+)[\s-]?packs?\b(?!\s+(?:of(?!\s+[\d.]+\s*(?:g|grams?|mg)\b)|cap|limit))",
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
    counted = [q for q in question.quantities if q.start < packed.end() and packed.start() < q.end]
    stated = _stated_piece(question, per_package)
    if stated is not None:
        question.use(*counted)  # "bag of 20 gummies", "5 pack": the pieces packed, used
        return stated
    each = formulation.infusion_or_dose(question)
    if each is None or "per piece" not in each.unit or per_package < 1:
        return None
    name = each.unit.replace("per piece", "").replace("mg", "").strip() or "THC"
    question.use(*counted)
    return chain([each, serving.batch_total(per_package, each.value, name)])


def _stated_piece(question: Question, per_package: float) -> Calculation | None:
    """The package's THC when each piece's content is stated: "bag of 20 gummies, 5mg each"
    (no potency needed), or "5 pack, half gram each, 22% flower" (the piece's mass at its
    potency)."""
    pieces = [q for q in question.find("mass") if q.per == "piece"]
    potencies = question.find("percent", without=NOT_POTENCY)
    if len(pieces) != 1 or question.find("concentration"):
        return None
    piece = pieces[0]
    if piece.unit == "mg" and not potencies:
        question.use(piece)
        return serving.batch_total(per_package, piece.value)
    if piece.unit != "mg" and len(potencies) == 1 and potencies[0].cannabinoid in (None, "THC"):
        question.use(piece, potencies[0])
        each = potency.cannabinoid_in_product(piece.value, piece.unit, potencies[0].value)
        return chain([each, serving.batch_total(per_package, each.value)])
    return None
