"""A possession limit in dried cannabis worked out in the form asked, from the fact's own
table of equivalents: a fact saying "up to 30 grams of dried cannabis" and "1 g of dried
cannabis counts as 0.25 g of concentrates" answers "how much concentrate can I carry?"
with 7.5 g, not with the factor alone."""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.knowledge.packs import Fact

_LIMIT = re.compile(r"\bup to (\d+(?:\.\d+)?) (?:grams|g) of (?:legal )?dried cannabis\b", re.I)
_TABLE = re.compile(r"\bcounts? as 1 g of dried cannabis\b[^:]*:(?P<table>.+?)\.(?:\s|$)", re.I)
_ENTRY = re.compile(r"(\d+(?:\.\d+)?) (g of|plant seeds?)([a-z -]*)", re.I)
# The words a question uses for each form, and the word the table names it by.
_FORMS = (
    (re.compile(r"\b(?:fresh|undried|wet)\b", re.I), "fresh"),
    (re.compile(r"\b(?:concentrates?|carts?|cartridges?|vapes?|shatter|wax|dabs?|rosin)\b", re.I),
     "concentrate"),
    (re.compile(r"\bseeds?\b", re.I), "seed"),
    (re.compile(r"\b(?:edibles?|gumm(?:y|ies)|solids?|chocolates?|cookies?)\b", re.I), "solids"),
    (re.compile(r"\bbeverages?|drinks?\b", re.I), "beverages"),
    (re.compile(r"\b(?:oils?|tinctures?)\b", re.I), "non-solids"),
)  # fmt: skip


def _asked_form(question: str) -> str | None:
    found = [name for pattern, name in _FORMS if pattern.search(question)]
    return found[0] if len(found) == 1 else None  # two forms asked: no single total


# The ratio itself asked: "how many grams of fresh count as 1 g dried?", "what's the dried
# equivalent for seeds?", "the equivalency factor for edibles".
_RATIO_ASKED = re.compile(
    r"\b(?:1|one) ?(?:g|gram)\b|\bequivalen(?:t|ts|cy|ce)\b|\bratio\b|\bfactor\b|"
    r"\bper gram\b|\bcounts? as\b|\btreated as\b",
    re.I,
)


def worked_equivalent(fact_text: str, question: str) -> str | None:
    """The limit in the one form the question asks, worked from the fact's table, with the
    table's ratio for that form (first, when the question asks the ratio), or None."""
    limit, table = _LIMIT.search(fact_text), _TABLE.search(fact_text)
    form = _asked_form(question)
    if limit is None or table is None or form is None:
        return None
    for amount, unit, named in _ENTRY.findall(table["table"]):
        leading = named.lower().strip().removeprefix("cannabis ")
        if leading.startswith(form) or (form == "seed" and "seed" in unit.lower()):
            total = float(limit[1]) * float(amount)
            shown = f"{total:g}"
            seeds = "seed" in unit.lower()
            what = "plant seeds" if seeds else f"{unit} {named.strip()}"
            one = ("plant seed" if float(amount) == 1 else "plant seeds") if seeds else what
            ratio = f"1 g of dried cannabis counts as {amount} {one}"
            worked = (
                f"that limit of {limit[1]} g of dried cannabis is {shown} {what} "
                f"({limit[1]} x {amount})"
            )
            if _RATIO_ASKED.search(question):
                return f"{ratio}; so {worked}."
            return f"{worked[0].upper()}{worked[1:]}, since {ratio}."
    return None


def first_worked_equivalent(facts: Sequence[Fact], question: str) -> tuple[int, Fact, str] | None:
    """The first of the answer's facts (numbered from 1 as cited) whose table works out the
    form asked, with its worked total: a province's own cap may lead ("BC: 1,000 g at
    home") while Canada's table, beside it, holds the equivalents asked."""
    for number, fact in enumerate(facts, start=1):
        if (worked := worked_equivalent(fact.text, question)) is not None:
            return number, fact, worked
    return None
