"""Processing jobs and job types in the sandbox, sent through the client as Metrc documents
the requests (the rows of tests/metrc/fixtures/documented/writes/processing_*.json with the
sandbox's packages, tags and items in place of ours), read back with the documented fields."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import fixture, records
from tests.metrc.test_cultivation_sandbox import TODAY, row
from tests.support.sandbox import MANUFACTURER, sandbox_client
from trichome.config import Settings
from trichome.metrc import MetrcNotFound, MetrcValidationError

pytestmark = pytest.mark.anyio
JOB_FIELDS = set(fixture("processing_by_id")["requests"][0]["response"])


async def test_a_job_runs_from_start_to_packages(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        weighed = [
            p for p in await client.packages_active(MANUFACTURER)
            if p["UnitOfMeasureName"] == "Grams" and p["Quantity"] >= 10
        ]  # fmt: skip
        first, second = weighed[0], weighed[1]
        tags = [t["Label"] for t in await client.package_tags_available(MANUFACTURER)]
        item = next(
            i["Name"] for i in await client.items_active(MANUFACTURER)
            if i["UnitOfMeasureName"] == "Grams"
        )  # fmt: skip
        inputs = [{"Label": first["Label"], "Quantity": 10.0, "UnitOfMeasure": "Grams"}]

        (job_id,) = (
            await client.start_processing_jobs(
                MANUFACTURER,
                [row("processing_start", JobName="RSO-TEST", JobType="Extraction - Hydrocarbon",
                     Packages=inputs, StartDate=TODAY)],
            )
        )["Ids"]  # fmt: skip
        job = await client.processing_job_by_id(MANUFACTURER, job_id)
        assert set(job) == JOB_FIELDS  # GetProcessingJobById's documented fields
        assert (job["TotalWeight"], job["WeightUnitOfMeasureName"], job["IsFinished"]) == (
            10.0, "Grams", False,
        )  # fmt: skip
        taken = await client.package(MANUFACTURER, label=first["Label"])
        assert taken["Quantity"] == round(first["Quantity"] - 10.0, 4)

        adjusted = await client.adjust_processing_jobs(
            MANUFACTURER,
            [row("processing_adjust", Id=job_id, AdjustmentDate=TODAY,
                 Packages=[{"Label": second["Label"], "Quantity": 5.0, "UnitOfMeasure": "Grams"}])],
        )  # fmt: skip
        assert adjusted["Ids"] == [job_id]
        assert (await client.processing_job_by_id(MANUFACTURER, job_id))["TotalWeight"] == 15.0

        finished = await client.finish_processing_jobs(
            MANUFACTURER, [row("processing_finish", Id=job_id, FinishDate=TODAY)]
        )
        assert finished["Ids"] == []  # Finish answers no body
        done = await client.processing_job_by_id(MANUFACTURER, job_id)
        assert done["IsFinished"] and done["TotalWeightWaste"] == 1360.0
        assert job_id in {j["Id"] for j in await client.processing_jobs_inactive(MANUFACTURER)}
        assert (await client.unfinish_processing_jobs(MANUFACTURER, [{"Id": job_id}]))["Ids"] == []

        (package_id,) = (
            await client.create_processing_job_packages(
                MANUFACTURER,
                [row("processing_createpackages", JobName="RSO-TEST", Tag=tags[0], Item=item,
                     Location=None, Quantity=3.0, FinishDate=TODAY, PackageDate=TODAY)],
            )
        )["Ids"]  # fmt: skip
        made = await client.package(MANUFACTURER, package_id=package_id)
        assert (made["Label"], made["Quantity"], made["SourceProcessingJobCount"]) == (
            tags[0], 3.0, 1,
        )  # fmt: skip
        assert set(made["SourcePackageLabels"].split(", ")) == {first["Label"], second["Label"]}
        assert (await client.processing_job_by_id(MANUFACTURER, job_id))["IsFinished"]

        with pytest.raises(MetrcValidationError) as refused:
            await client.start_processing_jobs(
                MANUFACTURER,
                [row("processing_start", JobName="TOO-MUCH", JobType="Extraction - Hydrocarbon",
                     Packages=[{"Label": first["Label"], "Quantity": 1e6,
                                "UnitOfMeasure": "Grams"}], StartDate=TODAY)],
            )  # fmt: skip
        assert "has only" in refused.value.rows[0].message
        await client.unfinish_processing_jobs(MANUFACTURER, [{"Id": job_id}])
        assert (await client.archive_processing_job(MANUFACTURER, job_id))["Ids"] == []
        assert job_id not in {j["Id"] for j in await client.processing_jobs_active(MANUFACTURER)}


async def test_job_types_are_created_changed_and_archived(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        seeded = await client.processing_job_types(MANUFACTURER)
        assert all(set(t) == set(records("processing_jobtypes_inactive")[0]) for t in seeded)
        category = (await client.processing_job_categories(MANUFACTURER))[0]["Name"]
        attribute = (await client.processing_job_attributes(MANUFACTURER))[0]["Name"]
        (made,) = (
            await client.create_processing_job_types(
                MANUFACTURER,
                [row("processing_jobtypes_create", Category=category, Attributes=[attribute])],
            )
        )["Ids"]
        assert made in {t["Id"] for t in await client.processing_job_types(MANUFACTURER)}
        assert (
            await client.update_processing_job_types(
                MANUFACTURER, [row("processing_jobtypes_update", Id=made, CategoryName=category,
                                   Attributes=[attribute])]
            )
        )["Ids"] == []  # fmt: skip
        changed = next(
            t for t in await client.processing_job_types(MANUFACTURER) if t["Id"] == made
        )
        assert changed["Description"] == "Cold ethanol wash of trim"
        assert changed["Attributes"][0]["Name"] == attribute
        assert (await client.archive_processing_job_type(MANUFACTURER, made))["Ids"] == []
        # Beside the CO2 extraction type the seeded manufacturer retired.
        archived = await client.processing_job_types_inactive(MANUFACTURER)
        assert sorted(t["Name"] for t in archived) == ["Extraction - CO2", changed["Name"]]
        assert made in {t["Id"] for t in archived}
        with pytest.raises(MetrcValidationError):
            await client.create_processing_job_types(
                MANUFACTURER, [row("processing_jobtypes_create", Category="No such category")]
            )
        with pytest.raises(MetrcNotFound):
            await client.archive_processing_job_type(MANUFACTURER, made)
