"""The harvest and process calculators as OpenAI function tools: an extraction's return,
what comes out at a stated return, what is left after a loss, the weight lost in drying or
trimming, a harvest per plant, pieces rolled from a mass, and the PPFD for a target DLI. Each
runs the function the grounded engine's readers call; the arguments are checked against the
schema first (`tool_arguments`)."""

from __future__ import annotations

from typing import Any

from trichome.agents import grow_room_calculators as grow_room
from trichome.agents import operations_calculators as operations
from trichome.agents import units
from trichome.agents.calculators import Calculation, CalculationError, fmt
from trichome.agents.drying_readers import share_lost
from trichome.agents.lab_calculators import extraction_return
from trichome.agents.remaining_amounts import mass_after_loss, mass_at_return
from trichome.agents.tool_arguments import CheckedTool
from trichome.agents.tool_schemas import COUNT, LOSS, MASS_UNIT, PERCENT, POSITIVE
from trichome.agents.yield_readers import yield_per_plant

_SHARE = {"type": "number", "minimum": 0, "exclusiveMaximum": 100}
# The words each step's loss is told in, as the drying and trimming readers tell it.
_STEPS: dict[str, tuple[str, str, str, str, tuple[str, str], tuple[str, ...]]] = {
    "drying": (
        "moisture_lost",
        "Drying",
        "of the wet weight",
        "loss % = (wet - dry) ÷ wet × 100",
        ("wet weight", "dry weight"),
        ("the weight lost in drying is water (and a little volatile matter)",),
    ),
    "trimming": (
        "trim_lost",
        "Trimming",
        "of the weight",
        "trim loss % = (before - after) ÷ before × 100",
        ("before trimming", "after trimming"),
        (),
    ),
}


def _weight_lost(arguments: dict[str, Any]) -> Calculation:
    """The share of the weight a drying or trimming step took off."""
    before, after, unit = arguments["before"], arguments["after"], arguments["unit"]
    if after > before:
        raise CalculationError(
            f"the weight after {arguments['step']} ({fmt(after)} {unit}) is more than the "
            f"weight before ({fmt(before)} {unit})"
        )
    kind, step, of, formula, labels, assumptions = _STEPS[arguments["step"]]
    return share_lost(
        kind, step, of, (before, after, units.label(unit)),
        formula=formula, labels=labels, assumptions=assumptions,
    )  # fmt: skip


TOOLS: list[CheckedTool] = [
    CheckedTool(
        "extraction_return",
        "The return of a press, wash or extraction run: what came out as a % of what went "
        "in, by weight (100 g of flower pressed to 22 g of rosin: 22%).",
        {
            "started": POSITIVE,
            "started_unit": MASS_UNIT,
            "got": {"type": "number", "minimum": 0},
            "got_unit": MASS_UNIT,
            "material": {"type": "string", "default": "input", "description": "what went in"},
        },
        ["started", "started_unit", "got", "got_unit"],
        lambda a: extraction_return(
            a["started"], a["started_unit"], a["got"], a["got_unit"], a["material"]
        ),
    ),
    CheckedTool(
        "mass_at_return",
        "What comes out of an input at a stated return (yield) in % of its weight (a pound "
        "of trim at a 4% return); pounds and the trade's bags are answered in grams.",
        {"amount": POSITIVE, "unit": MASS_UNIT, "return_percent": PERCENT},
        ["amount", "unit", "return_percent"],
        lambda a: mass_at_return(a["amount"], a["unit"], a["return_percent"]),
    ),
    CheckedTool(
        "mass_after_loss",
        "The amount left when a stated % of it is lost in a process step.",
        {"amount": POSITIVE, "unit": MASS_UNIT, "loss_percent": _SHARE},
        ["amount", "unit", "loss_percent"],
        lambda a: mass_after_loss(a["amount"], a["unit"], a["loss_percent"]),
    ),
    CheckedTool(
        "weight_lost",
        "The share of the weight lost in drying (wet -> dry) or trimming, from the weights "
        "before and after: (before - after) ÷ before × 100.",
        {
            "before": POSITIVE,
            "after": POSITIVE,
            "unit": MASS_UNIT,
            "step": {"type": "string", "enum": list(_STEPS), "default": "drying"},
        },
        ["before", "after", "unit"],
        _weight_lost,
    ),
    CheckedTool(
        "yield_per_plant",
        "A harvest's weight shared over the plants it came from (the average plant), in "
        "per_plant_unit (the harvest's unit unless given).",
        {
            "harvest": POSITIVE,
            "harvest_unit": MASS_UNIT,
            "plants": COUNT,
            "per_plant_unit": MASS_UNIT,
        },
        ["harvest", "harvest_unit", "plants"],
        lambda a: yield_per_plant(
            a["harvest"],
            a["harvest_unit"],
            a["plants"],
            a.get("per_plant_unit") or a["harvest_unit"],
        ),
    ),
    CheckedTool(
        "pieces_from_mass",
        "How many whole pieces of a weight (1 g pre-rolls, 0.5 g carts) a mass makes, after "
        "an optional % lost in rolling or filling; the mass left over in details.",
        {
            "total": POSITIVE,
            "total_unit": MASS_UNIT,
            "piece": POSITIVE,
            "piece_unit": MASS_UNIT,
            "loss_percent": LOSS,
        },
        ["total", "total_unit", "piece", "piece_unit"],
        lambda a: operations.pieces_from(
            a["total"], a["total_unit"], a["piece"], a["piece_unit"], a["loss_percent"]
        ),
    ),
    CheckedTool(
        "ppfd_for_dli",
        "The PPFD (µmol/m²/s) that gives a target DLI (mol/m²/day) over the hours of light: "
        "PPFD = DLI × 1,000,000 ÷ (hours × 3,600).",
        {"dli": POSITIVE, "hours": {"type": "number", "exclusiveMinimum": 0, "maximum": 24}},
        ["dli", "hours"],
        lambda a: grow_room.ppfd_for_dli(a["dli"], a["hours"]),
    ),
]
