"""package_history on the seeded year: one package's life, against its records."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY, MANUFACTURER
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.analysis import package_history

pytestmark = pytest.mark.anyio

# A Zkittlez bag the store received two days before AS_OF, sold out and not yet finished.
SOLD_OUT = "1A40C0021200000000002163"
# Blue Dream vape cartridges the store received on 2026-11-16 and sells every day.
ON_SALE = "1A40C0022200000000000406"


def sales_of(year: Year, label: str, start: date, end: date) -> list[dict[str, Any]]:
    return [
        line
        for _, line in year.lines(year.receipts(DISPENSARY, start, end))
        if line["PackageLabel"] == label
    ]


def incoming_row(year: Year, package: Any) -> dict[str, Any]:
    manifest = package.data["ReceivedFromManifestNumber"]
    transfer = next(t for t in year.by_kind["transfer"] if t.data["ManifestNumber"] == manifest)
    rows = year.delivery_of(transfer).data["_Packages"]
    return next(row for row in rows if row["PackageLabel"] == package.label)


async def test_a_sold_out_bag_balances_received_sold_and_adjusted(run: Run, year: Year) -> None:
    result = await run(package_history, license_number=DISPENSARY, label=SOLD_OUT)

    package = year.packages_by_label[SOLD_OUT]
    received_on = day(package.data["ReceivedDateTime"])
    sales = sales_of(year, SOLD_OUT, received_on, AS_OF)
    adjustments = [
        a for a in year.of("packageadjustment", DISPENSARY) if a.data["PackageLabel"] == SOLD_OUT
    ]
    results = [r for r in year.by_kind["labresult"] if r.data["PackageId"] == package.id]
    received = incoming_row(year, package)["ReceivedQuantity"]
    sold = sum(line["QuantitySold"] for line in sales)
    adjusted = sum(a.data["AdjustmentQuantity"] for a in adjustments)

    counts = result["counts"]
    assert counts["sales"] == len(sales) == 34
    assert counts["quantity_sold"] == pytest.approx(sold)
    assert counts["revenue"] == pytest.approx(sum(line["TotalPrice"] for line in sales))
    # The grower's drying adjustment happened before the store had it: not seen here.
    assert counts["adjustments"] == len(adjustments) == 0
    assert any(a.data["PackageLabel"] == SOLD_OUT for a in year.of("packageadjustment", CULTIVATOR))
    assert counts["lab_tests"] == len({r.data["TestPerformedDate"] for r in results}) == 1
    assert result["details"]["lab_tests"][0]["thc"] == next(
        r.data["TestResultLevel"] for r in results if r.data["TestTypeName"].startswith("THC (%)")
    )
    assert result["parameters"]["sales_start"] == received_on.isoformat()
    assert result["parameters"]["sales_end"] == AS_OF.isoformat()

    incoming = next(m for m in result["details"]["manifests"] if m["direction"] == "incoming")
    assert incoming["manifest"] == package.data["ReceivedFromManifestNumber"]
    assert incoming["received_quantity"] == received
    balance = result["details"]["balance"]
    assert balance["received"] == received and balance["now"] == package.data["Quantity"] == 0
    assert balance["expected_now"] == pytest.approx(received - sold + adjusted, abs=1e-4)
    assert balance["unexplained"] == pytest.approx(0, abs=0.01)
    assert [f["check"] for f in result["findings"]] == ["zero_quantity_active"]
    assert result["details"]["source_harvests"][0]["name"] == package.data["SourceHarvestNames"]
    assert result["details"]["source_harvests"][0]["visible"] is False  # the grower's harvest
    events = [e["event"] for e in result["details"]["timeline"]]
    assert events[0].startswith("Packaged (from ZK-")
    assert any(
        e.startswith(f"Received from {package.data['ReceivedFromFacilityName']}") for e in events
    )


async def test_the_sales_range_is_a_parameter(run: Run, year: Year) -> None:
    first, last = date(2026, 11, 17), date(2026, 11, 18)
    everything = await run(package_history, license_number=DISPENSARY, label=ON_SALE)
    result = await run(
        package_history, license_number=DISPENSARY, label=ON_SALE, start=first, end=last
    )
    sales = sales_of(year, ON_SALE, first, last)
    assert 0 < result["counts"]["sales"] == len(sales) < everything["counts"]["sales"]
    assert everything["counts"]["sales"] == len(sales_of(year, ON_SALE, date(2026, 11, 16), AS_OF))
    # A partial range cannot balance, so no quantity finding is drawn from it.
    assert "quantity_unexplained" not in [f["check"] for f in result["findings"]]
    assert result["parameters"]["sales_end"] == last.isoformat()


async def test_a_held_failed_lot_at_the_grower(run: Run, year: Year) -> None:
    package = next(
        p
        for p in year.of("package", CULTIVATOR, "onhold")
        if p.data["LabTestingState"] == "TestFailed"
    )
    result = await run(package_history, license_number=CULTIVATOR, label=package.label)

    checks = {f["check"]: f["severity"] for f in result["findings"]}
    assert checks == {"failed_lab_product": "high", "on_hold": "info"}
    results = [r for r in year.by_kind["labresult"] if r.data["PackageId"] == package.id]
    failed = {r.data["TestTypeName"] for r in results if not r.data["TestPassed"]}
    assert failed
    assert set(result["details"]["lab_tests"][-1]["failed_tests"]) == failed
    assert result["details"]["lab_tests"][-1]["overall_passed"] is False
    assert "no sales (this licence does not sell)" in result["summary"]
    harvest = result["details"]["source_harvests"][0]
    assert harvest["visible"] is True
    own = next(h for h in year.of("harvest", CULTIVATOR) if h.name == harvest["name"])
    assert harvest["plants"] == own.data["PlantCount"]


async def test_trim_used_up_by_an_extraction_job_balances(run: Run, year: Year) -> None:
    trim = "1A40C0021200000000002188"
    result = await run(package_history, license_number=MANUFACTURER, label=trim)

    package = year.packages_by_label[trim]
    # The sandbox keeps a job's inputs where no response shows them (Metrc documents a job's
    # Packages array empty), so the job itself is not named; the packages it made are.
    jobs = [
        (job.name, source["Quantity"])
        for job in year.of("processingjob", MANUFACTURER)
        for source in job.data["_Inputs"]
        if source["Label"] == trim
    ]
    assert len(jobs) == 1 and package.data["FinishedDate"] and package.data["Quantity"] == 0
    made_here = {
        p.label
        for p in year.of("package", MANUFACTURER)
        if trim in (p.data["SourcePackageLabels"] or "")
    }
    by_job = {p for p in made_here if year.packages_by_label[p].data["SourceProcessingJobCount"]}
    assert result["details"]["processing_jobs"] == []
    assert set(result["details"]["packages_made_from_it"]) == made_here and made_here
    assert set(result["details"]["made_by_processing"]) == by_job and by_job
    balance = result["details"]["balance"]
    assert balance["received"] == incoming_row(year, package)["ReceivedQuantity"]
    assert balance["processed"] == pytest.approx(jobs[0][1])
    assert balance["processed_inferred"] is True
    assert balance["unexplained"] == pytest.approx(0, abs=0.01)
    assert "quantity_unexplained" not in [f["check"] for f in result["findings"]]
    assert result["summary"].endswith(f"finished {package.data['FinishedDate']}.")


async def test_an_unknown_label_or_another_licence_s_package_is_a_tool_problem(
    run: Run, year: Year
) -> None:
    with pytest.raises(ToolProblem, match="Package 1A40C0021200000000099999 was not found"):
        await run(package_history, license_number=DISPENSARY, label="1A40C0021200000000099999")
    theirs = year.of("package", CULTIVATOR, "active")[0].label
    with pytest.raises(
        ToolProblem, match=f"Package {theirs} was not found at licence {DISPENSARY}"
    ):
        await run(package_history, license_number=DISPENSARY, label=theirs)


async def test_an_inverted_sales_range_is_a_tool_problem(run: Run) -> None:
    with pytest.raises(
        ToolProblem, match="sales range is inverted: 2026-11-20 is after 2026-11-19"
    ):
        await run(
            package_history,
            license_number=DISPENSARY,
            label=SOLD_OUT,
            start=date(2026, 11, 20),
            end=date(2026, 11, 19),
        )
    with pytest.raises(ToolProblem, match="more than 366 days"):
        await run(
            package_history,
            license_number=DISPENSARY,
            label=SOLD_OUT,
            start=AS_OF - timedelta(days=400),
        )
