"""COA tables pasted as text: a units line under the header names each column's unit, a
table's cells are never read as a stock and a target, and a total of one cannabinoid whose
acid was not detected needs only that cannabinoid's results."""

from __future__ import annotations

import pytest

from trichome.agents.calculation_requests import describe, recognise
from trichome.agents.coa_tables import coa_table

ALIGNED = (
    "Compound     LOQ     Amount\n"
    "             mg/g    mg/g\n"
    "THCA         0.2     180.0\n"
    "D9-THC       0.2     4.0\n"
    "CBD          0.2     ND\n"
)


def test_a_units_line_under_the_header_names_the_columns() -> None:
    rows = coa_table(ALIGNED)
    assert [(r.cannabinoid, r.value, r.unit) for r in rows] == [
        ("THCA", 180.0, "mg/g"),
        ("THC", 4.0, "mg/g"),
        ("CBD", 0.0, "mg/g"),
    ]


@pytest.mark.parametrize(
    ("asked", "expected", "unit"),
    [
        ("total thc in mg/g?", 4.0 + 0.877 * 180.0, "mg/g"),
        ("what is the total thc as a percent", (4.0 + 0.877 * 180.0) / 10, "%"),
    ],
)
def test_aligned_mg_per_g_columns_give_the_total_in_the_unit_asked(
    asked: str, expected: float, unit: str
) -> None:
    found = recognise(ALIGNED + asked)
    assert found is not None and found.calculation is not None
    assert found.calculation.value == pytest.approx(expected)
    assert found.calculation.unit == unit


@pytest.mark.parametrize(
    "asked",
    ["we need the total thc in mg/g for the manifest", "need total thc in mg/g please"],
)
def test_a_table_with_both_columns_is_no_dilution(asked: str) -> None:
    table = "Analyte | mg/g | %\nTHCA | 150.0 | 15.00\nD9-THC | 3.0 | 0.30\n"
    found = recognise(table + asked)
    assert found is not None and found.calculation is not None
    assert found.calculation.value == pytest.approx(3.0 + 0.877 * 150.0)
    assert found.calculation.unit == "mg/g"


@pytest.mark.parametrize(
    ("question", "expected", "name"),
    [
        ("isolate lot: cbd 99.1 %, cbda not detected, whats the total cbd", 99.1, "total_cbd"),
        ("cbg 12.5%, cbga <LOQ, total cbg?", 12.5, "total_cbg"),
        ("hemp biomass: thca nd, d9 thc 0.25%, total thc?", 0.25, "total_thc"),
    ],
)
def test_a_total_with_its_acid_not_detected(question: str, expected: float, name: str) -> None:
    found = recognise(question)
    assert found is not None and found.calculation is not None
    assert found.calculation.name == name
    assert found.calculation.value == pytest.approx(expected)
    assert "not detected (ND), so it is counted as 0" in describe(found)
