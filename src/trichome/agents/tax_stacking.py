"""Taxes charged one on top of another ("10% excise, then 8% sales tax on top of that"):
each rate applies to the price with the taxes before it included, in the order written."""

from __future__ import annotations

import re

from trichome.agents.calculators import Calculation, CalculationError, fmt, positive

# "8% sales tax on top of that", "sales tax on the price incl. excise", "compounded",
# "excise, then sales tax on top": a later tax charged on the price with the earlier one
STACKED = re.compile(
    r"\bon\s+top\s+of\s+(?:that|it|this|the\s+(?:excise|first|other|tax\w*|total))|"
    r"\b(?:on|to)\s+the\s+(?:price|total|amount)\s+(?:with|incl\w*\.?|after|plus)\s+(?:the\s+)?"
    r"(?:excise|tax)|\bcompound(?:ed|s|ing)?\b|\btax\s+on\s+(?:the\s+)?tax\b|"
    # "15% excise then 8% sales tax on top", "excise first, then 9% city tax added after that"
    r"\b(?:then|after\s+that)\b(?:[^.?!;]|\.(?=\d)){0,40}?"
    r"\b(?:on\s+top|added\s+after|after\s+(?:that|it))\b",
    re.IGNORECASE,
)


def stacked_tax(price: float, rates: list[float]) -> Calculation:
    """The total a buyer pays when each rate is charged on the price plus the taxes before it.

    Raises:
        CalculationError: a price that is not positive, or a rate outside 0-100%.
    """
    positive("the price", price)
    running, steps = price, []
    for rate in rates:
        if not 0 < rate < 100:
            raise CalculationError(f"A tax rate of {fmt(rate)}% is not one I can apply.")
        tax = running * rate / 100
        steps.append(
            f"${running:,.2f} × {fmt(rate)}% = ${tax:,.2f}; ${running:,.2f} + "
            f"${tax:,.2f} = ${running + tax:,.2f}"
        )
        running += tax
    named = ", then ".join(f"{fmt(rate)}%" for rate in rates)
    return Calculation(
        "stacked_tax",
        running,
        "$",
        f"With {named} each charged on the price plus the tax before it, ${price:,.2f} "
        f"comes to ${running:,.2f} (${running - price:,.2f} of tax).",
        tuple(steps),
        details={"tax": running - price, "price": price},
        formula="total = price × (1 + rate1) × (1 + rate2) ...",
        inputs=(f"price before tax: ${price:,.2f}", *(f"rate: {fmt(r)}%" for r in rates)),
        assumptions=(
            "each later tax is charged on the price including the earlier ones, "
            "as the question says",
        ),
    )
