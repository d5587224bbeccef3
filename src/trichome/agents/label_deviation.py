"""How far a lab result sits from its label claim, in the two terms an operator needs.

"How far off is it?" is answered with both: the signed variance in percent of the label,
which is what the states' potency rules judge (a tolerance such as ±10% or ±15% around the
labelled amount), and the signed difference in the label's own unit (mg, g, or percentage
points for a potency written in %), which is what a formulator corrects a batch by. The one
asked leads: the percentage unless the question asks for the unit ("how many mg off?").
"""

from __future__ import annotations

from dataclasses import dataclass

from trichome.agents.calculators import fmt

PERCENT, AMOUNT = "percent", "amount"


@dataclass(frozen=True, slots=True)
class Deviation:
    """A lab result against its label claim, both in `unit` ("%" for a potency)."""

    claim: float
    measured: float
    unit: str

    @property
    def difference(self) -> float:
        """measured - claim, in the label's unit (negative under the label)."""
        return self.measured - self.claim

    @property
    def percent(self) -> float:
        """(measured - claim) / claim x 100, signed."""
        return self.difference / self.claim * 100

    @property
    def difference_unit(self) -> str:
        """The difference's unit: a difference of two potencies in % is in percentage points."""
        return "percentage points" if self.unit == "%" else self.unit

    def value(self, lead: str) -> tuple[float, str]:
        """The figure that leads and its unit."""
        if lead == AMOUNT:
            return self.difference, f"{self.difference_unit} from the label"
        return self.percent, "% from the label"

    def sentence(self, lead: str) -> str:
        """Both figures in one sentence, the one asked first."""
        shown = "" if self.unit == "%" else " "
        measured = f"{fmt(self.measured, 4)}{shown}{self.unit}"
        claim = f"{fmt(self.claim, 4)}{shown}{self.unit}"
        if abs(self.difference) <= 1e-9 * max(1.0, abs(self.claim)):
            return f"The lab's {measured} is exactly on the {claim} label (0%)."
        side = "over" if self.difference > 0 else "under"
        percent = f"{fmt(abs(self.percent), 2)}% {side}"
        amount = f"{fmt(abs(self.difference), 4)} {self.difference_unit} {side}"
        signed = f"{'+' if self.difference > 0 else '-'}"
        share = f"{fmt(self.measured / self.claim * 100, 2)}% of the label"
        if lead == AMOUNT:
            return (
                f"The lab's {measured} is {amount} the {claim} label "
                f"({signed}{fmt(abs(self.difference), 4)} {self.difference_unit}), "
                f"{percent} ({signed}{fmt(abs(self.percent), 2)}%, {share})."
            )
        return (
            f"The lab's {measured} is {percent} the {claim} label "
            f"({signed}{fmt(abs(self.percent), 2)}%), {amount} ({share})."
        )

    def steps(self) -> tuple[str, ...]:
        """The working of both figures."""
        return (
            f"{fmt(self.measured, 4)} - {fmt(self.claim, 4)} = {fmt(self.difference, 4)} "
            f"{self.difference_unit}",
            f"{fmt(self.difference, 4)} ÷ {fmt(self.claim, 4)} × 100 = {fmt(self.percent, 2)}%",
        )

    def details(self) -> dict[str, float]:
        """Both figures, and the share of the label, for a tool's JSON."""
        return {
            "variance_percent": self.percent,
            "difference": self.difference,
            "percent_of_label": self.measured / self.claim * 100,
            "label": self.claim,
            "measured": self.measured,
        }
