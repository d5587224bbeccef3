"""Mixing arithmetic: dilution to a lower potency, C1V1 = C2V2 for a stock, blending two
potencies, and terpene reintroduction as % w/w of the blend or of the distillate."""

from __future__ import annotations

from trichome.agents import units
from trichome.agents.calculators import (
    Calculation,
    CalculationError,
    fmt,
    percent,
    positive,
    share,
    whole_pieces,
)


def dilution(
    mass: float,
    mass_unit: str,
    current_percent: float,
    target_percent: float,
    carrier: str = "carrier",
    concentration_unit: str = "%",
) -> Calculation:
    """Carrier (terpenes, MCT, ...) to add to bring `mass` (or a volume) at `current_percent`
    down to `target_percent` of the finished blend; the concentrations may instead be in
    mg/mL or mg/g (`concentration_unit`), the arithmetic is the same C1 × V1 = C2 × V2.

    Raises:
        CalculationError: a target at or above the current potency, or non-positive input.
    """
    positive("the starting amount", mass)
    c = concentration_unit
    if c == "%":
        percent("the current potency", current_percent)
        percent("the target potency", target_percent)
    else:
        positive("the current concentration", current_percent)
        positive("the target concentration", target_percent)
    if target_percent >= current_percent:
        raise CalculationError(
            f"dilution lowers potency: the target ({fmt(target_percent)}{_sep(c)}{c}) must be "
            f"below the current {fmt(current_percent)}{_sep(c)}{c}"
        )
    unit = units.label(mass_unit)
    final = mass * current_percent / target_percent
    added = final - mass
    assumptions = [
        f"the {carrier} hold no THC" if carrier.endswith("s") else f"the {carrier} holds no THC"
    ]
    if c != "%" and units.kind(mass_unit) == "volume":
        assumptions.append("volumes add (no shrinkage on mixing)")
    if carrier != "carrier":
        assumptions.append(
            f"{fmt(target_percent, 4)}{_sep(c)}{c} is the {'potency' if c == '%' else 'strength'} "
            f"of the finished blend; the "
            f"{carrier} make {fmt(added / final * 100)}% of it"
        )
    if c == "%":
        held = f"{fmt(mass * current_percent / 100, 4)} {unit}"
        active = f"{fmt(mass, 4)} {unit} × {fmt(current_percent, 4)}% = {held}"
    else:
        held = f"{fmt(mass * current_percent, 4)} mg"
        active = f"{fmt(mass, 4)} {unit} × {fmt(current_percent, 4)} {c} = {held}"
    return Calculation(
        "dilution",
        added,
        unit,
        f"Add {fmt(added)} {unit} of {carrier} to reach {fmt(target_percent, 4)}{_sep(c)}{c} "
        f"({fmt(final)} {unit} in all).",
        (
            f"active content: {active}",
            f"final amount at {fmt(target_percent, 4)}{_sep(c)}{c}: {fmt(mass, 4)} × "
            f"{fmt(current_percent, 4)} ÷ {fmt(target_percent, 4)} = {fmt(final, 4)} {unit}",
            f"{carrier} to add: {fmt(final, 4)} - {fmt(mass, 4)} = {fmt(added, 4)} {unit}",
        ),
        details={"final_mass": final, "final": final, "added": added},
        formula=f"C1 × V1 = C2 × V2, so V2 = V1 × C1 ÷ C2 and {carrier} = V2 - V1",
        inputs=(
            f"starting material: {fmt(mass, 4)} {unit} at {fmt(current_percent, 4)}{_sep(c)}{c}",
            f"target: {fmt(target_percent, 4)}{_sep(c)}{c}",
        ),
        assumptions=tuple(assumptions),
    )


def _sep(unit: str) -> str:
    return "" if unit == "%" else " "


def doses_in(total: float, total_unit: str, dose: float, dose_unit: str) -> Calculation:
    """How many whole doses (or bottles) of `dose` a lot of `total` fills, rounded down.

    Raises:
        CalculationError: a non-positive amount, or units of different kinds.
    """
    positive("the amount", total)
    positive("the dose", dose)
    try:
        dose_in_total_unit = units.convert(dose, dose_unit, total_unit)
    except units.UnitError as error:
        raise CalculationError(f"the dose and the amount are not comparable: {error}") from error
    exact = total / dose_in_total_unit
    count = whole_pieces(exact)
    unit, each = units.label(total_unit), units.label(dose_unit)
    step = f"doses: {fmt(total, 4)} {unit} ÷ {fmt(dose_in_total_unit, 4)} {unit} = {fmt(exact, 4)}"
    rounded = (
        () if abs(exact - round(exact)) <= 1e-9 else (f"whole doses, rounded down: {fmt(count)}",)
    )
    return Calculation(
        "doses",
        count,
        "doses",
        f"{fmt(total, 4)} {unit} fills {fmt(count)} {'whole ' if rounded else ''}doses of "
        f"{fmt(dose, 4)} {each}" + (f" ({fmt(exact, 4)} exactly)." if rounded else "."),
        (step, *rounded),
        details={"doses": count, "exact": exact},
        formula="doses = amount ÷ dose size, rounded down to whole doses",
        inputs=(f"dose size: {fmt(dose, 4)} {each}",),
        assumptions=("every dose is measured exactly; nothing is lost in the container",),
    )


def dilution_c1v1(
    stock: float,
    target: float,
    final_amount: float,
    amount_unit: str,
    concentration_unit: str = "mg/mL",
) -> Calculation:
    """Stock and diluent for `final_amount` at `target` from a `stock` (C1V1 = C2V2).

    Raises:
        CalculationError: non-positive input, or a target at or above the stock.
    """
    positive("the stock concentration", stock)
    positive("the target concentration", target)
    positive("the final amount", final_amount)
    if target >= stock:
        raise CalculationError(
            f"the target ({fmt(target)} {concentration_unit}) must be below "
            f"the stock ({fmt(stock)} {concentration_unit}) to dilute it"
        )
    unit = units.label(amount_unit)
    needed = target * final_amount / stock
    diluent = final_amount - needed
    return Calculation(
        "dilution_c1v1",
        needed,
        f"{unit} of stock",
        f"Take {fmt(needed, 4)} {unit} of the {fmt(stock)} {concentration_unit} stock and add "
        f"{fmt(diluent, 4)} {unit} of diluent for {fmt(final_amount, 4)} {unit} at "
        f"{fmt(target)} {concentration_unit}.",
        (
            f"V1 = C2 × V2 ÷ C1 = {fmt(target)} × {fmt(final_amount, 4)} ÷ {fmt(stock)} "
            f"= {fmt(needed, 4)} {unit}",
            f"diluent = {fmt(final_amount, 4)} - {fmt(needed, 4)} = {fmt(diluent, 4)} {unit}",
        ),
        details={"diluent": diluent},
        formula="C1 × V1 = C2 × V2",
        inputs=(
            f"stock (C1): {fmt(stock)} {concentration_unit}",
            f"target (C2): {fmt(target)} {concentration_unit}",
            f"final amount (V2): {fmt(final_amount, 4)} {unit}",
        ),
        assumptions=("the diluent holds no THC; volumes add (no shrinkage on mixing)",),
    )


def blend(
    first_percent: float,
    second_percent: float,
    first_amount: float | None = None,
    second_amount: float | None = None,
    target_percent: float | None = None,
    total_amount: float | None = None,
    unit: str = "g",
) -> Calculation:
    """Blend two potencies: the blend's potency from two amounts, or the amounts for a target.

    Raises:
        CalculationError: impossible potencies, a target outside the two, too few amounts.
    """
    percent("the first potency", first_percent, allow_zero=True)
    percent("the second potency", second_percent, allow_zero=True)
    shown = units.label(unit)
    inputs = [f"first: {fmt(first_percent, 4)}%", f"second: {fmt(second_percent, 4)}%"]
    if target_percent is None:
        if first_amount is None or second_amount is None:
            raise CalculationError("give both amounts to find the blend's potency")
        positive("the first amount", first_amount)
        positive("the second amount", second_amount)
        total = first_amount + second_amount
        active = first_amount * first_percent / 100 + second_amount * second_percent / 100
        result = active / total * 100
        return Calculation(
            "blend",
            result,
            "%",
            f"The blend is {fmt(result)}% ({fmt(total, 4)} {shown} in all).",
            (
                f"active: {fmt(first_amount, 4)} × {fmt(first_percent, 4)}% + "
                f"{fmt(second_amount, 4)} × {fmt(second_percent, 4)}% = {fmt(active, 4)} {shown}",
                f"{fmt(active, 4)} ÷ {fmt(total, 4)} {shown} = {fmt(result, 4)}%",
            ),
            formula="blend % = (m1 × p1 + m2 × p2) ÷ (m1 + m2)",
            inputs=(
                f"first: {fmt(first_amount, 4)} {shown} at {fmt(first_percent, 4)}%",
                f"second: {fmt(second_amount, 4)} {shown} at {fmt(second_percent, 4)}%",
            ),
            details={"total": total},
        )
    percent("the target potency", target_percent)
    low, high = sorted((first_percent, second_percent))
    if not low < target_percent < high:
        raise CalculationError(
            f"a blend of {fmt(low)}% and {fmt(high)}% can only land between "
            f"them; {fmt(target_percent)}% is outside"
        )
    # Share of the first material in the blend (the lever rule).
    first_share = (target_percent - second_percent) / (first_percent - second_percent)
    inputs.append(f"target: {fmt(target_percent, 4)}%")
    steps = [
        f"share of the first = ({fmt(target_percent)} - {fmt(second_percent)}) ÷ "
        f"({fmt(first_percent)} - {fmt(second_percent)}) = {fmt(first_share * 100, 4)}%"
    ]
    if total_amount is not None:
        positive("the blend's amount", total_amount)
        first, second = total_amount * first_share, total_amount * (1 - first_share)
        inputs.append(f"blend: {fmt(total_amount, 4)} {shown}")
    elif first_amount is not None:
        positive("the first amount", first_amount)
        first, second = first_amount, first_amount * (1 - first_share) / first_share
        inputs.append(f"first amount: {fmt(first_amount, 4)} {shown}")
    elif second_amount is not None:
        positive("the second amount", second_amount)
        first, second = second_amount * first_share / (1 - first_share), second_amount
        inputs.append(f"second amount: {fmt(second_amount, 4)} {shown}")
    else:
        return Calculation(
            "blend",
            first_share * 100,
            "% of the first",
            f"Blend {fmt(first_share * 100)}% of the {fmt(first_percent)}% material with "
            f"{fmt(100 - first_share * 100)}% of the {fmt(second_percent)}% material.",
            tuple(steps),
            formula="share of first = (target - p2) ÷ (p1 - p2)",
            inputs=tuple(inputs),
        )
    steps.append(
        f"{fmt(first, 4)} {shown} at {fmt(first_percent)}% + {fmt(second, 4)} {shown} "
        f"at {fmt(second_percent)}% = {fmt(first + second, 4)} {shown}"
    )
    return Calculation(
        "blend",
        first,
        f"{shown} of the {fmt(first_percent)}%",
        f"Mix {fmt(first, 4)} {shown} of the {fmt(first_percent)}% with {fmt(second, 4)} {shown} "
        f"of the {fmt(second_percent)}% to get {fmt(first + second, 4)} {shown} at "
        f"{fmt(target_percent)}%.",
        tuple(steps),
        details={"first": first, "second": second},
        formula="share of first = (target - p2) ÷ (p1 - p2); amounts = share × blend",
        inputs=tuple(inputs),
    )


def terpenes(base: float, unit: str, terpene_percent: float, basis: str = "blend") -> Calculation:
    """Terpenes to add to `base` so they make `terpene_percent` w/w of the blend or of the base.

    Raises:
        CalculationError: a non-positive base, a share outside (0, 100).
    """
    positive("the distillate's amount", base)
    share("the terpene share", terpene_percent)
    positive("the terpene share", terpene_percent)
    shown = units.label(unit)
    if basis == "blend":
        added = base * terpene_percent / (100 - terpene_percent)
        step = (
            f"{fmt(base, 4)} × {fmt(terpene_percent)} ÷ (100 - {fmt(terpene_percent)}) = "
            f"{fmt(added, 4)} {shown}"
        )
        other = base * terpene_percent / 100
        note = (
            f"{fmt(terpene_percent)}% w/w of the finished blend; as {fmt(terpene_percent)}% "
            f"of the distillate's weight it would be {fmt(other, 4)} {shown}"
        )
        formula = "terpenes = base × t ÷ (100 - t), so they are t% of base + terpenes"
    else:
        added = base * terpene_percent / 100
        step = f"{fmt(base, 4)} × {fmt(terpene_percent)}% = {fmt(added, 4)} {shown}"
        other = base * terpene_percent / (100 - terpene_percent)
        note = (
            f"{fmt(terpene_percent)}% of the distillate's weight; for {fmt(terpene_percent)}% "
            f"of the finished blend it would be {fmt(other, 4)} {shown}"
        )
        formula = "terpenes = base × t%"
    blend_total = base + added
    return Calculation(
        "terpenes",
        added,
        f"{shown} of terpenes",
        f"Add {fmt(added, 4)} {shown} of terpenes ({note.split(';')[0]}); the blend weighs "
        f"{fmt(blend_total, 4)} {shown}.",
        (step, f"blend: {fmt(base, 4)} + {fmt(added, 4)} = {fmt(blend_total, 4)} {shown}"),
        details={"blend": blend_total, "other_basis": other},
        formula=formula,
        inputs=(f"distillate: {fmt(base, 4)} {shown}", f"terpenes: {fmt(terpene_percent)}% w/w"),
        assumptions=(f"basis: {note}",),
    )


def terpenes_in_blend(total: float, unit: str, terpene_percent: float) -> Calculation:
    """Terpenes and distillate for a finished blend of `total` holding `terpene_percent` w/w
    terpenes (the blend's weight is given, not the distillate's).

    Raises:
        CalculationError: a non-positive blend, a share outside (0, 100).
    """
    positive("the blend's amount", total)
    share("the terpene share", terpene_percent)
    positive("the terpene share", terpene_percent)
    shown = units.label(unit)
    added = total * terpene_percent / 100
    base = total - added
    return Calculation(
        "terpenes",
        added,
        f"{shown} of terpenes",
        f"Use {fmt(added, 4)} {shown} of terpenes and {fmt(base, 4)} {shown} of distillate "
        f"for {fmt(total, 4)} {shown} of blend at {fmt(terpene_percent)}% terpenes w/w.",
        (
            f"{fmt(total, 4)} × {fmt(terpene_percent)}% = {fmt(added, 4)} {shown} of terpenes",
            f"distillate: {fmt(total, 4)} - {fmt(added, 4)} = {fmt(base, 4)} {shown}",
        ),
        details={"blend": total, "distillate": base},
        formula="terpenes = blend × t%; distillate = blend - terpenes",
        inputs=(
            f"finished blend: {fmt(total, 4)} {shown}",
            f"terpenes: {fmt(terpene_percent)}% w/w",
        ),
        assumptions=(
            f"basis: {fmt(terpene_percent)}% w/w of the finished blend, whose weight you gave",
        ),
    )
