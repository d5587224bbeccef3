"""Readers for a lab's numbers: % against mg/g, as-received against dry-weight potency, and a
label claim against the lab's result (total THC from a COA is read in `potency_readers`)."""

from __future__ import annotations

import re

from trichome.agents import lab_calculators as lab
from trichome.agents import missing_inputs as needs
from trichome.agents.calculation_questions import (
    NOT_POTENCY,
    Question,
    ask,
    one,
    piece_counts,
    with_assumption,
)
from trichome.agents.calculators import Calculation, chain, fmt
from trichome.agents.cannabinoids import CANNABINOIDS
from trichome.agents.quantities import Quantity
from trichome.agents.signed_variance import ASKS_DEVIATION, deviation_asked, variance_from_label

# "mg/g", "mg a gram", "milligrams of thc per gram", "mg cbd per g"
MG_PER_GRAM = (
    r"\b(?:mg|mgs|milligrams?)\s*(?:(?:of\s+)?(?:thc|cbd|cbg|cbn|thca|cbda|cbga|cbna)\s+)?"
    r"(?:/|per\s+|a\s+|an\s+|each\s+)\s*(?:g|gram|gm|grm)\b|mg/g"
)
# An acid (THCA, CBDA, CBGA, CBNA) asked as its neutral form or after decarboxylation is the
# decarb reader's: "22% thca, thc in mg a gram" is 22% x 0.877 as mg/g.
ACIDS_AS_NEUTRAL = {
    "THCA": r"\bthc\b|\bdelta[- ]?9\b|\bd9\b",
    "CBDA": r"\bcbd\b",
    "CBGA": r"\bcbg\b",
    "CBNA": r"\bcbn\b",
}
DECARB_ASKED = r"decarb|activat|heat(?:ed|ing)?\b|smok|vap(?:e|ing|ed|orized)\b"
_AS_PERCENT = (
    r"(?:in|as|to|into)\s+(?:a\s+)?(?:percent|percentage|%|pct)|"
    r"what\s+(?:percent|percentage|%)|how\s+many\s+percent|is\s+what\s+%"
)


def potency_basis(question: Question) -> Calculation | None:
    """A potency in % as mg/g ("25% THC is how many mg per gram"), or mg/g as %."""
    # not "total thc listed as 231.4 mg/g": a total the COA states, read in another unit
    if question.says(
        r"\btotal\b(?!\s+(?:thc|cbd)\s+(?:is |as |of |at |=|:|-)?\s*(?:listed |reported |shown )?"
        r"(?:as |at )?\d)|compliant|\blegal\b|\blimit\b|\bpass(?:es)?\b|\bfails?\b"
    ):
        return None
    if question.find("mass", "volume"):
        return None
    percents = question.find("percent", without=NOT_POTENCY | {"target", "price"})
    per_gram = question.find("concentration", unit="mg/g")
    if len(percents) == 1 and not per_gram and question.says(MG_PER_GRAM):
        named = percents[0].cannabinoid or ""
        acid = ACIDS_AS_NEUTRAL.get(named)
        if acid and (question.says(DECARB_ASKED) or names_outside(question, acid, named)):
            return None
        found = one(question, percents, "the potency")
        assert found is not None
        return lab.potency_basis(found.value, "%", found.cannabinoid or "THC")
    if len(per_gram) == 1 and not percents and question.says(_AS_PERCENT):
        found = one(question, per_gram, "the potency")
        assert found is not None
        return lab.potency_basis(found.value, "mg/g", found.cannabinoid or "THC")
    return None


def names_outside(question: Question, pattern: str, acid: str) -> bool:
    """Whether the text names `pattern` (the neutral cannabinoid asked for) once every
    spelling of the acid the number is labelled with is set aside ("thc-a" is not "thc")."""
    spelled = dict(CANNABINOIDS)[acid]
    rest = re.sub(spelled, " ", question.text, flags=re.IGNORECASE)
    return re.search(pattern, rest, re.IGNORECASE) is not None


def dry_basis(question: Question) -> Calculation | None:
    """A potency moved between as-received and dry weight at the lab's moisture content."""
    if not question.says(r"dry[- ]?(?:weight|basis|matter|wt)|as[- ]?received|wet[- ]?basis"):
        return None
    if question.says(r"\bwet\b(?!\s*-?\s*basis)") and question.find("mass"):
        return None  # "120 lbs wet ... dry weight?" is drying a harvest
    moistures = question.find("percent", tags=("moisture",))
    potencies = question.find("percent", without=NOT_POTENCY | {"target", "price"})
    if not potencies:
        return None
    if not moistures:
        # "0.3% dry weight, is that still fine federally?": a result checked as it stands
        checked = (
            r"total\s+thc|\bpass|\bfail|complian|\blimit\b|\bfine\b|\blegal\b|\ballowed\b|federal"
        )
        if question.says(checked) and not question.says(
            r"as[- ]?received|wet[- ]?basis|convert|moisture"
        ):
            return None  # results already on a dry basis, checked as they are
        raise ask(question, needs.MOISTURE)
    moisture = one(question, moistures, "the moisture content")
    assert moisture is not None
    parts = []
    for potency in _distinct(potencies):
        question.use(potency)
        given = "dry" if _says_dry(question, potency) else "as-received"
        parts.append(lab.dry_basis_potency(potency.value, moisture.value, given))
    return chain(parts)


def _distinct(found: list[Quantity]) -> list[Quantity]:
    seen: dict[tuple[str | None, float], Quantity] = {}
    for q in found:
        seen.setdefault((q.cannabinoid, q.value), q)
    return list(seen.values())


def _says_dry(question: Question, potency: Quantity) -> bool:
    before = question.text[max(0, potency.start - 30) : potency.start]
    after = question.text[potency.end : potency.end + 25]
    near = re.split(r"[.;,]", before)[-1] + " " + re.split(r"[.;,]", after)[0]
    return bool(re.search(r"dry", near, re.IGNORECASE)) and not re.search(
        r"as[- ]?received|wet", near, re.IGNORECASE
    )


_MEASURED = (
    r"came\s+back|tested|tests?\s+at|test\s+result|lab\s+(?:says|said|shows?|result|got)|"
    r"measured|actual|\bavg\b|average|results?\s+(?:was|were|is|of)|potency\s+came"
)


def label_check(question: Question) -> Calculation | None:
    """The lab's mg per piece against the label claim, per piece and for the package."""
    if not question.says(r"label|claim|contains|says|stated|advertised") or not question.says(
        _MEASURED
    ):
        return None
    masses = [
        q
        for q in question.find("mass", unit="mg")
        if q.per in (None, "piece", "serving", "package")
    ]
    measured = [q for q in masses if _near_measured(question, q) and q.per != "package"]
    claims = [q for q in masses if q not in measured]
    if not measured or not claims:
        return None
    claim = one(question, claims[:1], "the label claim")
    result = one(question, measured[:1], "the lab's result")
    assert claim is not None and result is not None
    counts = piece_counts(question)
    count = one(question, counts[:1], "the pieces per package") if counts else None
    tolerances = question.find("percent", tags=("tolerance",))
    tolerance = one(question, tolerances[:1], "the allowed variance") if tolerances else None
    claim_mg, note = claim.value, None
    if claim.per == "package":
        # "100 mg/package, 10 pieces": the label's claim for one piece is its share.
        if count is None and result.per != "piece":
            # "labelled 100 mg per package, tested 93 mg": both figures are the package's,
            # so the signed variance needs no count of pieces
            return variance_from_label(claim.value, result.value, "mg per package")
        if count is None:
            raise ask(question, needs.PACKAGE_PIECES)
        claim_mg = claim.value / count.value
        note = (
            f"the label's {claim.text} over {fmt(count.value)} pieces is {fmt(claim_mg, 4)} mg "
            "a piece"
        )
    # "how far off is it?": how far off leads, in % of the label (what the states' rules
    # judge) with the mg beside it, or in mg when mg are asked; else the share of the label.
    # With a tolerance given the verdict leads, and "variance" there names the tolerance.
    checked = lab.label_check(
        claim_mg,
        result.value,
        count.value if count else None,
        tolerance.value if tolerance else None,
        deviation_asked(question) if question.says(ASKS_DEVIATION) and not tolerance else None,
    )
    return with_assumption(checked, note) if note else checked


def _near_measured(question: Question, quantity: Quantity) -> bool:
    before = re.split(r"[.;,]", question.text[max(0, quantity.start - 40) : quantity.start])[-1]
    after = re.split(r"[.;,]", question.text[quantity.end : quantity.end + 20])[0]
    # "8.3 mg tested", but not "labeled 10 mg came back at 8.3 mg": there the words name
    # the number after them.
    names_this = re.search(
        rf"(?:{_MEASURED})(?!\s*(?:at|as|to|with|:)?\s*~?\d)", after, re.IGNORECASE
    )
    return bool(re.search(_MEASURED, before, re.IGNORECASE) or names_this)


_UNCERTAINTY = r"\buncertainty\b|\bmu\b|measurement\s+of\s+uncertainty"


def hemp_uncertainty(question: Question) -> Calculation | None:
    """A hemp THC result with the lab's measurement of uncertainty, against 7 CFR 990.1."""
    if not question.says(_UNCERTAINTY) or not about_hemp_lot(question):
        return None
    percents = question.find("percent")
    # "+/- 0.06", "uncertainty 0.02": a bare number there is the MU, in the result's %.
    bounds = [
        q
        for q in (*percents, *question.find("number"))
        if "tolerance" in q.tags or _after_plus_minus(question, q)
    ]
    results = [q for q in percents if q not in bounds]
    if not results:
        raise ask(question, needs.LAB_RESULT)
    if not bounds:
        raise ask(question, needs.UNCERTAINTY)
    result = one(question, results[-1:], "the THC result")
    mu = one(question, bounds[-1:], "the measurement of uncertainty")
    assert result is not None and mu is not None
    return lab.hemp_with_uncertainty(result.value, mu.value)


def about_hemp_lot(question: Question) -> bool:
    """A hemp compliance question: hemp, USDA, a lot or crop to pass."""
    return question.says(r"\bhemp\b|\busda\b|\blot\b|\bcrop\b|\bcompliant|\bpass|\bok\b|0\.3\s*%")


def _after_plus_minus(question: Question, quantity: Quantity) -> bool:
    return bool(
        re.search(
            r"(?:\+/-|\+-|±|plus\s+or\s+minus|uncertainty|\bmu\b)\s*(?:of|is|=|:)?\s*"
            r"(?:\+/-|\+-|±)?\s*$",
            question.text[: quantity.start],
            re.IGNORECASE,
        )
    )
