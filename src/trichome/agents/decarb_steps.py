"""Steps that follow a decarboxylation in one question: a loss after it ("then we lose 10% on
the glassware"), dissolving the THC in a volume ("then dissolve it in a 30 mL tincture"), and
the share of its mass THCA gives off as CO2 when no mass is given; and the decarboxylation of
another acid (CBDA, CBGA) with its own mass factor."""

from __future__ import annotations

import re
from collections.abc import Callable

from trichome.agents import potency_calculators as potency
from trichome.agents import tincture_calculators as tinctures
from trichome.agents import units
from trichome.agents.calculation_questions import (
    ASKS,
    NOT_POTENCY,
    Question,
    ask,
    efficiency_percent,
    loss_percent,
    one,
)
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    chain,
    fmt,
    percent,
    quantity,
    share,
)
from trichome.agents.cannabinoids import cannabinoid_mentions
from trichome.agents.missing_inputs import ACID_MASS

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


def named_acid(question: Question) -> str:
    """The acid a decarboxylation question is about: CBDA or CBGA when it names that acid
    alone ("95% CBGA isolate", "cbd-a crystal"), THCA otherwise (also when none is named)."""
    named = set(cannabinoid_mentions(question.text)) & set(potency.DECARB_ACIDS)
    return named.pop() if len(named) == 1 else "THCA"


def other_acid(
    question: Question, acid: str, as_loss: Callable[[Calculation, str], Calculation] | None
) -> Calculation | None:
    """The neutral form from a mass of CBDA or CBGA: "10 g of 92% CBDA crystal, CBD after a
    full decarb?" is 9.2 g of CBDA × 0.877 = 8.0684 g of CBD. A share of the acid (its
    purity) counts only the acid in the material weighed; no mass asks for one. `as_loss`
    answers it as the mass lost as CO2 when that is what is asked."""
    neutral = potency.DECARB_ACIDS[acid][0]
    if not question.says(
        rf"decarb|activat|heat(?:ed|ing)?|co2|mass\s+loss|theoretical|"
        rf"(?:converts?|turns?|turned)\s+(?:in)?to\s+{neutral}"
    ):
        return None
    without = NOT_POTENCY | {"target", "price", "limit"}
    if question.find("percent", cannabinoids=(neutral,), without=without):
        return None  # "CBDA 12%, CBD 0.6%": the material's total CBD (`potency_readers`)
    masses = question.find("mass", cannabinoids=(acid,)) or [
        q for q in question.find("mass", cannabinoids=(None,)) if q.per is None
    ]
    if not masses:
        if question.find("percent", "concentration") or not question.says(ASKS):
            return None  # "12% CBDA and 1% CBD, after decarb?": a total (`potency_readers`)
        raise ask(question, ACID_MASS)  # "how much cbg will i get from decarbing cbga?"
    weighed = one(question, masses[:1], f"the {acid}")
    assert weighed is not None
    shares = (
        question.find("percent", cannabinoids=(acid,), without=without)
        or [
            q  # "CBGA isolate, 95% pure": the purity is its acid share
            for q in question.find("percent", cannabinoids=(None,), without=without)
            if re.match(r"\s*(?:pure|purity)\b", question.text[q.end : q.end + 10], re.I)
            or re.search(r"\bpurity\s*(?:of|is|:)?\s*$", question.text[: q.start], re.I)
        ]
    )
    purity = None
    if shares:  # "10 g of 92% CBDA crystal": the acid is a share of what is weighed
        share_of = one(question, shares, f"the {acid} share")
        assert share_of is not None
        purity = share_of.value
    parts, acid_amount = acid_weighed(weighed.value, weighed.unit, acid, purity)
    acid_unit = weighed.unit
    efficiency = efficiency_percent(question)
    done = potency.decarboxylation(acid_amount, acid_unit, efficiency, acid=acid)
    done = as_loss(done, acid_unit) if as_loss else after_decarb(question, done, acid_unit, neutral)
    return chain([*parts, done]) if parts else done


def acid_weighed(
    mass: float, unit: str, acid: str, purity: float | None
) -> tuple[list[Calculation], float]:
    """The acid in a material weighed, in the unit it was weighed in: all of it, or its
    `purity` share (with the step working that share out).

    Raises:
        CalculationError: a purity outside (0, 100], a non-positive mass or one not a mass.
    """
    if purity is None:
        return [], mass
    percent(f"the {acid} purity", purity)
    held = potency.cannabinoid_in_product(mass, unit, purity, acid)
    return [held], units.convert(held.value, "mg", units.canonical(unit))


def decarboxylated(
    mass: float,
    unit: str,
    acid: str = "THCA",
    efficiency: float = 100.0,
    purity: float | None = None,
) -> Calculation:
    """The neutral form from decarboxylating `mass` of an acid (`potency.DECARB_ACIDS`), or of
    a material that is `purity` % that acid ("10 g of 92% CBDA crystal": 9.2 g of CBDA ×
    0.877 = 8.0684 g of CBD), at a conversion efficiency.

    Raises:
        CalculationError: an acid with no decarboxylation factor, or an input out of range.
    """
    if acid not in potency.DECARB_ACIDS:
        raise CalculationError(
            f"no decarboxylation factor for {acid!r}; the acids are "
            f"{', '.join(potency.DECARB_ACIDS)}"
        )
    parts, amount = acid_weighed(mass, unit, acid, purity)
    return chain([*parts, potency.decarboxylation(amount, unit, efficiency, acid=acid)])


def after_decarb(
    question: Question, done: Calculation, unit: str, neutral: str = "THC"
) -> Calculation:
    """`done` followed by a stated loss, then by the THC dissolved in a volume when the
    question asks a strength by volume; `done` unchanged when it asks neither."""
    steps = [done]
    thc_mg = done.details.get("thc_mg", units.convert(done.value, "mg", units.canonical(unit)))
    lost = loss_percent(question)
    if lost:
        kept = after_loss(thc_mg, lost, unit, neutral)
        steps.append(kept)
        thc_mg = kept.details["thc_mg"]
    volumes = [q for q in question.find("volume") if q.per is None and q.unit != "dropper"]
    if len(volumes) == 1 and question.says(r"mg\s*/\s*ml|mg\s+per\s+ml|per\s+ml\b"):
        question.use(volumes[0])
        steps.append(tinctures.tincture(thc_mg, volumes[0].value, volumes[0].unit))
    return steps[0] if len(steps) == 1 else chain(steps)


def after_loss(thc_mg: float, loss: float, unit: str, neutral: str = "THC") -> Calculation:
    """The THC (or `neutral`) kept after losing `loss` % of it, in the unit the acid was
    weighed in.

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
        f"{units.label(key)} {neutral}",
        f"After losing {fmt(loss)}%, {quantity(value, key)} of {neutral} is left.",
        (f"{fmt(thc_mg)} mg × (1 - {fmt(loss)}%) = {fmt(kept)} mg {neutral}",),
        details={"thc_mg": kept},
        formula=f"kept = {neutral} × (1 - loss)",
        inputs=(f"loss after decarboxylation: {fmt(loss)}%",),
    )
