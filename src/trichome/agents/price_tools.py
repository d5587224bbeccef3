"""The price calculators as OpenAI function tools: an ounce's price from a pound's or a
kilo's, what an amount is worth at a price per unit, dollars per mg (or g) of THC, and sales
taxes charged side by side or stacked. Each runs the function the grounded engine's readers
call; the arguments are checked against the schema first (`tool_arguments`)."""

from __future__ import annotations

from trichome.agents import operations_calculators as operations
from trichome.agents.ounce_prices import price_per_ounce
from trichome.agents.tax_readers import sales_tax
from trichome.agents.tax_stacking import stacked_tax
from trichome.agents.thc_prices import price_per_amount_of_thc
from trichome.agents.tool_arguments import CheckedTool
from trichome.agents.tool_schemas import MASS_UNIT, POSITIVE

_PRICE = {**POSITIVE, "description": "the price in dollars"}
_RATES = {
    "type": "array",
    "minItems": 1,
    "items": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 100},
    "description": "each tax rate in percent, e.g. [10, 6] for a 10% excise and 6% sales tax",
}

TOOLS: list[CheckedTool] = [
    CheckedTool(
        "price_per_ounce",
        "The price of one ounce from a price for an amount in pounds (16 oz each), kilos "
        "(weighed out in the trade's 28 g ounces) or ounces: '$2,400 a pound, per oz?' is "
        "price=2400, amount=1, unit=lb.",
        {
            "price": _PRICE,
            "amount": POSITIVE,
            "unit": {"type": "string", "enum": ["lb", "kg", "oz", "trade_oz"]},
        },
        ["price", "amount", "unit"],
        lambda a: price_per_ounce(a["price"], a["amount"], a["unit"]),
    ),
    CheckedTool(
        "priced",
        "What an amount is worth at a price per unit of mass: 2.5 lb at $1,200 per lb is "
        "amount=2.5, unit=lb, price=1200, per_unit=lb.",
        {
            "amount": POSITIVE,
            "unit": MASS_UNIT,
            "price": {"type": "number", "minimum": 0, "description": "dollars per per_unit"},
            "per_unit": MASS_UNIT,
        },
        ["amount", "unit", "price", "per_unit"],
        lambda a: operations.priced(a["amount"], a["unit"], a["price"], a["per_unit"]),
    ),
    CheckedTool(
        "price_per_thc",
        "Dollars per mg (or per g) of THC: a price over the THC it buys ('$40 for a 100 mg "
        "bag' is price=40, thc=100, thc_unit=mg).",
        {
            "price": _PRICE,
            "thc": {**POSITIVE, "description": "the THC the price buys"},
            "thc_unit": {"type": "string", "enum": ["mg", "g"]},
            "per": {"type": "string", "enum": ["mg", "g"], "default": "mg"},
        },
        ["price", "thc", "thc_unit"],
        lambda a: price_per_amount_of_thc(a["price"], a["thc"], a["thc_unit"], a["per"]),
    ),
    CheckedTool(
        "sales_tax",
        "Each tax rate applied to the pre-tax price side by side, and the total the buyer pays.",
        {"price": _PRICE, "rates": _RATES},
        ["price", "rates"],
        lambda a: sales_tax(a["price"], a["rates"]),
    ),
    CheckedTool(
        "stacked_tax",
        "The total a buyer pays when each tax is charged on the price plus the taxes before "
        "it (a sales tax on top of an excise that is itself on the price), in the order given.",
        {"price": _PRICE, "rates": _RATES},
        ["price", "rates"],
        lambda a: stacked_tax(a["price"], a["rates"]),
    ),
]
