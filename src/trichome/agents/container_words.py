"""What a container's words say about the number beside them, written out before the
quantities are read: an ounce on a bottle is a fluid ounce ("a 2 oz dropper bottle"), and a
bare count held in a package is a count of pieces ("there's 20 in a bag")."""

from __future__ import annotations

import re

# "2 oz dropper bottle", "a 1oz tincture", "4 ounce spray", "a 12 oz can", "2 oz shot": a
# bottle or a drink is sized by volume (its
# size in US fluid ounces; a stated mL beside it is left to be read instead).
_BOTTLE_OUNCES = re.compile(
    r"\b(\d+(?:\.\d+)?)\s*-?\s*(?:oz|ounces?)\b(?!\s*(?:of\s+)?(?:flower|bud|weed|trim|shake))"
    r"(?=\s+(?:[a-z]+\s+)?(?:dropper|bottle|tincture|vial|spray|tinc|can|drink|beverage|shot|seltzer|soda)\w*\b)"
    # "1 oz tincture (30 ml)": the mL the user states for the bottle are what they mean
    r"(?![^()\d]{0,30}\(\s*[\d.]+\s*(?:ml|mls|millilit))",
    re.IGNORECASE,
)
# "the bottle is 2 oz", "bottle size 1 oz": the bottle named first.
_OUNCE_BOTTLE = re.compile(
    r"\b((?:dropper\s+)?bottle|tincture|vial|can|drink|beverage|shot)(\s+(?:is|size|holds|of)\s+(?:a\s+|about\s+)?)"
    r"(\d+(?:\.\d+)?)\s*-?\s*(?:oz|ounces?)\b",
    re.IGNORECASE,
)
_PACKAGE = r"(?:bag|pack|package|box|jar|tin|container|sleeve|tube|pouch|bottle|carton|packet)s?\b"
# "there's 20 in a bag", "we put 10 per pack", "12 a pack", "10/box", "x20 in a bag": a
# number with no noun, held in a package, counts the pieces in it.
_HELD = re.compile(
    r"(?<![\d.,$])(?:\bx\s*|\b)(\d+)(?:\s*x\b)?"
    r"(\s+(?:(?:in|per|to)\s+(?:(?:a|an|each|every|the|one|our)\s+)?|(?:a|an|each|every)\s+)"
    rf"{_PACKAGE}|\s*/\s*{_PACKAGE})",
    re.IGNORECASE,
)


# "5pk", "a 10-pk", "6 pks": a pack written short, after its count of pieces.
_PACK_SHORT = re.compile(r"(?<![\d.])(\d+)\s*(-?)\s*pks?\b", re.IGNORECASE)


def container_words(text: str) -> str:
    """The text with bottle ounces as fluid ounces and packaged counts as pieces."""
    text = _PACK_SHORT.sub(lambda m: f"{m.group(1)}{m.group(2) or ' '}pack", text)
    text = _BOTTLE_OUNCES.sub(lambda m: f"{m.group(1)} fl oz", text)
    text = _OUNCE_BOTTLE.sub(lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)} fl oz", text)
    return _HELD.sub(_held, text)


_PRICED_BEFORE = re.compile(
    r"\b(?:paid|pay(?:ing)?|costs?|cost\s+(?:me|us)|price[sd]?|charg(?:e|es|ed|ing)|"
    r"sell(?:s|ing)?\s+(?:\w+\s+)?(?:for|at)|sold\s+(?:\w+\s+)?(?:for|at)|goes\s+for|runs?)"
    r"\s*(?:about\s+|around\s+|like\s+)?$",
    re.IGNORECASE,
)


def _held(match: re.Match[str]) -> str:
    link = match.group(2)
    if link.split()[0].lower() in ("a", "an", "each", "every") and _PRICED_BEFORE.search(
        match.string[max(0, match.start() - 30) : match.start()]
    ):
        return match[0]  # "paid 30 a bottle": a price, not a count
    if link.lstrip().startswith("/"):  # "10/box" is ten a box
        link = " per " + link.lstrip()[1:].lstrip()
    return f"{match.group(1)} pieces{link}"
