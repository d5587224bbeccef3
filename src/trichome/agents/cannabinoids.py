"""The cannabinoids and their spellings (Δ9-THC, delta-9, d9, THC-A, THCa, CBD-A, ...)."""

from __future__ import annotations

import re

# Cannabinoids: canonical name -> pattern (checked in this order: acids before neutrals).
CANNABINOIDS: tuple[tuple[str, str], ...] = (
    # "THCA-A", a lab's name for the A isomer (the one cannabis makes), is THCA too
    (
        "THCA",
        r"(?:delta[- ]?9[- ]?)?thc[- ]?a(?:-?a)?\b|thca\b|thc acid|tetrahydrocannabinolic acid",
    ),
    ("CBDA", r"cbd[- ]?a\b|cbda\b|cannabidiolic acid"),
    ("CBGA", r"cbg[- ]?a\b"),
    ("CBNA", r"cbn[- ]?a\b|cannabinolic acid"),
    ("THCV", r"thc[- ]?v\b"),
    ("D8", r"delta[- ]?8(?:[- ]?thc)?|d-?8(?:[- ]?thc)?\b|δ8"),
    (
        "THC",
        r"delta[- ]?9(?:[- ]?thc)?|d-?9(?:[- ]?thc)?\b|δ9(?:[- ]?thc)?|thc\b|"
        r"tetrahydrocannabinol\b",
    ),
    ("CBD", r"cbd\b|cannabidiol\b"),
    ("CBN", r"cbn\b|cannabinol\b"),
    ("CBG", r"cbg\b|cannabigerol\b"),
    ("CBC", r"cbc\b"),
)
CANNABINOID_PATTERN = "|".join(f"(?:{pattern})" for _, pattern in CANNABINOIDS)
CANNABINOID_MENTION = re.compile(rf"\b(?:total\s+)?(?:{CANNABINOID_PATTERN})", re.IGNORECASE)


def cannabinoid_name(written: str) -> str | None:
    """The canonical cannabinoid of a spelling ("Δ9-THC" after normalising, "THC-A", "cbda")."""
    for name, pattern in CANNABINOIDS:
        if re.fullmatch(f"(?:{pattern})", written.strip(), re.IGNORECASE):
            return name
    for name, pattern in CANNABINOIDS:
        if re.match(f"(?:{pattern})", written.strip(), re.IGNORECASE):
            return name
    return None


def cannabinoid_mentions(text: str) -> list[str]:
    """The cannabinoids a text names, in order of appearance."""
    return [
        n
        for m in CANNABINOID_MENTION.finditer(text)
        if (n := cannabinoid_name(m.group(0).removeprefix("total ").strip()))
    ]
