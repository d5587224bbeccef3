"""What a buyer may still buy or hold under a state's limit, in flower, concentrate or THC
in infused products, and how many pieces of a given strength that is.

A state either gives each kind of product its own limit (Illinois: the amounts add up, one
beside the other) or one allowance that every kind uses a share of (Colorado: an ounce of
flower, or its equivalent in concentrate or products, per sale). The figures are the
states' own, as the packs state them (`compliance-il`, `compliance-co`):

- Illinois, 410 ILCS 705/10-10(a) and (b): a resident 21 or older may possess 30 g of
  flower, 5 g of concentrate and infused products holding 500 mg of THC; a non-resident
  half of each (15 g, 2.5 g, 250 mg). Buying is tied to the same limits (10-5(a)).
- Colorado, 1 CCR 212-3 Rule 6-110(C) (formerly R 402(C)(1.5); MED Industry Bulletin
  15-12): a retail store may sell one ounce of flower, or its equivalent, per transaction;
  one ounce of flower equals 8 g of concentrate or 80 ten-milligram servings of THC in
  products (800 mg), and a mixed purchase adds its parts as shares of that one ounce.
- Canada, Cannabis Act S.C. 2018, c. 16, s. 8(1)(a) and Schedule 3 (read on Justice Laws,
  laws-lois.justice.gc.ca/eng/acts/C-24.5/, the schedule as amended by SOR/2019-207 and
  SOR/2022-252): an adult may hold in a public place cannabis equivalent to 30 g of dried
  cannabis; 1 g of dried cannabis is equivalent to 5 g of fresh cannabis, 15 g of solids
  containing cannabis, 70 g of non-solids (other than beverages), 570 g of cannabis
  beverages or 0.25 g of concentrates, each measured by the product's weight, not its THC.
  The limit is federal, so it holds in every province (`compliance-can`); a province may
  add its own rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from trichome.agents import units
from trichome.agents.calculators import Calculation, CalculationError, fmt, positive, whole_pieces

FLOWER, CONCENTRATE, PRODUCTS = "flower", "concentrate", "products"
# Kinds a limit measures by the product's own weight (Canada's Schedule 3 classes).
FRESH, SOLIDS, NON_SOLIDS, BEVERAGES = "fresh", "solids", "non_solids", "beverages"
# What each kind is measured in, as shown to the user.
KIND_UNITS = {
    FLOWER: "g",
    CONCENTRATE: "g",
    PRODUCTS: "mg",
    FRESH: "g",
    SOLIDS: "g",
    NON_SOLIDS: "g",
    BEVERAGES: "g",
}
KIND_NAMES = {
    FLOWER: "flower",
    CONCENTRATE: "concentrate",
    PRODUCTS: "THC in infused products",
    FRESH: "fresh cannabis",
    SOLIDS: "solids containing cannabis (edibles, by weight)",
    NON_SOLIDS: "non-solids containing cannabis (by weight)",
    BEVERAGES: "cannabis beverages (by weight)",
}


@dataclass(frozen=True, slots=True)
class PurchaseLimit:
    """One buyer's limit in a state: each kind's amount, and whether they share one
    allowance (`shared`) or each stand alone."""

    holder: str
    amounts: dict[str, float]
    shared: bool
    source: str
    note: str = ""  # a convention the figures rest on, stated in every answer
    allows: str = "buy"  # what the limit allows: "buy", or "hold in public"
    names: Mapping[str, str] = field(default_factory=dict)  # a kind the law names its own way
    # Kinds the law states in ounces (Colorado's "one ounce of flower"): what is left is
    # also given in the law's own unit, "half an ounce", beside the grams.
    in_ounces: frozenset[str] = frozenset()

    def name(self, kind: str) -> str:
        """The kind's name as this limit's law writes it."""
        return self.names.get(kind, KIND_NAMES[kind])


_ILLINOIS_SOURCE = "410 ILCS 705/10-10(a)-(b) (Cannabis Regulation and Tax Act)"
_COLORADO_SOURCE = "1 CCR 212-3 Rule 6-110(C), formerly R 402(C)(1.5) (MED Industry Bulletin 15-12)"

_CANADA_SOURCE = "Cannabis Act, S.C. 2018, c. 16, s. 8(1)(a) and Schedule 3 (equivalent amounts)"
# Schedule 3: the weight of each class equivalent to 1 g of dried cannabis.
_SCHEDULE_3 = {
    FLOWER: 1.0,
    FRESH: 5.0,
    SOLIDS: 15.0,
    NON_SOLIDS: 70.0,
    BEVERAGES: 570.0,
    CONCENTRATE: 0.25,
}
_CANADA_PUBLIC_DRIED_G = 30.0  # s. 8(1)(a)

LIMITS: dict[tuple[str, bool], PurchaseLimit] = {
    ("IL", True): PurchaseLimit(
        "an Illinois resident",
        {FLOWER: 30.0, CONCENTRATE: 5.0, PRODUCTS: 500.0},
        shared=False,
        source=_ILLINOIS_SOURCE,
    ),
    ("IL", False): PurchaseLimit(
        "a non-resident in Illinois",
        {FLOWER: 15.0, CONCENTRATE: 2.5, PRODUCTS: 250.0},
        shared=False,
        source=_ILLINOIS_SOURCE,
    ),
    ("CO", True): PurchaseLimit(
        "a Colorado retail customer (per transaction)",
        # the rule's ounce is the avoirdupois ounce, converted by the units library
        {FLOWER: units.grams(1, "oz"), CONCENTRATE: 8.0, PRODUCTS: 80 * 10.0},
        shared=True,
        source=_COLORADO_SOURCE,
        note="the rule's ounce is taken as the avoirdupois ounce (28.35 g), not the trade's 28 g",
        in_ounces=frozenset({FLOWER}),
    ),
    ("CAN", True): PurchaseLimit(
        "an adult in a public place in Canada",
        {kind: _CANADA_PUBLIC_DRIED_G * weight for kind, weight in _SCHEDULE_3.items()},
        shared=True,
        source=_CANADA_SOURCE,
        note="the federal public-possession limit; a province may add rules of its own",
        allows="hold in public",
        names={FLOWER: "dried cannabis"},
    ),
}
# States whose limit is the same for residents and visitors.
SAME_FOR_VISITORS = frozenset({"CO", "CAN"})
# Provinces ("CA-ON") are held to the federal limit.
_PROVINCE_PREFIX, _COUNTRY = "CA-", "CAN"


def _table_code(state: str) -> str:
    return _COUNTRY if state.startswith(_PROVINCE_PREFIX) else state


def limit_for(state: str, resident: bool | None) -> PurchaseLimit | None:
    """The buyer's limit in a state the table covers; None when it covers neither the state
    nor (`resident` None) a state whose limit does not depend on residence."""
    code = _table_code(state)
    if code in SAME_FOR_VISITORS:
        return LIMITS.get((code, True))
    if resident is None:
        return None
    return LIMITS.get((code, resident))


def covers(state: str | None) -> bool:
    """Whether the table holds the state's limits."""
    return state is not None and any(code == _table_code(state) for code, _ in LIMITS)


def base_kind(limit: PurchaseLimit) -> str:
    """The kind a limit is written in (flower, or dried cannabis), the others' equivalents
    being stated against it."""
    return next(iter(limit.amounts))


@dataclass(frozen=True, slots=True)
class Held:
    """An amount already bought or held, of one kind, in its kind's unit (g or mg)."""

    kind: str
    amount: float
    shown: str


# Shares of an ounce the trade names (an eighth, a quarter, a half ...).
_OUNCE_SHARES = {
    0.125: "an eighth of an ounce",
    0.25: "a quarter ounce",
    0.375: "three eighths of an ounce",
    0.5: "half an ounce",
    0.625: "five eighths of an ounce",
    0.75: "three quarters of an ounce",
    0.875: "seven eighths of an ounce",
    1.0: "one ounce",
}


def in_the_laws_ounces(limit: PurchaseLimit, kind: str, grams: float) -> str:
    """`grams` of a kind the law states in ounces, said in ounces (" (half an ounce)"); ""
    for a kind the law states in grams."""
    if kind not in limit.in_ounces:
        return ""
    ounces = units.convert(grams, "g", "oz")
    named = next((n for share, n in _OUNCE_SHARES.items() if abs(ounces - share) < 1e-6), None)
    return f" ({named}, {fmt(ounces, 4)} oz)" if named else f" ({fmt(ounces, 4)} oz)"


def remaining(
    limit: PurchaseLimit,
    asked: str,
    held: tuple[Held, ...] = (),
    piece_size: float | None = None,
    piece_name: str = "pieces",
) -> Calculation:
    """What is left of the limit in the kind asked, or how many pieces of `piece_size`
    (in the kind's unit) fit in it.

    Raises:
        CalculationError: a negative amount held or a piece of no size.
    """
    unit = KIND_UNITS[asked]
    cap = limit.amounts[asked]
    steps: list[str] = []
    inputs = [f"limit: {limit.holder}, under {limit.source}"]
    for item in held:
        if item.amount < 0:
            raise CalculationError(f"an amount already held cannot be negative ({item.shown})")
        inputs.append(f"already bought or held: {item.shown}")
    if limit.shared:
        shares = [(h, h.amount / limit.amounts[h.kind]) for h in held]
        for item, share in shares:
            steps.append(
                f"{item.shown} uses {fmt(item.amount, 4)} / {fmt(limit.amounts[item.kind], 4)} "
                f"{KIND_UNITS[item.kind]} = {fmt(share * 100, 4)}% of the allowance"
            )
        left_share = max(0.0, 1.0 - sum(s for _, s in shares))
        left = left_share * cap
        steps.append(
            f"{fmt(left_share * 100, 4)}% of the allowance left × {fmt(cap, 4)} {unit} of "
            f"{limit.name(asked)} = {fmt(left, 4)} {unit}"
        )
        formula = (
            "left = (1 - Σ amount held ÷ that kind's equivalent) × the equivalent of the kind asked"
        )
    else:
        same = [h for h in held if h.kind == asked]
        used = sum(h.amount for h in same)
        left = max(0.0, cap - used)
        if same:
            steps.append(f"{fmt(cap, 4)} {unit} - {fmt(used, 4)} {unit} = {fmt(left, 4)} {unit}")
        else:
            steps.append(f"the limit for {limit.name(asked)} is {fmt(cap, 4)} {unit}")
        formula = "left = the kind's own limit - what is held of that kind (kinds add up)"
    assumptions = [
        "each kind's limit stands on its own; what you hold of one kind does not use up another"
        if not limit.shared
        else "every kind uses a share of one allowance: "
        + ", ".join(
            f"{fmt(v, 4)} {KIND_UNITS[k]} of {limit.name(k)}" for k, v in limit.amounts.items()
        )
        + " are each the whole of it",
    ]
    if limit.note:
        assumptions.append(limit.note)
    if piece_size is None:
        return Calculation(
            "purchase_limit_left",
            left,
            f"{unit} {limit.name(asked)}" if asked != PRODUCTS else "mg THC",
            f"{limit.holder[0].upper()}{limit.holder[1:]} may still {limit.allows} "
            f"{fmt(left, 4)} {unit}{in_the_laws_ounces(limit, asked, left)} "
            f"of {limit.name(asked)} ({limit.source}).",
            tuple(steps),
            details={"limit": cap, "left": left},
            formula=formula,
            inputs=tuple(inputs),
            assumptions=tuple(assumptions),
        )
    size = positive("the amount in each piece", piece_size)
    pieces = whole_pieces(left / size)
    steps.append(
        f"{fmt(left, 4)} {unit} ÷ {fmt(size, 4)} {unit} each = {fmt(left / size, 4)} → "
        f"{pieces:,} whole {piece_name}"
    )
    inputs.append(f"each of the {piece_name}: {fmt(size, 4)} {unit}")
    return Calculation(
        "purchase_limit_pieces",
        float(pieces),
        piece_name,
        f"{limit.holder[0].upper()}{limit.holder[1:]} may {limit.allows} {pieces:,} "
        f"{piece_name} of "
        f"{fmt(size, 4)} {unit} ({fmt(left, 4)} {unit} of {limit.name(asked)} allowed, "
        f"{limit.source}).",
        tuple(steps),
        details={"limit": cap, "left": left, "exact": left / size},
        formula=f"{formula}; pieces = left ÷ size of one, rounded down",
        inputs=tuple(inputs),
        assumptions=(*assumptions, "a piece that would go over the limit is not counted"),
    )


def equivalent(limit: PurchaseLimit, held: tuple[Held, ...], as_kind: str) -> Calculation:
    """What amounts of several kinds come to in one kind under a shared allowance, and the
    share of the limit they use.

    Raises:
        CalculationError: a negative amount, nothing to convert, or a limit whose kinds stand
            alone (no equivalents).
    """
    if not limit.shared:
        raise CalculationError(
            f"under {limit.source} each kind has its own limit, so one kind has no equivalent "
            "in another"
        )
    if not held:
        raise CalculationError("there is no amount to convert")
    unit, cap = KIND_UNITS[as_kind], limit.amounts[as_kind]
    steps: list[str] = []
    total = 0.0
    for item in held:
        if item.amount < 0:
            raise CalculationError(f"an amount cannot be negative ({item.shown})")
        worth = item.amount / limit.amounts[item.kind] * cap
        total += worth
        steps.append(
            f"{item.shown}: {fmt(item.amount, 4)} {KIND_UNITS[item.kind]} × {fmt(cap, 4)} / "
            f"{fmt(limit.amounts[item.kind], 4)} = {fmt(worth, 4)} {unit} of {limit.name(as_kind)}"
        )
    share = total / cap * 100
    if len(held) > 1:
        steps.append(f"together: {fmt(total, 4)} {unit} of {limit.name(as_kind)}")
    steps.append(f"{fmt(total, 4)} / {fmt(cap, 4)} {unit} = {fmt(share, 4)}% of the limit")
    warnings = (
        (f"that is over the limit of {fmt(cap, 4)} {unit} of {limit.name(as_kind)}",)
        if total > cap * (1 + 1e-9)
        else ()
    )
    assumptions = [
        "each kind is worth its share of one allowance: "
        + ", ".join(
            f"{fmt(v, 4)} {KIND_UNITS[k]} of {limit.name(k)}" for k, v in limit.amounts.items()
        )
        + " are each the whole of it",
    ]
    if limit.note:
        assumptions.append(limit.note)
    return Calculation(
        "purchase_limit_equivalent",
        total,
        f"{unit} {limit.name(as_kind)}" if as_kind != PRODUCTS else "mg THC",
        f"That is {fmt(total, 4)} {unit} of {limit.name(as_kind)} equivalent, {fmt(share, 4)}% "
        f"of the {fmt(cap, 4)} {unit} limit ({limit.source}).",
        tuple(steps),
        warnings=warnings,
        details={"limit": cap, "share": share, "left": max(0.0, cap - total)},
        formula="equivalent = Σ amount ÷ that kind's limit × the limit of the kind asked",
        inputs=(
            f"limit: {limit.holder}, under {limit.source}",
            *(f"amount: {item.shown}" for item in held),
        ),
        assumptions=tuple(assumptions),
    )
