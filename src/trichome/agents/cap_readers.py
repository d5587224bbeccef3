"""Amounts given as a state's cap ("a chocolate bar at the package max, scored into 10
squares"; "1,000 chocolates, each at the federal max for an edible package"): the cap is
read from the packs for the question's place, then shared out or multiplied."""

from __future__ import annotations

import re
from dataclasses import replace

from trichome.agents import formulation_calculators as formulation
from trichome.agents.calculation_questions import Question, piece_counts
from trichome.agents.calculators import Calculation, StateEdibleLimits, fmt, positive, whole
from trichome.agents.understanding import products_of

# "at the package max", "at the legal limit", "each at the federal max for an edible package"
_AT_THE_CAP = re.compile(
    r"\bat (?:the |our |its |their )?(?:[\w-]+ ){0,3}(?:max(?:imum)?|cap|limit)\b|"
    # the package cap asked, then how it splits: "max thc per package ... per piece, 10 pack?"
    r"\b(?:max(?:imum)?|cap|limit) (?:thc |mg )?(?:per|a|for (?:a|the|one)) (?:package|pack)\b",
    re.IGNORECASE,
)
# Forms sold by weight, whose package cap (where a state sets one) is a weight, not the
# milligrams of THC an edible's is.
_BY_WEIGHT_ONLY = frozenset({"flower", "pre-roll", "concentrate", "vape", "seed-clone"})
_SERVING_CAP = re.compile(r"\bserving (?:max(?:imum)?|cap|limit)\b", re.IGNORECASE)
_ALL_TOGETHER = re.compile(
    r"\b(?:total|in all|altogether|combined|whole (?:batch|run|lot)|for the (?:batch|run|lot))\b",
    re.IGNORECASE,
)
# The answer's unit pieces: what one piece of the split is called.
_PER_PIECE = r"\b(?:per|each|a|every|in (?:each|a|one))\s+{stem}"


def names_a_cap(text: str) -> bool:
    """Whether a text speaks of a product made at its cap or asks a package's cap ("what's
    the max thc per package?"), which a later turn may share out ("and per piece, 10 pack?")."""
    return bool(_AT_THE_CAP.search(text))


def at_the_cap(question: Question) -> Calculation | None:
    """THC per piece of a product made at its cap, or in a run of such products."""
    if not _AT_THE_CAP.search(question.text) or question.find("mass", unit="mg"):
        return None
    if _BY_WEIGHT_ONLY.issuperset(products_of(question.text) or {"edible"}):
        return None  # "a 2 oz bag of flower ... max per package? and for wax?": no mg cap
    counts = piece_counts(question)
    if len(counts) != 1 or not question.state:
        return None
    limits = question.limits_for(question.state)
    if limits is None:
        return None
    serving = bool(_SERVING_CAP.search(question.text))
    cap = limits.per_serving_mg if serving else limits.per_package_mg
    if cap is None:
        return None
    count = counts[0]
    stem = re.escape((count.noun or "piece").rstrip("s")[:5])
    named = f"{limits.state}'s {'per-serving' if serving else 'per-package'} cap of {fmt(cap)} mg"
    if _ALL_TOGETHER.search(question.text):
        question.use(count)
        return run_total_at_cap(cap, count.value, named)
    if question.says(_PER_PIECE.format(stem=stem)) or question.says(r"\bper (?:piece|square)\b"):
        question.use(count)
        split = formulation.dose_from_total(cap, count.value)
        return replace(
            split,
            name="dose_per_unit_at_cap",
            summary=f"At {named}, each of the {fmt(count.value)} pieces holds "
            f"{fmt(split.value)} mg THC.",
            inputs=(f"THC in the package: {named}", *split.inputs[1:]),
        )
    return None


# "the max package size ... the max serving size", "at the package cap, servings at the
# serving limit": both of the state's caps named as the amounts, no number given
_PACKAGE_AT_CAP = re.compile(
    r"\b(?:max(?:imum)?|cap|limit)\s+(?:thc\s+)?(?:package|pack)\b|"
    r"\b(?:package|pack)\s+(?:size\s+)?(?:max(?:imum)?|cap|limit)\b|"
    r"\b(?:max(?:imum)?|legal)\s+(?:per[- ])?(?:package|pack)\s+(?:size|amount|thc|mg)\b",
    re.IGNORECASE,
)
_SERVING_AT_CAP = re.compile(
    r"\b(?:max(?:imum)?|cap|limit)\s+(?:thc\s+)?(?:serving|dose)\b|"
    r"\b(?:serving|dose)\s+(?:size\s+)?(?:max(?:imum)?|cap|limit)\b|"
    r"\b(?:max(?:imum)?|legal)\s+(?:per[- ])?(?:serving|dose)\s+(?:size|amount|thc|mg)\b",
    re.IGNORECASE,
)
_SERVINGS_ASKED = re.compile(
    r"\bhow\s+many\s+(?:\w+\s+)?(?:servings|doses|pieces|portions)\b|"
    r"\b(?:servings|doses|portions)\b[^.?!]{0,30}\bhow\s+many\b|"
    r"\bhow\s+many\b[^.?!]{0,30}\b(?:is|are)\s+(?:that|those|there)\b",
    re.IGNORECASE,
)


def servings_at_both_caps(question: Question) -> Calculation | None:
    """Servings in a package made at the state's package cap, each at its serving cap
    ("nv edible at the max package size, each serving at the max serving size: how many
    servings?"): the two caps from the packs, divided."""
    if (
        question.find("mass")
        or not question.state
        or not _PACKAGE_AT_CAP.search(question.text)
        or not _SERVING_AT_CAP.search(question.text)
        or not _SERVINGS_ASKED.search(question.text)
    ):
        return None
    limits = question.limits_for(question.state)
    if limits is None or limits.per_package_mg is None or limits.per_serving_mg is None:
        return None
    result = formulation.servings_check(limits.per_package_mg, limits.per_serving_mg, limits)
    return replace(
        result,
        summary=f"{fmt(result.value)} servings: {limits.state}'s package cap of "
        f"{fmt(limits.per_package_mg)} mg THC divided into servings at its cap of "
        f"{fmt(limits.per_serving_mg)} mg. {result.summary}",
        inputs=(
            f"THC in the package: {limits.state}'s per-package cap of "
            f"{fmt(limits.per_package_mg)} mg",
            f"THC per serving: {limits.state}'s per-serving cap of {fmt(limits.per_serving_mg)} mg",
        ),
        assumptions=("the package and each serving are made exactly at the caps",),
    )


def run_total_at_cap(cap: float, count: float, named: str) -> Calculation:
    positive("the cap", cap)
    units = whole("the number of products", count)
    total = cap * units
    return Calculation(
        "run_total_at_cap",
        total,
        "mg THC",
        f"At {named}, {units:,} products hold {fmt(total)} mg THC ({fmt(total / 1000)} g) in all.",
        (f"{units:,} × {fmt(cap)} mg = {fmt(total)} mg = {fmt(total / 1000)} g",),
        details={"cap_mg": cap},
        formula="total mg = products × mg per product",
        inputs=(f"THC per product: {named}", f"products: {units:,}"),
        assumptions=("each product is made exactly at the cap",),
    )


def stated_caps(question: Question) -> StateEdibleLimits | None:
    """The caps the user states ("our 5 mg per serving cap", "MI rules (10 mg / 200 mg)"),
    else the state's from the packs. Two caps given together are a serving's and a package's:
    the smaller is the serving's."""
    caps = sorted({q.value: q for q in question.find("mass", unit="mg", tags=("limit",))}.values(),
                  key=lambda q: q.value)  # fmt: skip
    if len(caps) == 2:
        question.use(*caps)
        return StateEdibleLimits("your stated caps", caps[0].value, caps[1].value, ())
    if len(caps) == 1:
        question.use(caps[0])
        package = caps[0].per == "package" or question.says(
            r"\b(?:package|pack)\s+(?:cap|limit|max)"
        )
        if package:
            return StateEdibleLimits("your stated cap", None, caps[0].value, ())
        return StateEdibleLimits("your stated cap", caps[0].value, None, ())
    return question.limits_for(question.state) if question.state else None
