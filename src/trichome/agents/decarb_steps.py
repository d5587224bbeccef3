"""Steps that follow a decarboxylation in one question: a loss after it ("then we lose 10% on
the glassware"), dissolving the THC in a volume ("then dissolve it in a 30 mL tincture"), and
the share of its mass THCA gives off as CO2 when no mass is given."""

from __future__ import annotations

from trichome.agents import potency_calculators as potency
from trichome.agents import tincture_calculators as tinctures
from trichome.agents import units
from trichome.agents.calculation_questions import Question, loss_percent
from trichome.agents.calculators import Calculation, chain, fmt, quantity, share

# "what percent of its mass does THCA lose", "share of the weight lost on decarb"
ASKS_SHARE_LOST = (
    r"(?:percent|%|percentage|share|fraction)\s+of\s+(?:its\s+|the\s+)?(?:mass|weight)"
    r"[^.?!]{0,40}\b(?:los[et]|drops?|sheds?|gives?\s+off)|\blos[et]s?\b[^.?!]{0,30}(?:percent|%|percentage)\s+of\s+"
    r"(?:its\s+|the\s+)?(?:mass|weight)"
)


def share_lost() -> Calculation:
    """The share of THCA's mass that leaves as CO2 on a full decarboxylation."""
    lost = 100 * (1 - potency.THCA_TO_THC)
    return Calculation(
        "decarboxylation_mass_share",
        lost,
        "% of the THCA's mass",
        f"THCA loses {fmt(lost, 3)}% of its mass as CO2 when fully decarboxylated.",
        (f"1 - {potency.THCA_TO_THC} = {fmt(1 - potency.THCA_TO_THC, 3)} of the mass",),
        formula="share lost = 1 - 0.877 (the ratio of the molar masses of THC and THCA)",
    )


def after_decarb(question: Question, done: Calculation, unit: str) -> Calculation:
    """`done` followed by a stated loss, then by the THC dissolved in a volume when the
    question asks a strength by volume; `done` unchanged when it asks neither."""
    steps = [done]
    thc_mg = done.details.get("thc_mg", units.convert(done.value, "mg", units.canonical(unit)))
    lost = loss_percent(question)
    if lost:
        kept = after_loss(thc_mg, lost, unit)
        steps.append(kept)
        thc_mg = kept.details["thc_mg"]
    volumes = [q for q in question.find("volume") if q.per is None and q.unit != "dropper"]
    if len(volumes) == 1 and question.says(r"mg\s*/\s*ml|mg\s+per\s+ml|per\s+ml\b"):
        question.use(volumes[0])
        steps.append(tinctures.tincture(thc_mg, volumes[0].value, volumes[0].unit))
    return steps[0] if len(steps) == 1 else chain(steps)


def after_loss(thc_mg: float, loss: float, unit: str) -> Calculation:
    """The THC kept after losing `loss` % of it, in the unit the THCA was weighed in.

    Raises:
        CalculationError: a loss outside [0, 100).
    """
    share("the loss", loss)
    kept = thc_mg * (1 - loss / 100)
    key = units.canonical(unit)
    value = units.convert(kept, "mg", key)
    return Calculation(
        "after_loss",
        value,
        f"{units.label(key)} THC",
        f"After losing {fmt(loss)}%, {quantity(value, key)} of THC is left.",
        (f"{fmt(thc_mg)} mg × (1 - {fmt(loss)}%) = {fmt(kept)} mg THC",),
        details={"thc_mg": kept},
        formula="kept = THC × (1 - loss)",
        inputs=(f"loss after decarboxylation: {fmt(loss)}%",),
    )
