"""THC potency read from lab results whatever the state's test-type names (documented row
shape of GET /labtests/v2/results; one fixture package per naming style)."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import STORE
from trichome.metrc.skills.history_parts import lab_tests
from trichome.metrc.tools import MetrcAccess
from trichome.tracking.metrc import mapping
from trichome.tracking.potency import Potency, potency_kind, thc_reading, unit_of

pytestmark = pytest.mark.anyio

# package -> (kind, level, unit, test type) the package's THC figure must be read as
EXPECTED = {
    7301: (Potency.THC, 21.4, "", "THC"),
    7302: (Potency.THC, 22.1, "%", "THC (%) Raw Plant Material"),
    7303: (Potency.TOTAL_THC, 203.5, "mg/g", "Total THC (mg/g) R&D Testing (Infused)"),
    7304: (
        Potency.TOTAL_THC,
        23.7,
        "%",
        "Total Delta-9 THC (%) Mandatory Cannabinoid % and Totals",
    ),
}


@pytest.mark.parametrize("package_id", sorted(EXPECTED))
async def test_each_state_s_naming_gives_the_package_s_thc(
    metrc: MetrcAccess, package_id: int
) -> None:
    rows = [mapping.lab_result(r) for r in await metrc.client.lab_test_results(STORE, package_id)]

    found = thc_reading(rows)

    assert found is not None
    assert (found.kind, found.level, found.unit, found.test_type) == EXPECTED[package_id]
    (day,) = lab_tests(rows)
    assert (day["thc"], day["thc_unit"]) == (found.level, found.unit)


async def test_a_percentage_is_preferred_when_only_percentages_compare(
    metrc: MetrcAccess,
) -> None:
    rows = [mapping.lab_result(r) for r in await metrc.client.lab_test_results(STORE, 7303)]

    found = thc_reading(rows, percent_only=True)

    assert found is not None
    assert (found.test_type, found.percent) == ("Total THC (%) Raw Plant Material", 20.35)


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("THC", Potency.THC),
        ("THCa", Potency.THCA),
        ("THC-A", Potency.THCA),
        ("THCA (%) Raw Plant Material", Potency.THCA),
        ("Δ9-THC", Potency.THC),
        ("D9-THC", Potency.THC),
        ("Delta-9 THC (mg/serving) Raw Plant Material & PreRolls", Potency.THC),
        ("TOTAL THC", Potency.TOTAL_THC),
        ("Total THC (mg/unit) Raw Plant Material & PreRolls", Potency.TOTAL_THC),
        ("THC (mg/serving) Infused Edible", Potency.THC),
        ("THCV", None),
        ("Δ8-THC", None),
        ("Delta-8 THC (%)", None),
        ("CBD (%) Mandatory Cannabinoid % and Totals", None),
        ("Total CBD (mg/serving) Mandatory Cannabinoid % and Totals", None),
        ("Microbiologicals", None),
        ("Moisture Content (%) Raw Plant Material", None),
    ],
)
def test_test_type_names_across_states(name: str, kind: Potency | None) -> None:
    assert potency_kind(name) == kind


def test_the_unit_is_read_from_the_name() -> None:
    assert unit_of("THC (%) Raw Plant Material") == "%"
    assert unit_of("Total THC (mg/g) R&D Testing (Infused)") == "mg/g"
    assert unit_of("THC") == ""
