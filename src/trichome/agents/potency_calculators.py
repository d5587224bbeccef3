"""The potency calculations: total THC and CBD with a compliance verdict, THC in a product,
decarboxylation, and a label's variance window (the shared types are in `calculators`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

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

# THCA (C22H30O4, 358.48 g/mol) loses CO2 to become delta-9 THC (C21H30O2, 314.47 g/mol):
# 314.47 / 358.48 = 0.877. The USDA hemp rule writes total THC as delta-9 THC + 0.877 × THCA
# (7 CFR 990.1, "decarboxylated"); CBDA -> CBD is the same pair of formulas.
THCA_TO_THC = 0.877
CBDA_TO_CBD = 0.877
# CBGA (C22H32O4, 360.49 g/mol) -> CBG (C21H32O2, 316.48 g/mol): 316.48 / 360.49 = 0.878
# (molecular weights as PubChem lists them for cannabigerolic acid and cannabigerol).
CBGA_TO_CBG = 0.878
ACID_FACTORS = {"THC": THCA_TO_THC, "CBD": CBDA_TO_CBD, "CBG": CBGA_TO_CBG}
MOLAR_MASS_NOTE = "0.877 = 314.47 g/mol (THC) ÷ 358.48 g/mol (THCA): the CO2 lost on heating"
# acid -> (neutral form, mass factor, where the factor comes from). CBDA (C22H30O4, 358.48
# g/mol) -> CBD (C21H30O2, 314.46 g/mol) is THCA's pair of formulas again.
DECARB_ACIDS = {
    "THCA": ("THC", THCA_TO_THC, MOLAR_MASS_NOTE),
    "CBDA": (
        "CBD",
        CBDA_TO_CBD,
        "0.877 = 314.46 g/mol (CBD) ÷ 358.48 g/mol (CBDA): the CO2 lost on heating",
    ),
    "CBGA": (
        "CBG",
        CBGA_TO_CBG,
        "0.878 = 316.48 g/mol (CBG) ÷ 360.49 g/mol (CBGA): the CO2 lost on heating",
    ),
    # CBNA (C22H26O4, 354.45) -> CBN (C21H26O2, 310.44): Lazarjani et al. 2021, Table 1
    "CBNA": ("CBN", 0.876, "0.876 = 310.44 g/mol (CBN) ÷ 354.45 g/mol (CBNA): the CO2 lost"),
}
MOLAR_MASS_NOTES = {
    "CBG": "0.878 = 316.48 g/mol (CBG) ÷ 360.49 g/mol (CBGA): the CO2 lost on heating"
}


@dataclass(frozen=True, slots=True)
class Limit:
    """A potency limit a total is checked against, with where it comes from."""

    name: str
    percent: float
    source: str


# 7 U.S.C. 1639o(1) (2018 Farm Bill) and 7 CFR 990.1: hemp is at most 0.3% delta-9 THC on a
# dry-weight basis, tested post-decarboxylation (delta-9 THC + 0.877 × THCA); Public Law
# 119-37 s. 781 makes it 0.3% total THC from November 2026.
# A lab's printed total differing from the one its own figures make by more than this many
# percentage points (a lab rounds to one or two decimals) is questioned, not taken as stated.
TOTAL_TOLERANCE = 0.1
HEMP_LIMIT = Limit(
    "the federal hemp limit",
    0.3,
    "7 U.S.C. 1639o(1) and 7 CFR 990.1: 0.3% THC on a dry-weight basis, post-decarboxylation",
)


def total_cannabinoid(
    neutral: float,
    acid: float,
    name: str = "THC",
    basis: str = "%",
    limit: Limit | None = None,
) -> Calculation:
    """Total THC (or CBD, CBG) = neutral + factor × acid form (0.877; 0.878 for CBG), in % or
    mg/g, with a verdict.

    Raises:
        CalculationError: a negative value, a value over 100% (1,000 mg/g), or a sum over it.
    """
    name = name.upper()
    if name not in ACID_FACTORS:
        raise CalculationError(f"total potency is computed for THC, CBD or CBG, not {name}")
    ceiling = 100.0 if basis == "%" else 1000.0
    for label, value in ((_neutral_label(name), neutral), (f"{name}A", acid)):
        if not math.isfinite(value) or value < 0:
            raise CalculationError(f"{label} cannot be negative (got {fmt(value, 4)}{basis})")
        if value > ceiling:
            raise CalculationError(
                f"{label} of {fmt(value, 4)} {basis} is impossible: the most is {fmt(ceiling)}"
                f" {basis}"
            )
    if neutral + acid > ceiling:
        raise CalculationError(
            f"{_neutral_label(name)} and {name}A together ({fmt(neutral + acid, 4)} {basis}) "
            f"cannot exceed {fmt(ceiling)} {basis}"
        )
    factor = ACID_FACTORS[name]
    converted = acid * factor
    total = neutral + converted
    unit = "%" if basis == "%" else " mg/g"
    steps = [
        f"{fmt(acid, 4)}{unit} {name}A × {factor} = {fmt(converted, 4)}{unit}",
        f"{fmt(neutral, 4)}{unit} {_neutral_label(name)} + {fmt(converted, 4)}{unit} = "
        f"{fmt(total, 4)}{unit} total {name}",
    ]
    assumptions = [MOLAR_MASS_NOTES.get(name, MOLAR_MASS_NOTE)]
    verdict = None
    places = 2
    if basis != "%":
        steps.append(f"{fmt(total, 4)} mg/g ÷ 10 = {fmt(total / 10, 4)}% total {name}")
        assumptions.append("1% = 10 mg/g")
    if limit is not None and name == "THC":
        as_percent = total if basis == "%" else total / 10
        over = as_percent > limit.percent
        # Two decimals, unless rounding would make the total look equal to the limit.
        shown = fmt(as_percent) if fmt(as_percent) != fmt(limit.percent) else fmt(as_percent, 4)
        if shown != fmt(as_percent):  # "0.3043%", never a total that reads as the limit
            places = 4
        verdict = (
            f"{'FAILS' if over else 'PASSES'} {limit.name}: {shown}% total THC is "
            f"{'over' if over else 'at or under'} {fmt(limit.percent)}% ({limit.source})."
        )
        if not over and neutral > 0 and acid > 0:
            steps.append(f"{fmt(as_percent, 4)}% ≤ {fmt(limit.percent)}%")
        else:
            steps.append(f"{fmt(as_percent, 4)}% {'>' if over else '≤'} {fmt(limit.percent)}%")
    return Calculation(
        f"total_{name.lower()}",
        total,
        "%" if basis == "%" else "mg/g",
        f"Total {name} is {fmt(total, places)}{unit}.",
        tuple(steps),
        details={
            "converted": converted,
            # in %, for a stated total to be held against (see `stated_totals`)
            f"total_{name.lower()}_percent": total if basis == "%" else total / 10,
            f"sum_{name.lower()}_percent": (neutral + acid) * (1 if basis == "%" else 0.1),
        },
        formula=f"total {name} = {_neutral_label(name)} + {factor} × {name}A",
        inputs=(
            f"{_neutral_label(name)}: {fmt(neutral, 4)}{unit}",
            f"{name}A: {fmt(acid, 4)}{unit}",
        ),
        assumptions=tuple(assumptions),
        verdict=verdict,
    )


def _neutral_label(name: str) -> str:
    return "delta-9 THC" if name == "THC" else name


def cannabinoid_in_product(
    mass: float, unit: str, potency_percent: float, name: str = "THC"
) -> Calculation:
    """mg of a cannabinoid in a product of `mass` at `potency_percent` (e.g. a 1 g cart at 85%).

    Raises:
        CalculationError: a non-positive mass, a unit that is not a mass, a potency over 100%.
    """
    grams = grams_of("the product's mass", mass, unit)
    percent("the potency", potency_percent, allow_zero=True)
    mg = grams * 1000 * potency_percent / 100
    steps = []
    if units.canonical(unit) != "g":
        steps.append(f"{quantity(mass, unit)} = {fmt(grams, 4)} g")
    steps.append(f"{fmt(grams, 4)} g × 1,000 mg/g × {fmt(potency_percent, 4)}% = {fmt(mg)} mg")
    note = units.convention_note(unit)
    return Calculation(
        "cannabinoid_in_product",
        mg,
        f"mg {name}",
        f"{quantity(mass, unit)} at {fmt(potency_percent, 4)}% holds {fmt(mg)} mg {name}.",
        tuple(steps),
        formula=f"mg {name} = mass (g) × 1,000 × potency %",
        inputs=(f"mass: {quantity(mass, unit)}", f"potency: {fmt(potency_percent, 4)}% {name}"),
        assumptions=(note,) if note else (),
        details={"mg": mg},
    )


def cannabinoid_in_volume(
    volume: float, unit: str, strength_mg: float, per_unit: str, name: str = "THC"
) -> Calculation:
    """mg of a cannabinoid in a volume of a drink or oil at `strength_mg` per `per_unit` of
    it (a 12 fl oz can at 0.42 mg per fl oz, a 355 mL can at 0.02 mg/mL).

    Raises:
        CalculationError: a non-positive volume, a negative strength, or units that are not
            volumes.
    """
    positive("the volume", volume)
    if strength_mg < 0:
        raise CalculationError(f"the strength cannot be negative (got {fmt(strength_mg, 4)})")
    portions = _in_volume_units(volume, unit, per_unit)
    mg = portions * strength_mg
    per = units.label(per_unit)
    steps = _conversion_step(volume, unit, per_unit, portions)
    steps.append(f"{fmt(portions, 4)} {per} × {fmt(strength_mg, 4)} mg/{per} = {fmt(mg, 4)} mg")
    return Calculation(
        "cannabinoid_in_product",
        mg,
        f"mg {name}",
        f"{quantity(volume, unit)} at {fmt(strength_mg, 4)} mg {name} per {per} holds "
        f"{fmt(mg, 4)} mg {name}.",
        tuple(steps),
        formula=f"mg {name} = volume × mg per unit of volume",
        inputs=(f"volume: {quantity(volume, unit)}", f"strength: {fmt(strength_mg, 4)} mg/{per}"),
        details={"mg": mg},
    )


def _in_volume_units(volume: float, unit: str, per_unit: str) -> float:
    """`volume` (in `unit`) counted in `per_unit`, both units of volume."""
    try:
        if units.kind(unit) != "volume" or units.kind(per_unit) != "volume":
            raise CalculationError("the amount and the strength must both be by volume")
        return units.convert(volume, unit, per_unit)
    except units.UnitError as error:
        raise CalculationError(str(error)) from None


def _conversion_step(volume: float, unit: str, per_unit: str, portions: float) -> list[str]:
    """The conversion shown as a step, when the volume was given in another unit."""
    if units.canonical(unit) == units.canonical(per_unit):
        return []
    return [f"{quantity(volume, unit)} = {fmt(portions, 4)} {units.label(per_unit)}"]


def strength_per_volume(
    mg: float, volume: float, unit: str, per_unit: str, name: str = "THC"
) -> Calculation:
    """mg of a cannabinoid per unit of volume (`per_unit`) of a drink holding `mg` in
    `volume` (a 12 fl oz can with 10 mg: mg per fl oz).

    Raises:
        CalculationError: a non-positive volume, negative mg, or units that are not volumes.
    """
    positive("the volume", volume)
    if mg < 0:
        raise CalculationError(f"the mg cannot be negative (got {fmt(mg, 4)})")
    portions = _in_volume_units(volume, unit, per_unit)
    strength = mg / portions
    per = units.label(per_unit)
    steps = _conversion_step(volume, unit, per_unit, portions)
    steps.append(f"{fmt(mg, 4)} mg ÷ {fmt(portions, 4)} {per} = {fmt(strength, 4)} mg/{per}")
    return Calculation(
        "strength_per_volume",
        strength,
        f"mg {name}/{per}",
        f"{fmt(mg, 4)} mg {name} in {quantity(volume, unit)} is {fmt(strength, 4)} mg {name} "
        f"per {per}.",
        tuple(steps),
        formula=f"mg {name} per unit of volume = mg ÷ volume",
        inputs=(f"{name}: {fmt(mg, 4)} mg", f"volume: {quantity(volume, unit)}"),
        details={"strength": strength},
    )


def decarboxylation(
    acid_mass: float, unit: str, efficiency_percent: float = 100.0, acid: str = "THCA"
) -> Calculation:
    """The neutral form from decarboxylating an acid (THCA -> THC × 0.877, CBDA -> CBD,
    CBGA -> CBG, see `DECARB_ACIDS`): theoretical and at a stated efficiency.

    Raises:
        CalculationError: a non-positive mass or an efficiency outside (0, 100].
    """
    neutral, factor, note = DECARB_ACIDS[acid]
    grams = grams_of(f"the {acid} mass", acid_mass, unit)
    percent("the conversion efficiency", efficiency_percent)
    mg = grams * 1000
    theoretical = mg * factor
    actual = theoretical * efficiency_percent / 100
    lost = mg - theoretical
    steps = []
    if units.canonical(unit) != "mg":
        steps.append(f"{quantity(acid_mass, unit)} = {fmt(mg)} mg {acid}")
    steps.append(f"{fmt(mg)} mg × {factor} = {fmt(theoretical)} mg {neutral} (theoretical)")
    steps.append(
        f"mass lost as CO2: {fmt(mg)} - {fmt(theoretical)} = {fmt(lost)} mg "
        f"({fmt(lost / mg * 100)}% of the {acid})"
    )
    if efficiency_percent < 100:
        steps.append(
            f"at {fmt(efficiency_percent)}% efficiency: {fmt(theoretical)} mg × "
            f"{fmt(efficiency_percent)}% = {fmt(actual)} mg {neutral}"
        )
    # The answer is in the unit the user weighed in (10 g of THCA gives 8.77 g of THC).
    key = units.canonical(unit)
    shown = units.label(key)

    def own(mg_amount: float) -> str:
        if key == "mg":
            return f"{fmt(mg_amount)} mg"
        return f"{fmt(units.convert(mg_amount, 'mg', key), 4)} {shown} ({fmt(mg_amount)} mg)"

    def brief(mg_amount: float) -> str:
        return own(mg_amount).split(" (")[0]

    if key != "mg":
        in_unit = fmt(units.convert(actual, "mg", key), 4)
        steps.append(f"{fmt(actual)} mg = {in_unit} {shown} {neutral}")
    if efficiency_percent < 100:
        summary = (
            f"{quantity(acid_mass, unit)} of {acid} gives {own(actual)} {neutral} at "
            f"{fmt(efficiency_percent)}% efficiency ({own(theoretical)} in theory; "
            f"{brief(lost)} leaves as CO2)."
        )
    else:
        summary = (
            f"{quantity(acid_mass, unit)} of {acid} gives at most {own(theoretical)} {neutral}; "
            f"{brief(lost)} ({fmt(lost / mg * 100)}%) leaves as CO2."
        )
    inputs = [f"{acid}: {quantity(acid_mass, unit)}"]
    if efficiency_percent < 100:
        inputs.append(f"conversion efficiency: {fmt(efficiency_percent)}%")
    return Calculation(
        "decarboxylation",
        units.convert(actual, "mg", key),
        f"{shown} {neutral}",
        summary,
        tuple(steps),
        formula=f"{neutral} = {acid} × {factor} × efficiency; mass loss = {acid} × (1 - {factor})",
        inputs=tuple(inputs),
        assumptions=(
            note,
            *(
                ("complete conversion (100%): no efficiency was given",)
                if efficiency_percent == 100
                else ()
            ),
        ),
        details={
            "theoretical_mg": theoretical,
            "mass_loss_mg": lost,
            "thca_mg": mg,
            "thc_mg": actual,  # the neutral form, whichever acid
        },
    )


def potency_window(
    label_value: float, tolerance_percent: float, unit: str = "mg", measured: float | None = None
) -> Calculation:
    """The range a lab result may fall in around a label claim, ± a tolerance, with a verdict.

    Raises:
        CalculationError: a non-positive claim, or a tolerance outside (0, 100).
    """
    positive("the label claim", label_value)
    share("the allowed variance", tolerance_percent)
    positive("the allowed variance", tolerance_percent)
    low = label_value * (1 - tolerance_percent / 100)
    high = label_value * (1 + tolerance_percent / 100)
    steps = [
        f"low: {fmt(label_value, 4)} × (1 - {fmt(tolerance_percent)}%) = {fmt(low, 4)} {unit}",
        f"high: {fmt(label_value, 4)} × (1 + {fmt(tolerance_percent)}%) = {fmt(high, 4)} {unit}",
    ]
    verdict = None
    inputs = [f"label claim: {fmt(label_value, 4)} {unit}", f"variance: ±{fmt(tolerance_percent)}%"]
    if measured is not None:
        if not math.isfinite(measured) or measured < 0:
            raise CalculationError("the lab result cannot be negative")
        inside = low <= measured <= high
        inputs.append(f"lab result: {fmt(measured, 4)} {unit}")
        verdict = (
            f"{'PASSES' if inside else 'FAILS'}: the lab's {fmt(measured, 4)} {unit} is "
            f"{'inside' if inside else 'outside'} {fmt(low, 4)} to {fmt(high, 4)} {unit}."
        )
    return Calculation(
        "potency_window",
        high,
        unit,
        f"A {fmt(label_value, 4)} {unit} label at ±{fmt(tolerance_percent)}% allows "
        f"{fmt(low, 4)} to {fmt(high, 4)} {unit}.",
        tuple(steps),
        details={"low": low, "high": high},
        formula="window = claim × (1 ± variance)",
        inputs=tuple(inputs),
        verdict=verdict,
    )
