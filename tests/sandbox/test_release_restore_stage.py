"""The last four of Metrc's v2 operations the sandbox serves: a lab releasing its results, a
grower restoring harvested plants, staged package tags (Retail ID) and caregiver statuses; and
outgoing transfer templates to several destinations, listed in Metrc's shape."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.sandbox.conftest import CULTIVATOR, DISPENSARY, LAB, MANUFACTURER, everything, sandbox
from tests.sandbox.test_state_changes import (
    TODAY,
    changed_just_now,
    destination,
    first_page,
    package,
    write,
)
from trichome.config import Settings

pytestmark = pytest.mark.anyio
THC = [{"LabTestTypeName": "THC (%) Raw Plant Material", "Quantity": 20.5, "Passed": True}]


def messages(response: httpx.Response) -> str:
    return " ".join(row["message"] for row in response.json())


async def test_a_lab_releases_its_results_once_and_then_records_no_more(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        samples = await everything(client, "/packages/v2/active", licenseNumber=LAB)
        sample = [p for p in samples if p["LabTestingState"] == "SubmittedForTesting"][-1]
        label = sample["Label"]
        source = sample["SourcePackageLabels"].split(",")[0].strip()
        early = await write(
            client, "PUT", "/labtests/v2/results/release", LAB, [{"PackageLabel": label}]
        )
        body = [{"Label": label, "ResultDate": TODAY, "Results": THC}]
        assert (await write(client, "POST", "/labtests/v2/record", LAB, body)).status_code == 200
        sample_id = (await package(client, LAB, label)).json()["Id"]
        pending = await client.get(
            "/labtests/v2/results", params={"licenseNumber": LAB, "packageId": sample_id}
        )
        by_grower = await write(
            client, "PUT", "/labtests/v2/results/release", CULTIVATOR, [{"PackageLabel": label}]
        )
        twice = await write(
            client,
            "PUT",
            "/labtests/v2/results/release",
            LAB,
            [{"PackageLabel": label}, {"PackageLabel": label}],
        )
        released = await write(
            client, "PUT", "/labtests/v2/results/release", LAB, [{"PackageLabel": label}]
        )
        again = await write(
            client, "PUT", "/labtests/v2/results/release", LAB, [{"PackageLabel": label}]
        )
        more = await write(client, "POST", "/labtests/v2/record", LAB, body)
        after = await client.get(
            "/labtests/v2/results", params={"licenseNumber": LAB, "packageId": sample_id}
        )
        grown = (await package(client, CULTIVATOR, source)).json()
    assert early.status_code == 400 and "record them first" in messages(early)
    todays = [row for row in pending.json()["Data"] if row["TestPerformedDate"] == TODAY]
    assert [row["ResultReleased"] for row in todays] == [False]
    assert todays[0]["ResultReleaseDateTime"] is None
    assert by_grower.status_code == 401 and "CanTestPackages" in by_grower.json()["Message"]
    assert twice.status_code == 400 and "more than once" in messages(twice)
    assert released.status_code == 200 and released.content == b""
    assert again.status_code == 400 and "released already" in messages(again)
    assert more.status_code == 400 and "were released" in messages(more)
    todays = [row for row in after.json()["Data"] if row["TestPerformedDate"] == TODAY]
    assert [row["ResultReleased"] for row in todays] == [True]
    assert todays[0]["ResultReleaseDateTime"] is not None
    assert grown["LabTestingState"] in ("TestPassed", "RetestPassed")


async def _harvest_two(client: httpx.AsyncClient, name: str) -> list[dict[str, Any]]:
    """Two vegetative plants flowered and harvested into a new harvest of 300 g and 200 g."""
    plants = (await first_page(client, "/plants/v2/vegetative", CULTIVATOR))[-2:]
    flowered = await write(
        client,
        "PUT",
        "/plants/v2/growthphase",
        CULTIVATOR,
        [
            {
                "Label": p["Label"],
                "GrowthPhase": "Flowering",
                "NewLocation": "Flower Room 3",
                "GrowthDate": TODAY,
            }
            for p in plants
        ],
    )
    assert flowered.status_code == 200, flowered.text
    cut = [
        {
            "Plant": p["Label"],
            "Weight": weight,
            "UnitOfWeight": "Grams",
            "DryingLocation": "Dry Room 1",
            "HarvestName": name,
            "ActualDate": TODAY,
        }
        for p, weight in zip(plants, (300, 200), strict=True)
    ]
    harvested = await write(client, "PUT", "/plants/v2/harvest", CULTIVATOR, cut)
    assert harvested.status_code == 200, harvested.text
    return plants


async def test_restored_plants_flower_again_and_take_their_weight_back(seeded: Settings) -> None:
    path = "/harvests/v2/restore/harvestedplants"
    async with sandbox(seeded) as client:
        plants = await _harvest_two(client, "RESTORE-TEST-1")
        harvest = next(
            h
            for h in await everything(client, "/harvests/v2/active", licenseNumber=CULTIVATOR)
            if h["Name"] == "RESTORE-TEST-1"
        )
        other = next(
            h
            for h in await everything(client, "/harvests/v2/active", licenseNumber=CULTIVATOR)
            if h["Name"] != "RESTORE-TEST-1"
        )
        first = plants[0]["Label"]
        wrong_harvest = await write(
            client, "PUT", path, CULTIVATOR, [{"HarvestId": other["Id"], "PlantTags": [first]}]
        )
        growing = (await first_page(client, "/plants/v2/vegetative", CULTIVATOR))[0]["Label"]
        not_harvested = await write(
            client, "PUT", path, CULTIVATOR, [{"HarvestId": harvest["Id"], "PlantTags": [growing]}]
        )
        elsewhere = await write(
            client, "PUT", path, DISPENSARY, [{"HarvestId": harvest["Id"], "PlantTags": [first]}]
        )
        restored = await write(
            client, "PUT", path, CULTIVATOR, [{"HarvestId": harvest["Id"], "PlantTags": [first]}]
        )
        plant = await client.get(f"/plants/v2/{first}", params={"licenseNumber": CULTIVATOR})
        flowering = await everything(client, "/plants/v2/flowering", licenseNumber=CULTIVATOR)
        after = (
            await client.get(f"/harvests/v2/{harvest['Id']}", params={"licenseNumber": CULTIVATOR})
        ).json()
        twice = await write(
            client, "PUT", path, CULTIVATOR, [{"HarvestId": harvest["Id"], "PlantTags": [first]}]
        )
    assert wrong_harvest.status_code == 400
    assert "not harvested into harvest" in messages(wrong_harvest)
    assert not_harvested.status_code == 400 and "was not harvested" in messages(not_harvested)
    assert elsewhere.status_code == 401  # a dispensary does not grow
    assert restored.status_code == 200, restored.text
    assert restored.json() == {"Ids": [harvest["Id"]], "Warnings": None}  # documented answer
    assert plant.json()["HarvestId"] is None and plant.json()["HarvestedDate"] is None
    assert first in {p["Label"] for p in flowering}
    assert plants[1]["Label"] not in {p["Label"] for p in flowering}
    assert (after["PlantCount"], after["CurrentWeight"]) == (1, pytest.approx(200))
    assert after["TotalRestoredWeight"] == pytest.approx(300)
    assert twice.status_code == 400 and "was not harvested" in messages(twice)


async def test_weight_already_wasted_cannot_be_restored(seeded: Settings) -> None:
    async with sandbox(seeded) as client:
        plants = await _harvest_two(client, "RESTORE-TEST-2")
        harvest = next(
            h
            for h in await everything(client, "/harvests/v2/active", licenseNumber=CULTIVATOR)
            if h["Name"] == "RESTORE-TEST-2"
        )
        waste = {
            "Id": harvest["Id"],
            "WasteType": "Stems",
            "WasteWeight": 250,
            "UnitOfWeight": "Grams",
            "ActualDate": TODAY,
        }
        wasted = await write(client, "POST", "/harvests/v2/waste", CULTIVATOR, [waste])
        refused = await write(
            client,
            "PUT",
            "/harvests/v2/restore/harvestedplants",
            CULTIVATOR,
            [{"HarvestId": harvest["Id"], "PlantTags": [plants[0]["Label"]]}],
        )
        light = await write(
            client,
            "PUT",
            "/harvests/v2/restore/harvestedplants",
            CULTIVATOR,
            [{"HarvestId": harvest["Id"], "PlantTags": [plants[1]["Label"]]}],
        )
    assert wasted.status_code == 200, wasted.text
    assert refused.status_code == 400
    assert "has 250 g left" in messages(refused) and "300 g" in messages(refused)
    assert light.status_code == 200, light.text


async def test_a_package_tag_with_qr_codes_is_staged_until_its_package_is_made(
    seeded: Settings,
) -> None:
    async with sandbox(seeded, sandbox_state="CA") as client:
        params = {"licenseNumber": CULTIVATOR}
        tags = (await client.get("/tags/v2/package/available", params=params)).json()
        tag = tags[-1]["Label"]
        none_yet = await client.get("/tags/v2/staged", params=params)
        generated = await client.post(
            "/retailid/v2/generate", params=params, json={"PackageLabel": tag, "Quantity": 3}
        )
        staged = await client.get("/tags/v2/staged", params=params)
        elsewhere = await client.get("/tags/v2/staged", params={"licenseNumber": DISPENSARY})
    async with sandbox(seeded) as colorado:  # no Retail ID in Colorado
        absent = await colorado.get("/tags/v2/staged", params=params)
    assert none_yet.status_code == 200 and tag not in {t["Label"] for t in none_yet.json()}
    assert generated.status_code == 200, generated.text
    assert len(generated.json()["Manifest"]["Qrs"]) == 3
    [entry] = [t for t in staged.json() if t["Label"] == tag]
    assert entry["IsStaged"] is True and entry["IsUsed"] is False
    assert entry["QrCount"] == entry["ProductLabel"]["QrCount"] == 3
    assert entry["ProductLabel"]["QrCodeRanges"] and entry["ProductLabel"]["IsActive"] is True
    assert elsewhere.status_code == 200 and tag not in {t["Label"] for t in elsewhere.json()}
    assert absent.status_code == 404


async def test_a_caregivers_status_says_whether_the_licence_is_active_and_for_whom(
    seeded: Settings,
) -> None:
    async with sandbox(seeded) as client:
        params = {"licenseNumber": DISPENSARY}
        active = await client.get("/caregivers/v2/status/CG-CO-000101", params=params)
        lapsed = await client.get("/caregivers/v2/status/CG-CO-000103", params=params)
        revoked = await client.get("/caregivers/v2/status/cg-co-000104", params=params)
        unknown = await client.get("/caregivers/v2/status/CG-CO-999999", params=params)
        no_licence = await client.get("/caregivers/v2/status/CG-CO-000101")
    # The documented shape (bruno CaregiversStatus/GetCaregiversStatusByCaregiverLicenseNumber).
    assert active.json() == {
        "CaregiverLicenseNumber": "CG-CO-000101",
        "Active": True,
        "Patients": ["PT-CO-000201", "PT-CO-000202"],
    }
    assert lapsed.json()["Active"] is False and revoked.json()["Active"] is False
    assert unknown.status_code == 404 and "CG-CO-999999" in unknown.json()["Message"]
    assert no_licence.status_code == 400


async def passed_buds(client: httpx.AsyncClient) -> list[str]:
    """The labels of the cultivator's last three bud packages that passed their lab tests."""
    return [
        p["Label"]
        for p in await everything(client, "/packages/v2/active", licenseNumber=CULTIVATOR)
        if p["LabTestingState"] == "TestPassed" and p["Item"]["ProductCategoryName"] == "Buds"
    ][-3:]


async def test_a_template_to_two_destinations_is_listed_as_metrc_lists_templates(
    seeded: Settings,
) -> None:
    async with sandbox(seeded) as client:
        ready = await passed_buds(client)
        to_store = destination(ready[:2])
        to_maker = {**destination(ready[2:]), "RecipientLicenseNumber": MANUFACTURER}
        to_maker["Transporters"] = [
            {"TransporterFacilityLicenseNumber": CULTIVATOR, "DriverName": "Ana Ruiz"}
        ]
        path = "/transfers/v2/templates/outgoing"
        twice = await write(
            client,
            "POST",
            path,
            CULTIVATOR,
            [{"Name": "Twice", "Destinations": [to_store, destination(ready[:1])]}],
        )
        bad_carrier = await write(
            client,
            "POST",
            path,
            CULTIVATOR,
            [
                {
                    "Name": "Nobody drives",
                    "Destinations": [
                        {
                            **to_store,
                            "Transporters": [
                                {"TransporterFacilityLicenseNumber": "X-1", "DriverName": "Al"}
                            ],
                        }
                    ],
                }
            ],
        )
        unplanned = await write(
            client,
            "POST",
            path,
            CULTIVATOR,
            [
                {
                    "Name": "No route, no driver",
                    "Destinations": [
                        {
                            key: value
                            for key, value in to_store.items()
                            if key not in ("PlannedRoute", "Transporters")
                        }
                    ],
                }
            ],
        )
        made = await write(
            client,
            "POST",
            path,
            CULTIVATOR,
            [{"Name": "Two stops", "Destinations": [to_store, to_maker]}],
        )
        template_id = made.json()["Ids"][0]
        listed = await everything(client, path, licenseNumber=CULTIVATOR)
        deliveries = await client.get(
            f"{path}/{template_id}/deliveries", params={"licenseNumber": CULTIVATOR}
        )
        sent = await write(
            client, "POST", f"/sandbox/v2/templates/{template_id}/send", CULTIVATOR, None
        )
        maker_incoming = await everything(
            client, "/transfers/v2/incoming", licenseNumber=MANUFACTURER, **changed_just_now()
        )
    assert twice.status_code == 400 and "more than one destination" in messages(twice)
    assert bad_carrier.status_code == 400 and "'X-1' is not a licence" in messages(bad_carrier)
    # Metrc refuses a template without a planned route and a transporter's driver.
    assert unplanned.status_code == 400
    assert "PlannedRoute is required" in messages(unplanned)
    assert "Transporters is required" in messages(unplanned)
    assert made.status_code == 200, made.text
    [template] = [t for t in listed if t["Id"] == template_id]
    # The documented shape (bruno Transfers/GetOutgoingTemplates), not the posted body.
    assert "Destinations" not in template and template["Name"] == "Two stops"
    assert (template["DeliveryCount"], template["PackageCount"]) == (2, 3)
    assert template["RecipientFacilityLicenseNumber"] is None
    assert template["ShipperFacilityLicenseNumber"] == CULTIVATOR
    assert template["DriverName"] == "Sam Ortiz" and "LastModified" in template
    recipients = [d["RecipientFacilityLicenseNumber"] for d in deliveries.json()["Data"]]
    assert recipients == [DISPENSARY, MANUFACTURER]
    # One manifest with a delivery per destination, as Metrc makes it.
    assert sent.status_code == 200 and len(sent.json()["Ids"]) == 1
    assert sent.json()["Ids"][0] in {t["Id"] for t in maker_incoming}


async def test_a_template_to_two_destinations_sends_one_manifest_with_two_deliveries(
    seeded: Settings,
) -> None:
    async with sandbox(seeded) as client:
        ready = await passed_buds(client)
        to_store = destination(ready[:2])
        to_maker = {**destination(ready[2:]), "RecipientLicenseNumber": MANUFACTURER}
        path = "/transfers/v2/templates/outgoing"
        made = await write(
            client,
            "POST",
            path,
            CULTIVATOR,
            [{"Name": "Run", "Destinations": [to_store, to_maker]}],
        )
        template_id = made.json()["Ids"][0]
        sent = await write(
            client, "POST", f"/sandbox/v2/templates/{template_id}/send", CULTIVATOR, None
        )
        (transfer_id,) = sent.json()["Ids"]
        window = changed_just_now()
        outgoing = await everything(
            client, "/transfers/v2/outgoing", licenseNumber=CULTIVATOR, **window
        )
        deliveries = (
            await client.get(
                f"/transfers/v2/{transfer_id}/deliveries", params={"licenseNumber": CULTIVATOR}
            )
        ).json()["Data"]
        packages = {
            d["Id"]: [
                row["PackageLabel"]
                for row in (
                    await client.get(
                        f"/transfers/v2/deliveries/{d['Id']}/packages",
                        params={"licenseNumber": CULTIVATOR},
                    )
                ).json()["Data"]
            ]
            for d in deliveries
        }
        store_rows = await everything(
            client, "/transfers/v2/incoming", licenseNumber=DISPENSARY, **window
        )
        maker_rows = await everything(
            client, "/transfers/v2/incoming", licenseNumber=MANUFACTURER, **window
        )
        to_store_id, to_maker_id = (d["Id"] for d in deliveries)
        received = await write(
            client,
            "POST",
            f"/sandbox/v2/deliveries/{to_maker_id}/receive",
            MANUFACTURER,
            [{"PackageLabel": ready[2], "Accepted": False, "RejectionReason": "Wrong item"}],
        )
        half_way = next(
            t
            for t in await everything(
                client, "/transfers/v2/outgoing", licenseNumber=CULTIVATOR, **changed_just_now()
            )
            if t["Id"] == transfer_id
        )
        not_theirs = await write(
            client,
            "POST",
            f"/sandbox/v2/deliveries/{to_store_id}/receive",
            MANUFACTURER,
            [{"PackageLabel": label, "Accepted": True} for label in ready[:2]],
        )
        await write(
            client,
            "POST",
            f"/sandbox/v2/deliveries/{to_store_id}/receive",
            DISPENSARY,
            [{"PackageLabel": label, "Accepted": True} for label in ready[:2]],
        )
        done = next(
            t
            for t in await everything(
                client, "/transfers/v2/outgoing", licenseNumber=CULTIVATOR, **changed_just_now()
            )
            if t["Id"] == transfer_id
        )
        rejected = await everything(client, "/transfers/v2/rejected", licenseNumber=CULTIVATOR)
    [manifest] = [t for t in outgoing if t["Id"] == transfer_id]
    # The shipper's row is the manifest: both deliveries' packages, no one recipient.
    assert (manifest["DeliveryCount"], manifest["PackageCount"]) == (2, 3)
    assert manifest["RecipientFacilityLicenseNumber"] is None
    assert manifest["DeliveryPackageCount"] == 0
    assert [(d["DeliveryNumber"], d["RecipientFacilityLicenseNumber"]) for d in deliveries] == [
        (1, DISPENSARY),
        (2, MANUFACTURER),
    ]
    assert {d["ManifestNumber"] for d in deliveries} == {manifest["ManifestNumber"]}
    assert packages == {to_store_id: ready[:2], to_maker_id: ready[2:]}
    # Each recipient's incoming row is the same manifest with its own delivery.
    [at_store] = [t for t in store_rows if t["Id"] == transfer_id]
    [at_maker] = [t for t in maker_rows if t["Id"] == transfer_id]
    assert (at_store["DeliveryId"], at_store["DeliveryPackageCount"]) == (to_store_id, 2)
    assert (at_maker["DeliveryId"], at_maker["DeliveryPackageCount"]) == (to_maker_id, 1)
    assert at_maker["RecipientFacilityLicenseNumber"] == MANUFACTURER
    assert received.status_code == 200, received.text
    # One delivery in: the manifest is still on its way to the other recipient.
    assert (half_way["ReceivedDeliveryCount"], half_way["ReceivedDateTime"]) == (1, None)
    assert not_theirs.status_code == 404
    assert (done["ReceivedDeliveryCount"], done["ReceivedPackageCount"]) == (2, 2)
    assert done["ReceivedDateTime"] is not None
    # One of its three packages was refused: the manifest is on the rejected list.
    assert transfer_id in {t["Id"] for t in rejected}
