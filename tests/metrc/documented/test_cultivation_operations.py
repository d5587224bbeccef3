"""The client against Metrc's documented shapes for the Plants, PlantBatches and ProcessingJob
operations, without the sandbox: each read parses the documented example response (fixtures in
tests/metrc/fixtures/documented), and each write sends the documented request, path, method
and query exactly, and reads the documented answer (`{Ids, Warnings}`, or no body at all).
The write fixtures (fixtures/documented/writes) name the operation and the bruno file of
github.com/thunkier/ThunkMetrc whose example they follow."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from starlette.responses import JSONResponse, Response

from tests.metrc.conftest import ClientFactory
from tests.metrc.documented.conftest import FIXTURES, GROWER, fixture, records
from tests.metrc.fake_metrc import Call, FakeMetrc
from trichome.metrc import MetrcClient

pytestmark = pytest.mark.anyio
WRITES = FIXTURES / "writes"

# Each write fixture and the client method that sends it (with the path's Id where it has one).
WRITE_METHODS: dict[str, tuple[str, dict[str, Any]]] = {
    "plants_additives": ("record_plant_additives", {}),
    "plants_additives_usingtemplate": ("record_plant_additives_using_template", {}),
    "plants_additives_bylocation": ("record_location_additives", {}),
    "plants_additives_bylocation_usingtemplate": ("record_location_additives_using_template", {}),
    "plantbatches_additives": ("record_plant_batch_additives", {}),
    "plantbatches_additives_usingtemplate": ("record_plant_batch_additives_using_template", {}),
    "plants_adjust": ("adjust_plant_counts", {}),
    "plants_manicure": ("manicure_plants", {}),
    "plants_merge": ("merge_plants", {}),
    "plants_split": ("split_plants", {}),
    "plants_strain": ("change_plants_strain", {}),
    "plants_tag": ("replace_plant_tags", {}),
    "plants_plantings": ("create_plantings_from_plants", {}),
    "plants_plantbatch_packages": ("create_plant_batch_packages_from_plants", {}),
    "plantbatches_adjust": ("adjust_plant_batches", {}),
    "plantbatches_packages": ("create_plant_batch_packages", {}),
    "plantbatches_packages_frommotherplant": ("create_plant_batch_packages_from_mother", {}),
    "plantbatches_split": ("split_plant_batches", {}),
    "plantbatches_name": ("rename_plant_batches", {}),
    "plantbatches_strain": ("change_plant_batches_strain", {}),
    "plantbatches_tag": ("replace_plant_batch_tags", {}),
    "processing_start": ("start_processing_jobs", {}),
    "processing_adjust": ("adjust_processing_jobs", {}),
    "processing_createpackages": ("create_processing_job_packages", {}),
    "processing_finish": ("finish_processing_jobs", {}),
    "processing_unfinish": ("unfinish_processing_jobs", {}),
    "processing_jobtypes_create": ("create_processing_job_types", {}),
    "processing_jobtypes_update": ("update_processing_job_types", {}),
    "processing_jobtypes_archive": ("archive_processing_job_type", {"job_type_id": 1}),
    "processing_archive": ("archive_processing_job", {"job_id": 5099}),
}


def write_fixture(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads((WRITES / f"{name}.json").read_text("utf-8"))
    return document


def test_every_write_fixture_has_a_client_method() -> None:
    assert sorted(p.stem for p in Path(WRITES).glob("*.json")) == sorted(WRITE_METHODS)


@pytest.mark.parametrize("name", sorted(WRITE_METHODS))
async def test_a_write_sends_the_documented_request_and_reads_the_answer(
    name: str, fake: FakeMetrc, make_client: ClientFactory
) -> None:
    document = write_fixture(name)
    method, path = document["operation"].split(" ", 1)
    (request,) = document["requests"]
    path = request.get("path", path)

    def answer(call: Call) -> Response:
        if request["response"] is None:
            return Response(status_code=200)  # Metrc's "No response"
        return JSONResponse(request["response"])

    fake.script = answer
    client = make_client()
    function_name, ids = WRITE_METHODS[name]
    arguments: dict[str, Any] = dict(ids)
    if request["body"] is not None:
        arguments[_rows_parameter(client, function_name)] = request["body"]
    result = await getattr(client, function_name)(GROWER, **arguments)

    (call,) = fake.calls
    assert (call.method, call.path, call.params) == (method, path, request["query"])
    assert call.body == request["body"]
    expected = request["response"]["Ids"] if request["response"] else []
    assert result["Ids"] == expected and result["Warnings"] is None


def _rows_parameter(client: MetrcClient, name: str) -> str:
    """The name of a write method's rows parameter (the one after the licence)."""
    return list(inspect.signature(getattr(client, name)).parameters)[1]


READS: dict[str, tuple[str, dict[str, Any]]] = {
    "plants_mother": ("plants_mother", {}),
    "plants_mother_inactive": ("plants_mother_inactive", {}),
    "plants_mother_onhold": ("plants_mother_onhold", {}),
    "plants_additives": ("plant_additives", {}),
    "plants_waste_plants": ("plant_waste_plants", {"waste_id": 4093}),
    "plants_waste_packages": ("plant_waste_packages", {"waste_id": 4093}),
    "processing_jobtypes_inactive": ("processing_job_types_inactive", {}),
    "processing_jobtypes_categories": ("processing_job_categories", {}),
    "processing_jobtypes_attributes": ("processing_job_attributes", {}),
}


@pytest.mark.parametrize("name", sorted(READS))
async def test_a_documented_list_reads_as_documented(
    name: str, documented: FakeMetrc, make_client: ClientFactory
) -> None:
    function_name, arguments = READS[name]
    found = await getattr(make_client(), function_name)(GROWER, **arguments)

    assert found == records(name)


async def test_plain_lists_and_one_job_read_as_documented(
    documented: FakeMetrc, make_client: ClientFactory
) -> None:
    client = make_client()
    assert await client.plant_growth_phases(GROWER) == ["Vegetative", "Flowering"]
    assert await client.plant_additive_types() == ["Fertilizer", "Pesticide", "Other"]
    assert "licenseNumber" not in documented.calls[-1].params  # documented without a licence
    job = await client.processing_job_by_id(GROWER, 5101)
    assert job == fixture("processing_by_id")["requests"][0]["response"]
    assert job["Packages"] == [] and job["IsFinished"] is False
