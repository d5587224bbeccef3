"""The lab result tool on Metrc's documented request bodies (the fixture server refuses any
other body, writes.py): a testing lab records a sample's results and releases them. Metrc
documents no OverallPassed on a record: the verdict follows the results."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools import lab_results

pytestmark = pytest.mark.anyio
LAB, SAMPLE = "405R-00401", "1A4FF0300000029000000191"


async def test_results_are_recorded_and_released(run: Run, documented: FakeMetrc) -> None:
    results = [
        lab_results.AnalyteResult(test_type="THC", quantity=21.4, passed=True),
        lab_results.AnalyteResult(
            test_type="Total Yeast and Mold (CFU/g)", quantity=12000, passed=False,
            notes="Above the 10,000 CFU/g limit",
        ),
    ]  # fmt: skip
    result = await run(
        lab_results.record_lab_test_results, license_number=LAB, label=SAMPLE, results=results
    )

    assert sent(documented) == [
        ("POST", "/labtests/v2/record", [
            {"Label": SAMPLE, "ResultDate": "2026-06-15", "Results": [
                {"LabTestTypeName": "THC", "Quantity": 21.4, "Passed": True},
                {"LabTestTypeName": "Total Yeast and Mold (CFU/g)", "Quantity": 12000,
                 "Passed": False, "Notes": "Above the 10,000 CFU/g limit"},
            ]},
        ]),
        ("PUT", "/labtests/v2/results/release", [{"PackageLabel": SAMPLE}]),
    ]  # fmt: skip
    assert result["message"] == f"Recorded 2 test results for {SAMPLE}: failed, and released."
