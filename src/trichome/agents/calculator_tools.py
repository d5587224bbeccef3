"""Running a calculator tool call (the definitions are in `calculator_tool_definitions`), and
the sourced edible caps the servings check reads."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import orjson

from trichome.agents import (
    checked_tools,
    count_tools,
    decarb_tool,
    equivalency_units_tool,
    purchase_limit_tool,
)
from trichome.agents import formulation_calculators as formulation
from trichome.agents import grow_room_calculators as grow_room
from trichome.agents import kitchen_calculators as kitchen
from trichome.agents import lab_calculators as lab
from trichome.agents import mixing_calculators as mixing
from trichome.agents import operations_calculators as operations
from trichome.agents import potency_calculators as potency
from trichome.agents import serving_calculators as serving
from trichome.agents import tincture_calculators as tinctures
from trichome.agents.calculator_tool_definitions import TOOL_PREFIX
from trichome.agents.calculators import Calculation, CalculationError, StateEdibleLimits
from trichome.agents.pound_readings import tool_with_both_pounds
from trichome.knowledge.jurisdictions import (
    JURISDICTION_NAMES,
    jurisdiction_name,
    with_national_law,
)
from trichome.knowledge.packs import Fact
from trichome.knowledge.retrieval import KnowledgeBase

_PER_SERVING = re.compile(r"^mg\b.*\bper (?:standardi[sz]ed )?serving", re.IGNORECASE)
_PER_PACKAGE = re.compile(r"^mg\b.*\bper (?:\w+ )?package", re.IGNORECASE)


def edible_limit_facts(knowledge: KnowledgeBase, state: str) -> list[Fact]:
    """A state's sourced per-serving and per-package edible THC caps."""
    # a province's caps are Canada's: the Cannabis Regulations set them nationally
    places = with_national_law([state])  # once, not once a fact: it runs on every question
    return [
        fact
        for pack in knowledge.packs.values()
        for fact in pack.facts
        if fact.topic == "edible-thc-limits"
        and fact.jurisdiction in places
        and fact.value is not None
        and fact.unit
        and (_PER_SERVING.search(fact.unit) or _PER_PACKAGE.search(fact.unit))
    ]


def edible_limits(knowledge: KnowledgeBase, state: str) -> StateEdibleLimits | None:
    """A state's edible caps, or None when the packs hold neither cap for it."""
    facts = edible_limit_facts(knowledge, state)
    serving = next((f.value for f in facts if f.unit and _PER_SERVING.search(f.unit)), None)
    package = next(
        (
            f.value
            for f in facts
            if f.unit and _PER_PACKAGE.search(f.unit) and not _PER_SERVING.search(f.unit)
        ),
        None,
    )
    if serving is None and package is None:
        return None
    # An Ontario product is checked against Canada's caps, named as Canada's.
    places = {f.jurisdiction or state for f in facts}
    name = jurisdiction_name(places.pop() if len(places) == 1 else state)
    return StateEdibleLimits(name, serving, package, tuple(f.id for f in facts))


def as_payload(calculation: Calculation) -> dict[str, Any]:
    """A calculation as the JSON a tool call returns: the same result the grounded engine shows."""
    payload: dict[str, Any] = {
        "result": round(calculation.value, 6),
        "unit": calculation.unit,
        "summary": calculation.summary,
        "working": list(calculation.steps),
        "warnings": list(calculation.warnings),
        "inputs": list(calculation.inputs),
        "formula": calculation.formula,
        "assumptions": list(calculation.assumptions),
    }
    if calculation.verdict:
        payload["verdict"] = calculation.verdict
    if calculation.details:
        payload["details"] = {k: round(v, 6) for k, v in calculation.details.items()}
    return payload


def _optional(arguments: dict[str, Any], name: str) -> float | None:
    value = arguments.get(name)
    return None if value is None else float(value)


def _runners(knowledge: KnowledgeBase) -> dict[str, Callable[[dict[str, Any]], Calculation]]:
    return {
        "infusion": lambda a: formulation.infusion(
            int(a["units"]),
            float(a["mg_per_unit"]),
            float(a["potency_percent"]),
            float(a.get("loss_percent", 0)),
        ),
        "dose_per_unit": lambda a: formulation.dose_per_unit(
            float(a["potency_percent"]),
            float(a["mass"]),
            str(a["mass_unit"]),
            int(a["units"]),
            float(a.get("loss_percent", 0)),
        ),
        "dose_from_total": lambda a: formulation.dose_from_total(
            float(a["total_mg"]), int(a["units"]), float(a.get("loss_percent", 0))
        ),
        "total_cannabinoid": lambda a: potency.total_cannabinoid(
            float(a["neutral_percent"]),
            float(a["acid_percent"]),
            str(a.get("cannabinoid", "THC")).upper(),
            str(a.get("basis", "%")),
            potency.HEMP_LIMIT if a.get("check_hemp_limit") else None,
        ),
        "cannabinoid_in_product": lambda a: potency.cannabinoid_in_product(
            float(a["mass"]), str(a["mass_unit"]), float(a["potency_percent"])
        ),
        **count_tools.RUNNERS,
        decarb_tool.NAME: decarb_tool.run,
        equivalency_units_tool.NAME: equivalency_units_tool.run,
        "potency_window": lambda a: potency.potency_window(
            float(a["label_value"]),
            float(a["tolerance_percent"]),
            str(a.get("unit", "mg")),
            _optional(a, "measured"),
        ),
        "servings_check": lambda a: formulation.servings_check(
            float(a["package_mg"]),
            float(a["serving_mg"]),
            edible_limits(knowledge, str(a["state"]).upper()) if a.get("state") else None,
            str(a.get("cannabinoid", "THC")).upper(),
        ),
        "kitchen_infusion": lambda a: kitchen.kitchen_infusion(
            float(a["material"]),
            str(a["material_unit"]),
            float(a["potency_percent"]),
            float(a["fat"]),
            str(a["fat_unit"]),
            str(a.get("measure", "tbsp")),
            float(a.get("efficiency_percent", 100)),
            bool(a.get("potency_is_thca", False)),
        ),
        "tincture": lambda a: tinctures.tincture(
            float(a["total_mg"]),
            float(a["volume"]),
            str(a["volume_unit"]),
            _optional(a, "dropper_ml"),
            str(a.get("name", "THC")),
        ),
        "dilution": lambda a: mixing.dilution(
            float(a["mass"]),
            str(a["mass_unit"]),
            float(a["current_percent"]),
            float(a["target_percent"]),
        ),
        "dilution_c1v1": lambda a: mixing.dilution_c1v1(
            float(a["stock"]),
            float(a["target"]),
            float(a["final_amount"]),
            str(a["amount_unit"]),
            str(a.get("concentration_unit", "mg/mL")),
        ),
        "batch_total": lambda a: serving.batch_total(
            int(a["units"]), float(a["mg_per_unit"]), str(a.get("name", "THC"))
        ),
        "drink_servings": lambda a: serving.drink_servings(
            float(a["container"]),
            str(a["container_unit"]),
            float(a["serving"]),
            str(a["serving_unit"]),
            float(a["mg"]),
            bool(a["mg_per_serving"]),
            str(a.get("asked", "per_serving")),
        ),
        "blend": lambda a: mixing.blend(
            float(a["first_percent"]),
            float(a["second_percent"]),
            _optional(a, "first_amount"),
            _optional(a, "second_amount"),
            _optional(a, "target_percent"),
            _optional(a, "total_amount"),
            str(a.get("unit", "g")),
        ),
        "terpenes": lambda a: mixing.terpenes(
            float(a["base"]),
            str(a["unit"]),
            float(a["terpene_percent"]),
            str(a.get("basis", "blend")),
        ),
        "scale_batch": lambda a: formulation.scale_batch(
            [(str(i["name"]), float(i["amount"]), str(i["unit"])) for i in a["ingredients"]],
            float(a["factor"]),
        ),
        "convert": lambda a: operations.convert(
            float(a["amount"]),
            str(a["from_unit"]),
            str(a["to_unit"]),
            _optional(a, "density_g_per_ml"),
        ),
        "percent_by_weight": lambda a: formulation.percent_by_weight(
            float(a["part"]), str(a["part_unit"]), float(a["total"]), str(a["total_unit"])
        ),
        "cultivation_yield": lambda a: operations.cultivation_yield(
            float(a["dry"]),
            str(a["dry_unit"]),
            _optional(a, "area"),
            str(a.get("area_unit", "sqft")),
            _optional(a, "watts"),
        ),
        "dry_weight": lambda a: operations.dry_weight(
            float(a["wet"]),
            str(a["unit"]),
            _optional(a, "moisture_loss_percent"),
            _optional(a, "initial_moisture_percent"),
            _optional(a, "final_moisture_percent"),
        ),
        "price_per_gram": lambda a: operations.price_per_gram(
            float(a["price"]), float(a["amount"]), str(a["unit"])
        ),
        "dilution_with_carrier": lambda a: mixing.dilution(
            float(a["mass"]),
            str(a["mass_unit"]),
            float(a["current_percent"]),
            float(a["target_percent"]),
            str(a.get("carrier", "carrier")),
        ),
        "potency_basis": lambda a: lab.potency_basis(
            float(a["value"]), str(a["unit"]), str(a.get("cannabinoid", "THC"))
        ),
        "dry_basis_potency": lambda a: lab.dry_basis_potency(
            float(a["potency_percent"]),
            float(a["moisture_percent"]),
            str(a.get("given", "as-received")),
        ),
        "label_check": lambda a: lab.label_check(
            float(a["claim_mg"]),
            float(a["measured_mg"]),
            _optional(a, "pieces"),
            _optional(a, "tolerance_percent"),
        ),
        "cannabinoid_recovered": lambda a: lab.cannabinoid_recovered(
            float(a["mass"]),
            str(a["mass_unit"]),
            float(a["potency_percent"]),
            float(a.get("efficiency_percent", 100)),
            str(a.get("cannabinoid", "THC")),
        ),
        "tincture_recipe": lambda a: tinctures.tincture_recipe(
            float(a["mg_per_ml"]),
            float(a["volume"]),
            str(a["volume_unit"]),
            _optional(a, "potency_percent"),
            float(a.get("loss_percent", 0)),
        ),
        "vpd": lambda a: grow_room.vpd(
            float(a["air_celsius"]), float(a["relative_humidity"]), _optional(a, "leaf_celsius")
        ),
        "humidity_for_vpd": lambda a: grow_room.humidity_for_vpd(
            float(a["target_kpa"]), float(a["air_celsius"]), _optional(a, "leaf_celsius")
        ),
        "temperature_for_vpd": lambda a: grow_room.temperature_for_vpd(
            float(a["target_kpa"]),
            float(a["relative_humidity"]),
            _optional(a, "leaf_offset_celsius"),
        ),
        "daily_light_integral": lambda a: grow_room.daily_light_integral(
            float(a["ppfd"]), float(a["hours"])
        ),
    }


def _sourced(arguments: dict[str, Any]) -> dict[str, Any]:
    """A purchase-limit result with the law it was worked under."""
    calculation, limit = purchase_limit_tool.run(arguments)
    return as_payload(calculation) | {"source": limit.source, "applies_to": limit.holder}


def run_tool(name: str, arguments: str, knowledge: KnowledgeBase) -> str:
    """Run one tool call and return its JSON result; bad input comes back as an error."""
    short = name.removeprefix(TOOL_PREFIX)
    checked = checked_tools.BY_NAME.get(short)
    runner = checked.run if checked is not None else _runners(knowledge).get(short)
    if runner is None and short != purchase_limit_tool.NAME:
        return orjson.dumps({"error": f"no tool called {name}"}).decode()
    try:
        parsed = orjson.loads(arguments or "{}")
        if not isinstance(parsed, dict):
            raise CalculationError("the arguments must be a JSON object")
        if runner is None:
            return orjson.dumps(_sourced(parsed)).decode()
        if checked is not None:  # types, units and ranges, as the schema declares them
            parsed = checked.checked(parsed)
        state = parsed.get("state")
        if state is not None and str(state).upper() not in JURISDICTION_NAMES:
            raise CalculationError(f"unknown state {state!r}; use a two-letter code such as MI")
        return orjson.dumps(as_payload(tool_with_both_pounds(parsed, runner))).decode()
    except (CalculationError, KeyError, TypeError, ValueError, orjson.JSONDecodeError) as error:
        return orjson.dumps({"error": f"cannot calculate: {error}"}).decode()
    except ArithmeticError as error:  # 1e308 of something: overflow, not a 500
        problem = f"a number is too large or too small to work with ({error})"
        return orjson.dumps({"error": f"cannot calculate: {problem}"}).decode()
