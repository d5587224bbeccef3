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
# "there's 20 in a bag", "we put 10 per pack": a number with no noun, held in a package.
_HELD = re.compile(
    r"(?<![\d.,$])\b(\d+)(\s+(?:in|per|to)\s+(?:(?:a|an|each|every|the|one|our)\s+)?"
    r"(?:bag|pack|package|box|jar|tin|container|sleeve|tube|pouch)s?\b)",
    re.IGNORECASE,
)


def container_words(text: str) -> str:
    """The text with bottle ounces as fluid ounces and packaged counts as pieces."""
    text = _BOTTLE_OUNCES.sub(lambda m: f"{m.group(1)} fl oz", text)
    text = _OUNCE_BOTTLE.sub(lambda m: f"{m.group(1)}{m.group(2)}{m.group(3)} fl oz", text)
    return _HELD.sub(lambda m: f"{m.group(1)} pieces{m.group(2)}", text)
