"""Reader for the weight of counted pieces of flower (or oil), packed or not: "2 10-packs of
0.5g prerolls, how much flower total", "three 5-packs of 1g joints", "a case of 24 2-packs of
1 g pre-rolls, total grams?", "20 half-gram joints, how much weed", "30 prerolls at 0.7 g
each, total weight?". Every count in the chain (cases, packs, pieces a pack) is multiplied
and shown (`pack_calculators.mass_of_pieces`); a question about the THC in them, their price
or how many can be made is another reader's."""

from __future__ import annotations

import re

from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import Calculation
from trichome.agents.pack_calculators import mass_of_pieces
from trichome.agents.quantities import Quantity

# Pieces sold by the weight of flower (or oil) in them.
_PIECE = (
    r"pre-?rolls?|prerolls?|joints?|blunts?|spliffs?|cones?|dogwalkers?|minis|"
    r"carts?|cartridges?|disposables?|vapes?|pods?"
)
_COUNT = r"\d+|an?|one"
_CASE = r"cases?|boxes|box|cartons?|displays?|master\s+cases?|bundles?"
_MASS = r"(?P<mass>\d*\.?\d+)\s*(?P<unit>mg|g|gs|gms?|grams?)\b"
# "[a case of] [24] 2-packs of 0.5 g pre-rolls", "3 x 5-pack 1g joints", "20 1g joints"
_PACKED = re.compile(
    rf"(?:\b(?P<cases>{_COUNT})\s+(?:{_CASE})\s+(?:of\s+)?)?"
    rf"(?:(?<![\d.])\b(?P<packs>{_COUNT})(?:\s*x\s*|\s+))?"
    rf"(?:(?<![\d.])\b(?P<each>\d+)\s*-?\s*(?:packs?|pks?|ct|count)\b\s*(?:of\s+)?|"
    rf"(?<![\d.])\b(?P<count>\d+)\s+)"
    rf"{_MASS}\s*(?:[a-z][\w-]*\s+){{0,2}}?(?P<piece>{_PIECE})\b",
    re.IGNORECASE,
)
# Packages sold by the weight in them, weighed out with that weight stated ("10 eighths at
# 3.5 g each", "12 jars at 7 g each"): any package counted, when each one's weight is given.
_PACKAGE = (
    r"eighths?|quarters?|halves|halfs|zips?|jars?|bags?|baggies|packages?|packs|pouches|"
    r"tins?|units?|containers?|mylars?"
)
# "20 prerolls at 0.5 g each", "a 10-pack of joints, 1 g apiece"
_EACH_AFTER = re.compile(
    rf"(?:\b(?P<packs>{_COUNT})\s+)?(?:(?P<each>\d+)\s*-?\s*(?:packs?|pks?|ct|count)\s+of\s+|"
    rf"(?<![\d.])\b(?P<count>\d+)\s+)(?:[a-z][\w-]*\s+)?(?P<piece>{_PIECE}|{_PACKAGE})\s*"
    r"(?:,\s*|\s+(?:at|@)\s+)?"
    rf"{_MASS}\s*(?:each|apiece|a\s+piece|per\s+(?:piece|{_PIECE}))\b",
    re.IGNORECASE,
)
# The weight of the flower asked, not the THC in it or how many pieces.
_WEIGHT_ASKED = re.compile(
    r"\bhow\s+much\s+(?:total\s+)?(?:flower|weed|bud|herb|cannabis|oil|distillate|product|"
    r"material|biomass)\b|"
    r"\bhow\s+many\s+(?:total\s+)?(?:grams?|g|ounces?|oz|zips?|pounds?|lbs?)\b|"
    r"\b(?:total|combined|overall)\s+(?:grams?|weight|mass|flower|g)\b|"
    r"\b(?:grams?|g|weight|flower)\s+(?:in\s+)?total\b|\bweigh\b|\bweight\b|"
    r"\bhow\s+much\s+(?:is\s+that|does\s+that\s+come\s+to|in\s+all|altogether|total)\b",
    re.IGNORECASE,
)
_NOT_WEIGHT = re.compile(
    r"\b(?:thc|cbd|cbg|cbn|thca|mgs?\s+of|milligrams\s+of|potency|dose|how\s+many\s+(?:[\w-]+\s+)?"
    rf"(?:{_PIECE}|packs?|cases?))\b",
    re.IGNORECASE,
)


def _whole(word: str | None) -> float:
    if word is None:
        return 1.0
    return 1.0 if word.lower() in ("a", "an", "one") else float(word)


def mass_of_counted_pieces(question: Question) -> Calculation | None:
    """The weight of the pieces counted, when their weight in all is asked."""
    if not _WEIGHT_ASKED.search(question.text) or _NOT_WEIGHT.search(question.text):
        return None
    if question.find("percent") or question.find("money"):
        return None  # a potency or a price: the THC or the cost, another reader's
    found = [m for m in (*_PACKED.finditer(question.text), *_EACH_AFTER.finditer(question.text))]
    if len(found) != 1:
        return None  # two kinds of pieces, or none
    match = found[0]
    each, count = match.group("each"), match.group("count")
    packs = match.groupdict().get("packs")
    cases = match.groupdict().get("cases")
    if each is None and packs is not None:
        return None  # "2 20 1g joints": two bare counts, one too many to know
    question.use(*_within(question, match))
    return mass_of_pieces(
        float(match.group("mass")),
        match.group("unit"),
        float(each or count),
        _whole(packs) if each else 1.0,
        _whole(cases),
        _plural(match.group("piece")),
    )


def _within(question: Question, match: re.Match[str]) -> list[Quantity]:
    return [q for q in question.quantities if match.start() <= q.start < match.end()]


def _plural(piece: str) -> str:
    word = piece.lower()
    return word if word.endswith("s") else f"{word}s"


# "2 10-packs", "3 x 5-pack": a number of packs written just before the pieces a pack holds
_PACKS_BEFORE = re.compile(r"(?:\s*x\s*|\s+)$", re.IGNORECASE)


def packs_counted(question: Question, pieces: Quantity) -> Quantity | None:
    """The number of packs written just before a count of the pieces in one pack ("2" in
    "2 10-packs of 0.5g prerolls"), so the pieces in all are both multiplied; None when the
    count is not a pack's."""
    if not re.match(r"packs?|pks?", pieces.noun or "", re.IGNORECASE):
        return None
    for number in question.find("number", "count"):
        if number.end < pieces.start and _PACKS_BEFORE.fullmatch(
            question.text[number.end : pieces.start]
        ):
            return number if number.value >= 1 and number.value == int(number.value) else None
    return None
