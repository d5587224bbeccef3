"""The weight of counted pieces, packed or not: pieces × each piece's weight, where the pieces
are themselves a count of packs (and of cases of packs) times the pieces a pack holds.

"2 10-packs of 0.5 g pre-rolls" are 2 × 10 = 20 pieces, 20 × 0.5 g = 10 g of flower; "a case
of 24 2-packs of 1 g joints" is 1 × 24 × 2 = 48 pieces, 48 g. Every count is shown in the
working, so a count read wrongly shows at once.
"""

from __future__ import annotations

from trichome.agents import units
from trichome.agents.calculators import Calculation, fmt, grams_of, quantity, whole


def mass_of_pieces(
    piece_mass: float,
    piece_unit: str,
    pieces: float,
    packs: float = 1,
    cases: float = 1,
    piece_name: str = "pieces",
) -> Calculation:
    """The weight of `cases` × `packs` × `pieces` pieces of `piece_mass` each; `pieces` is
    the count in one pack when packs are given (else the count in all), `packs` the packs in
    one case when cases are given.

    Raises:
        CalculationError: a non-positive piece weight, a unit that is not a mass, or a count
            that is not a whole number of at least 1.
    """
    each_g = grams_of("the weight of one piece", piece_mass, piece_unit)
    counts = [
        (whole("the number of cases", cases), "cases"),
        (whole("the number of packs", packs), "packs"),
        (whole(f"the number of {piece_name}", pieces), piece_name),
    ]
    shown = [(count, label) for count, label in counts if count != 1 or label == piece_name]
    total_pieces = 1
    for count, _ in counts:
        total_pieces *= count
    total_g = total_pieces * each_g
    steps = []
    if len(shown) > 1:
        product = " × ".join(f"{fmt(c)} {label}" for c, label in shown)
        steps.append(f"{product} = {fmt(total_pieces)} {piece_name}")
    if units.canonical(piece_unit) != "g":
        steps.append(f"{quantity(piece_mass, piece_unit)} = {fmt(each_g, 6)} g")
    steps.append(f"{fmt(total_pieces)} × {fmt(each_g, 6)} g = {fmt(total_g, 6)} g")
    inputs = [f"{label}: {fmt(count)}" for count, label in shown[:-1]]
    per = " in each pack" if packs != 1 else " in each case" if cases != 1 else ""
    inputs.append(f"{piece_name}{per}: {fmt(pieces)}")
    inputs.append(f"each piece weighs: {quantity(piece_mass, piece_unit)}")
    return Calculation(
        "mass_of_pieces",
        total_g,
        "g",
        f"{fmt(total_pieces)} {piece_name} of {quantity(piece_mass, piece_unit)} weigh "
        f"{fmt(total_g, 4)} g in all.",
        tuple(steps),
        details={"pieces": float(total_pieces), "grams": total_g},
        formula="total = cases × packs × pieces a pack × weight of one piece",
        inputs=tuple(inputs),
        assumptions=("each piece holds its labelled weight (no shortfall or overfill)",),
    )
