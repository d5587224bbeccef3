"""Readers for how many units fit within a cap the user states: pieces of a dose under a
package cap ("cap is 50 mg per pkg, each piece 6 mg, how many fit"), and packs under a
daily limit ("limit 800 mg a day, how many 100 mg packs"); and the THC in a pack of pieces
counted before their dose ("ten 10 mg pieces in a pack").

The state's own package cap, from the packs, is read in `serving_readers`.
"""

from __future__ import annotations

import re

from trichome.agents import missing_inputs as needs
from trichome.agents import serving_calculators as serving
from trichome.agents.calculation_questions import Question, ask, named_cannabinoid, one
from trichome.agents.calculators import Calculation
from trichome.agents.quantities import Quantity

_UNITS = (
    r"pieces|gummies|units|servings|chocolates|cookies|candies|mints|tablets|capsules|bites|"
    r"squares|chews|drops|lozenges|packs|packages|pkgs|bars|tins|bags|boxes|jars|cans|bottles"
)
# "how many fit", "how many 5 mg gummies go in", "how many 100mg packs is that", "how many can
# we put in a package": a count asked against a cap.
_HOW_MANY = re.compile(
    rf"\bhow\s+many\b(?:\s+(?:[\d.]+\s*mg|more|whole|full))?(?:\s+[\w-]+)?\s*(?:{_UNITS})?\s*"
    r"(?:(?:can|could|will|would|do|does|may)\s+(?:\w+\s+)?)?"
    r"(?:fit|go|put|get|in\s+(?:a|one|the|each)\s+(?:package|pack|pkg)|per\s+(?:package|pack|pkg)|"
    r"under|is\s+that|does\s+that|would\s+that|make|stay)",
    re.IGNORECASE,
)
_CONTAINERS = r"packs?|packages?|pkgs?|bags?|boxes?|tins?|jars?|bars?|sleeves?"
_CAP_WORDS = r"\b(?:cap|limit|max(?:imum)?|allowed|legal)\b"


def _caps(question: Question) -> list[Quantity]:
    """The cap's mg: a limit read as one, else an mg just after the word ("package cap
    100 mg", "cap is 50mg per pkg")."""
    masses = question.find("mass", unit="mg")
    return [q for q in masses if "limit" in q.tags] or [
        q for q in masses if _CAP_BEFORE.search(question.text[max(0, q.start - 30) : q.start])
    ]


_CAP_BEFORE = re.compile(
    r"\b(?:cap|limit|max(?:imum)?)\s*(?:is|of|=|:|at|was)?\s*(?:only\s+|just\s+)?$", re.I
)


def units_under_cap(question: Question) -> Calculation | None:
    """Whole pieces (or packs) that fit within a cap stated in the question."""
    if not question.says(_CAP_WORDS) or not _HOW_MANY.search(question.text):
        return None
    caps = _caps(question)
    if len({q.value for q in caps}) != 1 or question.state:
        return None  # two caps (a serving's and a package's), or the state's own: elsewhere
    cap = caps[0]
    each = [q for q in question.find("mass", unit="mg") if q is not cap and q.value != cap.value]
    if question.find("percent", "concentration", "volume"):
        return None  # a potency or a volume: a recipe or a drink, read elsewhere
    if not each:
        raise ask(question, needs.PIECE_DOSE)
    dose = one(question, each, "the mg in each")
    assert dose is not None
    question.use(cap, dose)
    packs = dose.per == "package" or re.match(
        r"\s*(?:thc\s+)?(?:packs?|packages?|pkgs?|bags?|boxes?|tins?|bars?)\b",
        question.text[dose.end :],
        re.I,
    )
    daily = question.says(r"\ba\s+day\b|\bdaily\b|per\s+day|\btransaction|\bvisit\b")
    cap_name = "the daily limit" if daily else "the limit" if packs else "the package cap"
    return serving.units_within(cap.value, dose.value, "pack" if packs else "piece", cap_name)


# "ten 10mg pieces in a pack", "24 5 mg gummies per box": a count just before the dose.
_COUNTED = re.compile(r"^\s*$")


def pack_of_counted_pieces(question: Question) -> Calculation | None:
    """The THC in a pack of N pieces written as "N <dose> pieces" ("ten 10mg pieces in a
    pack: how much in the pack?")."""
    if not question.says(
        rf"how\s+(?:much|many\s+(?:mg|milligrams))\b[^.?!]{{0,40}}\b(?:{_CONTAINERS}|whole|total)\b|"
        rf"\btotal\s+(?:mg|thc)\b|"
        # "how much thc in 20 5mg gummies" (two 10-packs of 5mg gummies, as normalised)
        r"how\s+(?:much|many\s+(?:mg|milligrams))\s+(?:of\s+)?(?:thc\s+)?(?:is\s+|are\s+)?"
        r"in\s+(?:the\s+|those\s+|these\s+)?\d+\s+\d"
    ):
        return None
    doses = question.find("mass", unit="mg", per=("piece", "serving"))
    if len(doses) != 1 or len(question.find("mass")) != 1:
        return None
    dose = doses[0]
    counts = [
        q
        for q in question.find("number")
        if q.end <= dose.start and _COUNTED.match(question.text[q.end : dose.start])
    ]
    if len(counts) != 1 or counts[0].value < 2:
        return None
    question.use(counts[0], dose)
    name = named_cannabinoid(question, dose if dose.cannabinoid else None)
    return serving.batch_total(counts[0].value, dose.value, name)
