"""Operations the sandbox serves beyond the daily flow: a lab's result documents, plantings
from packages of clones, an employee's permissions and the retired units of measure."""

from __future__ import annotations

import base64
from typing import Any

import httpx
import pytest

from tests.sandbox.conftest import CULTIVATOR, DISPENSARY, LAB, everything, sandbox
from tests.sandbox.test_state_changes import TODAY, changed_just_now, first_page, package, write
from trichome.config import Settings

pytestmark = pytest.mark.anyio
CERTIFICATE = b"%PDF-1.4\n% a lab's certificate of analysis\n%%EOF\n"


async def _recorded_result(client: httpx.AsyncClient) -> tuple[str, dict[str, Any]]:
    """A result the lab records and releases now on a sample; the source package's label and
    its row."""
    samples = await everything(client, "/packages/v2/active", licenseNumber=LAB)
    sample = next(p for p in samples if p["LabTestingState"] == "SubmittedForTesting")
    source = sample["SourcePackageLabels"].split(",")[0].strip()
    results = [{"LabTestTypeName": "THC (%) Raw Plant Material", "Quantity": 21.7, "Passed": True}]
    body = [{"Label": sample["Label"], "ResultDate": TODAY, "Results": results}]
    recorded = await write(client, "POST", "/labtests/v2/record", LAB, body)
    assert recorded.status_code == 200, recorded.text
    release = [{"PackageLabel": sample["Label"]}]
    released = await write(client, "PUT", "/labtests/v2/results/release", LAB, release)
    assert released.status_code == 200, released.text
    source_id = (await package(client, CULTIVATOR, source)).json()["Id"]
    rows = await client.get(
        "/labtests/v2/results", params={"licenseNumber": CULTIVATOR, "packageId": source_id}
    )
    return source, next(r for r in rows.json()["Data"] if r["TestPerformedDate"] == TODAY)


async def test_a_lab_attaches_its_certificate_and_the_grower_reads_it(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        _, result = await _recorded_result(client)
        attached = await write(
            client,
            "PUT",
            "/labtests/v2/labtestdocument",
            LAB,
            [
                {
                    "LabTestResultId": result["LabTestResultId"],
                    "DocumentFileName": "COA 2026-11-21.pdf",
                    "DocumentFileBase64": base64.b64encode(CERTIFICATE).decode(),
                }
            ],
        )
        rows = await client.get(
            "/labtests/v2/results",
            params={"licenseNumber": CULTIVATOR, "packageId": result["PackageId"]},
        )
        row = next(
            r for r in rows.json()["Data"] if r["LabTestResultId"] == result["LabTestResultId"]
        )
        file_id = row["LabTestResultDocumentFileId"]
        path = f"/labtests/v2/labtestdocument/{file_id}"
        by_grower = await client.get(path, params={"licenseNumber": CULTIVATOR})
        by_lab = await client.get(path, params={"licenseNumber": LAB})
        by_store = await client.get(path, params={"licenseNumber": DISPENSARY})
        bad = [
            {"LabTestResultId": 999_999, "DocumentFileName": "a.pdf", "DocumentFileBase64": "QQ=="},
            {
                "LabTestResultId": result["LabTestResultId"],
                "DocumentFileName": "b.pdf",
                "DocumentFileBase64": "not base64!",
            },
        ]
        refused = await write(client, "PUT", "/labtests/v2/labtestdocument", LAB, bad)
        not_a_lab = await write(client, "PUT", "/labtests/v2/labtestdocument", CULTIVATOR, bad)
        missing = await client.get(
            "/labtests/v2/labtestdocument/999999", params={"licenseNumber": LAB}
        )
    assert result["LabTestResultDocumentFileId"] is None and result["ResultReleased"] is True
    assert (attached.status_code, attached.content) == (200, b"")
    assert isinstance(file_id, int)
    assert by_grower.status_code == 200 and by_grower.content == CERTIFICATE
    assert by_grower.headers["content-type"] == "application/pdf"
    assert 'filename="COA 2026-11-21.pdf"' in by_grower.headers["content-disposition"]
    assert by_lab.content == CERTIFICATE
    assert by_store.status_code == 404  # another licence's document is as absent as none
    assert refused.status_code == 400
    assert [(e["row"], e["message"]) for e in refused.json()] == [
        (0, "Lab test result 999999 was not found at this lab."),
        (1, "DocumentFileBase64 is not Base64."),
    ]
    assert not_a_lab.status_code == 401  # only a lab attaches its results' documents
    assert missing.status_code == 404


async def _clones_package(client: httpx.AsyncClient) -> str:
    """A package of 6 clones at the cultivator, packaged from a new plant batch."""
    strain = (await first_page(client, "/strains/v2/active", CULTIVATOR))[0]["Name"]
    rooms = await everything(client, "/locations/v2/active", licenseNumber=CULTIVATOR)
    room = next(r["Name"] for r in rooms if r["ForPlantBatches"])
    tags = await client.get("/tags/v2/package/available", params={"licenseNumber": CULTIVATOR})
    tag = tags.json()[0]["Label"]
    steps = [
        ("/items/v2", [{"Name": "TEST Clones", "ItemCategory": "Immature Plants",
                        "UnitOfMeasure": "Each", "Strain": strain}]),
        ("/plantbatches/v2/plantings", [{"Name": "TEST-MOTHER-CUTS", "Type": "Clone",
                                         "Count": 10, "Strain": strain, "Location": room,
                                         "ActualDate": TODAY}]),
        ("/plantbatches/v2/packages", [{"PlantBatch": "TEST-MOTHER-CUTS", "Count": 6,
                                        "Item": "TEST Clones", "Tag": tag, "ActualDate": TODAY}]),
    ]  # fmt: skip
    for path, body in steps:
        made = await write(client, "POST", path, CULTIVATOR, body)
        assert made.status_code == 200, made.text
    return str(tag)


def _planting(label: str, name: str, amount: float | None, room: str, strain: str) -> Any:
    return {
        "PackageLabel": label,
        "PackageAdjustmentAmount": amount,
        "PackageAdjustmentUnitOfMeasureName": "Each" if amount is not None else None,
        "PlantBatchName": name,
        "PlantBatchType": "Clone",
        "PlantCount": int(amount or 1),
        "LocationName": room,
        "SublocationName": None,
        "StrainName": strain,
        "PatientLicenseNumber": None,
        "PlantedDate": TODAY,
        "UnpackagedDate": TODAY,
    }


async def test_clones_in_a_package_are_planted_as_a_batch_that_names_it(
    seeded: Settings,
) -> None:
    async with sandbox(seeded) as client:
        label = await _clones_package(client)
        strain = (await first_page(client, "/strains/v2/active", CULTIVATOR))[0]["Name"]
        rooms = await everything(client, "/locations/v2/active", licenseNumber=CULTIVATOR)
        room = next(r["Name"] for r in rooms if r["ForPlantBatches"])
        buds = next(
            p
            for p in await everything(client, "/packages/v2/active", licenseNumber=CULTIVATOR)
            if p["Item"]["ProductCategoryName"] == "Buds"
        )
        planted = await write(
            client,
            "POST",
            "/packages/v2/plantings",
            CULTIVATOR,
            [_planting(label, "TEST-FROM-PACKAGE-1", 3, room, strain),
             _planting(label, "TEST-FROM-PACKAGE-2", 1, room, strain)],
        )  # fmt: skip
        left = (await package(client, CULTIVATOR, label)).json()
        too_many = await write(
            client,
            "POST",
            "/packages/v2/plantings",
            CULTIVATOR,
            [_planting(label, "TEST-FROM-PACKAGE-3", 3, room, strain),
             _planting(buds["Label"], "TEST-FROM-BUDS", None, room, strain)],
        )  # fmt: skip
        batches = await everything(
            client, "/plantbatches/v2/active", licenseNumber=CULTIVATOR, **changed_just_now()
        )
    assert planted.status_code == 200, planted.text
    assert len(planted.json()["Ids"]) == 2
    assert left["Quantity"] == pytest.approx(2)  # 6 clones, 4 planted
    first = next(b for b in batches if b["Name"] == "TEST-FROM-PACKAGE-1")
    assert (first["SourcePackageLabel"], first["UntrackedCount"]) == (label, 3)
    assert too_many.status_code == 400
    assert [e["row"] for e in too_many.json()] == [0, 1]
    assert "holds only 2" in too_many.json()[0]["message"]
    assert "no seeds or clones" in too_many.json()[1]["message"]
    assert "TEST-FROM-PACKAGE-3" not in {b["Name"] for b in batches}  # all or nothing


async def test_an_employees_permissions_follow_their_role(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        people = await everything(client, "/employees/v2", licenseNumber=CULTIVATOR)
        manager, staff = people[1], people[2]

        async def permissions(number: str) -> httpx.Response:
            return await client.get(
                "/employees/v2/permissions",
                params={"licenseNumber": CULTIVATOR, "employeeLicenseNumber": number},
            )

        managed = await permissions(manager["License"]["Number"])
        viewing = await permissions(staff["License"]["Number"])
        stranger = await permissions("EMP-00-999")
        retired = await client.get("/unitsofmeasure/v2/inactive")
    assert manager["IsManager"] and not staff["IsManager"]
    assert "manage packages inventory" in managed.json() and "view packages" in managed.json()
    assert "view packages" in viewing.json()
    assert not any(p.startswith("manage") for p in viewing.json())
    assert stranger.status_code == 404
    assert retired.json() == [{"QuantityType": "WeightBased", "Name": "Tonns", "Abbreviation": "t"}]
