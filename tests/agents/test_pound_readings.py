"""Both pounds when the user does not fix one (issue 20): the answer keeps the avoirdupois
pound (453.59237 g, NIST Handbook 44, Appendix C) for a pound and the trade's 28 g ounces
for pound slang (a QP is 112 g), and gives the other reading beside it: the trade's pound
is 16 × 28 = 448 g, a QP on the avoirdupois pound a quarter of 453.59237 g. Expected values
by hand from those two definitions; a pound the user fixes gets one figure only."""

from __future__ import annotations

import json
import math

import pytest

from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.calculator_tools import run_tool

POUND_G = 453.59237
TRADE_POUND_G = 16 * 28.0
QP_G, AVOIRDUPOIS_QP_G = 4 * 28.0, POUND_G / 4


@pytest.mark.parametrize(
    ("question", "expected", "other"),
    [
        ("how many eighths in a pound", POUND_G / 3.5, TRADE_POUND_G / 3.5),  # 129.6 and 128
        ("how many eighths in a half p", POUND_G / 2 / 3.5, TRADE_POUND_G / 2 / 3.5),
        ("how many quarters in a pound", POUND_G / 7, TRADE_POUND_G / 7),
        ("how many grams in a pound", POUND_G, TRADE_POUND_G),
        ("how many zips in a lb", POUND_G / 28, 16.0),
        ("how many pounds is 5 kg", 5000 / POUND_G, 5000 / TRADE_POUND_G),
        ("how many 1g prerolls from a pound", 453, 448),
        ("2400 a pound, price per gram", 2400 / POUND_G, 2400 / TRADE_POUND_G),
        ("price per eighth if a pound is 2400", 2400 / POUND_G * 3.5, 2400 / TRADE_POUND_G * 3.5),
        ("got 2.5 lb under a 1200 watt setup, gpw?", 2.5 * POUND_G / 1200,
         2.5 * TRADE_POUND_G / 1200),
        # pound slang: the trade's ounces first, a share of the avoirdupois pound beside
        ("how many eighths in a QP", QP_G / 3.5, AVOIRDUPOIS_QP_G / 3.5),
        ("QP for 475, per gram?", 475 / QP_G, 475 / AVOIRDUPOIS_QP_G),
        ("pressed a qp of flower, got 18% return, how much rosin", QP_G * 0.18,
         AVOIRDUPOIS_QP_G * 0.18),
    ],
)  # fmt: skip
def test_an_unfixed_pound_gives_both_readings(question: str, expected: float, other: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None, found and found.refusal
    calculation = found.calculation
    assert math.isclose(calculation.value, expected, rel_tol=1e-6), (question, calculation.value)
    assert math.isclose(calculation.details["other_pound"], other, rel_tol=1e-6), question
    shown = describe(found)
    assert "448 g" in shown or "avoirdupois pound" in shown
    assert any("which pound was not said" in a for a in calculation.assumptions)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("how many eighths in a pound? eighth = 3.5 g, pound = 453.59 g", POUND_G / 3.5),
        ("price per eighth if a pound is $1,600, counting a 448 g pound", 1600 / 448 * 3.5),
        ("how many eighths in a pound (trade oz)", TRADE_POUND_G / 3.5),
        # the same on either pound: 16 ounces, a dry weight in the pound it was weighed in
        ("how many ounces in a pound", 16.0),
        ("3 lb wet, loses 75% drying, dry weight?", 0.75),
        ("2.4k per lb, per oz?", 150.0),
    ],
)
def test_a_fixed_pound_or_one_result_gives_one_figure(question: str, expected: float) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert math.isclose(found.calculation.value, expected, rel_tol=1e-6), found.calculation.value
    assert "other_pound" not in found.calculation.details


@pytest.mark.parametrize(
    ("name", "arguments", "expected", "other"),
    [
        ("trichome_convert", {"amount": 1, "from_unit": "lb", "to_unit": "eighth"},
         POUND_G / 3.5, TRADE_POUND_G / 3.5),
        ("trichome_convert", {"amount": 5, "from_unit": "kg", "to_unit": "lb"},
         5000 / POUND_G, 5000 / TRADE_POUND_G),
        ("trichome_price_per_gram", {"price": 2400, "amount": 1, "unit": "lb"},
         2400 / POUND_G, 2400 / TRADE_POUND_G),
    ],
)  # fmt: skip
def test_the_function_tools_give_both_pounds_too(
    name: str, arguments: dict[str, object], expected: float, other: float
) -> None:
    result = json.loads(run_tool(name, json.dumps(arguments), None))  # type: ignore[arg-type]
    assert math.isclose(result["result"], expected, rel_tol=1e-6), result
    assert math.isclose(result["details"]["other_pound"], other, rel_tol=1e-5), result


def test_the_trade_pound_is_a_unit_a_tool_can_fix() -> None:
    arguments = {"amount": 1, "from_unit": "trade_lb", "to_unit": "eighth"}
    result = json.loads(run_tool("trichome_convert", json.dumps(arguments), None))  # type: ignore[arg-type]
    assert result["result"] == TRADE_POUND_G / 3.5
    assert "other_pound" not in result.get("details", {})
