"""A count written as a multiplier before each piece's amount: "120 x 100mg chocolate bars",
"60 x 5 mg gummies" are 120 bars and 60 gummies, each holding the amount after the "x"."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from trichome.agents.unit_words import COUNTABLE

if TYPE_CHECKING:
    from trichome.agents.quantities import Quantity

# The piece named after the amount, perhaps behind a word or two ("100mg chocolate bars",
# "0.5 g infused pre-rolls"); never a unit or a container holding several pieces.
_PIECE_AFTER = re.compile(rf"^\s*(?:[a-z][\w-]*\s+){{0,2}}?({COUNTABLE})\b", re.IGNORECASE)
_NOT_A_PIECE = re.compile(
    r"lbs?|ounces?|grams?|eighths?|tablespoons?|teaspoons?|cups?|sticks?|batch(?:es)?|"
    r"plants?|lights?|fixtures?|trays?|molds?|moulds?",
    re.IGNORECASE,
)


def counted_factors(found: list[Quantity], text: str) -> list[Quantity]:
    """The quantities with each whole "N x" standing just before an amount of one piece and
    the piece's name read as a count of N of those pieces."""
    counted = list(found)
    for index, factor in enumerate(found[:-1]):
        amount = found[index + 1]
        if (
            factor.kind != "factor"
            or factor.value < 2
            or factor.value != int(factor.value)
            or amount.kind not in ("mass", "volume")
            or text[factor.end : amount.start].strip()
        ):
            continue
        piece = _PIECE_AFTER.match(text[amount.end :])
        if piece is None or _NOT_A_PIECE.fullmatch(piece.group(1)):
            continue
        noun = piece.group(1).lower()
        counted[index] = replace(
            factor, kind="count", unit="count", noun=noun, text=f"{factor.text} {noun}"
        )
        counted[index + 1] = replace(amount, per="piece")
    return counted
