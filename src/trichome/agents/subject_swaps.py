"""A follow-up that only names another compound asks the earlier question of it.

"boiling point of myrcene?" then "and limonene?" asks limonene's boiling point; "whats the
residual butane limit in california" then "what about hexane?" asks hexane's limit there.
Read with the earlier turn beside it, the follow-up's question holds both compounds and
the earlier one's facts answer it; read alone, it asks nothing. So the question answered
is the earlier one with its compound replaced by the new one: the aspect asked (a boiling
point, a limit, a flash point) stays, the subject changes.

A compound replaces one of its own kind only (a terpene another terpene, a solvent another
solvent), and only where the earlier question names exactly one of that kind.
"""

from __future__ import annotations

import re

_GAP = r"[\s.-]*"
# The kinds of compound a question is asked of, each with the ways people write them.
_KINDS: dict[str, tuple[str, ...]] = {
    "terpene": tuple(
        rf"(?:(?:alpha|beta|a|b|\u03b1|\u03b2){_GAP})?{name}"
        for name in (
            "myrcene", "limonene", "linalool", "pinene", "caryophyllene", "humulene",
            "terpinolene", "ocimene", "bisabolol", "nerolidol", "eucalyptol", "geraniol",
            "terpineol", "valencene", "camphene", "borneol", "guaiol",
        )
    ),
    "cannabinoid": (
        "thca", "thc-a", "cbda", "cbga", "cbna", "thcva", "cbd", "cbg", "cbn", "cbc", "thcv",
        "cbdv", "hhc", "thcp", rf"delta{_GAP}(?:8|9|10)(?:{_GAP}thc)?", r"d(?:8|9|10)",
        rf"thc{_GAP}o", "thc",
    ),
    "solvent": (
        r"n?-?butane", "propane", "pentane", r"n?-?hexane", "heptane", "ethanol", "methanol",
        "isopropanol", rf"isopropyl{_GAP}alcohol", "ipa", "acetone", "co2", "carbon dioxide",
        "nitrogen", "ethyl acetate",
    ),
    "contaminant": (
        "aflatoxins?", "ochratoxin(?: a)?", "salmonella", rf"e{_GAP}coli", "aspergillus",
        "listeria", "arsenic", "cadmium", "mercury", "lead", "myclobutanil", "bifenazate",
        "imidacloprid", "paclobutrazol", "benzene", "toluene", "xylene", "chloroform",
    ),
}  # fmt: skip
_NAMES = {
    kind: re.compile(rf"(?<![\w-])(?:{'|'.join(forms)})(?![\w-])", re.IGNORECASE)
    for kind, forms in _KINDS.items()
}
# The words a follow-up may wrap the new compound in: "and limonene?", "what about
# linalool then", "ok how about hexane", "same for pinene?", "limonene too?".
_LEAD = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|cool|thanks|and|now|but)\W+)*"
    r"(?:(?:what|how) about|what of|and for|same (?:for|with)|for)?\W*",
    re.IGNORECASE,
)
_TAIL = re.compile(r"\W*(?:(?:too|then|as well|also|instead|now)\W*)?$", re.IGNORECASE)


def _named(kind: str, text: str) -> list[re.Match[str]]:
    return list(_NAMES[kind].finditer(text))


def with_subject_swapped(earlier: str, follow_up: str) -> str | None:
    """The earlier question asked of the compound a bare follow-up names instead ("and
    limonene?" after myrcene's boiling point), or None when the follow-up says more than
    a compound's name or the earlier question names no single compound of its kind."""
    lead = _LEAD.match(follow_up)
    rest = follow_up[lead.end() if lead else 0 :]
    for kind in _KINDS:
        new = _NAMES[kind].match(rest)
        if new is None or not _TAIL.fullmatch(rest, new.end()):
            continue
        old = {match.group().lower() for match in _named(kind, earlier)}
        if len(old) != 1 or new.group().lower() in old:
            return None
        return _NAMES[kind].sub(new.group(), earlier)
    return None
