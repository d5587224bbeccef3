"""Recognising a calculation asked in plain language, across a conversation, and writing
the answer that shows its work.

"how much 85% distillate for 200 gummies at 10 mg?" becomes a call of the infusion
calculator with its numbers; "what if it tests at 92%?" on the next turn reruns it with the
new potency. A question with a missing, contradictory or impossible input gets a question
or an explanation and no number; a question with no calculation in it is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from trichome.agents.calculation_intents import first_calculation
from trichome.agents.calculation_questions import Question
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    MissingInput,
    StateEdibleLimits,
    fmt,
)
from trichome.agents.cannabinoids import cannabinoid_mentions
from trichome.agents.normalising import normalise
from trichome.agents.quantities import Quantity, read

# How many earlier user turns a follow-up may reach back to.
FOLLOW_UP_REACH = 3
# A turn this short that reads as a follow-up ("what if THCA is 25%?") updates the earlier
# calculation even when it could be worked out on its own.
FOLLOW_UP_WORDS = 12
_ROLES = frozenset({"loss", "efficiency", "moisture", "terpene", "tolerance", "dropper"})
_FOLLOW_UP = re.compile(
    r"^\s*(?:and\s+|but\s+|ok(?:ay)?,?\s+|so\s+)?(?:what\s+(?:if|about|abt)|how\s+about|same\s+"
    r"(?:thing|but|with|for)|now\s+(?:with|at|for)|instead|redo|again|and\s+(?:at|with|for|if)|"
    r"at\s+\d|with\s+\d|if\s+(?:it|i|we|the)|make\s+it|change|say\s+it|suppose|it'?s\s+\d|it\s+is"
    r"|\d)",
    re.IGNORECASE,
)


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


def recognise(
    text: str,
    state: str | None = None,
    limits_for: Callable[[str], StateEdibleLimits | None] = lambda _: None,
) -> RecognisedCalculation | None:
    """The calculation a question asks for, if it asks for one."""
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
    if ranges:
        return _over_range(normalised, quantities, ranges[0], state, limits_for)
    question = Question(normalised, quantities, state, limits_for)
    return _attempt(question)


def _attempt(question: Question) -> RecognisedCalculation | None:
    try:
        found = first_calculation(question)
    except MissingInput as missing:
        return RecognisedCalculation(None, str(missing), asks=True, read=_read(question))
    except CalculationError as error:
        return RecognisedCalculation(None, str(error), read=_read(question))
    if found is None:
        return None
    return RecognisedCalculation(found, read=_read(question))


def _read(question: Question) -> tuple[str, ...]:
    used = question.used or [q for q in question.quantities if q.kind != "other"]
    return tuple(dict.fromkeys(q.text for q in sorted(used, key=lambda q: q.start)))


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


def recognise_conversation(
    user_turns: Sequence[str],
    state: str | None = None,
    limits_for: Callable[[str], StateEdibleLimits | None] = lambda _: None,
) -> RecognisedCalculation | None:
    """The calculation the latest user turn asks for, reusing an earlier turn's inputs when
    the latest is a follow-up ("what if it tests at 92%?")."""
    if not user_turns:
        return None
    latest = user_turns[-1]
    alone = recognise(latest, state, limits_for)
    update = normalise(latest)
    short = len(update.split()) <= FOLLOW_UP_WORDS
    short_follow_up = bool(_FOLLOW_UP.search(update)) and short
    if alone is not None and alone.calculation is not None and not short_follow_up:
        return alone
    if alone is not None and alone.calculation is None and not alone.asks:
        return alone  # an impossible number in the latest turn is refused as it stands
    has_numbers = any(q.kind != "other" for q in read(update))
    if alone is None and not (_FOLLOW_UP.search(update) or (short and has_numbers)):
        return None
    for earlier in reversed(user_turns[-1 - FOLLOW_UP_REACH : -1]):
        previous = normalise(earlier)
        if recognise(previous, state, limits_for) is None:
            continue
        merged = merge_follow_up(previous, update)
        again = recognise(merged, state, limits_for)
        if again is not None and (again.calculation is not None or alone is None):
            return again
        break
    if alone is not None:
        return alone
    return alone


def merge_follow_up(previous: str, update: str) -> str:
    """The earlier question with the follow-up's quantities put in place of the ones they
    replace (same kind, same cannabinoid, same role); new ones are added at the end."""
    earlier = read(previous)
    merged = previous
    shift = 0
    appended: list[Quantity] = []
    taken: set[int] = set()
    named = list(dict.fromkeys(cannabinoid_mentions(update)))
    for new in read(update):
        if new.kind == "other" and not any(
            q.kind == "other" and _family(q.unit) == _family(new.unit) for q in earlier
        ):
            continue  # "for 40 minutes" replaces nothing and needs no place
        if new.cannabinoid is None and new.kind == "percent" and len(named) == 1:
            new = replace(new, cannabinoid=named[0])  # "what if the THCA comes back 26%?"
        match = _counterpart(new, earlier, update, taken)
        if match is None:
            appended.append(new)
            continue
        taken.add(match.start)
        replacement = _replacement(new, match)
        start, end = match.start + shift, match.end + shift
        merged = merged[:start] + replacement + merged[end:]
        shift += len(replacement) - (match.end - match.start)
    if appended:
        merged = f"{merged.rstrip()} {update.strip()}"
    return merged


def _counterpart(new: Quantity, earlier: list[Quantity], update: str, taken: set[int]
                 ) -> Quantity | None:  # fmt: skip
    candidates = [
        q for q in earlier
        if q.start not in taken and q.kind == new.kind
        and (new.kind != "other" or _family(q.unit) == _family(new.unit))
        and (q.tags & _ROLES) == (new.tags & _ROLES)
        and (new.kind != "mass" or _same_scale(q.unit, new.unit))
        and (new.cannabinoid is None or q.cannabinoid == new.cannabinoid)
        and (new.per is None or q.per in (None, new.per))
    ]  # fmt: skip
    if len(candidates) > 1:
        roles = [q for q in candidates if q.tags == new.tags]
        candidates = roles or candidates
    if len(candidates) > 1 and new.cannabinoid is None:
        plain = [q for q in candidates if q.cannabinoid in (None, "THC")]
        candidates = plain or candidates
    if len(candidates) > 1 and re.search(r"\btarget|to\s+\d|down\s+to", update, re.IGNORECASE):
        candidates = candidates[-1:]
    return candidates[0] if candidates else None


def _family(unit: str) -> str:
    """Units of one measure ("hrs" and "hours", "°F" and "C") for matching a follow-up."""
    written = unit.replace("°", "").replace(" ", "").lower()
    if written in ("c", "f", "degrees", "degree", "deg"):
        return "temperature"
    if written in ("h", "hr", "hrs", "hour", "hours"):
        return "hours"
    return written


def _same_scale(old: str, new: str) -> bool:
    small = {"mg"}
    return (old in small) == (new in small)


def _replacement(new: Quantity, old: Quantity) -> str:
    # A count's text names its noun ("500 gummies") but its span is the number alone.
    return new.text.split()[0] if new.kind == "count" else new.text


def describe(recognised: RecognisedCalculation) -> str:
    """The answer: result and verdict first, then inputs, formula, working and assumptions;
    or the question or explanation when no number can be given."""
    if recognised.calculation is None:
        seen = f"\n\nWhat I read: {', '.join(recognised.read)}." if recognised.read else ""
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
