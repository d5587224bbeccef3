"""Decarboxylation as an OpenAI function tool: which acid (each at its own mass factor, from
`potency_calculators.DECARB_ACIDS`), its mass or a material's mass at a purity, and the
conversion efficiency. The arguments are checked again here, since not every
OpenAI-compatible upstream enforces a schema: an acid with no factor is refused with the
acids there are, never worked at THCA's factor."""

from __future__ import annotations

from typing import Any

from trichome.agents import decarb_steps
from trichome.agents import potency_calculators as potency
from trichome.agents.calculators import Calculation, CalculationError, chain
from trichome.agents.cannabinoids import cannabinoid_name
from trichome.agents.tool_schemas import MASS_UNIT, PERCENT, POSITIVE, function_tool

NAME = "decarboxylation"
ACIDS = list(potency.DECARB_ACIDS)
_FACTORS = ", ".join(
    f"{acid} -> {neutral} × {factor}" for acid, (neutral, factor, _) in potency.DECARB_ACIDS.items()
)

DEFINITION: dict[str, Any] = function_tool(
    NAME,
    f"The neutral cannabinoid from decarboxylating an acid, each at its own mass factor "
    f"({_FACTORS}: the ratio of the molar masses), theoretical and at an optional "
    "efficiency, with the mass lost as CO2. Give purity_percent when the mass weighed is a "
    "material only part of which is the acid (10 g of a 92% CBDA isolate holds 9.2 g of CBDA), "
    "and loss_percent for a share of the result lost afterwards.",
    {
        "acid_mass": {
            **POSITIVE,
            "description": "the mass of the acid, or of the material when purity_percent is given",
        },
        "mass_unit": MASS_UNIT,
        "acid": {
            "type": "string",
            "enum": ACIDS,
            "default": "THCA",
            "description": "the acid decarboxylated (THC-A, CBD-A and the like are accepted)",
        },
        "purity_percent": {
            **PERCENT,
            "description": "the share of the weighed material that is the acid; omit when "
            "acid_mass is the acid itself",
        },
        "efficiency_percent": {**PERCENT, "default": 100},
        "loss_percent": {
            "type": "number",
            "minimum": 0,
            "exclusiveMaximum": 100,
            "description": "a share of the neutral cannabinoid lost after decarboxylation "
            "(in later processing), in percent; omit when none is stated",
        },
    },
    ["acid_mass", "mass_unit"],
)


def acid_named(written: object) -> str:
    """The acid an argument names, in any spelling `cannabinoids` reads ("CBD-A", "thca").

    Raises:
        CalculationError: not a string, or no acid with a decarboxylation factor.
    """
    named = cannabinoid_name(written) if isinstance(written, str) else None
    if named not in potency.DECARB_ACIDS:
        raise CalculationError(
            f"acid must be one of {', '.join(ACIDS)}, not {written!r}: no other acid has a "
            "decarboxylation factor here"
        )
    return named


def run(arguments: dict[str, Any]) -> Calculation:
    """The decarboxylation the arguments ask for.

    Raises:
        CalculationError: an unknown acid, or a mass, purity or efficiency out of range.
        KeyError: a required argument missing.
    """
    purity = arguments.get("purity_percent")
    acid = acid_named(arguments.get("acid", "THCA"))
    done = decarb_steps.decarboxylated(
        float(arguments["acid_mass"]),
        str(arguments["mass_unit"]),
        acid,
        float(arguments.get("efficiency_percent", 100)),
        None if purity is None else float(purity),
    )
    loss = arguments.get("loss_percent")
    if not loss:
        return done
    neutral = potency.DECARB_ACIDS[acid][0]
    kept = decarb_steps.after_loss(
        done.details["thc_mg"], float(loss), str(arguments["mass_unit"]), neutral
    )
    return chain([done, kept])
