"""A lab's printed total THC (or CBD, CBG) held against the total its own figures make.

"THCa 24.1%, d9 0.8%, Total THC 21.9%: is that total right?": the total calculator works
the total out from the two forms, so the printed one is no input it needs; but it is the
figure the user wants checked. The answer says whether the two agree to within a lab's
rounding (`TOTAL_TOLERANCE` points, as the COA check of uploaded documents uses), whether
the printed one is the two forms simply added (the 0.877 for the CO2 lost on heating
skipped), or that they differ for a reason the certificate does not show, rather than
listing the printed figure as unused. The working always uses the certificate's own forms.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from trichome.agents.calculators import Calculation, fmt
from trichome.agents.potency_calculators import ACID_FACTORS, TOTAL_TOLERANCE
from trichome.agents.quantities import Quantity


@dataclass(frozen=True, slots=True)
class StatedTotal:
    """A printed total the question gave, and what the answer says of it."""

    quantity: Quantity
    note: str


def stated_totals(
    quantities: Sequence[Quantity], used: Sequence[Quantity], calculation: Calculation
) -> tuple[StatedTotal, ...]:
    """The printed totals of the cannabinoids whose total `calculation` worked out, each
    with the sentence that holds it against the worked-out one."""
    found: list[StatedTotal] = []
    for quantity in quantities:
        name = (quantity.cannabinoid or "").upper()
        if not quantity.total or name not in ACID_FACTORS or quantity.unit not in ("%", "mg/g"):
            continue
        if any(u.start < quantity.end and quantity.start < u.end for u in used):
            continue  # the printed total is itself the input ("total THC 22%, 3.5 g: mg?")
        worked = calculation.details.get(f"total_{name.lower()}_percent")
        if worked is None:
            continue
        added = calculation.details.get(f"sum_{name.lower()}_percent")
        note = _note(name, quantity, worked, added)
        if calculation.verdict and quantity.value / (1 if quantity.unit == "%" else 10) != worked:
            note += " The verdict is on the unrounded total."
        found.append(StatedTotal(quantity, note))
    return tuple(found)


def _note(name: str, quantity: Quantity, worked: float, added: float | None) -> str:
    """Held in percentage points; said in the unit the certificate printed."""
    scale = 1.0 if quantity.unit == "%" else 10.0
    unit = "%" if quantity.unit == "%" else " mg/g"
    printed = quantity.value / scale
    neutral = "delta-9 THC" if name == "THC" else name
    gap = abs(printed - worked)
    ours = f"{fmt(worked * scale, 4)}{unit}"
    if gap <= TOTAL_TOLERANCE:
        return (
            f"The stated total {name}, {quantity.text}, agrees with the certificate's own "
            f"figures ({ours}) to within a lab's rounding."
        )
    if added is not None and abs(printed - added) <= TOTAL_TOLERANCE:
        return (
            f"The stated total {name}, {quantity.text}, is not what the certificate's own "
            f"figures make: it is {name}A and {neutral} simply added, without the "
            f"{ACID_FACTORS[name]} for the CO2 lost on heating. The total is {ours}; ask the "
            "lab to correct the certificate before the figure goes on a label."
        )
    return (
        f"The stated total {name}, {quantity.text}, differs by {fmt(gap * scale)}{unit} from "
        f"what the certificate's own figures make ({ours}). Ask the lab which formula and "
        "basis it used (dry weight or as received, another factor) before relying on either; "
        f"the working below uses the certificate's {name}A and {neutral} figures."
    )
