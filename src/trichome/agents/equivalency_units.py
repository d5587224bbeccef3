"""Missouri Marijuana Equivalency Units: "7 g flower, two 1g carts and 400mg of gummies, how
many MMEs is that".

Missouri counts what a patient or consumer buys in MMEs (19 CSR 100-1.040 and 100-1.180, as
the Department of Health and Senior Services explains them in its Patient & Consumer FAQs,
health.mo.gov/safety/cannabis/faqs-patient.php, and the `compliance-mo` pack records them):
one MME is 3.5 g of dried flower, 1 g of concentrate, or 100 mg of THC in an infused product.
A basket's MMEs are the sum of each amount divided by its kind's size of one unit.
"""

from __future__ import annotations

import re

from trichome.agents import missing_inputs as needs
from trichome.agents import purchase_limits as limits
from trichome.agents.basket_amounts import given_amounts
from trichome.agents.calculation_questions import Question, ask
from trichome.agents.calculators import Calculation, CalculationError, fmt

SOURCE = "19 CSR 100-1.040 and 100-1.180 (Missouri DHSS, Patient & Consumer FAQs)"
# One MME in each kind, in the kind's unit (g of flower or concentrate, mg of THC).
ONE_UNIT = {limits.FLOWER: 3.5, limits.CONCENTRATE: 1.0, limits.PRODUCTS: 100.0}

# "how many MMEs", "total in mmes", "equivalency units": Missouri's unit named as asked.
_NAMED = re.compile(r"\bmmes?\b|\bmarijuana\s+equivalency\s+units?\b", re.IGNORECASE)
_ASKED = re.compile(
    r"\bhow\s+many\b[^.?!\n]{0,40}?(?:\bmmes?\b|\bequivalency\s+units?\b)|"
    r"\b(?:in|into|as)\s+mmes?\b|\btotal\s+mmes?\b|\bmmes?\s+(?:total|is\s+that|are\s+they)\b",
    re.IGNORECASE,
)

# What a buyer may buy, a limit or an allotment: asked of the packs, not counted from a basket.
_ALLOWANCE = re.compile(
    r"\b(?:can|could|may|allowed|limits?|allotment|max(?:imum)?|per\s+(?:day|month|visit))\b",
    re.IGNORECASE,
)


def in_equivalency_units(held: tuple[limits.Held, ...]) -> Calculation:
    """What amounts of flower, concentrate and THC in products come to in MMEs.

    Raises:
        CalculationError: a negative amount, nothing to convert, or a kind with no MME size.
    """
    if not held:
        raise CalculationError("there is no amount to convert")
    steps: list[str] = []
    total = 0.0
    for item in held:
        if item.amount < 0:
            raise CalculationError(f"an amount cannot be negative ({item.shown})")
        size = ONE_UNIT.get(item.kind)
        if size is None:
            raise CalculationError(f"Missouri sets no MME size for {limits.KIND_NAMES[item.kind]}")
        units = item.amount / size
        total += units
        unit = limits.KIND_UNITS[item.kind]
        steps.append(
            f"{item.shown}: {fmt(item.amount, 4)} {unit} ÷ {fmt(size, 4)} {unit} per MME = "
            f"{fmt(units, 4)} MME"
        )
    if len(held) > 1:
        steps.append(f"together: {fmt(total, 4)} MMEs")
    return Calculation(
        "equivalency_units",
        total,
        "MME",
        f"That is {fmt(total, 4)} Missouri Marijuana Equivalency Units (MMEs) ({SOURCE}).",
        tuple(steps),
        formula="MMEs = flower g ÷ 3.5 + concentrate g ÷ 1 + THC mg in infused products ÷ 100",
        inputs=tuple(f"amount: {item.shown}" for item in held),
        assumptions=(
            "1 MME = 3.5 g of dried flower = 1 g of concentrate = 100 mg of THC in an infused "
            "product; flower infused with concentrate counts as concentrate",
            "milligrams given for an infused product are its THC",
        ),
    )


def equivalency_units(question: Question) -> Calculation | None:
    """The MMEs a basket comes to, when a question asks for them; None otherwise.

    Raises:
        MissingInput: MMEs asked with no amount, or an amount of no kind Missouri counts.
    """
    asked = _ASKED.search(question.text)
    if asked is None or not _NAMED.search(question.text):
        return None
    span = (asked.start(), asked.end())
    found = given_amounts(question, span, None, basket=True)
    if not found:
        if _ALLOWANCE.search(question.text):
            return None  # "how many MMEs can a patient buy": the allotment is the packs' fact
        raise ask(question, needs.BASKET_AMOUNTS)
    question.use(*(mass for _, mass in found))
    return in_equivalency_units(tuple(held for held, _ in found))
