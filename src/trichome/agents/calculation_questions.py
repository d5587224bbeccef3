"""A question as the calculation readers see it: its quantities, and helpers to pick a
calculation's inputs from them (one value per input, or a question to ask the user)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from trichome.agents import missing_inputs as needs
from trichome.agents import potency_calculators, units
from trichome.agents.calculators import (
    Calculation,
    MissingInput,
    StateEdibleLimits,
)
from trichome.agents.missing_inputs import wording
from trichome.agents.portions_taken import is_taken
from trichome.agents.quantities import Quantity
from trichome.agents.quantity_roles import UNSIZED_LOSS

ASKS = (
    r"how\s+(?:much|many)|what(?:'s|s| is| are| would| will)?|calc\w*|figure|work\s+out|\?|"
    r"need|give me|tell me|find"
)


CONCENTRATE = (
    r"distill?ate|disty|disti|\bdist\b|concentrate|\boil\b|isolate|rosin|resin|wax|shatter|"
    r"crude|extract|badder|budder|sauce|\bthca\b|\brso\b|\bfeco\b"
)


# Percentages that are not a product's potency.
NOT_POTENCY = frozenset({"loss", "efficiency", "moisture", "terpene", "tolerance", "limit", "tax"})


@dataclass(slots=True)
class Question:
    """A normalised question, its quantities, and the state whose caps apply."""

    text: str
    quantities: list[Quantity]
    state: str | None = None
    limits_for: Callable[[str], StateEdibleLimits | None] = lambda _: None
    used: list[Quantity] = field(default_factory=list)

    def says(self, pattern: str) -> bool:
        """Whether the question contains words matching `pattern` (case-insensitive)."""
        return re.search(pattern, self.text, re.IGNORECASE) is not None

    def find(
        self,
        *kinds: str,
        unit: str | None = None,
        tags: Sequence[str] = (),
        without: Sequence[str] | frozenset[str] = (),
        per: Sequence[str | None] | None = None,
        cannabinoids: Sequence[str | None] | None = None,
    ) -> list[Quantity]:
        """The quantities of these kinds that match every filter, in order."""
        return [
            q
            for q in self.quantities
            if (not kinds or q.kind in kinds)
            and (unit is None or q.unit == unit)
            and all(t in q.tags for t in tags)
            and not any(t in q.tags for t in without)
            and (per is None or q.per in per)
            and (cannabinoids is None or q.cannabinoid in cannabinoids)
        ]

    def use(self, *found: Quantity | None) -> None:
        """Remember the quantities a calculation used (shown as the inputs read)."""
        self.used.extend(q for q in found if q is not None and q not in self.used)


def one(question: Question, found: Sequence[Quantity], what: str) -> Quantity | None:
    """The single value given for an input, None when none is.

    Raises:
        MissingInput: two different values were given for the same input.
    """
    values = list(dict.fromkeys(q.value for q in found))
    if len(values) > 1:
        shown = " and ".join(q.text for q in found[:3])
        raise MissingInput(f"You gave two values for {what} ({shown}). Which one should I use?")
    if found:
        question.use(found[0])
        return found[0]
    return None


def ask(question: Question, *missing: str) -> MissingInput:
    """A question for the missing inputs (keys of `missing_inputs.WORDING`, or a reader's
    own description), naming what was read so far; the inputs travel with it as data."""
    read_so_far = ", ".join(f"“{q.text}”" for q in question.quantities if q.kind != "other")
    wanted = " and ".join(wording(key) for key in missing)
    named = named_cannabinoid(question, None)
    if named != "THC":  # "mg of CBG in a 3.5 g jar?": the potency asked is CBG's
        wanted = wanted.replace("% THC", f"% {named}")
    tail = f" I read {read_so_far}." if read_so_far else ""
    return MissingInput(f"To work that out I need {wanted}. What is it?{tail}", missing)


def potency_readings(question: Question) -> list[Quantity]:
    """The potencies given: of THC (or unnamed), or of the one other cannabinoid (CBD, CBG,
    CBN, CBC) a question names when it names no THC ("2 mg CBD each from 99.5% CBD isolate",
    "9.5% CBG flower")."""
    found = question.find(
        "percent", without=NOT_POTENCY | {"target", "price"}, cannabinoids=(None, "THC")
    )
    if not found:
        # "assays 650 mg/g total THC": a potency per gram is a percentage (10 mg/g = 1%)
        found = [
            replace(q, kind="percent", unit="%", value=q.value / 10)
            for q in question.find("concentration", unit="mg/g", without=NOT_POTENCY | {"target"})
            if q.cannabinoid in (None, "THC")
        ]
    if found or question.says(r"\bthc(?!a)"):
        return found
    # "cbg flower at 9.5% CBG": the potency of the one other cannabinoid the question names
    named = named_cannabinoid(question, None)
    return question.find(
        "percent",
        without=NOT_POTENCY | {"target", "price"},
        cannabinoids=(named if named != "THC" else "CBD",),
    )


def named_cannabinoid(question: Question, potency: Quantity | None) -> str:
    """The cannabinoid a calculation is about: the potency's, else the one of CBD, CBN or
    CBG the question names when it names no THC, else THC."""
    if potency is not None and potency.cannabinoid in ("THC", "CBD", "CBN", "CBG", "CBC"):
        return potency.cannabinoid
    named = [n for n in ("CBD", "CBN", "CBG", "CBC") if question.says(rf"\b{n}\b")]
    return named[0] if len(named) == 1 and not question.says(r"\bthc(?!a)") else "THC"


def loss_percent(question: Question) -> float:
    """The process loss stated (%), 0 when none is; a loss told without its size ("some
    stays in the press") is asked for, never taken as 0.

    Raises:
        MissingInput: a loss is told but not how much, or two losses are given.
    """
    found = one(question, question.find("percent", tags=("loss",)), "the process loss")
    if found is None and question.says(UNSIZED_LOSS):
        raise ask(question, needs.PROCESS_LOSS)
    return found.value if found else 0.0


def efficiency_percent(question: Question) -> float:
    found = one(
        question,
        question.find("percent", tags=("efficiency",), without=("loss",)),
        "the efficiency",
    )
    return found.value if found else 100.0


def kept_percent(question: Question) -> float:
    """The share that reaches the product: the efficiency stated, else what a stated loss
    leaves ("we lose 30% in the infusion": 70%)."""
    if question.find("percent", tags=("efficiency",), without=("loss",)):
        return efficiency_percent(question)
    return 100.0 - loss_percent(question)


def piece_counts(question: Question) -> list[Quantity]:
    """The counts of pieces; beside a count of pieces made, not those someone ate ("made 24
    cookies, i ate 6": `portions_taken`)."""
    counts = [
        q
        for q in question.find("count")
        if not re.match(
            r"lbs?|ounces?|grams?|eighths?|"
            r"tablespoons?|teaspoons?|cups?|sticks?|batch",
            q.noun or "",
        )
    ]
    made = [q for q in counts if not is_taken(question.text, q)]
    return made or counts


def about_hemp(question: Question) -> bool:
    return question.says(
        r"\bhemp\b|farm bill|\bcompliant|\bcompliance|\bpass\b|\bfail|hot\b|"
        r"over the limit|legal limit|(?<![\d.])0?\.3\s*%|"  # "0.3%", ".3%"
        # "are we under .3?", "over the 0.3 line": the hemp limit with its % left off
        r"\b(?:under|over|below|above|past|at)\s+(?:the\s+)?0?\.3(?![\d.%]|\s*(?:mg|g\b|ml))"
    )


def with_assumption(calculation: Calculation, assumption: str) -> Calculation:

    return replace(calculation, assumptions=(*calculation.assumptions, assumption))


def same_masses(masses: list[Quantity]) -> list[Quantity]:
    """The masses, one kept where two name the same amount ("an eighth is 3.5 g")."""
    kept: list[Quantity] = []
    for mass in masses:
        grams = units.grams(mass.value, mass.unit)
        if not any(abs(units.grams(k.value, k.unit) - grams) < 1e-9 for k in kept):
            kept.append(mass)
    return kept


def combined_potency(question: Question) -> Calculation | None:
    """Total THC from a THCA and a delta-9 THC reading given together ("22% THCA and 0%
    delta-9": a zero that was given is an input, and it is used as one)."""
    without = NOT_POTENCY | {"target", "price", "limit"}
    acids = question.find("percent", cannabinoids=("THCA",), without=without)
    neutrals = [q for q in question.find("percent", cannabinoids=("THC",), without=without)
                if not q.total]  # fmt: skip
    if not acids or not neutrals:
        return None
    acid = one(question, acids, "the THCA potency")
    neutral = one(question, neutrals, "the delta-9 THC potency")
    assert acid is not None and neutral is not None
    return potency_calculators.total_cannabinoid(neutral.value, acid.value, "THC")


def attached(question: Question, amount: Quantity, strengths: list[Quantity]) -> Quantity | None:
    """The strength written with an amount ("40 mL of tincture at 25 mg/mL", "2 g of it at
    70%"), if one is."""
    for strength in strengths:
        between = question.text[amount.end : strength.start]
        if strength.start >= amount.end and re.fullmatch(
            r"\s*(?:of\s+)?(?:[a-z][\w-]*\s+){0,4}?(?:(?:at|of)\s+|@\s*)?", between, re.I
        ):
            return strength
    return None


def lost_share(question: Question) -> float:
    """The share (%) of the THC that never reaches the product: a process loss, and an
    efficiency ("75% of it makes it into the butter") as the loss it leaves."""
    loss, reach = loss_percent(question), efficiency_percent(question)
    if loss and abs(loss + reach - 100) < 1e-9:
        return loss  # "loses 8% (only 92% ends up in the gummies)": one loss said twice
    return 100 - reach * (100 - loss) / 100
