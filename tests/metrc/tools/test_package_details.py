"""Package tools that change a package's recorded details (counted quantity, decontamination,
external id, item, required lab tests, plantings) and read where packages went and came from,
against the seeded sandbox: each write is checked by what Metrc then holds."""

from __future__ import annotations

from typing import Any

import pytest

from tests.metrc.tools.helpers import AS_OF, CULTIVATOR, DISPENSARY, LAB, all_pages
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import items as item_tools
from trichome.metrc.tools import lab_results as lab_tools
from trichome.metrc.tools import packages as tools
from trichome.metrc.tools import plant_batches as batch_tools

pytestmark = pytest.mark.anyio
Record = dict[str, Any]


async def _active(metrc: MetrcAccess, license_number: str = DISPENSARY) -> list[Record]:
    return await metrc.client.packages_active(license_number, credentials=metrc.credentials)


async def _package(metrc: MetrcAccess, label: str, license_number: str = DISPENSARY) -> Record:
    return await metrc.client.package(license_number, label=label, credentials=metrc.credentials)


async def test_a_counted_quantity_is_set_and_the_difference_recorded(writer: MetrcAccess) -> None:
    jar = next(p for p in await _active(writer) if float(p["Quantity"]) > 2)
    label, unit, held = jar["Label"], jar["UnitOfMeasureName"], float(jar["Quantity"])
    with using(writer):
        reasons = (await tools.list_package_adjustment_reasons(DISPENSARY))["items"]
        reason = next(r["Name"] for r in reasons if not r.get("RequiresNote"))
        with pytest.raises(ToolProblem, match="already holds"):
            await tools.set_package_quantity(DISPENSARY, label, held, unit, reason)
        result = await tools.set_package_quantity(DISPENSARY, label, held - 1.5, unit, reason)
        history = await tools.list_package_adjustments(DISPENSARY, label=label)
    after = await _package(writer, label)
    assert after["Quantity"] == pytest.approx(held - 1.5)
    assert result["ok"] and f"to {held - 1.5:g} {unit}" in result["message"]
    assert history["items"][0]["AdjustmentQuantity"] == pytest.approx(-1.5)
    assert history["items"][0]["AdjustmentReasonName"] == reason


async def test_decontamination_is_recorded_on_the_packages(writer: MetrcAccess) -> None:
    labels = [p["Label"] for p in (await _active(writer))[:2]]
    with using(writer):
        result = await tools.decontaminate_packages(
            DISPENSARY, labels, "Further Drying", steps="Dried 48 hours at 60 F"
        )
    after = [await _package(writer, label) for label in labels]
    assert result["message"] == "Recorded the decontamination of 2 packages."
    assert all(p["ContainsDecontaminatedProduct"] is True for p in after)
    assert all(p["DecontaminationDate"] == writer.as_of().isoformat() for p in after)


async def test_an_external_id_is_set_and_cleared(writer: MetrcAccess) -> None:
    label = (await _active(writer))[0]["Label"]
    with using(writer):
        await tools.set_package_external_id(DISPENSARY, label, " POS-00417 ")
        set_ = await _package(writer, label)
        with pytest.raises(ToolProblem, match="already has that external id"):
            await tools.set_package_external_id(DISPENSARY, label, "POS-00417")
        cleared = await tools.set_package_external_id(DISPENSARY, label, "")
    assert set_["ExternalId"] == "POS-00417"
    assert cleared["message"] == f"Cleared {label}'s id."
    assert not (await _package(writer, label)).get("ExternalId")


async def test_packages_change_item_keeping_their_quantity(writer: MetrcAccess) -> None:
    jar = (await _active(writer, CULTIVATOR))[0]
    items = await writer.client.items_active(CULTIVATOR, credentials=writer.credentials)
    wanted = next(
        i["Name"]
        for i in items
        if i["QuantityType"] == jar["Item"]["QuantityType"] and i["Name"] != jar["Item"]["Name"]
    )
    with using(writer):
        result = await tools.change_package_item(CULTIVATOR, [jar["Label"]], wanted)
        with pytest.raises(ToolProblem, match="Already of item"):
            await tools.change_package_item(CULTIVATOR, [jar["Label"]], wanted)
    after = await _package(writer, jar["Label"], CULTIVATOR)
    assert after["Item"]["Name"] == wanted
    assert after["Quantity"] == jar["Quantity"]
    assert result["message"] == f"1 package now hold {wanted}."


async def test_required_lab_test_batches_replace_the_packages_list(writer: MetrcAccess) -> None:
    labels = [p["Label"] for p in (await _active(writer))[:2]]
    with using(writer):
        batches = (await lab_tools.list_lab_test_batches(LAB))["items"]
        names = [str(b["Name"]) for b in batches[:2]]
        await tools.set_package_required_lab_tests(DISPENSARY, labels, names)
        first = await _package(writer, labels[0])
        await tools.set_package_required_lab_tests(DISPENSARY, labels, names[:1])
    assert first["RequiredLabTestBatches"] == sorted(names)
    assert (await _package(writer, labels[1]))["RequiredLabTestBatches"] == names[:1]


async def test_clones_in_a_package_are_planted_as_a_batch(writer: MetrcAccess) -> None:
    client, keys = writer.client, writer.credentials
    strain = (await client.strains_active(CULTIVATOR, credentials=keys))[0]["Name"]
    rooms = await client.locations_active(CULTIVATOR, credentials=keys)
    room = next(r["Name"] for r in rooms if r["ForPlantBatches"])
    tag = (await client.package_tags_available(CULTIVATOR, credentials=keys))[0]["Label"]
    with using(writer):
        await item_tools.create_item(CULTIVATOR, "TEST Clones", "Immature Plants", "Each", strain)
        await batch_tools.create_plant_batch(CULTIVATOR, "TEST-CUTS", "Clone", 10, strain, room)
        await batch_tools.package_plant_batch(CULTIVATOR, "TEST-CUTS", 6, "TEST Clones", tag)
        result = await tools.plant_batch_from_package(
            CULTIVATOR, tag, "TEST-FROM-PACKAGE", "Clone", 4, strain, room, amount=4
        )
        batch = (await batch_tools.get_plant_batch(CULTIVATOR, "TEST-FROM-PACKAGE"))["plant_batch"]
    assert len(result["ids"]) == 1
    assert result["message"].endswith(f"taking 4 Each from {tag}.")
    assert (await _package(writer, tag, CULTIVATOR))["Quantity"] == pytest.approx(2)
    assert batch["UntrackedCount"] == 4


async def test_lab_samples_are_the_facilitys_testing_samples(reader: MetrcAccess) -> None:
    truth = await reader.client.package_lab_samples(CULTIVATOR, credentials=reader.credentials)
    with using(reader):
        listed = await all_pages(tools.list_package_lab_samples, CULTIVATOR)
        first = await tools.list_package_lab_samples(CULTIVATOR, page_size=100)
    assert truth and {s["Label"] for s in listed} == {s["Label"] for s in truth}
    assert sum(first["by_state"].values()) == len(truth)
    assert all("TestingSample" in s.get("Flags", []) for s in listed)


async def test_shipped_packages_name_their_recipients(reader: MetrcAccess) -> None:
    truth = await reader.client.packages_transferred(CULTIVATOR, credentials=reader.credentials)
    recipient = str(truth[0]["RecipientFacilityLicenseNumber"])
    with using(reader):
        listed = await all_pages(tools.list_shipped_packages, CULTIVATOR)
        to_one = await all_pages(tools.list_shipped_packages, CULTIVATOR, recipient=recipient)
        late = await tools.list_shipped_packages(CULTIVATOR, from_date=AS_OF, page_size=100)
    assert len(listed) == len(truth)
    assert late["total"] == sum(
        1 for t in truth if str(t.get("ActualDepartureDateTime") or "")[:10] >= AS_OF.isoformat()
    )
    departures = [str(p.get("ActualDepartureDateTime") or "") for p in listed]
    assert departures == sorted(departures, reverse=True)
    assert to_one and {p["RecipientFacilityLicenseNumber"] for p in to_one} == {recipient}
    assert len(to_one) == sum(
        1 for t in truth if str(t["RecipientFacilityLicenseNumber"]) == recipient
    )


async def test_a_packages_source_harvests_are_the_ones_it_names(reader: MetrcAccess) -> None:
    package = next(p for p in await _active(reader) if p.get("SourceHarvestNames"))
    with using(reader):
        found = await tools.get_package_source_harvests(DISPENSARY, package["Label"])
    names = {name.strip() for name in package["SourceHarvestNames"].split(",")}
    assert {h["Name"] for h in found["items"]} == names
    assert all(h["HarvestedByFacilityLicenseNumber"] == CULTIVATOR for h in found["items"])
