"""A tax charged by weight applied to the weight the question gives.

Alaska's cultivation excise is "$50 an ounce for mature bud"; asked "we moved 10 lb of
mature bud to our own store, what do we owe?", restating the per-ounce rates is the rule
but not the answer. The sourced rate is applied to the stated weight (10 lb = 160 oz, ×
$50 = $8,000) and said first; the fact follows as its support. Only a rate on the kind of
material the question names is applied ("mature bud", not "immature bud"), and only to a
single stated weight.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from trichome.agents.calculators import fmt
from trichome.agents.quantities import read
from trichome.agents.tax_readers import TAX_WORDS, money
from trichome.agents.units import UnitError, convention_note, convert
from trichome.knowledge.packs import Fact

# "$ per ounce of mature bud (cultivator excise)": the weight taxed and what it is charged on.
_PER_WEIGHT = re.compile(
    r"^\$ per (?P<unit>ounce|pound|gram|kilogram|oz|lb|g|kg)\b(?: of (?P<what>[^(),;]+?))?"
    r"\s*(?:\(|$)",
    re.IGNORECASE,
)
# What is owed is asked: "what do we owe", "how much tax is that", "the excise comes to".
_OWED = re.compile(
    r"\b(?:owe[ds]?|due|comes? to|how much|what(?:'s| is| would| will| do| does)|total|"
    r"calculate|figure|work out)\b",
    re.IGNORECASE,
)
_UNIT_KEYS = {"ounce": "oz", "pound": "lb", "gram": "g", "kilogram": "kg"}
_UNIT_WORDS = {"oz": "ounce", "lb": "pound", "g": "gram", "kg": "kilogram"}


def worked_on_weight(fact: Fact, question: str, turns: Sequence[str] = ()) -> str | None:
    """The fact's per-weight tax applied to the one weight the latest question states, as
    the answer's first sentence; None when the fact is no per-weight tax, the question asks
    no amount owed, names another material than the rate's, or states no single weight."""
    found = _PER_WEIGHT.match(fact.unit or "")
    if fact.value is None or fact.topic != "tax" or found is None or not _OWED.search(question):
        return None
    said = " ".join((*turns, question))
    if not re.search(TAX_WORDS, said, re.IGNORECASE):
        return None
    what = (found.group("what") or "").strip()
    if what and not re.search(rf"\b{re.escape(what)}\b", said, re.IGNORECASE):
        return None  # "10 lb of trim": the rate on mature bud is not its rate
    masses = [q for q in read(question) if q.kind == "mass" and q.per is None and not q.is_range]
    if len({(q.value, q.unit) for q in masses}) != 1:
        return None
    mass = masses[0]
    unit = _UNIT_KEYS.get(found.group("unit").lower(), found.group("unit").lower())
    try:
        amount = convert(mass.value, mass.unit, unit)
    except (UnitError, KeyError):
        return None
    rate = float(fact.value)
    owed = amount * rate
    word = _UNIT_WORDS[unit]
    where = f"{fact.jurisdiction_name}'s " if fact.jurisdiction_name else "the "
    on = f" of {what}" if what else ""
    converted = "" if mass.unit == unit else f"{mass.text} is {fmt(amount)} {word}s; "
    imperial = {mass.unit, unit} == {"lb", "oz"}
    note = "16 ounces to the pound" if imperial else None
    if mass.unit != unit and not imperial:
        note = convention_note(mass.unit, unit)
    sentence = (
        f"{converted}at {where}{money(rate)} per {word}{on}, the tax comes to {money(owed)} "
        f"({fmt(amount)} × {money(rate)})" + (f" ({note})." if note else ".")
    )
    return sentence[0].upper() + sentence[1:]
