"""The decarboxylation function tool of the `openai` engine (issue 20): the acid chosen, each
at its own mass factor, a purity of the weighed material, the same result the grounded
engine shows for the same question, and an acid with no factor refused with the acids there
are. Expected values by hand from the molar masses (CBGA 360.49 -> CBG 316.48 g/mol, CBDA
358.48 -> CBD 314.46, CBNA 354.45 -> CBN 310.44, THCA -> THC 0.877 as 7 CFR 990.1 writes it)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from trichome.agents.calculation_requests import recognise
from trichome.agents.calculator_tool_definitions import TOOLS
from trichome.agents.calculator_tools import as_payload, run_tool

NAME = "trichome_decarboxylation"
CBGA_TO_CBG = round(316.48 / 360.49, 3)
CBDA_TO_CBD = round(314.46 / 358.48, 3)
CBNA_TO_CBN = round(310.44 / 354.45, 3)


def call(**arguments: Any) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(run_tool(NAME, json.dumps(arguments), None))  # type: ignore[arg-type]
    return result


def test_the_schema_offers_each_acid_and_a_purity() -> None:
    (tool,) = [t["function"] for t in TOOLS if t["function"]["name"] == NAME]
    properties = tool["parameters"]["properties"]
    assert properties["acid"]["enum"] == ["THCA", "CBDA", "CBGA", "CBNA"]
    assert properties["acid"]["default"] == "THCA"
    assert properties["purity_percent"]["maximum"] == 100
    assert tool["parameters"]["required"] == ["acid_mass", "mass_unit"]
    for factor in ("0.877", "0.878", "0.876"):
        assert factor in tool["description"]


@pytest.mark.parametrize(
    ("arguments", "expected", "unit"),
    [
        ({"acid_mass": 1000, "mass_unit": "mg"}, 1000 * 0.877, "mg THC"),
        ({"acid_mass": 500, "mass_unit": "mg", "acid": "CBDA"}, 500 * CBDA_TO_CBD, "mg CBD"),
        ({"acid_mass": 25, "mass_unit": "g", "acid": "CBGA"}, 25 * CBGA_TO_CBG, "g CBG"),
        ({"acid_mass": 20, "mass_unit": "g", "acid": "CBNA"}, 20 * CBNA_TO_CBN, "g CBN"),
        # a material that is only partly the acid, at an efficiency
        ({"acid_mass": 10, "mass_unit": "g", "acid": "CBDA", "purity_percent": 92}, 10 * 0.92 * CBDA_TO_CBD, "g CBD"),
        ({"acid_mass": 2, "mass_unit": "kg", "acid": "CBGA", "purity_percent": 98, "efficiency_percent": 90}, 2 * 0.98 * CBGA_TO_CBG * 0.9, "kg CBG"),
        # the acid in any spelling a lab writes it
        ({"acid_mass": 5, "mass_unit": "g", "acid": "CBD-A"}, 5 * CBDA_TO_CBD, "g CBD"),
        ({"acid_mass": 5, "mass_unit": "g", "acid": "cbga"}, 5 * CBGA_TO_CBG, "g CBG"),
        ({"acid_mass": 5, "mass_unit": "g", "acid": "THCa"}, 5 * 0.877, "g THC"),
    ],
)  # fmt: skip
def test_each_acid_is_worked_at_its_own_factor(
    arguments: dict[str, Any], expected: float, unit: str
) -> None:
    result = call(**arguments)
    assert math.isclose(result["result"], expected, rel_tol=1e-6), result
    assert result["unit"] == unit


@pytest.mark.parametrize(
    ("question", "arguments"),
    [
        ("10 g of 92% CBDA crystal, how much CBD after a full decarb?",
         {"acid_mass": 10, "mass_unit": "g", "acid": "CBDA", "purity_percent": 92}),
        ("decarb 40 g of CBG-A at 85% efficiency, grams of CBG?",
         {"acid_mass": 40, "mass_unit": "g", "acid": "CBGA", "efficiency_percent": 85}),
        ("1,000 mg of THCA decarboxylated: theoretical THC?",
         {"acid_mass": 1000, "mass_unit": "mg"}),
    ],
)  # fmt: skip
def test_the_tool_returns_what_the_grounded_engine_shows(
    question: str, arguments: dict[str, Any]
) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert call(**arguments) == json.loads(json.dumps(as_payload(found.calculation)))


@pytest.mark.parametrize("acid", ["THCV", "XYZ", "", 3, None, "CBD"])
def test_an_acid_with_no_factor_is_refused_with_the_acids_there_are(acid: object) -> None:
    result = call(acid_mass=5, mass_unit="g", acid=acid)
    assert set(result) == {"error"}
    assert "acid must be one of THCA, CBDA, CBGA, CBNA" in result["error"]


@pytest.mark.parametrize(
    ("changes", "refusal"),
    [
        ({"purity_percent": 120}, "impossible"),
        ({"purity_percent": 0}, "above 0"),
        ({"acid_mass": -3}, "cannot be negative"),
        ({"efficiency_percent": 0}, "above 0"),
        ({"mass_unit": "ml"}, "must be a mass"),
    ],
)
def test_an_impossible_input_is_refused_with_no_number(
    changes: dict[str, Any], refusal: str
) -> None:
    result = call(**({"acid_mass": 10, "mass_unit": "g", "acid": "CBDA"} | changes))
    assert set(result) == {"error"} and refusal in result["error"], result
