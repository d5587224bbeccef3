"""Bare numbers that count pieces named elsewhere in a question: "a batch of 36" when the
pieces are "each cookie", "makes 24 gummies ... I want 150", "2 brownies from a pan of 16".
Read after the quantities (`quantities.read`), so a count with its noun beside it is known.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from trichome.agents.unit_words import COUNTABLE, PIECES

if TYPE_CHECKING:
    from trichome.agents.quantities import Quantity

_COUNT_NOUN = re.compile(rf"\b({COUNTABLE})\b", re.IGNORECASE)


# "a batch of 36", "cut them into 36" when the pieces are named elsewhere ("each cookie").
_COUNT_BEFORE = re.compile(
    r"(?:\b(?:batch|run|tray|lot|total)\s+of|\bmak(?:e|es|ing)|\bmade|\binto|\bacross|"
    r"\bcut\s+(?:(?:it|them|em|'em|the\s+\w+)\s+)?in|"
    r"\bsplit\s+(?:it\s+|them\s+)?(?:in|between)|\bdivided?\s+(?:it\s+|them\s+)?(?:in|by|between))"
    r"\s*(?:a\s+|about\s+|around\s+|~\s*)?$",
    re.IGNORECASE,
)
_NOT_PIECES = re.compile(
    r"lbs?|ounces?|grams?|eighths?|tablespoons?|teaspoons?|cups?|sticks?|batch(?:es)?|"
    r"plants?|lights?|fixtures?|bottles?|tinctures?|packages?|packs?|bags?|boxes?|tins?|jars?|"
    r"containers?|trays?|molds?|moulds?",
    re.IGNORECASE,
)


# "makes 16 ... need 120 brownies", "makes 24 gummies ... I want 150": a bare number where a
# batch's size is said, beside a count of pieces, counts the same pieces.
_MORE_BEFORE = re.compile(
    r"\b(?:mak(?:e|es|ing)|made|yields?|want|need|needs|do|doing|running|pouring|producing|scal(?:e|ing)\s+(?:it\s+|them\s+)?(?:up\s+|down\s+)?to|"
    r"bump\s+(?:it\s+)?(?:up\s+)?to|go\s+(?:up\s+)?to)\s*(?:a\s+|about\s+|~\s*)?$",
    re.IGNORECASE,
)


# "2 brownies from a pan of 16", "a tray of 24": the whole the pieces are cut from or packed
# in, counted by the same pieces.
_WHOLE_OF = re.compile(
    r"\b(?:batch|run|tray|pan|sheet|slab|lot|tin|box|bag|pack|jar|sleeve)\s+of\s*"
    r"(?:about\s+|around\s+|~\s*)?$",
    re.IGNORECASE,
)


def counted_elsewhere(found: list[Quantity], text: str) -> list[Quantity]:
    """The quantities with each bare number that counts pieces named elsewhere in the text
    read as a count of those pieces."""
    counts = [q for q in found if q.kind == "count"]
    pieces = {q.noun for q in counts if q.noun and re.fullmatch(PIECES, q.noun, re.IGNORECASE)}
    if len(pieces) == 1 and all(q.noun in pieces for q in counts):
        # one kind of piece, counted once or more ("recipe: 50 gummies ... we had 50
        # gummies, now want 200"; "2 brownies from a pan of 16")
        noun = pieces.pop()
        return [
            replace(q, kind="count", unit="count", noun=noun, text=f"{q.text} {noun}")
            if q.kind == "number"
            and q.value >= 2
            and q.value == int(q.value)
            and not re.match(r"\s*(?:x|%|\*|/|:|-\s*\d)", text[q.end : q.end + 3])
            and (
                _MORE_BEFORE.search(text[max(0, q.start - 24) : q.start])
                or _WHOLE_OF.search(text[max(0, q.start - 24) : q.start])
            )
            else q
            for q in found
        ]
    if counts:
        return found
    candidates = [
        q
        for q in found
        if q.kind == "number"
        and q.value >= 2
        and q.value == int(q.value)
        and _COUNT_BEFORE.search(text[max(0, q.start - 24) : q.start])
    ]
    nouns = [
        m.group(1).lower()
        for m in _COUNT_NOUN.finditer(text)
        if not _NOT_PIECES.fullmatch(m.group(1))
    ]
    if len(candidates) != 1 or not nouns:
        return found
    named = [n for n in nouns if not re.fullmatch(r"doses?|servings?|units?|pieces?", n)]
    chosen, noun = candidates[0], (named or nouns)[0]
    counted = replace(chosen, kind="count", unit="count", noun=noun, text=f"{chosen.text} {noun}")
    return [counted if q is chosen else q for q in found]
