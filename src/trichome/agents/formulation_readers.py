"""Readers for the formulation calculations: infusion and dose per piece, servings against
state caps, scaling a recipe and a share by weight (kitchen infusions are read in
`kitchen_readers`, tinctures in `tincture_readers`, dilution, blending and terpenes in
`mixing_readers`)."""

from __future__ import annotations

import re

from trichome.agents import calculators, units
from trichome.agents import formulation_calculators as formulation
from trichome.agents import potency_calculators as potency
from trichome.agents.calculation_questions import (
    ASKS,
    CONCENTRATE,
    NOT_POTENCY,
    Question,
    ask,
    loss_percent,
    one,
    piece_counts,
    potency_readings,
)
from trichome.agents.calculators import (
    Calculation,
)
from trichome.agents.quantities import PIECES


def infusion_or_dose(question: Question) -> Calculation | None:
    """Concentrate for N pieces at X mg, or mg per piece from a mass of concentrate."""
    counts = piece_counts(question)
    per_piece = question.find("mass", unit="mg", per=("piece", "serving"))
    if not per_piece and counts:
        per_piece = [
            q
            for q in question.find("mass", unit="mg")
            if q.per is None
            and re.match(
                r"\s*(?:thc\s+)?(?:gumm|piece|cookie|choc|caps|tab|serving|mint|"
                r"chew|bar|brownie|dose|softgel|lozenge|drink|shot|each)",
                question.text[q.end : q.end + 20],
                re.IGNORECASE,
            )
        ]
        if not per_piece:
            per_piece = [
                q
                for q in question.find("mass", unit="mg")
                if q.per is None
                and re.search(
                    r"(?:\b(?:at|of|with|dosed\s+at)|@)\s*$",
                    question.text[max(0, q.start - 12) : q.start],
                )
            ]
    potencies = potency_readings(question)
    acid_potency = question.find("percent", cannabinoids=("THCA",), without=NOT_POTENCY)
    wants_amount = question.says(
        r"how\s+much\s+(?!thc\b)|how\s+many\s+(?:grams|g\b|ml|mls|kilos|oz)|"
        r"\bneed\b|require|weigh\s+out|what\s+amount|amount\s+of|"
        r"(?:grams|g)\s+of\s+(?:distillate|concentrate|oil|isolate)"
    )
    concentrate = [
        q for q in question.find("mass") if q.unit != "mg" or (q.per is None and q not in per_piece)
    ]
    concentrate = [q for q in concentrate if q.per is None and q not in per_piece]
    if counts and per_piece and (wants_amount or not concentrate):
        count = one(question, counts[:1], "the number of pieces")
        dose = one(question, per_piece, "the dose per piece")
        assert count is not None and dose is not None
        parts = []
        if not potencies and acid_potency:
            acid = one(question, acid_potency, "the THCA potency")
            assert acid is not None
            parts.append(potency.total_cannabinoid(0, acid.value, "THC"))
            strength = parts[0].value
        else:
            found = one(question, potencies, "the concentrate's potency")
            if found is None:
                raise ask(question, "the concentrate's potency (% THC on its COA)")
            strength = found.value
        parts.append(
            formulation.infusion(count.value, dose.value, strength, loss_percent(question))
        )
        return calculators.chain(parts)
    if counts and concentrate and (potencies or acid_potency or question.says(CONCENTRATE)):
        count = one(question, counts[:1], "the number of pieces")
        mass = one(question, concentrate[:1], "the concentrate's mass")
        assert count is not None and mass is not None
        found = one(question, potencies, "the concentrate's potency")
        if found is None:
            if mass.unit == "mg" and question.says(r"\bmg\s+(?:of\s+)?(?:thc|total)|thc\s+total"):
                return formulation.dose_from_total(mass.value, count.value, loss_percent(question))
            raise ask(question, "the concentrate's potency (% THC on its COA)")
        return formulation.dose_per_unit(
            found.value, mass.value, mass.unit, count.value, loss_percent(question)
        )
    if counts and not per_piece and not potencies:
        totals = [q for q in question.find("mass", unit="mg") if q.per in (None, "package")]
        if totals and question.says(
            r"each|per\s+(?:piece|gumm|cookie|unit|serving)|a\s+piece|dose"
        ):
            count = one(question, counts[:1], "the number of pieces")
            amount = one(question, totals[:1], "the THC in the batch")
            assert count is not None and amount is not None
            return formulation.dose_from_total(amount.value, count.value, loss_percent(question))
    if (
        not counts
        and per_piece
        and concentrate
        and potencies
        and question.says(r"how\s+many\b|\bhow\s+much\s+(?:product|gumm|piece)")
    ):
        # "how many 10 mg gummies can I make with 5 g of 90% distillate?"
        dose = one(question, per_piece, "the dose per piece")
        mass = one(question, concentrate[:1], "the concentrate's mass")
        found = one(question, potencies, "the concentrate's potency")
        assert dose is not None and mass is not None and found is not None
        return formulation.pieces_from_concentrate(
            mass.value, mass.unit, found.value, dose.value, loss_percent(question)
        )
    if counts and per_piece and wants_amount is False and not potencies:
        return None
    if wants_amount and per_piece and potencies and not counts:
        raise ask(question, "how many pieces you are making")
    if wants_amount and counts and potencies and not per_piece and question.says(CONCENTRATE):
        raise ask(question, "the dose you want in each piece (mg)")
    edible = [q for q in counts if re.fullmatch(PIECES, q.noun or "", re.IGNORECASE)]
    if (
        edible
        and not per_piece
        and not concentrate
        and not potencies
        and question.says(rf"\beach\b|\bper\s+(?:{PIECES})\b|\ba\s+piece\b|\bdose\b")
        and question.says(r"how\s+(?:much|many|strong)|what(?:'s|s|\s+is)\s+the\s+dose")
        and not question.says(r"\bmax|\blimit|\bcap\b|allowed|legal|\blaw|\brule|regulat")
    ):
        # "24 brownies, how much THC in each?": nothing says what went into them.
        raise ask(
            question,
            "how much THC went into the batch (mg), or the mass and potency of the flower or "
            "concentrate that went in",
        )
    return None


def servings(question: Question) -> Calculation | None:
    """Servings in a package, checked against the state's caps from the packs."""
    package = question.find("mass", unit="mg", per=("package",))
    serving = question.find("mass", unit="mg", per=("serving", "piece"))
    counts = piece_counts(question)
    if not package and question.says(r"how\s+many\s+(?:[\d.]+\s*mg\s+)?(?:servings|doses)"):
        # "how many 10mg servings in a 100mg bar": the bar (or bag, jar) is the package.
        held = [
            q
            for q in question.find("mass", unit="mg", per=(None, "serving", "piece"))
            if re.search(r"\b(?:in|from|of)\s+(?:a|an|the|one|my|our|each|1)?\s*$",
                         question.text[max(0, q.start - 14) : q.start])
        ]  # fmt: skip
        amounts = question.find("mass", unit="mg", per=(None, "serving", "piece"))
        if held:
            package = held[:1]
            serving = [q for q in serving if q not in held] or [
                q for q in question.find("mass", unit="mg", per=(None,)) if q not in held
            ]
        elif len({q.value for q in amounts}) == 2:
            # "a 200mg chocolate bar where each square is 5mg": a serving is the smaller.
            package = [max(amounts, key=lambda q: q.value)]
            serving = [min(amounts, key=lambda q: q.value)]
    if (
        not package
        and serving
        and counts
        and question.says(
            r"\b(?:limit|cap|legal|compliant|allowed|ok|okay|pass|too\s+strong|over)\b"
        )
    ):
        count = one(question, counts[:1], "the number of pieces")
        dose = one(question, serving, "the dose per piece")
        assert count is not None and dose is not None
        package_mg = count.value * dose.value
        limits = question.limits_for(question.state) if question.state else None
        return formulation.servings_check(package_mg, dose.value, limits)
    if not package or not (serving or question.says(r"serving")):
        if package and question.says(r"servings?") and question.says(ASKS):
            raise ask(question, "the THC per serving (mg)")
        return None
    if not serving:
        raise ask(question, "the THC per serving (mg)")
    total_mg = one(question, package, "the THC in the package")
    dose = one(question, serving, "the THC per serving")
    assert total_mg is not None and dose is not None
    limits = question.limits_for(question.state) if question.state else None
    return formulation.servings_check(total_mg.value, dose.value, limits)


def scaling(question: Question) -> Calculation | None:
    """Every ingredient of a recipe scaled by a factor or from one batch size to another."""
    if not question.says(r"\b(?:scale|scaling|multiply|double|triple|quadruple)\b"):
        return None
    counts = re.search(r"from\s+([\d.]+)\s+(?:\w+\s+)?to\s+([\d.]+)", question.text, re.IGNORECASE)
    factor: float | None = None
    if counts is not None:
        factor = float(counts.group(2)) / calculators.positive(
            "the starting batch size", float(counts.group(1))
        )
    elif question.says(r"\bdouble\b"):
        factor = 2.0
    elif question.says(r"\btriple\b"):
        factor = 3.0
    elif question.says(r"\bquadruple\b"):
        factor = 4.0
    else:
        factors = question.find("factor")
        by = re.search(r"(?:by|x)\s*([\d.]+)\b", question.text, re.IGNORECASE)
        factor = factors[0].value if factors else float(by.group(1)) if by else None
    ingredients = [
        (m.group(3).strip(), float(m.group(1)), units.label(m.group(2)))
        for m in re.finditer(
            r"([\d.]+)\s*(mg|g|kg|grams?|ml|l|oz|lbs?|cups?|tbsp|tsp)\s+(?:of\s+)?([a-z][a-z\s%-]{1,40}?)(?=,|;|\band\b|\.|\s+(?:from|by|to|for)\b|$)",
            question.text,
            re.IGNORECASE,
        )
    ]
    if factor is None or not ingredients:
        return None
    question.use(*[q for q in question.quantities if q.kind in ("mass", "volume")])
    return formulation.scale_batch(ingredients, factor)


def share_by_weight(question: Question) -> Calculation | None:
    """What percent one mass is of another."""
    match = re.search(
        r"(?:what|which)\s+(?:percent|percentage|%)[^\d]*([\d.]+)\s*(mg|g|kg|grams?|oz)[^\d]*?"
        r"(?:of|in|out\s+of)\s+([\d.]+)\s*(mg|g|kg|grams?|oz)",
        question.text,
        re.IGNORECASE,
    )
    if match is None:
        return None
    question.use(*[q for q in question.quantities if q.kind == "mass"][:2])
    return formulation.percent_by_weight(
        float(match.group(1)), match.group(2), float(match.group(3)), match.group(4)
    )
