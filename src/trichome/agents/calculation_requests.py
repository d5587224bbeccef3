"""Recognising a calculation asked in one question, and writing the answer that shows its
work.

"how much 85% distillate for 200 gummies at 10 mg?" becomes a call of the infusion
calculator with its numbers. A question with a missing, contradictory or impossible input
gets a question or an explanation and no number; a question with no calculation in it is
left alone. Follow-ups across a conversation ("what if it tests at 92%?") are merged into
the earlier question by `calculation_conversations`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from trichome.agents import units
from trichome.agents.alternative_inputs import (
    disagreeing_sources,
    unsure_alternatives,
    which_one,
)
from trichome.agents.asked_aspects import asked_aspects
from trichome.agents.asked_units import in_asked_unit
from trichome.agents.calculation_intents import first_calculation
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    MissingInput,
    StateEdibleLimits,
    fmt,
)
from trichome.agents.coa_tables import coa_table
from trichome.agents.daily_doses import for_the_day
from trichome.agents.definitions_asked import defined_term
from trichome.agents.normalising import normalise
from trichome.agents.portions_taken import taken
from trichome.agents.pound_readings import with_both_pounds
from trichome.agents.quantities import Quantity, read
from trichome.agents.range_ends import range_end
from trichome.agents.rule_applications import applies_a_rule
from trichome.agents.stated_totals import stated_totals


@dataclass(frozen=True, slots=True)
class RecognisedCalculation:
    """A calculation found in a question: its result, or why no number was given.

    `refusal` explains an impossible input; with `asks` set it is instead the question to
    put to the user for a missing or contradictory input. `read` lists the quantities as
    they were read from the question, so a misreading shows.
    """

    calculation: Calculation | None
    refusal: str | None = None
    asks: bool = False
    read: tuple[str, ...] = ()
    unused: tuple[str, ...] = ()  # inputs given that the calculation could not use
    carried: tuple[str, ...] = ()  # inputs taken from earlier messages of the conversation
    changed: tuple[str, ...] = ()  # inputs this message changed ("24 brownies → 36 brownies")
    spans: tuple[tuple[int, int], ...] = ()  # where the used inputs sit in the question read
    missing: tuple[str, ...] = ()  # the inputs asked for (`missing_inputs` keys), as data


# "what does X mean / stand for", "define X": a definition asked in so many words.
_MEANING = re.compile(r"\b(?:mean|means|stand for|stands for|define|meaning of)\b", re.IGNORECASE)
# A figure asked beside a time of effect: "how much thc is that and when will it kick in".
_FIGURE_ASKED = re.compile(
    r"\bhow (?:much|many|strong)\b|\btotal\b|\bwhat(?:'s| is) (?:my|the|that) dose\b|\bmg\s*\?",
    re.IGNORECASE,
)


def recognise(
    text: str,
    state: str | None = None,
    limits_for: Callable[[str], StateEdibleLimits | None] = lambda _: None,
) -> RecognisedCalculation | None:
    """The calculation a question asks for, if it asks for one."""
    if defined_term(text) is not None and _MEANING.search(text) and not re.search(r"\d", text):
        return None  # "what does 'total thc' mean on a coa?" asks a definition, not a sum
    if any(a.name == "onset" for a in asked_aspects(text)) and not _FIGURE_ASKED.search(text):
        return None  # "took 2 gummies at 10mg, when will it kick in?" asks a time, not a sum
    normalised = normalise(text)
    quantities = read(normalised)
    ranges = [q for q in quantities if q.is_range]
    if len(ranges) > 1:
        return RecognisedCalculation(
            None,
            "You gave more than one range (" + ", ".join(q.text for q in ranges) + "). Give "
            "one of them as a single number and I'll work out the range of the result.",
            asks=True,
        )
    end = range_end(normalised) if len(ranges) == 1 else None
    if end is not None:  # "5-10 mg, at the high end": the range's end named is the input
        spread = ranges[0]
        assert spread.high is not None
        value = spread.high if end == "high" else spread.value
        quantities = [q.at(value) if q is spread else q for q in quantities]
        ranges = []
    if ranges:
        return _over_range(normalised, quantities, ranges[0], state, limits_for)
    if applies_a_rule(normalised, quantities):
        return None  # "can 2g of live resin go out in one unit?": the rule's fact answers
    outcome = _attempt(Question(normalised, quantities, state, limits_for))
    if outcome is None or outcome.calculation is None:
        return outcome

    def read_normalised(other: str) -> Calculation | None:
        again = _attempt(Question(other, read(other), state, limits_for))
        return again.calculation if again is not None else None

    def read_raw(other: str) -> Calculation | None:
        again = recognise(other, state, limits_for)
        return again.calculation if again is not None else None

    both = with_both_pounds(outcome.calculation, text, normalised, read_normalised, read_raw)
    return replace(outcome, calculation=both)


def _attempt(question: Question) -> RecognisedCalculation | None:
    try:
        found = first_calculation(question)
        if found is not None:  # "i ate 6 of them": the pieces taken
            found = taken(found, question.text, question.find("count", "number"))
    except MissingInput as missing:
        return RecognisedCalculation(
            None,
            str(missing),
            asks=True,
            read=_read(question),
            spans=_spans(question),
            missing=missing.inputs,
        )
    except CalculationError as error:
        return RecognisedCalculation(None, str(error), read=_read(question), spans=_spans(question))
    if found is None:
        return None
    unsure = unsure_alternatives(question.text, question.quantities) or disagreeing_sources(
        question.text, question.quantities, question.used
    )
    if unsure is not None:  # "100 gummies, or was it 120?": which one holds, asked first
        return RecognisedCalculation(
            None, which_one(unsure), asks=True, read=_read(question), spans=_spans(question)
        )
    stated = stated_totals(question.quantities, question.used, found)
    if stated:  # a printed total beside its forms: checked, not unused
        notes = " ".join(s.note for s in stated)
        found = replace(found, verdict=f"{found.verdict} {notes}" if found.verdict else notes)
    checked = {_shown(s.quantity) for s in stated}
    return RecognisedCalculation(
        in_asked_unit(for_the_day(found, question.text), question.text),
        read=_read(question),
        unused=tuple(u for u in _unused(question) if u not in checked),
        spans=_spans(question),
    )


def _read(question: Question) -> tuple[str, ...]:
    used = question.used or [q for q in question.quantities if q.kind != "other"]
    return tuple(dict.fromkeys(q.text for q in sorted(used, key=lambda q: q.start)))


def _spans(question: Question) -> tuple[tuple[int, int], ...]:
    used = question.used or [q for q in question.quantities if q.kind != "other"]
    return tuple(sorted({(q.start, q.end) for q in used}))


def _unused(question: Question) -> tuple[str, ...]:
    """The numbers the user gave that the calculation did not use (a restatement of a used
    one, "an eighth (3.5 g)", counts as used; bare numbers with no unit are not inputs)."""
    used = question.used
    rows = coa_table(question.text)
    given = [
        *(q for q in question.quantities if not any(r.start <= q.start < r.end for r in rows)),
        *rows,  # a pasted COA's row is one input ("CBG 0.90%"), not its LOD and LOQ cells
    ]
    left = [
        q
        for q in given
        if q.kind != "number"
        and not (q.kind == "count" and q.value == 1)  # "each one dose", "a gummy"
        and not any(u.start < q.end and q.start < u.end for u in used)
        and not any(_same_amount(u, q) for u in used)
    ]
    return tuple(dict.fromkeys(_shown(q) for q in sorted(left, key=lambda q: q.start)))


def _shown(quantity: Quantity) -> str:
    if "coa" in quantity.tags:
        return f"{quantity.cannabinoid} {fmt(quantity.value, 4)} {quantity.unit}"
    return quantity.text


def _same_amount(used: Quantity, other: Quantity) -> bool:
    if used.kind != other.kind:
        return False
    if used.kind in ("mass", "volume"):
        try:
            return math.isclose(
                units.convert(used.value, used.unit, "g" if used.kind == "mass" else "ml"),
                units.convert(other.value, other.unit, "g" if used.kind == "mass" else "ml"),
                rel_tol=0.02,
            )
        except ValueError:
            return False
    return math.isclose(used.value, other.value) and used.unit == other.unit


def _over_range(
    text: str,
    quantities: list[Quantity],
    spread: Quantity,
    state: str | None,
    limits_for: Callable[[str], StateEdibleLimits | None],
) -> RecognisedCalculation | None:
    """A calculation with one input given as a range: worked at both ends."""
    assert spread.high is not None
    ends = []
    for value in (spread.value, spread.high):
        swapped = [q.at(value) if q is spread else q for q in quantities]
        outcome = _attempt(Question(text, swapped, state, limits_for))
        if outcome is None or outcome.calculation is None:
            return outcome
        ends.append(outcome)
    low, high = sorted(ends, key=lambda e: e.calculation.value if e.calculation else 0)
    assert low.calculation is not None and high.calculation is not None
    first, second = low.calculation, high.calculation
    summary = (
        f"With {spread.text}, the result runs from {fmt(first.value, 4)} to "
        f"{fmt(second.value, 4)} {first.unit}. At the low end: {first.summary} At the high "
        f"end: {second.summary}"
    )
    merged = replace(
        first,
        summary=summary,
        steps=(
            f"at {fmt(spread.value, 4)}:",
            *(f"   {s}" for s in ends[0].calculation.steps),  # type: ignore[union-attr]
            f"at {fmt(spread.high, 4)}:",
            *(f"   {s}" for s in ends[1].calculation.steps),  # type: ignore[union-attr]
        ),
        details={**first.details, "low": first.value, "high": second.value},
        inputs=(*first.inputs, f"range: {spread.text}"),
        verdict=" / ".join(dict.fromkeys(v for v in (first.verdict, second.verdict) if v)) or None,
    )
    return RecognisedCalculation(merged, read=low.read)


def describe(recognised: RecognisedCalculation) -> str:
    """The answer: result and verdict first, then inputs, formula, working and assumptions;
    or the question or explanation when no number can be given."""
    if recognised.calculation is None:
        seen = f"\n\nWhat I read: {', '.join(recognised.read)}." if recognised.read else ""
        if recognised.carried:
            seen += " From your earlier messages: " + ", ".join(recognised.carried) + "."
        if recognised.asks:
            return f"{recognised.refusal}{seen}"
        return (
            f"I can't calculate that: {recognised.refusal}. Send the numbers again and I'll "
            f"work it out.{seen}"
        )
    calculation = recognised.calculation
    lead = calculation.summary
    if calculation.verdict and calculation.verdict not in lead:
        lead = f"{lead}\n{calculation.verdict}"
    parts = [lead]
    if calculation.inputs:
        heading = "Inputs"
        if recognised.read:
            heading += " (read from " + ", ".join(f"“{r}”" for r in recognised.read) + ")"
        parts.append(f"{heading}:\n" + "\n".join(f"- {i}" for i in calculation.inputs))
    conversation = []
    if recognised.carried:
        conversation.append(
            "from your earlier messages: " + ", ".join(f"“{c}”" for c in recognised.carried)
        )
    if recognised.changed:
        conversation.append("changed in this one: " + ", ".join(recognised.changed))
    if conversation:
        parts.append("Carried over: " + "; ".join(conversation) + ".")
    if recognised.unused:
        them = len(recognised.unused) > 1
        parts.append(
            "Not used: " + ", ".join(f"“{u}”" for u in recognised.unused) + ". This "
            f"calculation has no place for {'them' if them else 'it'}; if "
            f"{'they' if them else 'it'} should change the result, tell me how."
        )
    if calculation.formula:
        parts.append(f"Formula: {calculation.formula}")
    parts.append(
        "Working:\n" + "\n".join(f"{n}. {step}" for n, step in enumerate(calculation.steps, 1))
    )
    if calculation.assumptions:
        parts.append("Assumptions:\n" + "\n".join(f"- {a}" for a in calculation.assumptions))
    if calculation.warnings:
        parts.append("Watch out: " + "; ".join(calculation.warnings) + ".")
    return "\n\n".join(parts)
