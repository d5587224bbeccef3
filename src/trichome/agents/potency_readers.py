"""Readers for total THC and CBD (with the hemp verdict), and the cannabinoid recovered when
the tested material is extracted; THC in a product of a given mass is read in
`product_contents`, a label's variance window in `variance_readers`."""

from __future__ import annotations

import re

from trichome.agents import calculators
from trichome.agents import formulation_calculators as formulation
from trichome.agents import lab_calculators as lab
from trichome.agents import potency_calculators as potency
from trichome.agents.asked_units import to_unit
from trichome.agents.calculation_questions import (
    Question,
    about_hemp,
    ask,
    efficiency_percent,
    lost_share,
    one,
    piece_counts,
    with_assumption,
)
from trichome.agents.calculators import Calculation
from trichome.agents.coa_tables import coa_table
from trichome.agents.missing_inputs import DELTA9, THCA
from trichome.agents.potency_calculators import HEMP_LIMIT
from trichome.agents.product_contents import product_mass
from trichome.agents.quantities import Quantity
from trichome.agents.unit_words import PIECES


def total(question: Question) -> Calculation | None:
    """Total THC (and CBD) from a COA's values, with the hemp verdict; chained to a mass."""
    table = coa_table(question.text)
    values: dict[str, list[Quantity]] = {}
    loose = [
        q
        for q in question.find("percent", "concentration")
        if not any(row.start <= q.start < row.end for row in table)
    ]
    for q in (*table, *loose):
        if q.cannabinoid and (
            (q.kind == "concentration" and q.unit == "mg/g") or q.kind == "percent"
        ):
            if q.tags & {"loss", "efficiency", "terpene", "target", "limit"}:
                continue
            values.setdefault(q.cannabinoid, []).append(q)
    for form in ("THC", "CBD", "CBG"):
        if values.get(f"{form}A") and any(not q.total for q in values.get(form, [])):
            # "THCA 33.1%, delta-9 0.5%; the cap is 30% total THC": a total named beside the
            # acid is the cap or the claim it is checked against, not the neutral reading.
            values[form] = [q for q in values.get(form, []) if not q.total]
    parts: list[Calculation] = []
    # CBG only when the COA gives no THCA or CBDA: a total THC question on a full COA is not
    # answered with its CBG.
    names = ("THC", "CBD") if values.get("THCA") or values.get("CBDA") else ("CBG",)
    if "CBG" not in names and values.get("CBGA") and _total_named(question) == "cbg":
        names = (*names, "CBG")  # "total cbg on that" of a full COA: its CBG asked by name
    # "CBD 68.2%, CBDa ND, total cbd?": a total of one cannabinoid whose acid was not
    # detected needs only that cannabinoid's own two results
    names = (*names, *(n for n in _ACID_NONE if n not in names and _acid_none(question, n)))
    for name in names:
        if (
            name == "THC"
            and not values.get("THC")
            and not question.says(_NOT_DETECTED)
            and _total_named(question) not in (None, "thc")
        ):  # "total cbd?" beside a THCA with no delta-9 result: the THC total is not asked
            continue
        acid = _coa_value(question, values.get(f"{name}A", []), f"{name}A")
        neutral = _coa_value(question, values.get(name, []), _neutral(name))
        acid_none = acid is None and neutral is not None and _acid_none(question, name)
        if acid is None and not acid_none:
            continue
        basis_of = acid if acid is not None else neutral
        assert basis_of is not None
        basis = "%" if basis_of.kind == "percent" else "mg/g"
        neutral_value = 0.0
        assumption = None
        if neutral is not None:
            neutral_value = (
                neutral.value if neutral.kind == basis_of.kind else _convert_basis(neutral, basis)
            )
        elif name == "THC" and not question.says(_NOT_DETECTED):
            # THCA alone: the delta-9 result is unknown, never silently 0
            raise ask(question, DELTA9)
        elif name == "THC":
            assumption = "delta-9 THC was reported as not detected (ND), so it is counted as 0"
        else:
            assumption = (
                f"no {_neutral(name)} value was given, so it is counted as 0; "
                f"send it if the COA lists one"
            )
        limit = HEMP_LIMIT if name == "THC" and about_hemp(question) else None
        if acid is None:
            question.use(neutral)
            assumption = f"{name}A was reported as not detected (ND), so it is counted as 0"
        acid_value = acid.value if acid is not None else 0.0
        result = potency.total_cannabinoid(neutral_value, acid_value, name, basis, limit)
        if assumption:
            result = with_assumption(result, assumption)
        if basis == "mg/g" and (
            limit is not None or _limit_in_percent(question) or question.says(_PERCENT_ASKED)
        ):
            # "thca 3.1 mg/g ... compliant at 0.3%?", "is it over 30%?", "hot or not (0.3%
            # total thc)": the total compared, in the limit's unit (the hemp limit is in %);
            # "total thc as a percent": in the unit asked
            result = to_unit(result, "%")
            question.use(*[q for q in question.find("percent") if "limit" in q.tags])
        parts.append(result)
    if not parts:
        if any(q.total for q in values.get("THC", [])) and not values.get("THCA"):
            return None  # "26% total THC flower": the total is given, a potency to use as is
        if product_mass(question) is not None and question.says(r"\bmgs?\b|milligrams"):
            return None  # "a 1 g disposable at 90% THC, total THC mg?": THC in a product
        if question.says(r"total\s+thc|\bhemp\b.*(?:compliant|pass|limit)|compliant.*hemp") and (
            values.get("THC") or values.get("CBD")
        ):
            raise ask(question, THCA)
        return None
    if piece_counts(question) and question.find("mass", unit="mg", per=("piece", "serving")):
        return None  # "200 gummies at 10 mg from 70% THCA rosin": an infusion, read there
    thc = parts[0]
    mass = product_mass(question)
    if mass is not None and question.says(r"extract|recover|process|\brun\b|yield"):
        # "and if I extract 100 kg of it at 90% efficiency, how many kg of CBD?"
        wanted = (
            "CBD"
            if question.says(r"\bcbd\b(?!a)")
            and not question.says(r"kg\s+of\s+thc|g\s+of\s+thc|\bthc\b\s*(?:is|would|will)")
            else "THC"
        )
        chosen = next((p for p in parts if p.name == f"total_{wanted.lower()}"), parts[0])
        name = chosen.name.removeprefix("total_").upper()
        question.use(mass)
        share = chosen.value if chosen.unit == "%" else chosen.value / 10
        recovered = lab.cannabinoid_recovered(
            mass.value, mass.unit, share, efficiency_percent(question), name
        )
        return calculators.chain([chosen, recovered])
    if (
        mass is not None
        and thc.name == "total_thc"
        # "mg" as in "mg/g", a column's basis, asks for no mass of THC
        and question.says(r"\bmg\b(?!\s*(?:/|per)\s*g(?:ram)?\b)|milligram|how much thc")
        and not question.says(_PERCENT_ASKED)
    ):
        as_percent = thc.value if thc.unit == "%" else thc.value / 10
        question.use(mass)
        counts = piece_counts(question)
        if counts and mass.per is None and question.says(_PIECE_DOSE_ASKED):
            # "coa on our disty ... 4g into 200 gummies, mg per gummy?": the total THC is the
            # potency of the concentrate shared among the pieces
            count = one(question, counts[:1], "the number of pieces")
            assert count is not None
            return calculators.chain(
                [
                    thc,
                    formulation.dose_per_unit(
                        as_percent, mass.value, mass.unit, count.value, lost_share(question)
                    ),
                ]
            )
        parts.append(potency.cannabinoid_in_product(mass.value, mass.unit, as_percent))
        return calculators.chain(parts)
    return calculators.chain(_asked_last(question, parts))


# "mg per gummy", "mg each", "dose per piece", "how much in each cookie": one piece's share
_PIECE_DOSE_ASKED = (
    rf"\b(?:each|apiece|per\s+(?:{PIECES})|(?:in|for)\s+(?:each|every|one|a)\s+(?:{PIECES}))\b"
)
_PERCENT_ASKED = r"\b(?:as|in|into|to)\s+(?:a\s+)?(?:%|percent|percentage)|\bwhat\s+percent"


_ACID_NONE = ("THC", "CBD", "CBG")


def _acid_none(question: Question, name: str) -> bool:
    """Whether the total of `name` is asked and its acid form was reported not detected
    ("CBDa ND", "cbda: <loq", "no CBDA")."""
    acid = rf"{name}[\s-]?a\b"
    return question.says(rf"total\s+{name}\b|\b{name}\s+total\b") and (
        question.says(rf"\b{acid}\s*(?:[:=|,]\s*)?(?:is\s+|was\s+)?(?:{_NONE_WORDS})")
        or question.says(rf"\b(?:no|zero)\s+{acid}")
    )


_NONE_WORDS = (
    r"nd\b|n/d\b|not\s+detected|none\b|non-?detect|bql\b|blq\b|<\s*lo[qd]\b|"
    r"below\s+(?:the\s+)?lo[qd]\b|0(?:\.0+)?\s*%?(?![\d.])"
)


def _limit_in_percent(question: Question) -> bool:
    """A limit stated in % ("at 0.3%", "the 0.3 percent line", "under .3% total thc"), not a
    cannabinoid's value."""
    return any(q.cannabinoid is None or "limit" in q.tags for q in question.find("percent"))


# "d9 ND", "delta-9 not detected", "d9 <LOQ", "below LOQ", "no delta-9 on it", "0 d9": a
# delta-9 result of none.
_NOT_DETECTED = (
    r"\b(?:nd|n/d|not\s+detected|none\s+detected|non-?detect|bql|blq)\b|"
    r"(?:<|\bbelow\s+(?:the\s+)?|\bunder\s+(?:the\s+)?)\s*lo[qd]\b|"
    r"\b(?:no|zero)\s+(?:delta-?9|d9|δ9)\b|\b(?:delta-?9|d9)(?:[\s-]+thc)?\s*(?:is\s+|was\s+|:\s*)?"
    r"(?:none|nothing|zero|0(?:\.0+)?\s*%?(?![\d.]))"
)


def _verdict_asked(question: Question) -> bool:
    return question.says(r"\bpass|\bfail|complian|\blegal\b|\blimit\b|\bunder\b|\bover\b|\bhot\b")


def _asked_last(question: Question, parts: list[Calculation]) -> list[Calculation]:
    """A full COA gives total THC and total CBD; the one the question asks for is the result
    (the chain's last part), the other stays in the working."""
    if len(parts) < 2:
        return parts
    wanted = f"total_{_total_named(question) or 'thc'}"
    return sorted(parts, key=lambda p: p.name == wanted)


def _total_named(question: Question) -> str | None:
    """The one total a question names ("total cbg", "CBD total"); None for none or several."""
    text = question.text.lower()
    named = {
        m.group(1) or m.group(2)
        for m in re.finditer(
            r"total\s+(thc|cbd|cbg)\b(?![\s-]?a\b)|\b(thc|cbd|cbg)\s+total\b", text
        )
        if not _total_given(text, m)
    }
    return named.pop() if len(named) == 1 else None


# "Total THC: 0.21%" (a COA's own row), "total thc is on there already", "we have the total
# thc": a total the user gives, not the one asked.
_GIVEN_VALUE = re.compile(r"\s*(?:\(?%\)?|\(?mg/g\)?)?\s*(?:[:=|\t]|\.{2,}|\s)\s*-?\.?\d")
_GIVEN_WORDS = re.compile(
    r"\b(?:already|on\s+(?:there|it|the\s+(?:coa|report|sheet|label))|listed|stated|printed|"
    r"(?:we|i)\s+(?:have|know|got)|(?:is|are)\s+(?:given|known|fine|ok))\b"
)


def _total_given(text: str, match: re.Match[str]) -> bool:
    """Whether a total named is a value given (a COA row, or said to be known already)
    rather than the total asked for."""
    if _GIVEN_VALUE.match(text, match.end()):
        return True
    start = max(text.rfind(mark, 0, match.start()) for mark in (",", ".", ";", "\n", "?"))
    ends = [i for i in (text.find(m, match.end()) for m in (",", ";", "\n", "?", ". ")) if i >= 0]
    clause = text[start + 1 : min(ends, default=len(text))]
    return bool(_GIVEN_WORDS.search(clause)) and not re.search(r"\bneed|\bwant|\?", clause)


def _neutral(name: str) -> str:
    return "delta-9 THC" if name == "THC" else name


def _coa_value(question: Question, found: list[Quantity], what: str) -> Quantity | None:
    if not found:
        return None
    percents = [q for q in found if q.kind == "percent"]
    chosen = percents or found
    return one(question, chosen, what)


def _convert_basis(quantity: Quantity, basis: str) -> float:
    return quantity.value * 10 if basis == "mg/g" else quantity.value / 10
