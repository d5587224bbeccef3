"""Reading a lab's numbers: a potency as % or mg/g, as-received against dry-weight potency, a
label claim against the lab's result, and the cannabinoid a mass of material gives up."""

from __future__ import annotations

import math

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    grams_of,
    percent,
    positive,
    quantity,
    share,
)
from trichome.agents.label_deviation import Deviation


def potency_basis(value: float, unit: str, name: str = "THC") -> Calculation:
    """A potency in % as mg/g, or in mg/g as % (1% = 10 mg/g).

    Raises:
        CalculationError: a negative value, or more than 100% (1,000 mg/g).
    """
    if unit == "%":
        percent("the potency", value, allow_zero=True)
        result, shown, other = value * 10, "mg/g", f"{fmt(value, 4)}%"
        step = f"{fmt(value, 4)}% × 10 mg/g per % = {fmt(result, 4)} mg/g"
    else:
        if not math.isfinite(value) or not 0 <= value <= 1000:
            raise CalculationError(
                f"a potency must be between 0 and 1,000 mg/g, got {fmt(value, 4)}"
            )
        result, shown, other = value / 10, "%", f"{fmt(value, 4)} mg/g"
        step = f"{fmt(value, 4)} mg/g ÷ 10 mg/g per % = {fmt(result, 4)}%"
    written = f"{fmt(result)} mg/g" if shown == "mg/g" else f"{fmt(result)}%"
    return Calculation(
        "potency_basis",
        result,
        shown,
        f"{other} {name} is {written}.",
        (step,),
        formula="mg/g = % × 10 (1 g = 1,000 mg, so 1% of a gram is 10 mg)",
        inputs=(f"potency: {other} {name}",),
        assumptions=("a percentage here is by weight (w/w), as a COA reports it",),
    )


def dry_basis_potency(
    value: float, moisture_percent: float, given: str = "as-received"
) -> Calculation:
    """A potency moved between the as-received (wet) and dry-weight basis at a moisture content.

    dry = as-received ÷ (1 - moisture); as-received = dry × (1 - moisture).

    Raises:
        CalculationError: a potency outside [0, 100], a moisture outside [0, 100), or a result
            over 100%.
    """
    percent("the potency", value, allow_zero=True)
    share("the moisture content", moisture_percent)
    solids = 1 - moisture_percent / 100
    if given == "as-received":
        result = value / solids
        step = (
            f"{fmt(value, 4)}% ÷ (1 - {fmt(moisture_percent, 4)}%) = {fmt(value, 4)} ÷ "
            f"{fmt(solids, 4)} = {fmt(result, 4)}%"
        )
        summary = (
            f"On a dry-weight basis that is {fmt(result)}% (as received: {fmt(value, 4)}% at "
            f"{fmt(moisture_percent, 4)}% moisture)."
        )
        formula = "dry-weight potency = as-received potency ÷ (1 - moisture)"
    else:
        result = value * solids
        step = f"{fmt(value, 4)}% × (1 - {fmt(moisture_percent, 4)}%) = {fmt(result, 4)}%"
        summary = (
            f"As received (at {fmt(moisture_percent, 4)}% moisture) that is {fmt(result)}% "
            f"(dry weight: {fmt(value, 4)}%)."
        )
        formula = "as-received potency = dry-weight potency × (1 - moisture)"
    if result > 100:
        raise CalculationError(
            f"{fmt(value, 4)}% at {fmt(moisture_percent, 4)}% moisture would be {fmt(result, 4)}% "
            "dry, more than the whole sample; check the potency and the moisture"
        )
    return Calculation(
        "dry_basis_potency",
        result,
        "%",
        summary,
        (step,),
        details={"solids_share": solids},
        formula=formula,
        inputs=(f"{given} potency: {fmt(value, 4)}%", f"moisture: {fmt(moisture_percent, 4)}%"),
        assumptions=(
            "the moisture content is the lab's, measured on the same sample as the potency",
        ),
    )


def label_check(
    claim_mg: float,
    measured_mg: float,
    pieces: float | None = None,
    tolerance_percent: float | None = None,
    lead: str | None = None,
) -> Calculation:
    """A lab's mg per piece against the label's: % of the claim, the package totals, a verdict;
    with a `lead` (`label_deviation`), how far off it is leads, in % or in mg.

    Raises:
        CalculationError: a non-positive claim, a negative result, or a tolerance outside (0, 100).
    """
    positive("the label claim", claim_mg)
    if not math.isfinite(measured_mg) or measured_mg < 0:
        raise CalculationError("the lab result cannot be negative")
    of_claim = measured_mg / claim_mg * 100
    deviation = of_claim - 100
    steps = [
        f"{fmt(measured_mg, 4)} mg ÷ {fmt(claim_mg, 4)} mg = {fmt(of_claim, 4)}% of the label "
        f"({'+' if deviation >= 0 else ''}{fmt(deviation, 4)}%)"
    ]
    inputs = [f"label: {fmt(claim_mg, 4)} mg per piece", f"lab: {fmt(measured_mg, 4)} mg per piece"]
    off = Deviation(claim_mg, measured_mg, "mg")
    details = {
        "deviation_percent": deviation,
        "measured_mg": measured_mg,
        "difference_mg": off.difference,
    }
    summary = (
        f"The lab's {fmt(measured_mg, 4)} mg is {fmt(of_claim)}% of the {fmt(claim_mg, 4)} mg "
        f"label ({fmt(abs(deviation))}% {'over' if deviation > 0 else 'under'})."
    )
    value, unit = of_claim, "% of label"
    if lead is not None:
        value, unit = off.value(lead)
        summary = off.sentence(lead)
        steps.insert(0, off.steps()[0])
    if pieces is not None:
        count = int(positive("the pieces per package", pieces))
        label_total, lab_total = claim_mg * count, measured_mg * count
        steps.append(
            f"package of {count:,}: label {fmt(claim_mg, 4)} × {count:,} = "
            f"{fmt(label_total, 4)} mg; "
            f"lab {fmt(measured_mg, 4)} × {count:,} = {fmt(lab_total, 4)} mg"
        )
        inputs.append(f"pieces per package: {count:,}")
        details |= {"package_label_mg": label_total, "package_measured_mg": lab_total}
        summary += (
            f" A {count:,}-piece package labelled {fmt(label_total)} mg holds about "
            f"{fmt(lab_total)} mg."
        )
    verdict = None
    assumptions = ["the lab's figure is the average per piece"]
    if tolerance_percent is not None:
        share("the allowed variance", tolerance_percent)
        positive("the allowed variance", tolerance_percent)
        inside = abs(deviation) <= tolerance_percent + 1e-9
        inputs.append(f"allowed variance: ±{fmt(tolerance_percent)}%")
        low, high = (
            claim_mg * (1 - tolerance_percent / 100),
            claim_mg * (1 + tolerance_percent / 100),
        )
        steps.append(f"window: {fmt(low, 4)} to {fmt(high, 4)} mg per piece")
        details |= {"low": low, "high": high}
        verdict = (
            f"{'PASSES' if inside else 'FAILS'}: {fmt(measured_mg, 4)} mg is "
            f"{'inside' if inside else 'outside'} {fmt(low, 4)} to {fmt(high, 4)} mg (±"
            f"{fmt(tolerance_percent)}%)."
        )
    else:
        assumptions.append(
            "no allowed variance was given, so no pass/fail: states set it (often ±10% to "
            "±15%); tell me yours and I'll check"
        )
    return Calculation(
        "label_check",
        value,
        unit,
        summary,
        tuple(steps),
        details=details,
        formula="% of label = lab mg ÷ label mg × 100"
        + ("; variance = (lab - label) ÷ label × 100" if lead is not None else ""),
        inputs=tuple(inputs),
        assumptions=tuple(assumptions),
        verdict=verdict,
    )


def cannabinoid_recovered(
    mass: float,
    unit: str,
    potency_percent: float,
    efficiency_percent: float = 100,
    name: str = "THC",
) -> Calculation:
    """The cannabinoid a mass of material at a potency gives up at an extraction efficiency,
    in the unit the mass was given in.

    Raises:
        CalculationError: a non-positive mass, a potency or efficiency outside (0, 100].
    """
    grams = grams_of("the material's mass", mass, unit)
    percent("the potency", potency_percent)
    percent("the extraction efficiency", efficiency_percent)
    in_material = mass * potency_percent / 100
    recovered = in_material * efficiency_percent / 100
    shown = units.label(unit)
    steps = [
        f"{quantity(mass, unit)} × {fmt(potency_percent, 4)}% = {fmt(in_material, 4)} {shown} "
        f"{name} in the material"
    ]
    if efficiency_percent < 100:
        steps.append(
            f"{fmt(in_material, 4)} {shown} × {fmt(efficiency_percent, 4)}% efficiency = "
            f"{fmt(recovered, 4)} {shown} {name}"
        )
    return Calculation(
        "cannabinoid_recovered",
        recovered,
        f"{shown} {name}",
        f"{quantity(mass, unit)} at {fmt(potency_percent)}% {name} gives {fmt(recovered)} {shown} "
        f"of {name}"
        + (f" at {fmt(efficiency_percent)}% efficiency." if efficiency_percent < 100 else "."),
        tuple(steps),
        details={
            "in_material": in_material,
            "grams": grams * potency_percent / 100 * efficiency_percent / 100,
        },
        formula=f"{name} = mass × potency % × efficiency %",
        inputs=(
            f"material: {quantity(mass, unit)} at {fmt(potency_percent, 4)}% {name}",
            f"efficiency: {fmt(efficiency_percent, 4)}%",
        ),
        assumptions=(
            ()
            if efficiency_percent < 100
            else ("all of it is recovered: no extraction efficiency was given",)
        ),
    )


def extraction_return(
    started: float, started_unit: str, got: float, got_unit: str, material: str = "input"
) -> Calculation:
    """The return of a press, wash or extraction run: what came out as a share of what
    went in, by weight.

    Raises:
        CalculationError: a non-positive input, a negative output, or more out than in.
    """
    positive("the starting weight", started)
    start_g = units.convert(started, started_unit, "g")
    got_g = units.convert(got, got_unit, "g")
    if not math.isfinite(got_g) or got_g < 0:
        raise CalculationError("the weight that came out cannot be negative")
    if got_g > start_g:
        raise CalculationError(
            f"more came out ({fmt(got, 4)} {got_unit}) than went in "
            f"({fmt(started, 4)} {started_unit}): check the two weights"
        )
    result = got_g / start_g * 100
    return Calculation(
        "extraction_return",
        result,
        "%",
        f"The return is {fmt(result)}% ({fmt(got, 4)} {got_unit} from "
        f"{fmt(started, 4)} {started_unit} of {material}).",
        (f"{fmt(got_g, 4)} g ÷ {fmt(start_g, 4)} g × 100 = {fmt(result, 4)}%",),
        formula="return % = weight out ÷ weight in × 100",
        inputs=(
            f"in: {fmt(started, 4)} {started_unit} of {material}",
            f"out: {fmt(got, 4)} {got_unit}",
        ),
        assumptions=("both weights on the same basis (as weighed)",),
    )


# 7 CFR 990.1, "acceptable hemp THC level": the lab reports the THC result and its
# measurement of uncertainty (MU); a sample is within the acceptable level when the range
# the MU gives around the result includes 0.3% or less (0.35% ± 0.06% -> 0.29-0.41%: within).
HEMP_LEVEL = 0.3
HEMP_LEVEL_SOURCE = "7 CFR 990.1, acceptable hemp THC level"


def hemp_with_uncertainty(result: float, uncertainty: float) -> Calculation:
    """Whether a hemp THC result is within the acceptable hemp THC level once the lab's
    measurement of uncertainty is applied.

    Raises:
        CalculationError: a negative or impossible result, a negative uncertainty.
    """
    percent("the THC result", result, allow_zero=True)
    if not math.isfinite(uncertainty) or uncertainty < 0:
        raise CalculationError(f"the measurement of uncertainty cannot be negative ({uncertainty})")
    low, high = max(0.0, result - uncertainty), result + uncertainty
    within = low <= HEMP_LEVEL
    verdict = (
        f"{'WITHIN' if within else 'ABOVE'} the acceptable hemp THC level: "
        f"{fmt(result, 4)}% ± {fmt(uncertainty, 4)}% is {fmt(low, 4)}-{fmt(high, 4)}%, which "
        f"{'includes' if within else 'does not reach down to'} {fmt(HEMP_LEVEL)}% "
        f"({HEMP_LEVEL_SOURCE})."
    )
    return Calculation(
        "hemp_uncertainty",
        low,
        "%",
        f"The lowest value the uncertainty allows is {fmt(low, 4)}% THC: the sample is "
        f"{'within' if within else 'above'} the acceptable hemp THC level.",
        (
            f"{fmt(result, 4)}% - {fmt(uncertainty, 4)}% = {fmt(low, 4)}%",
            f"{fmt(result, 4)}% + {fmt(uncertainty, 4)}% = {fmt(high, 4)}%",
            f"{fmt(low, 4)}% {'≤' if within else '>'} {fmt(HEMP_LEVEL)}%",
        ),
        details={"low": low, "high": high},
        formula="within when result - measurement of uncertainty ≤ 0.3%",
        inputs=(
            f"THC result: {fmt(result, 4)}%",
            f"measurement of uncertainty: ±{fmt(uncertainty, 4)}%",
        ),
        assumptions=(
            "the result is delta-9 THC (or total THC, as the plan requires) on a dry-weight "
            "basis, as the lab reports it for compliance",
        ),
        verdict=verdict,
    )
