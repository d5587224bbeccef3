"""Where a grower's packages went and came from, and its processing jobs, run on fixtures in
Metrc's documented shapes: packages shipped (GET /packages/v2/transferred), lab samples, a
package's source harvests, running and finished processing jobs and their types.
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run, records
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.packages import read_shipments
from trichome.metrc.tools.processing import read as processing

pytestmark = pytest.mark.anyio


async def test_shipped_packages_show_acceptance_and_both_prices(run: Run) -> None:
    listed = await run(read_shipments.list_shipped_packages, license_number=GROWER)

    assert [row["PackageLabel"][-3:] for row in listed["items"]] == ["201", "207", "302"]
    assert listed["by_state"] == {"Accepted": 2, "Rejected": 1}
    rejected = listed["items"][1]
    assert rejected["ShipmentPackageStateName"] == "Rejected"
    assert (rejected["ShippedQuantity"], rejected["ReceivedQuantity"]) == (453.6, 0.0)
    assert "ReceiverWholesalePrice" not in rejected
    accepted = listed["items"][0]
    assert accepted["ShipperWholesalePrice"] == accepted["ReceiverWholesalePrice"] == 1600.0
    assert accepted["ShippedUnitOfMeasureAbbreviation"] == "g"


async def test_shipped_packages_by_recipient_and_departure_day(run: Run) -> None:
    by_licence = await run(
        read_shipments.list_shipped_packages, license_number=GROWER, recipient=STORE
    )
    by_name = await run(
        read_shipments.list_shipped_packages, license_number=GROWER, recipient="front range"
    )
    in_june = await run(
        read_shipments.list_shipped_packages, license_number=GROWER, from_date=date(2026, 6, 1)
    )
    elsewhere = await run(
        read_shipments.list_shipped_packages, license_number=GROWER, recipient="402R-99999"
    )

    assert by_licence["total"] == by_name["total"] == 3
    assert {row["ManifestNumber"] for row in in_june["items"]} == {"0000090011"}
    assert elsewhere["total"] == 0


async def test_lab_samples_carry_their_latest_result(run: Run) -> None:
    listed = await run(read_shipments.list_package_lab_samples, license_number=GROWER)

    assert [row["Label"][-3:] for row in listed["items"]] == ["161", "160"]
    assert listed["by_state"] == {"TestPassed": 1, "SubmittedForTesting": 1}
    tested = listed["items"][1]
    assert tested["OverallPassed"] is True
    assert tested["LabFacilityName"] == "Peak Analytics"
    assert tested["TestTypeName"] == "Total Contaminant Load Metals (ppm) Mass Spec"
    assert "OverallPassed" not in listed["items"][0]


async def test_a_received_package_names_the_harvest_and_its_grower(run: Run) -> None:
    found = await run(
        read_shipments.get_package_source_harvests,
        license_number=STORE,
        label="1A4FF0300000029000000201",
    )

    assert found["items"] == [
        {
            "Name": "2026-04-02-Flower Room 1-H",
            "HarvestStartDate": "2026-04-02",
            "HarvestedByFacilityLicenseNumber": GROWER,
            "HarvestedByFacilityName": "Green Mesa Cultivation",
        }
    ]


async def test_running_and_finished_jobs_with_their_waste(run: Run) -> None:
    running = await run(processing.list_active_processing_jobs, license_number=GROWER)
    finished = await run(processing.list_inactive_processing_jobs, license_number=GROWER)
    ethanol = await run(
        processing.list_active_processing_jobs,
        license_number=GROWER,
        job_type="extraction - ethanol",
    )

    assert [job["Name"] for job in running["items"]] == ["RSO-2026-06-10"]
    assert running["items"][0]["TotalWeight"] == 1250.0
    assert "TotalWeightWaste" not in running["items"][0]
    assert ethanol["total"] == 1
    done = finished["items"][0]
    assert (done["TotalWeightWaste"], done["WasteWeightUnitOfMeasureName"]) == (35.5, "Grams")
    assert done["FinishNote"] == "Oil packaged; spent biomass to waste."


async def test_one_job_by_name_or_id_reads_it_fresh(run: Run) -> None:
    by_name = await run(processing.get_processing_job, license_number=GROWER, job="rso-2026-06-10")
    by_id = await run(processing.get_processing_job, license_number=GROWER, job="5101")

    assert by_name == by_id
    assert by_name["state"] == "running"
    assert by_name["job"]["Number"] == "PJ005101"
    with pytest.raises(ToolProblem, match="Processing job RSO-1999 not found"):
        await run(processing.get_processing_job, license_number=GROWER, job="RSO-1999")


async def test_job_types_with_attributes_and_the_archived_ones(run: Run) -> None:
    current = await run(processing.list_processing_job_types, license_number=GROWER)
    every = await run(
        processing.list_processing_job_types, license_number=GROWER, include_archived=True
    )

    assert [t["Name"] for t in current["items"]] == [
        r["Name"] for r in records("processing_jobtypes_active", GROWER)
    ]
    assert current["items"][0]["Attributes"] == [
        {"Id": 11, "Name": "Solvent"},
        {"Id": 12, "Name": "Heat"},
    ]
    assert every["total"] == 3
    assert every["items"][-1]["Name"] == "Extraction - Butane"
    assert every["items"][-1]["Archived"] is True
