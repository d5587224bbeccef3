"""Contract tests for the package changes and reads beyond the first set (flags, notes,
shelf-life dates, item and external-id changes, required lab test batches, decontamination,
final quantities, discontinuing; types, lab samples, shipped packages, source harvests):
the real client against a served seeded sandbox, as in `test_contract.py`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.support.servers import free_port, running, trichome, trichome_env
from trichome.metrc import (
    HarvestIngredient,
    HarvestPackage,
    MetrcAuthError,
    MetrcClient,
    MetrcCredentials,
    MetrcNotFound,
    MetrcValidationError,
)

pytestmark = pytest.mark.anyio

AS_OF = date(2026, 11, 21)
TODAY = AS_OF.isoformat()
CULTIVATOR = "SF-SBX-CO-21-8002"
DISPENSARY = "SF-SBX-CO-24-8002"
KEYS = MetrcCredentials("sandbox-vendor-key", "sandbox-user-key")
Record = dict[str, Any]
NOTHING = {"Ids": [], "Warnings": None}  # what the client makes of Metrc's empty 200


@pytest.fixture(scope="module")
def sandbox_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A seeded sandbox served by `trichome serve sandbox`."""
    data = tmp_path_factory.mktemp("sandbox")
    env = trichome_env(data)
    trichome("metrc", "seed", "--as-of", TODAY, env=env)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with running(
        ["serve", "sandbox", "--port", str(port)],
        env,
        f"{base}/api/health",
        Path(data) / "sandbox.log",
    ):
        yield base


@pytest.fixture
async def client(sandbox_url: str) -> AsyncIterator[MetrcClient]:
    async with MetrcClient(sandbox_url, credentials=KEYS) as made:
        yield made


async def _jars(client: MetrcClient, count: int, skip: int) -> list[Record]:
    """Active dispensary packages that still hold something (each test takes its own)."""
    active = [p for p in await client.packages_active(DISPENSARY) if p["Quantity"] > 2]
    return active[skip : skip + count]


async def test_flags_are_set_and_cleared_and_refused_twice(client: MetrcClient) -> None:
    jar, other = await _jars(client, 2, 0)
    labels = [jar["Label"], other["Label"]]
    flags = [
        (client.flag_packages_donation, client.unflag_packages_donation, "IsDonation"),
        (client.flag_packages_trade_sample, client.unflag_packages_trade_sample, "IsTradeSample"),
        (
            client.flag_packages_finished_good,
            client.unflag_packages_finished_good,
            "IsFinishedGood",
        ),
    ]
    for flag, unflag, field in flags:
        assert await flag(DISPENSARY, labels) == NOTHING
        assert (await client.package(DISPENSARY, label=jar["Label"]))[field] is True
        with pytest.raises(MetrcValidationError) as twice:
            await flag(DISPENSARY, [other["Label"]])
        assert "already flagged" in twice.value.rows[0].message
        await unflag(DISPENSARY, labels)
        assert (await client.package(DISPENSARY, label=other["Label"]))[field] is False
        with pytest.raises(MetrcValidationError):
            await unflag(DISPENSARY, [jar["Label"]])
    with pytest.raises(MetrcValidationError) as stranger:  # another licence's package
        cultivated = (await client.packages_active(CULTIVATOR))[0]
        await client.flag_packages_donation(DISPENSARY, [cultivated["Label"]])
    assert "not found at this facility" in stranger.value.rows[0].message


async def test_notes_external_ids_and_shelf_life_dates(client: MetrcClient) -> None:
    (jar,) = await _jars(client, 1, 2)
    label = jar["Label"]
    await client.change_package_notes(DISPENSARY, [{"PackageLabel": label, "Note": "Shelf 3"}])
    await client.change_package_external_ids(
        DISPENSARY, [{"PackageLabel": label, "ExternalId": "POS-1187"}]
    )
    seen = await client.package(DISPENSARY, label=label)
    assert (seen["Note"], seen["ExternalId"]) == ("Shelf 3", "POS-1187")
    await client.change_package_notes(DISPENSARY, [{"PackageLabel": label, "Note": ""}])
    assert (await client.package(DISPENSARY, label=label))["Note"] is None
    later = (AS_OF + timedelta(days=200)).isoformat()
    answer = await client.change_package_shelf_life_dates(
        DISPENSARY,
        [{"Label": label, "ExpirationDate": later, "SellByDate": later, "UseByDate": None}],
    )
    assert answer == NOTHING
    seen = await client.package(DISPENSARY, label=label)
    assert (seen["ExpirationDate"], seen["SellByDate"], seen["UseByDate"]) == (later, later, None)
    with pytest.raises(MetrcValidationError) as early:
        await client.change_package_shelf_life_dates(
            DISPENSARY, [{"Label": label, "UseByDate": "2001-01-01"}]
        )
    assert "before the package was packaged" in early.value.rows[0].message
    with pytest.raises(MetrcValidationError):  # a note is text
        await client.change_package_notes(DISPENSARY, [{"PackageLabel": label, "Note": 7}])


async def test_item_required_batches_and_decontamination(client: MetrcClient) -> None:
    items = await client.items_active(CULTIVATOR)
    jar, other = next(
        (package, item)
        for package in await client.packages_active(CULTIVATOR)
        for item in items
        if item["QuantityType"] == package["Item"]["QuantityType"]
        and item["Name"] != package["Item"]["Name"]
    )
    label, kind = jar["Label"], jar["Item"]["QuantityType"]
    await client.change_package_items(CULTIVATOR, [{"Label": label, "Item": other["Name"]}])
    assert (await client.package(CULTIVATOR, label=label))["Item"]["Name"] == other["Name"]
    with pytest.raises(MetrcValidationError) as unknown:
        await client.change_package_items(CULTIVATOR, [{"Label": label, "Item": "No Such Item"}])
    assert "does not exist" in unknown.value.rows[0].message
    misfit = next((i for i in items if i["QuantityType"] != kind), None)
    if misfit is not None:
        with pytest.raises(MetrcValidationError):
            await client.change_package_items(
                CULTIVATOR, [{"Label": label, "Item": misfit["Name"]}]
            )
    await client.change_package_required_lab_test_batches(
        CULTIVATOR, [{"Label": label, "RequiredLabTestBatches": ["potency", "Microbials"]}]
    )
    seen = await client.package(CULTIVATOR, label=label)
    assert seen["RequiredLabTestBatches"] == ["Microbials", "Potency"]
    with pytest.raises(MetrcValidationError):  # batches that do not exist
        await client.change_package_required_lab_test_batches(
            CULTIVATOR, [{"Label": label, "RequiredLabTestBatches": ["Vibes"]}]
        )
    await client.decontaminate_packages(
        CULTIVATOR,
        [
            {
                "PackageLabel": label,
                "DecontaminationMethodName": "Further Drying",
                "DecontaminationDate": TODAY,
                "DecontaminationSteps": "Dried two more days",
            }
        ],
    )
    seen = await client.package(CULTIVATOR, label=label)
    assert seen["ContainsDecontaminatedProduct"] is True
    assert seen["DecontaminationDate"] == TODAY


async def test_setting_a_final_quantity_records_the_difference(client: MetrcClient) -> None:
    (jar,) = await _jars(client, 1, 4)
    label, unit = jar["Label"], jar["UnitOfMeasureName"]
    before = len(await client.package_adjustments(DISPENSARY))
    final = round(jar["Quantity"] - 1, 4)
    adjustment = {
        "Label": label,
        "Quantity": final,
        "UnitOfMeasure": unit,
        "AdjustmentReason": "Scale Variance",
        "AdjustmentDate": TODAY,
        "ReasonNote": "Recounted",
    }
    assert await client.set_package_quantities(DISPENSARY, [adjustment]) == NOTHING
    assert (await client.package(DISPENSARY, label=label))["Quantity"] == pytest.approx(final)
    history = await client.package_adjustments(DISPENSARY)
    assert len(history) == before + 1
    with pytest.raises(MetrcValidationError) as same:  # nothing to change
        await client.set_package_quantities(DISPENSARY, [adjustment])
    assert "already holds" in same.value.rows[0].message
    with pytest.raises(MetrcValidationError):  # a final quantity cannot be negative
        await client.set_package_quantities(DISPENSARY, [{**adjustment, "Quantity": -2}])


async def test_a_discontinued_package_leaves_the_active_list(client: MetrcClient) -> None:
    (jar,) = await _jars(client, 1, 5)
    assert await client.discontinue_package(DISPENSARY, jar["Id"]) == NOTHING
    assert jar["Id"] not in {p["Id"] for p in await client.packages_active(DISPENSARY)}
    gone = await client.package(DISPENSARY, package_id=jar["Id"])
    assert gone["ArchivedDate"] and gone["IsFinished"] is False
    with pytest.raises(MetrcValidationError):  # already discontinued
        await client.discontinue_package(DISPENSARY, jar["Id"])
    with pytest.raises(MetrcNotFound):
        await client.discontinue_package(DISPENSARY, 999_999_999)
    with pytest.raises(MetrcValidationError) as held:  # a write refused as a whole
        await client.change_package_notes(DISPENSARY, [{"PackageLabel": jar["Label"], "Note": "x"}])
    assert "inactive" in held.value.rows[0].message


async def test_package_reads(client: MetrcClient) -> None:
    assert await client.package_types() == [
        "Product",
        "ImmaturePlant",
        "VegetativePlant",
        "PlantWaste",
        "HarvestWaste",
        "MotherPlant",
    ]
    samples = await client.package_lab_samples(CULTIVATOR)
    assert samples and all(s["IsTestingSample"] for s in samples)
    tested = [s for s in samples if s["LabFacilityLicenseNumber"]]
    assert tested and all(s["TestTypeName"] and s["TestPerformedDate"] for s in tested)
    shipped = await client.packages_transferred(CULTIVATOR)
    assert len(shipped) > 100
    row = shipped[0]
    assert row["RecipientFacilityLicenseNumber"] != CULTIVATOR
    assert row["ManifestNumber"] and row["PackageLabel"] and row["ShipmentPackageStateName"]
    assert len(await client.packages_transferred(CULTIVATOR, page_size=20)) == len(shipped)
    assert await client.packages_transferred(DISPENSARY) == []  # a shop ships nothing
    flower = next(
        p for p in await client.packages_active(DISPENSARY) if p.get("SourceHarvestNames")
    )
    sources = await client.package_source_harvests(DISPENSARY, flower["Id"])
    assert [s["Name"] for s in sources] == flower["SourceHarvestNames"].split(", ")
    assert all(s["HarvestedByFacilityLicenseNumber"] == CULTIVATOR for s in sources)
    with pytest.raises(MetrcNotFound):
        await client.package_source_harvests(CULTIVATOR, flower["Id"])


async def test_a_harvest_testing_sample_is_submitted_and_listed(client: MetrcClient) -> None:
    harvest = next(h for h in await client.harvests_active(CULTIVATOR) if h["CurrentWeight"] > 50)
    item = next(
        i["Name"]
        for i in await client.items_active(CULTIVATOR)
        if i["ProductCategoryName"] == "Buds" and i["StrainName"] in harvest["SourceStrainNames"]
    )
    tag = (await client.package_tags_available(CULTIVATOR))[0]["Label"]
    sample = HarvestPackage(
        tag=tag,
        item=item,
        location="Vault",
        unit_of_weight="Grams",
        actual_date=TODAY,
        ingredients=[HarvestIngredient(harvest_id=harvest["Id"], weight=5, unit_of_weight="Grams")],
    )
    await client.create_harvest_testing_packages(CULTIVATOR, [sample])
    made = await client.package(CULTIVATOR, label=tag)
    assert made["IsTestingSample"] is True
    assert made["LabTestingState"] == "SubmittedForTesting"
    assert made["Quantity"] == 5 and made["SourceHarvestNames"] == harvest["Name"]
    left = await client.harvest(CULTIVATOR, harvest["Id"])
    assert left["CurrentWeight"] == pytest.approx(harvest["CurrentWeight"] - 5)
    assert tag in {s["Label"] for s in await client.package_lab_samples(CULTIVATOR)}
    with pytest.raises(MetrcAuthError):  # a shop grows nothing
        await client.create_harvest_testing_packages(DISPENSARY, [sample])
