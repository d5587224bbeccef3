"""Processing-job tools against the seeded sandbox: the manufacturer's weekly extractions and
infusions read back in Metrc's documented job shape, and a job run from start to finish."""

from __future__ import annotations

import pytest

from tests.metrc.tools.helpers import AS_OF, CULTIVATOR, MANUFACTURER, all_pages
from trichome.metrc import MetrcAuthError
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import processing as tools

pytestmark = pytest.mark.anyio


async def test_the_seeded_jobs_read_with_metrcs_fields(reader: MetrcAccess) -> None:
    raw = await reader.client.processing_jobs_inactive(MANUFACTURER)
    with using(reader):
        finished = await all_pages(tools.list_inactive_processing_jobs, MANUFACTURER)
        extractions = await all_pages(
            tools.list_inactive_processing_jobs, MANUFACTURER,
            job_type="extraction - hydrocarbon",
        )  # fmt: skip
        first = await tools.list_inactive_processing_jobs(MANUFACTURER, page_size=5)
        one = await tools.get_processing_job(MANUFACTURER, finished[0]["Name"])
        by_id = await tools.get_processing_job(MANUFACTURER, str(finished[0]["Id"]))
        with pytest.raises(ToolProblem, match="not found"):
            await tools.get_processing_job(MANUFACTURER, "NO-SUCH-JOB")
    assert len(finished) == len(raw) > 10
    assert first["items"] == finished[:5] and first["has_more"]
    assert 0 < len(extractions) < len(finished)
    assert all(j["JobTypeName"] == "Extraction - Hydrocarbon" for j in extractions)
    # The fields Metrc documents; no invented lists of sources or outputs.
    assert {"Number", "TotalWeight", "WeightUnitOfMeasureName", "IsFinished"} <= set(finished[0])
    assert all(j["IsFinished"] and j["TotalWeight"] > 0 for j in finished)
    assert all(r["Packages"] == [] and "SourcePackages" not in r for r in raw)
    assert one == by_id and one["state"] == "finished"
    assert one["job"]["Name"] == finished[0]["Name"]


async def test_job_types_and_their_categories(reader: MetrcAccess) -> None:
    with using(reader):
        types = await tools.list_processing_job_types(MANUFACTURER)
        options = await tools.list_processing_job_categories(MANUFACTURER)
    names = {t["Name"] for t in types["items"]}
    assert {"Infusion - Gummies", "Extraction - Hydrocarbon"} <= names
    assert types["total"] == len(types["items"])
    assert all(t["Attributes"] for t in types["items"])
    assert {c["Name"] for c in options["categories"]} >= {t["CategoryName"] for t in types["items"]}
    assert options["attributes"]


async def test_a_job_runs_start_to_finish(writer: MetrcAccess) -> None:
    client = writer.client
    grams = [
        p for p in await client.packages_active(MANUFACTURER)
        if p["UnitOfMeasureName"] == "Grams" and p["Quantity"] >= 20 and not p.get("IsOnHold")
    ]  # fmt: skip
    source = grams[0]
    tag = (await client.package_tags_available(MANUFACTURER))[0]["Label"]
    item = next(
        i["Name"] for i in await client.items_active(MANUFACTURER)
        if i["UnitOfMeasureName"] == "Grams"
    )  # fmt: skip
    drawn = [tools.JobPackage(label=source["Label"], quantity=10, unit_of_measure="grams")]
    with using(writer):
        await tools.start_processing_job(
            MANUFACTURER, "RSO-TOOLS", "Extraction - Hydrocarbon", drawn
        )
        running = await tools.list_active_processing_jobs(MANUFACTURER, name_contains="rso-tools")
        more = [tools.JobPackage(label=source["Label"], quantity=5, unit_of_measure="Grams")]
        await tools.adjust_processing_job(MANUFACTURER, "RSO-TOOLS", more, "Data Entry")
        made = await tools.create_processing_job_packages(
            MANUFACTURER, "RSO-TOOLS", tag, item, 2.5, "Grams", finish_job=True,
            waste_weight=1.0, waste_unit="grams",
        )  # fmt: skip
        with pytest.raises(ToolProblem, match="not running"):
            await tools.finish_processing_job(MANUFACTURER, "RSO-TOOLS")
        finished = await tools.get_processing_job(MANUFACTURER, "RSO-TOOLS")
        await tools.unfinish_processing_job(MANUFACTURER, "RSO-TOOLS")
        await tools.finish_processing_job(
            MANUFACTURER, "RSO-TOOLS", waste_weight=2.0, waste_unit="Grams", note="done"
        )
        again = await tools.get_processing_job(MANUFACTURER, "RSO-TOOLS")
        with pytest.raises(ToolProblem, match="not running"):
            await tools.archive_processing_job(MANUFACTURER, "RSO-TOOLS")
        await tools.start_processing_job(
            MANUFACTURER, "RSO-MISTAKE", "Extraction - Hydrocarbon", drawn
        )
        await tools.archive_processing_job(MANUFACTURER, "rso-mistake")
        gone = await tools.list_active_processing_jobs(MANUFACTURER, name_contains="RSO")
    assert running["total"] == 1
    assert running["items"][0]["TotalWeight"] == 10.0
    assert made["ok"] and len(made["ids"]) == 1
    package = await client.package(MANUFACTURER, label=tag)
    assert (package["Quantity"], package["SourceProcessingJobCount"]) == (2.5, 1)
    assert source["Label"] in package["SourcePackageLabels"]
    left = await client.package(MANUFACTURER, label=source["Label"])
    assert left["Quantity"] == pytest.approx(source["Quantity"] - 25)  # both jobs drew
    assert finished["state"] == "finished" and finished["job"]["TotalWeight"] == 15.0
    assert finished["job"]["TotalWeightWaste"] == 1.0
    assert (again["job"]["TotalWeightWaste"], again["job"]["FinishNote"]) == (2.0, "done")
    assert again["job"]["FinishedDate"] == AS_OF.isoformat()
    assert gone["total"] == 0


async def test_job_types_are_created_and_archived(writer: MetrcAccess) -> None:
    with using(writer):
        options = await tools.list_processing_job_categories(MANUFACTURER)
        category = options["categories"][0]["Name"]
        attribute = options["attributes"][0]["Name"]
        await tools.create_processing_job_type(
            MANUFACTURER, "Rosin Press", category, "Heat and pressure", attributes=[attribute]
        )
        made = await tools.list_processing_job_types(MANUFACTURER)
        await tools.archive_processing_job_type(MANUFACTURER, "rosin press")
        after = await tools.list_processing_job_types(MANUFACTURER, include_archived=True)
        with pytest.raises(ToolProblem, match="not an active type"):
            await tools.archive_processing_job_type(MANUFACTURER, "Rosin Press")
        with pytest.raises(MetrcAuthError, match="CanInfuseProducts"):
            await tools.start_processing_job(
                CULTIVATOR, "NOPE", "Extraction - Hydrocarbon",
                [tools.JobPackage(label="1A40C0029999999999999999", quantity=1,
                                  unit_of_measure="Grams")],
            )  # fmt: skip
    rosin = next(t for t in made["items"] if t["Name"] == "Rosin Press")
    assert rosin["CategoryName"] == category and rosin["Attributes"][0]["Name"] == attribute
    archived = [t for t in after["items"] if t.get("Archived")]
    # Beside the CO2 extraction type the seeded manufacturer retired before the year.
    assert sorted(t["Name"] for t in archived) == ["Extraction - CO2", "Rosin Press"]
