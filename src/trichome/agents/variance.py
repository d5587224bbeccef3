"""A state's potency variance rule applied to the numbers in the question: "my 10 mg
gummies tested at 11.2 mg, still ok in Colorado?" gets the allowed window and a verdict,
worked from the sourced rule, not a paragraph about testing.

The rule comes from a fact whose unit reads "% allowed potency variance"; its text says
what the percentage is taken of (Colorado: the labelled potency must be within ±15% of
the tested value), and the check follows that wording.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from trichome.agents.calculation_requests import RecognisedCalculation
from trichome.agents.missing_inputs import FROM_STATE_RULE
from trichome.agents.understanding import products_of, program_of
from trichome.knowledge.jurisdictions import with_national_law
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import KnowledgeBase

_VARIANCE_UNIT = re.compile(r"potency variance", re.IGNORECASE)
_OF_LABEL = re.compile(r"of the labell?ed", re.IGNORECASE)
_OVER = re.compile(r"label over (\d+(?:\.\d+)?) mg", re.IGNORECASE)
_UP_TO = re.compile(r"up to (\d+(?:\.\d+)?) mg", re.IGNORECASE)
_NUMBER = r"(\d+(?:\.\d+)?)"
# "10mg gummies test at 11.2mg", "labelled 10 mg ... came back 9.1 mg", "labelled 10 mg
# THC, our lab got 11.8 mg"
_READINGS = (
    re.compile(
        rf"{_NUMBER}\s*mg\b[^.?!]{{0,40}}?\b(?:test(?:s|ed|ing)?|came (?:back|in)|results?|"
        r"(?:lab|coa|assay) (?:got|found|measured|shows?|reads?|says)|measured|assayed)\b"
        rf"\D{{0,15}}?{_NUMBER}\s*mg\b",
        re.IGNORECASE,
    ),
    re.compile(
        rf"\b(?:test(?:s|ed)?|came (?:back|in))\b\D{{0,15}}?{_NUMBER}\s*mg\b[^.?!]{{0,40}}?"
        rf"\blabel(?:l)?ed\b\D{{0,10}}?{_NUMBER}\s*mg\b",
        re.IGNORECASE,
    ),
    # "came back at 88 mg on a 100 mg labeled pack": the tested figure, then the label's
    re.compile(
        rf"\b(?:test(?:s|ed)?|came (?:back|in))\b\D{{0,15}}?{_NUMBER}\s*mg\b[^.?!]{{0,40}}?"
        rf"\b{_NUMBER}\s*mg\s+label(?:l)?ed\b",
        re.IGNORECASE,
    ),
)


@dataclass(frozen=True, slots=True)
class VarianceCheck:
    """A labelled and a tested potency held against a state's allowed variance; without a
    tested potency, the window of results the label allows."""

    labelled_mg: float
    tested_mg: float | None
    fact: Fact

    @property
    def allowed_percent(self) -> float:
        """The rule's percentage (the fact's value)."""
        return float(self.fact.value or 0)

    @property
    def of_label(self) -> bool:
        """The product must hold ±v% of the labelled amount (Canada), rather than the label
        being within ±v% of the tested value (Colorado)."""
        return bool(_OF_LABEL.search(self.fact.unit or ""))

    @property
    def window(self) -> tuple[float, float]:
        """The tested values for which the label stands."""
        share = self.allowed_percent / 100
        if self.of_label:
            return self.labelled_mg * (1 - share), self.labelled_mg * (1 + share)
        return self.labelled_mg / (1 + share), self.labelled_mg / (1 - share)

    @property
    def passes(self) -> bool:
        """Whether the label stands for this test result."""
        if self.tested_mg is None:
            return True
        low, high = self.window
        return low - 1e-9 <= self.tested_mg <= high + 1e-9

    def text(self) -> str:
        """The verdict first, then the window and how it was worked out, citing [1]."""
        low, high = self.window
        name = self.fact.jurisdiction_name or "The rule"
        share = self.allowed_percent
        if self.of_label:
            rule = (
                f"{name} requires the product to hold {100 - share:g}% to {100 + share:g}% of "
                f"the labelled amount [1]"
            )
        else:
            rule = (
                f"{name} requires the labelled potency to be within ±{share:g}% of the tested "
                "value [1]"
            )
        label = _mg(self.labelled_mg)
        window = f"a {label} label stands for test results from {_mg(low)} to {_mg(high)}"
        if self.tested_mg is None:
            return f"{rule[0].upper()}{rule[1:]}, so {window}."
        verdict = "passes" if self.passes else "fails: relabel or do not sell it as labelled"
        if self.of_label:
            off = self.tested_mg / self.labelled_mg * 100
            where = f"the result is {off:.1f}% of the label"
        else:
            off = (self.labelled_mg - self.tested_mg) / self.tested_mg * 100
            where = f"the label is {off:+.1f}% of the test"
        return (
            f"{_mg(self.tested_mg)} against a {_mg(self.labelled_mg)} label {verdict}. "
            f"{rule}, so {window}; here {where}."
        )


def _mg(value: float) -> str:
    # half up, as a label reads: 75% of 1.5 mg is 1.13 mg, not the float's 1.12
    rounded = Decimal(repr(value)).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return f"{rounded}".rstrip("0").rstrip(".") + " mg"


def read_potencies(text: str) -> tuple[float, float] | None:
    """The labelled and the tested potency (mg) a text gives, if it gives both."""
    first = _READINGS[0].search(text)
    if first is not None:
        return float(first.group(1)), float(first.group(2))
    for tested_first in _READINGS[1:]:
        found = tested_first.search(text)
        if found is not None:
            return float(found.group(2)), float(found.group(1))
    return None


def variance_rule(
    knowledge: KnowledgeBase,
    state: str,
    labelled: float | None = None,
    program: str | None = None,
    products: frozenset[str] = frozenset(),
) -> Fact | None:
    """The state's sourced potency variance rule, if the packs hold one; where the rule
    depends on the labelled amount (Canada's edibles), the one for `labelled` mg, and where
    it depends on the product's form (Canada's extracts apart from its edibles), the one for
    the `products` named. A rule of one programme (New York's cannabinoid hemp window) holds
    only for a question about it, and is preferred there to the state's general rule."""
    found = [
        fact
        for pack in knowledge.packs.values()
        for fact in pack.facts
        if (
            fact.jurisdiction in with_national_law([state])  # BC's is Canada's
            and fact.status != "superseded"
            and fact.value is not None
            and _VARIANCE_UNIT.search(fact.unit or "")
            and (labelled is None or _in_tier(fact.unit or "", labelled))
            and _of_form(fact.unit or "", products)
            and fact.program in (None, "all", program)
        )
    ]
    own = [fact for fact in found if program is not None and fact.program == program]
    return next(iter(own or found), None)


# The product forms a rule's unit may name, and the forms a question may name for each.
_FORMS = (
    (re.compile(r"\bedible", re.IGNORECASE), frozenset({"edible", "beverage"})),
    (
        re.compile(r"\bextracts?\b|\btopicals?\b", re.IGNORECASE),
        frozenset({"vape", "concentrate", "tincture", "capsule", "topical", "oil"}),
    ),
)


def _of_form(unit: str, products: frozenset[str]) -> bool:
    """Whether a rule whose unit names a product form ("edible", "extracts and topicals")
    holds for the products a question names; a rule naming none, or a question naming none,
    holds (an unnamed product is read as the edible most such questions are about)."""
    named = [forms for pattern, forms in _FORMS if pattern.search(unit)]
    if not named:
        return True
    if not products:
        return bool(_FORMS[0][0].search(unit))
    return any(products & forms for forms in named)


def _in_tier(unit: str, labelled: float) -> bool:
    """Whether a label of `labelled` mg falls in the tier a rule's unit names ("label over
    2 mg up to 5 mg"); a rule naming no tier applies to every label."""
    over = _OVER.search(unit)
    up_to = _UP_TO.search(unit)
    return (over is None or labelled > float(over.group(1))) and (
        up_to is None or labelled <= float(up_to.group(1))
    )


def check_variance(
    user_turns: Sequence[str], state: str | None, knowledge: KnowledgeBase
) -> VarianceCheck | None:
    """The variance check the latest turn asks for, when it gives a labelled and a tested
    potency (or, asking for the allowed range, a labelled one) and the state has a sourced
    variance rule."""
    if not user_turns or state is None:
        return None
    latest = user_turns[-1]
    readings = read_potencies(latest)
    tested: float | None
    if readings is None:
        # "and our 2.5 mg microdose mint?" after a question on the variability rule
        after_rule = len(user_turns) > 1 and bool(_NAMES_THE_RULE.search(user_turns[-2]))
        asks_off = bool(_HOW_FAR_OFF.search(latest))
        labels = _claimed(latest) if _ASKS_RANGE.search(latest) or after_rule or asks_off else []
        if (
            len(labels) != 1
            or not (
                _ASKS_RESULT.search(latest)
                or after_rule
                or asks_off  # "how far off can the test be", "what variability window"
                # "gummy labelled 10 mg, what actual range may it be in?"
                or (_CLAIMED.search(latest) and _RANGE_WORDS.search(latest))
                or any(read_potencies(turn) for turn in user_turns[:-1])
            )
        ):
            # the range alone, only when it asks what a result may be ("if we label it 10 mg
            # whats the lowest the lab result can be?") or after a check ("and for our 2.5 mg
            # chews?")
            return None
        labelled, tested = float(labels[0]), None
    else:
        labelled, tested = readings
    products = products_of(latest) or products_of(" ".join(user_turns[-2:-1]))
    rule = variance_rule(
        knowledge, state, labelled, program_of(" ".join(user_turns[-2:])), products
    )
    if rule is None or labelled <= 0 or (tested is not None and tested <= 0):
        return None
    return VarianceCheck(labelled, tested, rule)


def _claimed(text: str) -> list[str]:
    """The labelled amounts a text names, once each; where it names several ("1 mg thc and
    10 mg cbd ... the 1 mg claim"), the one it calls the claim or the label."""
    amounts = list(dict.fromkeys(_ONE_LABEL.findall(text)))
    if len(amounts) <= 1:
        return amounts
    claimed = [next(group for group in groups if group) for groups in _CLAIMED.findall(text)]
    return list(dict.fromkeys(claimed))


# "the 1 mg claim", "a 5 mg label", "labelled as 5 mg", "the label says 850 mg": the
# amount the label states.
_CLAIMED = re.compile(
    r"(\d+(?:\.\d+)?)\s*mg (?:thc )?(?:claim|label)\b|"
    r"\blabell?ed (?:as |at )?(\d+(?:\.\d+)?)\s*mg\b|"
    r"\blabel (?:says|reads|states|shows|claims) (?:it(?:'s| is) )?(\d+(?:\.\d+)?)\s*mg\b",
    re.IGNORECASE,
)
# "whats the allowed range for those", "what window", "tolerance", "what variance band":
# the range is asked.
_ASKS_RANGE = re.compile(
    r"\brange\b|\bwindow\b|\btolerance\b|\ballowed\b|\bvariab|\bvariances?\b|\bband\b|"
    r"\bstill pass\b|\+/-|±",
    re.IGNORECASE,
)
# How far a result may stray from the label: "how far off can the test be", "what variability
# window applies", "how much can it vary from the label"; not a bare "range" of products.
_HOW_FAR_OFF = re.compile(
    r"\bhow (?:far|much) (?:off|out)\b|\bhow (?:far|much) (?:can|could|may|is) (?:it|the \w+|"
    r"they|that|a \w+) (?:\w+ )?(?:be off|off|vary|deviate|drift|stray|miss)\b|"
    r"\b(?:variability|variance|tolerance) (?:window|limit|range)s?\b|"
    r"\b(?:window|range) (?:applies|allowed)\b",
    re.IGNORECASE,
)
_RANGE_WORDS = re.compile(
    r"\b(?:range|window|band|tolerance|variances?|variab\w*|how far off)\b", re.IGNORECASE
)
_ONE_LABEL = re.compile(r"(\d+(?:\.\d+)?)\s*mg\b", re.IGNORECASE)
# "the lowest the lab result can be and still pass", "what can the coa read": a result's
# bounds for a labelled amount.
# The variance rule named: its result is the state's to judge, not a calculator's.
_NAMES_THE_RULE = re.compile(
    r"\bvariability\b|\bvariance\b|\btolerance\b|\+/-|±|\bplus or minus\b|\blabel claim\b",
    re.IGNORECASE,
)
_ASKS_RESULT = re.compile(
    r"\b(?:lowest|highest|min(?:imum)?|max(?:imum)?)\b[^.?!]{0,40}\b(?:results?|tests?|assay|"
    r"coa|reads?)\b[^.?!]{0,30}\b(?:pass|ok|fine|acceptable)\b|\bstill pass\b|"
    r"\ballowed (?:\+/-|±|plus or minus|variance|range|tolerance)|"
    # "what tolerance does the 1 mg claim get", "does the tolerance change for the 5 mg label"
    r"\b(?:tolerance|variance|variability|range|window)\b[^.?!]{0,50}\b(?:claim|label)\b|"
    r"\b(?:claim|label)\b[^.?!]{0,40}\b(?:tolerance|variance|variability)\b",
    re.IGNORECASE,
)


def sourced_variance(
    calculation: RecognisedCalculation | None,
    user_turns: Sequence[str],
    state: str | None,
    knowledge: KnowledgeBase,
) -> VarianceCheck | None:
    """The state's variance check, unless a calculation answers already: a lab result
    against its label with no tolerance given is the state's rule to judge."""
    worked = calculation.calculation if calculation is not None else None
    rule_named = bool(user_turns) and bool(_NAMES_THE_RULE.search(user_turns[-1]))
    if calculation is not None and calculation.asks and FROM_STATE_RULE & set(calculation.missing):
        # the calculators ask for the tolerance: the state's rule, where one is sourced, gives it
        return check_variance(user_turns, state, knowledge)
    if calculation is not None and (worked is None or worked.name != "label_check"):
        # another sum read from the numbers, unless the question names the variance rule
        # ("does that pass the variability rule?", "the allowed +/- on the label claim")
        return check_variance(user_turns, state, knowledge) if rule_named else None
    if worked is not None and worked.verdict is not None:
        return None  # the user gave the tolerance to check against
    return check_variance(user_turns, state, knowledge)
