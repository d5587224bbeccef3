"""Reader for a package made of pieces checked against a cap the question states ("each
gummy is 10mg, 20 to a bag: over the 100 mg package limit?"): the package's total is the
pieces times the dose in each, compared with the cap."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import serving_calculators as serving
from trichome.agents.calculation_questions import Question, named_cannabinoid, one, piece_counts
from trichome.agents.calculators import Calculation, fmt
from trichome.agents.quantities import Quantity

# "the 100mg package limit", "a 100 mg per package cap", "package max of 100mg"
_CAP_AFTER = re.compile(
    r"^\s*(?:thc\s+)?(?:per\s+)?(?:package|pack|bag|box|jar)\s+(?:limit|cap|max(?:imum)?)\b|"
    r"^\s*(?:thc\s+)?(?:limit|cap|max(?:imum)?)\s+(?:per|for\s+(?:a|each|the))\s+"
    r"(?:package|pack|bag|box|jar)\b",
    re.IGNORECASE,
)
_CAP_BEFORE = re.compile(
    r"\b(?:package|pack|bag|box|jar)\s+(?:limit|cap|max(?:imum)?)\s*(?:is|of|at|=|:)?\s*$|"
    # "our state caps a package at 100mg", "limits each bag to 100 mg"
    r"\b(?:caps?|limits?)\s+(?:a|each|every|the|per|one)?\s*(?:package|pack|bag|box|jar)s?\s+"
    r"(?:at|to)\s*$",
    re.IGNORECASE,
)
# "state cap is 100mg per package": a cap named before an amount that is per package
_CAP_PER_PACKAGE = re.compile(
    r"\b(?:cap|limit|max(?:imum)?)\s*(?:is|of|at|=|:)?\s*$", re.IGNORECASE
)
_CHECK = (
    r"\b(?:over|under|exceed\w*|above|within|compliant|pass|allowed|legal|ok|okay|clear|fits?|"
    r"too\s+(?:much|strong|high))\b"
)


def over_package_cap(question: Question) -> Calculation | None:
    """The THC in a package of pieces, with the verdict against the package cap named."""
    if not question.says(_CHECK):
        return None
    caps = [
        q
        for q in question.find("mass", unit="mg")
        if _CAP_AFTER.search(question.text[q.end : q.end + 40])
        or _CAP_BEFORE.search(question.text[max(0, q.start - 40) : q.start])
        or (
            q.per == "package"
            and _CAP_PER_PACKAGE.search(question.text[max(0, q.start - 30) : q.start])
        )
    ]
    doses = [
        q
        for q in question.find("mass", unit="mg")
        if q not in caps and (q.per in ("piece", "serving") or _after_a_count(question, q))
    ]
    counts = piece_counts(question)
    if len(caps) != 1 or not doses or len(counts) != 1:
        return None
    cap = caps[0]
    dose = one(question, doses, "the dose per piece")
    count = one(question, counts, "the number of pieces in the package")
    assert dose is not None and count is not None
    question.use(cap)
    name = named_cannabinoid(question, dose if dose.cannabinoid else None)
    total = serving.batch_total(count.value, dose.value, name)
    over = total.value > cap.value
    verdict = (
        f"Over the cap: {fmt(total.value)} mg is above the {fmt(cap.value)} mg package limit "
        f"you named, by {fmt(total.value - cap.value)} mg."
        if over
        else f"Within the cap: {fmt(total.value)} mg is at or under the {fmt(cap.value)} mg "
        "package limit you named."
    )
    return replace(
        total,
        summary=f"The package holds {fmt(total.value)} mg {name}. {verdict}",
        steps=(
            *total.steps,
            f"{fmt(total.value)} mg {'>' if over else '≤'} {fmt(cap.value)} mg package cap",
        ),
        inputs=(*total.inputs, f"package cap: {fmt(cap.value)} mg"),
        verdict=verdict,
        details={**total.details, "cap_mg": cap.value},
    )


_EACH_AT = r"\s*(?:[a-z-]+\s+){0,2}(?:at|@|of)\s*"


def _after_a_count(question: Question, dose: Quantity) -> bool:
    """ "16 squares at 12.5 mg": an amount right after a count of pieces is each one's."""
    return any(
        0 <= dose.start - count.end <= 25
        and re.fullmatch(_EACH_AT, question.text[count.end : dose.start])
        for count in piece_counts(question)
    )
