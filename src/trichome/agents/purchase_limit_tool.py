"""The purchase and possession limits (`purchase_limits`) as an OpenAI function tool: its
strict schema, and the checks its arguments pass before the calculator runs.

The schema is strict (OpenAI's structured outputs): every property is required, an input
that may be absent is nullable, and no other property is allowed. The arguments are checked
again here all the same, since not every OpenAI-compatible upstream enforces a schema: a
jurisdiction outside the table, an Illinois buyer whose residence is not given, or a kind of
product the jurisdiction's limit does not weigh is refused with what to send instead, never
answered with a neighbouring jurisdiction's figures.
"""

from __future__ import annotations

import math
from typing import Any

from trichome.agents import purchase_limits as limits
from trichome.agents import units
from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.tool_schemas import MASS_UNIT, TOOL_PREFIX
from trichome.knowledge.jurisdictions import JURISDICTION_NAMES, jurisdiction_name

NAME = "purchase_limit"
# The table's own codes, then the provinces it holds to Canada's federal limit.
JURISDICTIONS = sorted(
    {code for code, _ in limits.LIMITS}
    | {code for code in JURISDICTION_NAMES if code.startswith("CA-")}
)
KINDS = list(limits.KIND_NAMES)
QUESTIONS = ["left", "equivalent"]
_MASS_UNITS: list[str] = list(MASS_UNIT["enum"])
_PROPERTIES = frozenset(
    {"jurisdiction", "resident", "kind", "question", "items", "piece_amount", "piece_unit",
     "piece_name"}
)  # fmt: skip

DEFINITION: dict[str, Any] = {
    "type": "function",
    "function": {
        "name": TOOL_PREFIX + NAME,
        "description": (
            "A buyer's purchase or possession limit: what is left of it in one kind of "
            "product after what is already bought or held (question 'left'), how many pieces "
            "of a size fit in it (piece_amount), or what several amounts come to in one kind "
            "under a limit every kind shares (question 'equivalent'). Illinois (410 ILCS "
            "705/10-10: residents 30 g flower, 5 g concentrate, 500 mg THC in products; "
            "non-residents half; each kind its own limit), Colorado (1 CCR 212-3 Rule "
            "6-110(C): one ounce of flower per sale, or 8 g concentrate or 800 mg THC in "
            "products, shares adding up), Canada and its provinces (Cannabis Act s. 8(1)(a) "
            "and Schedule 3: 30 g dried in public, other classes by the product's weight). "
            "No other jurisdiction is covered."
        ),
        "strict": True,
        "parameters": {
            "type": "object",
            "properties": {
                "jurisdiction": {
                    "type": "string",
                    "enum": JURISDICTIONS,
                    "description": "IL, CO, CAN, or a province as CA-ON (held to Canada's "
                    "federal limit). CA is California, which is not covered.",
                },
                "resident": {
                    "type": ["boolean", "null"],
                    "description": "Illinois only, and required there: whether the buyer is "
                    "an Illinois resident. null in Colorado and Canada, where it is the same "
                    "for everyone.",
                },
                "kind": {
                    "type": "string",
                    "enum": KINDS,
                    "description": "The kind asked about. products is mg of THC in infused "
                    "products (Illinois, Colorado); Canada weighs products by class instead: "
                    "solids, non_solids, beverages, fresh (by the product's own weight).",
                },
                "question": {"type": "string", "enum": QUESTIONS},
                "items": {
                    "type": "array",
                    "description": "Amounts already bought or held (for 'left'), or the "
                    "amounts to convert (for 'equivalent'); products in mg of THC, every "
                    "other kind by weight.",
                    "items": {
                        "type": "object",
                        "properties": {
                            "kind": {"type": "string", "enum": KINDS},
                            "amount": {"type": "number", "minimum": 0},
                            "unit": {"type": "string", "enum": _MASS_UNITS},
                        },
                        "required": ["kind", "amount", "unit"],
                        "additionalProperties": False,
                    },
                },
                "piece_amount": {
                    "type": ["number", "null"],
                    "exclusiveMinimum": 0,
                    "description": "The size of one piece (an edible's mg of THC, a pre-roll's "
                    "grams) to count whole pieces that fit; null for an amount.",
                },
                "piece_unit": {"type": ["string", "null"], "enum": [*_MASS_UNITS, None]},
                "piece_name": {"type": ["string", "null"], "description": "e.g. gummies"},
            },
            "required": sorted(_PROPERTIES),
            "additionalProperties": False,
        },
    },
}


def run(arguments: dict[str, Any]) -> tuple[Calculation, limits.PurchaseLimit]:
    """The calculation the arguments ask for, and the limit it was worked under.

    Raises:
        CalculationError: an argument the schema does not allow, a jurisdiction the table does
            not cover, an Illinois buyer of unknown residence, or a kind the limit does not weigh.
    """
    unknown = sorted(set(arguments) - _PROPERTIES)
    if unknown:
        raise CalculationError(f"unknown argument(s) {', '.join(unknown)}")
    limit, where = _limit(arguments.get("jurisdiction"), arguments.get("resident"))
    kind = _kind(arguments.get("kind"), limit, where, "kind")
    question = arguments.get("question", "left")
    if question not in QUESTIONS:
        raise CalculationError(f"question must be one of {', '.join(QUESTIONS)}, not {question!r}")
    held = _items(arguments.get("items") or [], limit, where)
    if question == "equivalent":
        if arguments.get("piece_amount") is not None:
            raise CalculationError("piece_amount counts pieces left: use question 'left'")
        return limits.equivalent(limit, held, kind), limit
    size = arguments.get("piece_amount")
    if size is None:
        return limits.remaining(limit, kind, held), limit
    piece_unit = arguments.get("piece_unit")
    if piece_unit not in _MASS_UNITS:
        raise CalculationError(f"piece_unit must be one of {', '.join(_MASS_UNITS)}")
    piece = units.convert(_number(size, "piece_amount"), piece_unit, limits.KIND_UNITS[kind])
    name = arguments.get("piece_name") or "pieces"
    if not isinstance(name, str):
        raise CalculationError("piece_name must be a string")
    return limits.remaining(limit, kind, held, piece, name.strip() or "pieces"), limit


def _limit(code: object, resident: object) -> tuple[limits.PurchaseLimit, str]:
    if not isinstance(code, str) or code.strip().upper() not in JURISDICTIONS:
        hint = " (CA is California; Canada is CAN)" if code == "CA" else ""
        raise CalculationError(
            f"no purchase-limit figures for jurisdiction {code!r}{hint}; the table covers "
            "IL (Illinois), CO (Colorado), CAN (Canada) and Canada's provinces as CA-XX. "
            "Give no figure for another jurisdiction: cite its sources instead"
        )
    state = code.strip().upper()
    if resident is not None and not isinstance(resident, bool):
        raise CalculationError("resident must be true, false or null")
    limit = limits.limit_for(state, resident)
    if limit is None:
        raise CalculationError(
            f"the limit in {jurisdiction_name(state)} differs for residents and non-residents: "
            "say whether the buyer is a resident (resident true or false)"
        )
    return limit, jurisdiction_name(state)


def _kind(kind: object, limit: limits.PurchaseLimit, where: str, field: str) -> str:
    if isinstance(kind, str) and kind in limit.amounts:
        return kind
    if kind is None:
        raise CalculationError(f"{field} is required: one of {', '.join(limit.amounts)}")
    weighed = ", ".join(limit.amounts)
    raise CalculationError(
        f"{field} {kind!r} has no amount under the limit in {where} ({limit.source}); it weighs "
        f"{weighed}"
    )


def _number(value: object, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise CalculationError(f"{field} must be a number")
    return float(value)


def _items(items: object, limit: limits.PurchaseLimit, where: str) -> tuple[limits.Held, ...]:
    if not isinstance(items, list):
        raise CalculationError("items must be a list of {kind, amount, unit}")
    held = []
    for position, item in enumerate(items, start=1):
        if not isinstance(item, dict) or set(item) != {"kind", "amount", "unit"}:
            raise CalculationError(f"item {position} must have exactly kind, amount and unit")
        kind = _kind(item["kind"], limit, where, f"item {position}'s kind")
        amount = _number(item["amount"], f"item {position}'s amount")
        if item["unit"] not in _MASS_UNITS:
            raise CalculationError(
                f"item {position}'s unit must be one of {', '.join(_MASS_UNITS)}"
            )
        unit = limits.KIND_UNITS[kind]
        shown = f"{fmt(amount, 4)} {units.label(item['unit'])} of {limit.name(kind)}"
        held.append(limits.Held(kind, units.convert(amount, item["unit"], unit), shown))
    return tuple(held)
