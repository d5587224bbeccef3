"""The dose-counting calculators as OpenAI function tools: droppers in a bottle and mg in
droppers or a measured volume of tincture, stock for a dose per unit, doses a lot fills,
units under a cap, pieces for an amount, pieces a concentrate doses, a run's THC at a cap,
and the blend a batch of units takes. Each runs the function the grounded engine's readers
call; the arguments are checked against the schema first (`tool_arguments`)."""

from __future__ import annotations

from trichome.agents import formulation_calculators as formulation
from trichome.agents import mixing_calculators as mixing
from trichome.agents import serving_calculators as serving
from trichome.agents import tincture_calculators as tinctures
from trichome.agents.cap_readers import run_total_at_cap
from trichome.agents.terpene_readers import filled
from trichome.agents.tool_arguments import CheckedTool
from trichome.agents.tool_schemas import COUNT, LOSS, MASS_UNIT, PERCENT, POSITIVE, VOLUME_UNIT

# An amount that is a mass or a volume (a lot of oil, a batch of distillate, a fill).
AMOUNT_UNIT = {"type": "string", "enum": [*MASS_UNIT["enum"], *VOLUME_UNIT["enum"]]}
_MG = {**POSITIVE, "description": "mg"}
_ML = {**POSITIVE, "description": "mL"}

TOOLS: list[CheckedTool] = [
    CheckedTool(
        "droppers_in_bottle",
        "How many full droppers a bottle holds (a dropper is usually 1 mL).",
        {"bottle_ml": _ML, "dropper_ml": {**_ML, "default": 1}},
        ["bottle_ml"],
        lambda a: tinctures.droppers_in_bottle(a["bottle_ml"], a["dropper_ml"]),
    ),
    CheckedTool(
        "droppers_taken",
        "mg in a number of droppers of a tincture holding per_dropper_mg in each.",
        {"per_dropper_mg": _MG, "droppers": POSITIVE},
        ["per_dropper_mg", "droppers"],
        lambda a: tinctures.droppers_taken(a["per_dropper_mg"], a["droppers"]),
    ),
    CheckedTool(
        "mg_in_volume",
        "mg in a measured volume (mL) of a tincture or oil at mg_per_ml ('0.25 mL of a 30 "
        "mg/mL oil').",
        {"mg_per_ml": _MG, "ml": _ML},
        ["mg_per_ml", "ml"],
        lambda a: tinctures.mg_in_volume(a["mg_per_ml"], a["ml"]),
    ),
    CheckedTool(
        "stock_per_unit",
        "mL of a stock at strength_mg_per_ml that puts dose_mg into each unit (a can, a "
        "bottle), and for a count of units when given.",
        {"strength_mg_per_ml": _MG, "dose_mg": _MG, "count": COUNT},
        ["strength_mg_per_ml", "dose_mg"],
        lambda a: tinctures.stock_per_unit(a["strength_mg_per_ml"], a["dose_mg"], a.get("count")),
    ),
    CheckedTool(
        "doses_in",
        "How many whole doses (or bottles, servings) of one size a lot fills, rounded down: "
        "30 mL of oil in 0.5 mL doses. Both in mass units or both in volume units.",
        {"total": POSITIVE, "total_unit": AMOUNT_UNIT, "dose": POSITIVE, "dose_unit": AMOUNT_UNIT},
        ["total", "total_unit", "dose", "dose_unit"],
        lambda a: mixing.doses_in(a["total"], a["total_unit"], a["dose"], a["dose_unit"]),
    ),
    CheckedTool(
        "units_within",
        "How many whole units of each_mg fit within a cap of cap_mg (pieces under a package "
        "cap, packs under a daily limit), rounded down.",
        {
            "cap_mg": _MG,
            "each_mg": _MG,
            "unit_name": {"type": "string", "default": "piece", "description": "one unit"},
            "cap_name": {"type": "string", "default": "the cap", "description": "the cap"},
        },
        ["cap_mg", "each_mg"],
        lambda a: serving.units_within(a["cap_mg"], a["each_mg"], a["unit_name"], a["cap_name"]),
    ),
    CheckedTool(
        "pieces_for_amount",
        "How many pieces of each_mg make amount_mg ('how many 25 mg gummies make 100 mg'): "
        "the exact quotient, with the whole pieces either side when it is not whole.",
        {
            "amount_mg": _MG,
            "each_mg": _MG,
            "piece": {"type": "string", "default": "piece"},
            "pieces": {"type": "string", "default": "pieces"},
        },
        ["amount_mg", "each_mg"],
        lambda a: serving.pieces_for_amount(a["amount_mg"], a["each_mg"], a["piece"], a["pieces"]),
    ),
    CheckedTool(
        "pieces_from_concentrate",
        "Whole pieces of mg_per_unit that a mass of concentrate at a potency doses, after an "
        "optional process loss.",
        {
            "mass": POSITIVE,
            "mass_unit": MASS_UNIT,
            "potency_percent": PERCENT,
            "mg_per_unit": _MG,
            "loss_percent": LOSS,
        },
        ["mass", "mass_unit", "potency_percent", "mg_per_unit"],
        lambda a: formulation.pieces_from_concentrate(
            a["mass"], a["mass_unit"], a["potency_percent"], a["mg_per_unit"], a["loss_percent"]
        ),
    ),
    CheckedTool(
        "run_total_at_cap",
        "The THC in a run of products each made exactly at a cap: products × cap mg.",
        {
            "cap_mg": _MG,
            "products": COUNT,
            "cap_name": {"type": "string", "default": "the cap", "description": "the cap"},
        },
        ["cap_mg", "products"],
        lambda a: run_total_at_cap(a["cap_mg"], a["products"], a["cap_name"]),
    ),
    CheckedTool(
        "batch_fill",
        "The blend (or oil) a batch of units takes at a fill per unit: count × fill.",
        {"count": COUNT, "fill": POSITIVE, "unit": AMOUNT_UNIT},
        ["count", "fill", "unit"],
        lambda a: filled(a["count"], a["fill"], a["unit"]),
    ),
]
