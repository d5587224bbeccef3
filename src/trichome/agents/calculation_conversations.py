"""Recognising a calculation across a conversation: a follow-up's numbers merged into the
earlier question they change.

"what if it tests at 92%?" on the turn after "how much 85% distillate for 200 gummies at
10 mg?" reruns the infusion calculation with the new potency, and the answer says which
inputs came from earlier messages and what this one changed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from trichome.agents import missing_inputs as needs
from trichome.agents.asked_units import asked_unit, to_unit
from trichome.agents.bare_asks import asked_by_name
from trichome.agents.calculation_requests import RecognisedCalculation, recognise
from trichome.agents.calculators import StateEdibleLimits
from trichome.agents.cannabinoids import cannabinoid_mentions
from trichome.agents.cap_questions import asks_the_cap
from trichome.agents.cap_readers import names_a_cap
from trichome.agents.conversation_references import counted_earlier, mg_of_earlier_potency
from trichome.agents.follow_up_counterparts import (
    counterpart,
    fills_a_role,
    unit_family,
    unsized_lot,
)
from trichome.agents.follow_up_words import (
    BACK_REFERENCE,
    CALCULATION_ASK,
    FOLLOW_UP,
    FOLLOW_UP_ANYWHERE,
)
from trichome.agents.normalising import normalise
from trichome.agents.ounce_statements import STANDARD_STATED, TRADE_STATED, ounce_stated
from trichome.agents.poisoning import asks_about_poisoning
from trichome.agents.quantities import Quantity, read
from trichome.agents.quantity_roles import UNSIZED_LOSS
from trichome.agents.rule_applications import applies_a_rule
from trichome.agents.terpene_readers import BASIS_NAMED

# How many earlier user turns a follow-up may reach back to.
FOLLOW_UP_REACH = 3
# A turn this short that reads as a follow-up ("what if THCA is 25%?") updates the earlier
# calculation even when it could be worked out on its own.
FOLLOW_UP_WORDS = 12


def recognise_conversation(
    user_turns: Sequence[str],
    state: str | None = None,
    limits_for: Callable[[str], StateEdibleLimits | None] = lambda _: None,
) -> RecognisedCalculation | None:
    """The calculation the latest user turn asks for, with the inputs of the earlier turns.

    Inputs given over several turns add up ("I infused 7 g of 22% flower into butter",
    then "24 brownies, how much per brownie?"), a later value replaces the one it changes
    ("what if I cut them into 36?", "what if it tests at 92%?"), and the answer says which
    inputs came from earlier messages and what this one changed. A turn that asks a new
    calculation of its own starts afresh.
    """
    if not user_turns or asks_about_poisoning(user_turns[-1]) or asks_the_cap(user_turns[-1]):
        # "my dog ate 3 of our 10 mg gummies": a vet's question; "10mg each, 10 a bag, what
        # is the federal cap?": the rule's figure; neither is a sum
        return None
    latest = user_turns[-1]
    alone = recognise(latest, state, limits_for)
    # "servings?", "mg/ml?", "MMEs?" alone ask that of the earlier amounts
    update = asked_by_name(normalise(latest)) or normalise(latest)
    short = len(update.split()) <= FOLLOW_UP_WORDS
    follows = bool(
        FOLLOW_UP.search(update)
        or FOLLOW_UP_ANYWHERE.search(update)
        or _FROM_THOSE.search(update)
        or ounce_stated(latest)
        or mg_of_earlier_potency(alone, user_turns[-1 - FOLLOW_UP_REACH : -1])
    )
    # "forgot the excise ... total with both?": the earlier figures named, at any length
    leans_back = bool(BACK_REFERENCE.search(update))
    follows = follows or leans_back
    if (
        alone is not None
        and alone.calculation is not None
        and not (follows and (short or leans_back))
    ):
        return alone
    if alone is not None and alone.calculation is None and not alone.asks:
        return alone  # an impossible number in the latest turn is refused as it stands
    inputs = [q for q in read(update) if q.kind != "number"]
    calculable = bool(inputs) or bool(CALCULATION_ASK.search(update))
    if alone is None and not (follows or (short and calculable)):
        return None
    earlier = _under_stated_ounce(user_turns[-1 - FOLLOW_UP_REACH : -1], latest)
    context = _context(earlier, state, limits_for)
    if context is None:
        return alone
    update = _bare_reply(context, update, state, limits_for)
    merge = _merge(context, update)
    if ounce_stated(latest) == "standard":
        # "use 28.35 g ounces, not 28": the merged question keeps the ounce the turn names
        merge = replace(merge, text=f"{merge.text} (the 28.35 g ounce)")
    again = recognise(merge.text, state, limits_for)
    if again is None:
        return alone
    # "and for 1 liter? (in mL)": the unit this turn asks; else the one asked earlier stands
    # ("thc in mg", then "now at 90% efficiency": still in mg)
    wanted = asked_unit(update) or asked_unit(context)
    if wanted and again.calculation is not None:
        again = replace(again, calculation=to_unit(again.calculation, wanted))
    from_update = _from_update(again, merge)
    if alone is not None and not follows and not from_update and read(update):
        return alone  # a new question of its own, not about the earlier numbers
    if again.calculation is None and alone is not None and not (follows or short):
        return alone
    written = {(q.start, q.end): q.text for q in read(merge.text)}
    carried = tuple(
        dict.fromkeys(
            written.get((start, end), merge.text[start:end].strip())
            for start, end in again.spans
            if (start, end) not in from_update
        )
    )
    changed = tuple(f"{old} → {new}" for old, new in merge.replaced if old != new)
    return replace(again, carried=carried, changed=changed)


# "240", "$240", "85", "about 1,100 bucks": a number and nothing else.
_BARE_NUMBER = re.compile(
    r"\s*(?:(?:it'?s|about|around|like|~)\s*)?\$?\s*(\d+(?:\.\d+)?)\s*(?:bucks|dollars)?\s*[.!]?\s*",
    re.IGNORECASE,
)


def _bare_reply(
    context: str,
    update: str,
    state: str | None,
    limits_for: Callable[[str], StateEdibleLimits | None],
) -> str:
    """A bare number answering the one input the earlier turn was asked for, written in that
    input's unit ("a zip per gram?" asked the price: "240" is $240)."""
    bare = _BARE_NUMBER.fullmatch(update)
    if bare is None:
        return update
    earlier = recognise(context, state, limits_for)
    if earlier is None or earlier.calculation is not None or len(earlier.missing) != 1:
        return update
    written = needs.REPLY_UNITS.get(earlier.missing[0])
    return written.format(bare.group(1)) if written else update


def _under_stated_ounce(turns: Sequence[str], latest: str) -> Sequence[str]:
    """The earlier turns read under the ounce the latest one names ("and with the 28.35 g
    ounce?", "what about the 28 g ounce instead"): their own statement of it is replaced."""
    stated = ounce_stated(latest)
    if stated is None:
        return turns
    tail = " (the 28.35 g ounce)" if stated == "standard" else " (trade oz)"
    return [TRADE_STATED.sub(" ", STANDARD_STATED.sub(" ", turn)) + tail for turn in turns]


def _context(
    turns: Sequence[str],
    state: str | None,
    limits_for: Callable[[str], StateEdibleLimits | None],
) -> str | None:
    """The earlier turns' inputs and questions as one question: each turn that adds or
    changes numbers is merged in; a turn that asks a new calculation starts afresh."""
    context: str | None = None
    for turn in turns:
        text = normalise(turn)
        numbers = [q for q in read(text) if q.kind != "number"]
        alone = recognise(text, state, limits_for)
        if context is None:
            given = numbers or alone is not None or names_a_cap(text)
            # "guy wants 30g, can we sell him that?" asks a rule of its amount: no sum to go on
            context = text if given and not applies_a_rule(text, read(text)) else None
            continue
        follows = bool(FOLLOW_UP.search(text)) and len(text.split()) <= FOLLOW_UP_WORDS
        if alone is not None and alone.calculation is not None and not follows:
            context = text  # a new calculation of its own
            continue
        if not (follows or numbers or CALCULATION_ASK.search(text)):
            continue  # "thanks!", "what is a COA?": the numbers so far still stand
        merge = _merge(context, text)
        if alone is not None and not follows and numbers:
            again = recognise(merge.text, state, limits_for)
            if again is None or not _from_update(again, merge):
                context = text  # a new question that asks for input of its own
                continue
        context = merge.text
    return context


def _from_update(recognised: RecognisedCalculation, merge: _Merged) -> list[tuple[int, int]]:
    """The inputs a calculation used that the latest turn gave (where they sit)."""
    return [
        span
        for span in recognised.spans
        if any(span[0] < end and start < span[1] for start, end in merge.update_spans)
    ]


@dataclass(frozen=True, slots=True)
class _Merged:
    text: str
    replaced: list[tuple[str, str]]  # (earlier text, new text)
    update_spans: list[tuple[int, int]]  # where the latest turn's numbers sit in `text`


def merge_follow_up(previous: str, update: str) -> str:
    """The earlier question with the follow-up's quantities put in place of the ones they
    replace (same kind, same cannabinoid, same role); new ones are added at the end."""
    return _merge(previous, update).text


_FILLER = re.compile(r"^(?:(?:ok(?:ay)?|so|now|and|but|then|cool|great)\b[\s,.!]*)+", re.IGNORECASE)


def _sized_loss(previous: str, update: str) -> str:
    """ "some stays in the press" asked how much; "about 3%" answers it: the percentage is
    the loss (written so), not a potency."""
    if not re.search(UNSIZED_LOSS, previous, re.IGNORECASE):
        return update
    if any("loss" in q.tags for q in read(previous)):
        return update
    bare = [q for q in read(update) if q.kind == "percent" and not q.tags and not q.cannabinoid]
    if len(bare) != 1:
        return update
    return f"{update[: bare[0].end]} lost{update[bare[0].end :]}"


def _merge(previous: str, update: str) -> _Merged:
    update = counted_earlier(previous, _sized_loss(previous, update))
    if _NO_LOSS.search(update):
        # "and without any loss?": the earlier loss or efficiency is dropped, not kept
        for q in sorted(read(previous), key=lambda q: -q.start):
            if q.tags & {"loss", "efficiency"}:
                previous = previous[: q.start] + previous[q.end :]
    if _FROM_THOSE.search(update):
        # "now I need 1 kg at 85% from those two": the earlier materials, new amounts
        for q in sorted(read(previous), key=lambda q: -q.start):
            if q.kind in ("mass", "volume"):
                previous = previous[: q.start] + previous[q.end :]
        offset = len(previous.rstrip()) + 1
        given = [(offset + q.start, offset + q.end) for q in read(update)]
        return _Merged(f"{previous.rstrip()} {update}", [], given)
    earlier = read(previous)
    appended: list[Quantity] = []
    taken: set[int] = set()
    replaced: list[tuple[str, str]] = []
    edits: list[tuple[int, int, str]] = []  # (start, end) in `previous`, the text put there
    named = list(dict.fromkeys(cannabinoid_mentions(update)))
    news = read(update)
    placed: list[Quantity] = []
    naming: set[int] = set()  # where a number naming a lot ("of the 70") starts
    for new in news:
        if new.start in naming:
            placed.append(new)
            continue
        lot = unsized_lot(new, earlier, update, previous)
        if lot is not None:  # "600 g of the 70" for "some of the 70%": its amount, given
            naming.add(lot[2])
            edits.append((lot[0], lot[1], new.text))
            replaced.append((previous[lot[0] : lot[1]], new.text))
            placed.append(new)
            continue
        if new.kind == "other" and not any(
            q.kind == "other" and unit_family(q.unit) == unit_family(new.unit) for q in earlier
        ):
            appended.append(new)  # "1.0 kPa", "for 40 minutes": nothing earlier to replace
            continue
        if new.cannabinoid is None and new.kind == "percent" and len(named) == 1:
            new = replace(new, cannabinoid=named[0])  # "what if the THCA comes back 26%?"
        if new.kind == "number" and len(named) == 1:
            new = _in_named_unit(new, named[0], earlier)  # "and if the d9 is actually 1.1?"
        if _ALSO.search(update[max(0, new.start - 30) : new.start]):
            appended.append(new)  # "she also wants a 7 g quarter": more, beside the earlier
            continue
        match = (
            None
            if fills_a_role(new, earlier, update, previous)
            else (counterpart(new, earlier, update, taken, previous))
        )
        if match is None:
            appended.append(new)
            continue
        taken.add(match.start)
        placed.append(new)
        replacement = _replacement(new, match)
        if _ADDED.search(update[max(0, new.start - 20) : new.start]) and new.unit == match.unit:
            # "add another 200 g of the 62%": more of the same, added to what was there
            replacement = new.text.replace(new.text.split()[0], _plain(match.value + new.value), 1)
        edits.append((match.start, match.end, replacement))
        shown = f"{replacement} {match.noun}" if match.kind == "count" else new.text
        replaced.append((match.text, shown))
    merged, spans = _edited(previous, edits)
    if (
        appended
        or not news
        or all(old == new for old, new in replaced)
        or re.search(BASIS_NAMED, update, re.IGNORECASE)
    ):
        # New numbers, or only words ("and per tbsp?", "in grams?", "7% of the distillate
        # instead" with the same 7%), or a share's basis named with its new value ("10% of
        # the distillate instead"): the turn is added, less the numbers already put in place.
        rest = update
        for new in sorted(placed, key=lambda q: -q.start):
            rest = rest[: new.start] + rest[new.end :]
        # "ok now add 5% overage": the filler opening a follow-up is no "is it ok?"
        rest = _FILLER.sub("", rest.strip())
        offset = len(merged.rstrip()) + 1
        merged = f"{merged.rstrip()} {rest}"
        spans += [(offset + q.start, offset + q.end) for q in read(rest)]
    return _Merged(merged, replaced, spans)


def _edited(previous: str, edits: list[tuple[int, int, str]]) -> tuple[str, list[tuple[int, int]]]:
    """`previous` with each span replaced, and where the new texts sit. Applied in the order
    they stand in `previous`, whatever order the follow-up named them in ("a half pound for
    1100" after "2100 for a pound": the price stands first, the amount second)."""
    merged, spans, shift = previous, [], 0
    for start, end, text in sorted(edits):
        at = start + shift
        merged = merged[:at] + text + merged[end + shift :]
        spans.append((at, at + len(text)))
        shift += len(text) - (end - start)
    return merged, spans


_FROM_THOSE = re.compile(
    r"\b(?:from|of|with|using)\s+(?:those|these|them|the)\s+(?:two|2|both)\b|"
    r"\bfrom\s+(?:those|these|them)\b",
    re.IGNORECASE,
)
_NO_LOSS = re.compile(
    r"\b(?:without|no|zero|ignor(?:e|ing)|drop(?:ping)?)\s+(?:any\s+|the\s+)?(?:process\s+)?"
    r"(?:loss|losses|waste)\b|\blossless\b",
    re.IGNORECASE,
)
_ALSO = re.compile(
    r"\b(?:also|as\s+well\s+as|on\s+top\s+of\s+(?:that|those))\b[^.?!\d]{0,25}$", re.I
)
_ADDED = re.compile(r"\b(?:another|more|extra|additional|further)\s+$", re.IGNORECASE)


def _in_named_unit(new: Quantity, name: str, earlier: list[Quantity]) -> Quantity:
    """A bare number given for a cannabinoid named in the follow-up ("and if the d9 is
    actually 1.1?", "THCA came back 0.36"): a new result in the unit the earlier turn gave
    that cannabinoid in (% or mg/g); unchanged when the earlier turns gave it no single unit."""
    results = [
        q
        for q in earlier
        if q.cannabinoid == name and q.kind in ("percent", "concentration") and not q.total
    ]
    if len({(q.kind, q.unit) for q in results}) != 1:
        return new
    given = results[0]
    number = new.text.split()[0]
    text = f"{number}%" if given.kind == "percent" else f"{number} {given.unit}"
    return replace(new, kind=given.kind, unit=given.unit, cannabinoid=name, text=text)


def _plain(number: float) -> str:
    return f"{number:g}"


def _replacement(new: Quantity, old: Quantity) -> str:
    # A count's text names its noun ("500 gummies") but its span is the number alone.
    if new.kind == "number" and old.kind == "money":
        return f"${new.text.split()[0]}" if old.text.startswith("$") else new.text.split()[0]
    if new.kind == "number" and old.kind == "mass":
        return f"{new.text.split()[0]} {old.unit}"  # "117" for "88mg" is 117 mg
    return new.text.split()[0] if new.kind in ("count", "number") else new.text
