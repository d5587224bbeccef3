"""State changes behave as in Metrc: adjust, finish, grow, harvest, test, transfer, sell."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from tests.sandbox.conftest import CULTIVATOR, DISPENSARY, LAB, everything, sandbox
from trichome.config import Settings

pytestmark = pytest.mark.anyio
TODAY = "2026-11-21"


async def first_page(client: httpx.AsyncClient, path: str, licence: str) -> list[dict[str, Any]]:
    response = await client.get(
        path, params={"licenseNumber": licence, "pageNumber": 1, "pageSize": 20}
    )
    assert response.status_code == 200, response.text
    data: list[dict[str, Any]] = response.json()["Data"]
    return data


async def package(client: httpx.AsyncClient, licence: str, ident: int | str) -> httpx.Response:
    return await client.get(f"/packages/v2/{ident}", params={"licenseNumber": licence})


async def write(
    client: httpx.AsyncClient, method: str, path: str, licence: str, body: Any
) -> httpx.Response:
    return await client.request(method, path, params={"licenseNumber": licence}, json=body)


def changed_just_now() -> dict[str, str]:
    now = datetime.now(UTC)
    return {
        "lastModifiedStart": (now - timedelta(minutes=10)).isoformat(),
        "lastModifiedEnd": (now + timedelta(minutes=10)).isoformat(),
    }


async def jar(client: httpx.AsyncClient, minimum: float = 10.0) -> dict[str, Any]:
    """A bud package on the store's shelf with some weight in it."""
    for candidate in await everything(client, "/packages/v2/active", licenseNumber=DISPENSARY):
        if (
            candidate["Item"]["ProductCategoryName"] == "Buds"
            and candidate["Quantity"] >= minimum
            and candidate["LabTestingState"] in ("TestPassed", "RetestPassed")
        ):
            return candidate
    raise AssertionError("the seeded store has no bud package left")


async def test_an_adjustment_changes_quantity_and_is_recorded(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        before = await jar(client, 20)
        response = await write(
            client,
            "POST",
            "/packages/v2/adjust",
            DISPENSARY,
            [
                {
                    "Label": before["Label"],
                    "Quantity": -1.5,
                    "UnitOfMeasure": "Grams",
                    "AdjustmentReason": "Scale Variance",
                    "AdjustmentDate": TODAY,
                }
            ],
        )
        after = (await package(client, DISPENSARY, before["Id"])).json()
        recent = await everything(
            client, "/packages/v2/adjustments", licenseNumber=DISPENSARY, **changed_just_now()
        )
    assert response.status_code == 200
    assert response.json()["Ids"] == [before["Id"]]
    assert after["Quantity"] == pytest.approx(before["Quantity"] - 1.5)
    assert any(
        row["PackageLabel"] == before["Label"] and row["AdjustmentReasonName"] == "Scale Variance"
        for row in recent
    )


async def test_finishing_closes_only_an_empty_package(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        target = await jar(client)
        label = target["Label"]
        refused = await write(
            client,
            "PUT",
            "/packages/v2/finish",
            DISPENSARY,
            [{"Label": label, "ActualDate": TODAY}],
        )
        emptied = await write(
            client,
            "POST",
            "/packages/v2/adjust",
            DISPENSARY,
            [
                {
                    "Label": label,
                    "Quantity": -target["Quantity"],
                    "UnitOfMeasure": "Grams",
                    "AdjustmentReason": "Waste",
                    "ReasonNote": "Contaminated by a spill",
                    "AdjustmentDate": TODAY,
                }
            ],
        )
        finished = await write(
            client,
            "PUT",
            "/packages/v2/finish",
            DISPENSARY,
            [{"Label": label, "ActualDate": TODAY}],
        )
        active = await everything(
            client, "/packages/v2/active", licenseNumber=DISPENSARY, **changed_just_now()
        )
        inactive = await everything(
            client, "/packages/v2/inactive", licenseNumber=DISPENSARY, **changed_just_now()
        )
    assert refused.status_code == 400
    assert "adjust it to zero first" in refused.json()[0]["message"]
    assert emptied.status_code == 200
    assert finished.status_code == 200
    assert label not in {p["Label"] for p in active}
    closed = next(p for p in inactive if p["Label"] == label)
    assert closed["Quantity"] == 0 and closed["IsFinished"] and closed["FinishedDate"] == TODAY


async def test_plants_flower_and_a_harvest_takes_their_weight(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        plants = (await first_page(client, "/plants/v2/vegetative", CULTIVATOR))[:2]
        moved = await write(
            client,
            "PUT",
            "/plants/v2/growthphase",
            CULTIVATOR,
            [
                {
                    "Label": plant["Label"],
                    "GrowthPhase": "Flowering",
                    "NewLocation": "Flower Room 3",
                    "GrowthDate": TODAY,
                }
                for plant in plants
            ],
        )
        flowering = (
            await client.get(
                f"/plants/v2/{plants[0]['Label']}", params={"licenseNumber": CULTIVATOR}
            )
        ).json()
        harvested = await write(
            client,
            "PUT",
            "/plants/v2/harvest",
            CULTIVATOR,
            [
                {
                    "Plant": plants[0]["Label"],
                    "Weight": 600,
                    "UnitOfWeight": "Grams",
                    "DryingLocation": "Dry Room 1",
                    "HarvestName": "TEST-HARVEST-1",
                    "ActualDate": TODAY,
                },
                {
                    "Plant": plants[1]["Label"],
                    "Weight": 0.5,
                    "UnitOfWeight": "Kilograms",
                    "DryingLocation": "Dry Room 1",
                    "HarvestName": "TEST-HARVEST-1",
                    "ActualDate": TODAY,
                },
            ],
        )
        # UpdateHarvest answers no body (bruno Plants/UpdateHarvest): the harvest is the plant's.
        assert harvested.content == b""
        gone = (
            await client.get(
                f"/plants/v2/{plants[0]['Label']}", params={"licenseNumber": CULTIVATOR}
            )
        ).json()
        harvest_id = gone["HarvestId"]
        harvest = (
            await client.get(f"/harvests/v2/{harvest_id}", params={"licenseNumber": CULTIVATOR})
        ).json()
        tags = await client.get(
            "/tags/v2/package/available", params={"licenseNumber": CULTIVATOR}
        )  # a plain array, as in Metrc
        tag = tags.json()[0]["Label"]
        packaged = await write(
            client,
            "POST",
            "/harvests/v2/packages",
            CULTIVATOR,
            [
                {
                    "Tag": tag,
                    "Location": "Vault",
                    "Item": f"Buds - {plants[0]['StrainName']}",
                    "UnitOfWeight": "Grams",
                    "ActualDate": TODAY,
                    "Ingredients": [
                        {"HarvestId": harvest_id, "Weight": 200, "UnitOfWeight": "Grams"}
                    ],
                }
            ],
        )
        new = (await package(client, CULTIVATOR, tag)).json()
        lighter = (
            await client.get(f"/harvests/v2/{harvest_id}", params={"licenseNumber": CULTIVATOR})
        ).json()
        too_much = await write(
            client,
            "POST",
            "/harvests/v2/packages",
            CULTIVATOR,
            [
                {
                    "Tag": tag,
                    "Location": "Vault",
                    "Item": f"Buds - {plants[0]['StrainName']}",
                    "UnitOfWeight": "Grams",
                    "ActualDate": TODAY,
                    "Ingredients": [
                        {"HarvestId": harvest_id, "Weight": 5000, "UnitOfWeight": "Grams"}
                    ],
                }
            ],
        )
        # Metrc's example sends "Location": null (bruno Harvests/CreateHarvestsPackages), and
        # units are names Metrc reads whatever their case.
        second = tags.json()[1]["Label"]
        unplaced = await write(
            client,
            "POST",
            "/harvests/v2/packages",
            CULTIVATOR,
            [
                {
                    "Tag": second,
                    "Location": None,
                    "Item": f"Buds - {plants[0]['StrainName']}",
                    "UnitOfWeight": "grams",
                    "ActualDate": TODAY,
                    "Ingredients": [
                        {"HarvestId": harvest_id, "Weight": 100, "UnitOfWeight": "GRAMS"}
                    ],
                }
            ],
        )
        placed = (await package(client, CULTIVATOR, second)).json()
    assert moved.status_code == 200 and moved.content == b""  # no body, as in Metrc
    assert flowering["GrowthPhase"] == "Flowering" and flowering["LocationName"] == "Flower Room 3"
    assert harvested.status_code == 200
    assert harvest["TotalWetWeight"] == pytest.approx(1100.0)
    assert harvest["PlantCount"] == 2 and harvest["CurrentWeight"] == pytest.approx(1100.0)
    assert gone["HarvestId"] == harvest_id and gone["HarvestedWetWeight"] == pytest.approx(600)
    assert packaged.status_code == 200
    assert new["Quantity"] == pytest.approx(200) and new["SourceHarvestNames"] == "TEST-HARVEST-1"
    assert lighter["CurrentWeight"] == pytest.approx(900.0)
    assert lighter["TotalPackagedWeight"] == pytest.approx(200.0)
    assert too_much.status_code == 400
    messages = " ".join(error["message"] for error in too_much.json())
    assert "already used" in messages and "900" in messages
    assert unplaced.status_code == 200, unplaced.json()
    assert placed["LocationName"] == lighter["DryingLocationName"]
    assert (placed["Quantity"], placed["UnitOfMeasureName"]) == (pytest.approx(100), "Grams")


async def test_a_lab_result_sets_the_testing_state_of_the_sample_and_its_sources(
    seeded: Settings,
) -> None:
    async with sandbox(seeded) as client:
        samples = await everything(client, "/packages/v2/active", licenseNumber=LAB)
        sample = next(p for p in samples if p["LabTestingState"] == "SubmittedForTesting")
        sources = [label.strip() for label in sample["SourcePackageLabels"].split(",")]
        untested = (await package(client, CULTIVATOR, sources[0])).json()
        recorded = await write(
            client,
            "POST",
            "/labtests/v2/record",
            LAB,
            [
                {
                    "Label": sample["Label"],
                    "ResultDate": TODAY,
                    "Results": [
                        {
                            "LabTestTypeName": "Total Yeast and Mold (CFU/g) Raw Plant Material",
                            "Quantity": 42000,
                            "Passed": False,
                        },
                        {
                            "LabTestTypeName": "THC (%) Raw Plant Material",
                            "Quantity": 22.4,
                            "Passed": True,
                        },
                    ],
                }
            ],
        )
        in_progress = (await package(client, LAB, sample["Label"])).json()
        before = (await package(client, CULTIVATOR, sources[0])).json()
        released = await write(
            client, "PUT", "/labtests/v2/results/release", LAB, [{"PackageLabel": sample["Label"]}]
        )
        source = (await package(client, CULTIVATOR, sources[0])).json()
        results = await client.get(
            "/labtests/v2/results", params={"licenseNumber": CULTIVATOR, "packageId": source["Id"]}
        )
        # The retail cultivation may not remediate, only decontaminate (as in Metrc's sandbox).
        remediated = await write(
            client,
            "PUT",
            "/packages/v2/remediate",
            CULTIVATOR,
            [
                {
                    "PackageLabel": sources[0],
                    "RemediationMethodName": "Further Drying",
                    "RemediationDate": TODAY,
                    "RemediationSteps": "Ozone",
                }
            ],
        )
        decontaminated = await write(
            client,
            "PUT",
            "/packages/v2/decontaminate",
            CULTIVATOR,
            [
                {
                    "PackageLabel": sources[0],
                    "DecontaminationMethodName": "Decontamination",
                    "DecontaminationDate": TODAY,
                    "DecontaminationSteps": "Ozone",
                }
            ],
        )
        after = (await package(client, CULTIVATOR, sources[0])).json()
    assert recorded.status_code == 200
    # Recorded results wait for the lab's release; the grower's package is unchanged until then.
    assert in_progress["LabTestingState"] == "TestingInProgress"
    assert before["LabTestingState"] == untested["LabTestingState"] != "TestFailed"
    assert released.status_code == 200 and released.content == b""  # documented: no body
    assert source["LabTestingState"] == "TestFailed"
    assert source["ProductRequiresRemediation"] is True
    rows = [row for row in results.json()["Data"] if row["TestPerformedDate"] == TODAY]
    assert {row["TestTypeName"] for row in rows} == {
        "Total Yeast and Mold (CFU/g) Raw Plant Material",
        "THC (%) Raw Plant Material",
    }
    assert all(row["OverallPassed"] is False for row in rows)
    assert remediated.status_code == 401
    assert "CanRemediatePackagesWithFailedLabResults" in remediated.json()["Message"]
    assert "/packages/v2/decontaminate" in remediated.json()["Message"]
    assert decontaminated.status_code == 200 and decontaminated.content == b""  # no body
    assert after["LabTestingState"] == "Decontaminated" and after["DecontaminationDate"] == TODAY
    assert after["RemediationDate"] is None and after["ProductRequiresRemediation"] is False


def destination(labels: list[str]) -> dict[str, Any]:
    return {
        "RecipientLicenseNumber": DISPENSARY,
        "TransferTypeName": "Affiliated Transfer",
        "EstimatedDepartureDateTime": f"{TODAY}T08:00:00-07:00",
        "EstimatedArrivalDateTime": f"{TODAY}T10:00:00-07:00",
        "PlannedRoute": "County road 12 to I-25 south",
        "Transporters": [
            {"TransporterFacilityLicenseNumber": CULTIVATOR, "DriverName": "Sam Ortiz"}
        ],
        "Packages": [{"PackageLabel": label, "WholesalePrice": 700.0} for label in labels],
    }


async def send(client: httpx.AsyncClient, name: str, labels: list[str]) -> tuple[int, int]:
    """Make a template, send it; the manifest's id and its delivery's id."""
    template = await write(
        client,
        "POST",
        "/transfers/v2/templates/outgoing",
        CULTIVATOR,
        [{"Name": name, "Destinations": [destination(labels)]}],
    )
    assert template.status_code == 200, template.text
    sent = await write(
        client, "POST", f"/sandbox/v2/templates/{template.json()['Ids'][0]}/send", CULTIVATOR, None
    )
    assert sent.status_code == 200, sent.text
    transfer_id = sent.json()["Ids"][0]
    deliveries = await client.get(
        f"/transfers/v2/{transfer_id}/deliveries", params={"licenseNumber": DISPENSARY}
    )
    return transfer_id, deliveries.json()["Data"][0]["Id"]


async def test_a_transfer_moves_packages_to_the_recipient(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        ready = [
            p
            for p in await everything(client, "/packages/v2/active", licenseNumber=CULTIVATOR)
            if p["LabTestingState"] == "TestPassed" and p["Item"]["ProductCategoryName"] == "Buds"
        ]
        labels = [p["Label"] for p in ready[:2]]
        transfer_id, delivery_id = await send(client, "Test restock", labels)
        in_transit = await everything(client, "/packages/v2/intransit", licenseNumber=CULTIVATOR)
        still_active = await everything(client, "/packages/v2/active", licenseNumber=CULTIVATOR)
        incoming = await everything(
            client, "/transfers/v2/incoming", licenseNumber=DISPENSARY, **changed_just_now()
        )
        listed = await client.get(
            f"/transfers/v2/deliveries/{delivery_id}/packages", params={"licenseNumber": DISPENSARY}
        )
        received = await write(
            client,
            "POST",
            f"/sandbox/v2/deliveries/{delivery_id}/receive",
            DISPENSARY,
            [{"PackageLabel": label, "Accepted": True} for label in labels],
        )
        at_store = (await package(client, DISPENSARY, labels[0])).json()
        at_grower = await package(client, CULTIVATOR, labels[0])
        again = await write(
            client,
            "POST",
            f"/sandbox/v2/deliveries/{delivery_id}/receive",
            DISPENSARY,
            [{"PackageLabel": label, "Accepted": True} for label in labels],
        )
    # Metrc's v2 package has no IsInTransit: a shipped package is listed in transit instead.
    assert set(labels) <= {p["Label"] for p in in_transit}
    assert not set(labels) & {p["Label"] for p in still_active}
    manifest = next(t for t in incoming if t["Id"] == transfer_id)
    assert manifest["ShipperFacilityLicenseNumber"] == CULTIVATOR
    assert manifest["PackageCount"] == 2
    assert {row["PackageLabel"] for row in listed.json()["Data"]} == set(labels)
    assert received.status_code == 200
    assert at_store["ReceivedFromFacilityLicenseNumber"] == CULTIVATOR
    assert at_store["ReceivedFromManifestNumber"] == manifest["ManifestNumber"]
    assert "IsInTransit" not in at_store
    assert at_grower.status_code == 404
    assert again.status_code == 400


async def test_a_rejected_transfer_returns_its_packages_to_the_shipper(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        ready = [
            p
            for p in await everything(client, "/packages/v2/active", licenseNumber=CULTIVATOR)
            if p["LabTestingState"] == "TestPassed" and p["Item"]["ProductCategoryName"] == "Buds"
        ]
        label = ready[-1]["Label"]
        transfer_id, delivery_id = await send(client, "Test rejected", [label])
        rejected = await write(
            client,
            "POST",
            f"/sandbox/v2/deliveries/{delivery_id}/receive",
            DISPENSARY,
            [{"PackageLabel": label, "Accepted": False, "RejectionReason": "Wrong strain"}],
        )
        back = (await package(client, CULTIVATOR, label)).json()
        listed = await everything(
            client, "/transfers/v2/rejected", licenseNumber=CULTIVATOR, **changed_just_now()
        )
    assert rejected.status_code == 200
    assert "IsInTransit" not in back and back["ReceivedFromManifestNumber"] is None
    assert transfer_id in {t["Id"] for t in listed}


async def test_a_sale_depletes_the_package_and_a_void_gives_it_back(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        target = await jar(client, 10)
        sale = {
            "SalesDateTime": f"{TODAY}T15:30:00-07:00",
            "SalesCustomerType": "Consumer",
            "Transactions": [
                {
                    "PackageLabel": target["Label"],
                    "Quantity": 3.5,
                    "UnitOfMeasure": "Grams",
                    "TotalAmount": 30.0,
                }
            ],
        }
        sold = await write(client, "POST", "/sales/v2/receipts", DISPENSARY, [sale])
        receipt_id = sold.json()["Ids"][0]
        receipt = (
            await client.get(
                f"/sales/v2/receipts/{receipt_id}", params={"licenseNumber": DISPENSARY}
            )
        ).json()
        after_sale = (await package(client, DISPENSARY, target["Id"])).json()
        too_much = dict(sale, Transactions=[dict(sale["Transactions"][0], Quantity=10_000)])
        refused = await write(client, "POST", "/sales/v2/receipts", DISPENSARY, [too_much])
        voided = await client.delete(
            f"/sales/v2/receipts/{receipt_id}", params={"licenseNumber": DISPENSARY}
        )
        after_void = (await package(client, DISPENSARY, target["Id"])).json()
        inactive = await everything(
            client, "/sales/v2/receipts/inactive", licenseNumber=DISPENSARY, **changed_just_now()
        )
    assert sold.status_code == 200
    assert receipt["TotalPrice"] == 30.0
    assert receipt["Transactions"][0]["PackageLabel"] == target["Label"]
    assert after_sale["Quantity"] == pytest.approx(target["Quantity"] - 3.5)
    assert refused.status_code == 400 and "holds only" in refused.json()[0]["message"]
    assert voided.status_code == 200
    assert after_void["Quantity"] == pytest.approx(target["Quantity"])
    assert receipt_id in {r["Id"] for r in inactive}


async def test_a_finalized_receipt_is_inactive_and_still_a_sale(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        target = await jar(client, 10)
        sale = {
            "SalesDateTime": f"{TODAY}T16:10:00-07:00",
            "SalesCustomerType": "Consumer",
            "Transactions": [
                {
                    "PackageLabel": target["Label"],
                    "Quantity": 1.0,
                    "UnitOfMeasure": "Grams",
                    "TotalAmount": 12.0,
                }
            ],
        }
        receipt_id = (await write(client, "POST", "/sales/v2/receipts", DISPENSARY, [sale])).json()[
            "Ids"
        ][0]
        final = await write(
            client, "PUT", "/sales/v2/receipts/finalize", DISPENSARY, [{"Id": receipt_id}]
        )
        again = await write(
            client, "PUT", "/sales/v2/receipts/finalize", DISPENSARY, [{"Id": receipt_id}]
        )
        closed = (
            await client.get(
                f"/sales/v2/receipts/{receipt_id}", params={"licenseNumber": DISPENSARY}
            )
        ).json()
        inactive = await everything(
            client, "/sales/v2/receipts/inactive", licenseNumber=DISPENSARY, **changed_just_now()
        )
        kept = (await package(client, DISPENSARY, target["Id"])).json()
        reopened = await write(
            client, "PUT", "/sales/v2/receipts/unfinalize", DISPENSARY, [{"Id": receipt_id}]
        )
        active = await everything(
            client, "/sales/v2/receipts/active", licenseNumber=DISPENSARY, **changed_just_now()
        )
    # Metrc answers finalizing with no body; a finalized receipt cannot be finalized again.
    assert (final.status_code, final.content) == (200, b"")
    assert again.status_code == 400
    assert (closed["IsFinal"], closed["ArchivedDate"]) == (True, None)
    assert receipt_id in {r["Id"] for r in inactive}
    assert kept["Quantity"] == pytest.approx(target["Quantity"] - 1.0)  # still sold
    assert reopened.status_code == 200
    assert receipt_id in {r["Id"] for r in active if not r["IsFinal"]}


async def test_a_package_on_hold_cannot_be_sold(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        held = await first_page(client, "/packages/v2/onhold", DISPENSARY)
        response = await write(
            client,
            "POST",
            "/sales/v2/receipts",
            DISPENSARY,
            [
                {
                    "SalesDateTime": f"{TODAY}T15:30:00-07:00",
                    "SalesCustomerType": "Consumer",
                    "Transactions": [
                        {
                            "PackageLabel": held[0]["Label"],
                            "Quantity": 1,
                            "UnitOfMeasure": "Each",
                            "TotalAmount": 38.0,
                        }
                    ],
                }
            ],
        )
    assert held and held[0]["IsOnHold"] is True
    assert response.status_code == 400
    assert "onhold" in response.json()[0]["message"]


async def test_a_plant_batch_may_be_planted_without_a_location(seeded: Settings) -> None:
    # Metrc's example plants with "Location": null (bruno PlantBatches/CreatePlantBatchesPlantings)
    # and types in any case.
    async with sandbox(seeded) as client:
        strain = (await first_page(client, "/strains/v2/active", CULTIVATOR))[0]["Name"]
        planted = await write(
            client,
            "POST",
            "/plantbatches/v2/plantings",
            CULTIVATOR,
            [
                {
                    "Name": "TEST-NO-ROOM",
                    "Type": "clone",
                    "Count": 5,
                    "Strain": strain,
                    "Location": None,
                    "ActualDate": TODAY,
                }
            ],
        )
        batches = await everything(
            client, "/plantbatches/v2/active", licenseNumber=CULTIVATOR, **changed_just_now()
        )
    assert planted.status_code == 200, planted.text
    batch = next(b for b in batches if b["Name"] == "TEST-NO-ROOM")
    assert (batch["LocationId"], batch["LocationName"]) == (None, None)
    assert (batch["PlantBatchTypeId"], batch["PlantBatchTypeName"]) == (2, "Clone")
