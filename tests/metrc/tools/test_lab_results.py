"""Lab test tools against the seeded sandbox: results, reference lists, recording at the lab."""

from __future__ import annotations

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY, LAB, NOWHERE
from trichome.metrc import MetrcAuthError
from trichome.metrc.tools import MetrcAccess, ToolProblem, packages, using
from trichome.metrc.tools import lab_results as tools

pytestmark = pytest.mark.anyio


async def test_a_packages_results_one_row_per_test(reader: MetrcAccess) -> None:
    jar = (await reader.client.packages_active(DISPENSARY))[0]
    raw = await reader.client.lab_test_results(DISPENSARY, jar["Id"])
    with using(reader):
        result = await tools.list_package_lab_results(DISPENSARY, jar["Label"])
        with pytest.raises(ToolProblem, match=NOWHERE):
            await tools.list_package_lab_results(DISPENSARY, NOWHERE)
    assert result["total"] == len(raw) == 9
    assert result["lab_testing_state"] == jar["LabTestingState"] == "TestPassed"
    assert result["failed_tests"] == []
    assert {r["TestTypeName"] for r in result["items"]} == {r["TestTypeName"] for r in raw}
    thc = next(r for r in result["items"] if r["TestTypeName"].startswith("THC (%)"))
    assert thc["TestPassed"] is True and thc["TestResultLevel"] > 15
    assert thc["LabFacilityName"] == "Sandbox Retail Testing Lab"


async def test_lab_reference_lists(reader: MetrcAccess) -> None:
    types = await reader.client.lab_test_types(LAB)
    with using(reader):
        every = await tools.list_lab_test_types(LAB)
        flower = await tools.list_lab_test_types(LAB, name_contains="raw plant material")
        batches = await tools.list_lab_test_batches(LAB)
        states = await tools.list_lab_testing_states(LAB)
    assert every["total"] == len(types)
    assert flower["total"] == sum("Raw Plant Material" in t["Name"] for t in types) < len(types)
    lead = next(t for t in flower["items"] if t["Name"].startswith("Lead"))
    assert (lead["LabTestResultMode"], lead["LabTestResultMaximum"]) == ("PassWithinMinMax", 0.5)
    thc = next(t for t in flower["items"] if t["Name"].startswith("THC (%)"))
    assert thc["LabTestResultMode"] == 0 and "LabTestResultMaximum" not in thc
    assert [b["Name"] for b in batches["items"]] == [
        "Potency",
        "Microbials",
        "Heavy Metals",
        "Moisture",
    ]
    # Metrc's fourteen, in the order its documentation lists them.
    assert states["total"] == 14 and "NotRequired" in states["items"]
    assert states["items"][:4] == [
        "NotSubmitted",
        "SubmittedForTesting",
        "TestFailed",
        "TestPassed",
    ]


async def test_a_failed_result_fails_the_sample_and_its_sources(writer: MetrcAccess) -> None:
    sample = (await writer.client.packages_active(LAB))[0]
    source = sample["SourcePackageLabels"].split(",")[0].strip()
    results = [
        tools.AnalyteResult(test_type="THC (%) Raw Plant Material", quantity=22.1, passed=True),
        tools.AnalyteResult(
            test_type="E. coli (CFU/g) Raw Plant Material",
            quantity=420,
            passed=False,
            notes="Above 100 CFU/g",
        ),
    ]
    with using(writer):
        with pytest.raises(ToolProblem, match=f"not found at licence {LAB}"):
            await tools.record_lab_test_results(LAB, source, results)  # not at the lab
        done = await tools.record_lab_test_results(LAB, sample["Label"], results)
        at_lab = await tools.list_package_lab_results(LAB, sample["Label"])
        origin = await tools.list_package_lab_results(CULTIVATOR, source)
        treated = await packages.decontaminate_packages(
            CULTIVATOR, [source], "Decontamination", "Re-dried and irradiated"
        )
        after = (await packages.get_package(CULTIVATOR, source))["package"]
    assert (
        done["message"] == f"Recorded 2 test results for {sample['Label']}: failed, and released."
    )
    assert at_lab["lab_testing_state"] == "TestFailed" and at_lab["total"] == 2
    assert at_lab["failed_tests"] == ["E. coli (CFU/g) Raw Plant Material"]
    assert origin["lab_testing_state"] == "TestFailed"
    assert "E. coli (CFU/g) Raw Plant Material" in origin["failed_tests"]
    assert treated["ok"] and after["LabTestingState"] == "Decontaminated"


async def test_only_a_lab_records_results(writer: MetrcAccess) -> None:
    grown = (await writer.client.packages_active(CULTIVATOR))[0]["Label"]
    passing = [
        tools.AnalyteResult(test_type="Lead (ppm) Raw Plant Material", quantity=0.1, passed=True)
    ]
    with using(writer), pytest.raises(MetrcAuthError, match="CanTestPackages"):
        await tools.record_lab_test_results(CULTIVATOR, grown, passing)


async def test_results_kept_unreleased_leave_the_sources_as_they_were(writer: MetrcAccess) -> None:
    sample = (await writer.client.packages_active(LAB))[-1]
    source = sample["SourcePackageLabels"].split(",")[0].strip()
    passing = [
        tools.AnalyteResult(test_type="THC (%) Raw Plant Material", quantity=19.0, passed=True)
    ]
    with using(writer):
        before = (await packages.get_package(CULTIVATOR, source))["package"]
        done = await tools.record_lab_test_results(LAB, sample["Label"], passing, release=False)
        at_lab = (await packages.get_package(LAB, sample["Label"]))["package"]
        after = (await packages.get_package(CULTIVATOR, source))["package"]
    assert done["message"].endswith("passed; not released yet.")
    assert at_lab["LabTestingState"] == "TestingInProgress"
    assert after["LabTestingState"] == before["LabTestingState"]
