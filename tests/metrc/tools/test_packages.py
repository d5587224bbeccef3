"""Package tools against the seeded sandbox: lists and filters, details, and every write."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from tests.metrc.tools.helpers import (
    AS_OF,
    CULTIVATOR,
    DISPENSARY,
    NOWHERE,
    all_pages,
    changed_between,
)
from trichome.metrc import MetrcAuthError, MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, facilities, using
from trichome.metrc.tools import packages as tools

pytestmark = pytest.mark.anyio
Record = dict[str, Any]


async def active(metrc: MetrcAccess, licence: str) -> list[Record]:
    return await metrc.client.packages_active(licence, credentials=metrc.credentials)


async def test_active_packages_total_and_quantities_match_metrc(reader: MetrcAccess) -> None:
    raw = await active(reader, DISPENSARY)
    with using(reader):
        result = await tools.list_active_packages(DISPENSARY, page_size=5)
        every = await all_pages(tools.list_active_packages, DISPENSARY)
    assert result["total"] == len(raw) == 72 and len(result["items"]) == 5
    assert [p["Label"] for p in every] == [p["Label"] for p in raw]
    grams = sum(p["Quantity"] for p in raw if p["UnitOfMeasureName"] == "Grams")
    assert result["quantity_totals"]["Grams"] == pytest.approx(grams)
    first = every[0]
    assert {"Label", "Item", "Category", "Quantity", "UnitOfMeasureName", "LocationName"} <= set(
        first
    )
    assert "Item" in first and not isinstance(first["Item"], dict)  # the item in brief


async def test_package_filters_keep_only_what_matches(reader: MetrcAccess) -> None:
    raw = await active(reader, DISPENSARY)
    with using(reader):
        buds = await all_pages(tools.list_active_packages, DISPENSARY, category="buds")
        gelato = await all_pages(tools.list_active_packages, DISPENSARY, item_contains="Gelato")
        strain = await all_pages(tools.list_active_packages, DISPENSARY, strain="Runtz")
        vault = await all_pages(tools.list_active_packages, DISPENSARY, location="Vault")
        retested = await all_pages(
            tools.list_active_packages, DISPENSARY, lab_testing_state="RetestPassed"
        )
        small = await all_pages(tools.list_active_packages, DISPENSARY, max_quantity=10)
    harvest = next(p["SourceHarvestNames"] for p in raw if p["SourceHarvestNames"])
    with using(reader):
        from_harvest = await all_pages(
            tools.list_active_packages, DISPENSARY, harvest_contains=harvest
        )
    assert len(buds) == sum(p["Item"]["ProductCategoryName"] == "Buds" for p in raw) > 0
    assert len(buds) < len(raw)
    assert gelato and all("Gelato" in p["Item"] for p in gelato)
    assert len(strain) == sum(p["Item"]["StrainName"] == "Runtz" for p in raw) > 0
    assert len(vault) == sum(p["LocationName"] == "Vault" for p in raw) > 0
    assert len(retested) == 2 and all(p["LabTestingState"] == "RetestPassed" for p in retested)
    assert len(small) == sum(p["Quantity"] <= 10 for p in raw)
    assert from_harvest and all(harvest in p["SourceHarvestNames"] for p in from_harvest)


async def test_on_hold_inactive_and_in_transit_lists(reader: MetrcAccess) -> None:
    client, keys = reader.client, reader.credentials
    on_hold = await client.packages_onhold(CULTIVATOR, credentials=keys)
    in_transit = await client.packages_intransit(CULTIVATOR, credentials=keys)
    finished = await client.packages_inactive(DISPENSARY, credentials=keys)
    first = date(2026, 11, 1)
    with using(reader):
        held = await tools.list_on_hold_packages(CULTIVATOR)
        failed = await tools.list_on_hold_packages(CULTIVATOR, lab_testing_state="TestFailed")
        moving = await tools.list_in_transit_packages(CULTIVATOR)
        lately = await tools.list_inactive_packages(DISPENSARY, modified_from=first)
        empty = await tools.list_inactive_packages(DISPENSARY, max_quantity=0)
    assert held["total"] == len(on_hold) == 42 == failed["total"]
    assert all("OnHold" in p["Flags"] for p in held["items"])
    assert moving["total"] == len(in_transit) == 16
    assert lately["total"] == len(changed_between(finished, first, AS_OF)) > 0
    assert all("Finished" in p["Flags"] for p in lately["items"])
    assert empty["total"] == len(finished)  # finished packages are empty


async def test_package_details_and_unknown_labels(reader: MetrcAccess) -> None:
    raw = (await active(reader, DISPENSARY))[0]
    with using(reader):
        result = await tools.get_package(DISPENSARY, raw["Label"])
        with pytest.raises(ToolProblem) as unknown:
            await tools.get_package(DISPENSARY, NOWHERE)
        grown = (await active(reader, CULTIVATOR))[0]["Label"]
        with pytest.raises(ToolProblem, match=f"not found at licence {DISPENSARY}"):
            await tools.get_package(DISPENSARY, grown)  # it exists, at another licence
    package = result["package"]
    assert package["Label"] == raw["Label"] and package["Item"] == raw["Item"]["Name"]
    assert package["Quantity"] == raw["Quantity"]
    assert package["SourceHarvestNames"] == raw["SourceHarvestNames"]
    assert package["ReceivedFromFacilityName"] == "Sandbox Retail Cultivation"
    # Null where the test types set no expiry (the seeded year's): shown only when dated.
    assert package.get("LabTestResultExpirationDateTime") == raw["LabTestResultExpirationDateTime"]
    assert NOWHERE in str(unknown.value) and "list_active_packages" in str(unknown.value)


async def test_adjustment_history_filters_and_newest_first(reader: MetrcAccess) -> None:
    raw = await reader.client.package_adjustments(DISPENSARY, credentials=reader.credentials)
    label = raw[0]["PackageLabel"]
    with using(reader):
        history = await all_pages(tools.list_package_adjustments, DISPENSARY)
        one = await all_pages(tools.list_package_adjustments, DISPENSARY, label=label)
        variance = await all_pages(
            tools.list_package_adjustments, DISPENSARY, reason="Scale Variance"
        )
        november = await all_pages(
            tools.list_package_adjustments,
            DISPENSARY,
            from_date=date(2026, 11, 1),
            to_date=date(2026, 11, 30),
        )
        reasons = await tools.list_package_adjustment_reasons(DISPENSARY)
    assert len(history) == len(raw)
    days = [a["AdjustmentDate"] for a in history]
    assert days == sorted(days, reverse=True)
    assert len(one) == sum(a["PackageLabel"] == label for a in raw) >= 1
    assert len(variance) == sum(a["AdjustmentReasonName"] == "Scale Variance" for a in raw)
    assert len(november) == sum(a["AdjustmentDate"] >= "2026-11-01" for a in raw)
    assert {r["Name"] for r in reasons["items"]} >= {"Drying", "Waste", "Entry Error"}
    assert next(r for r in reasons["items"] if r["Name"] == "Waste")["RequiresNote"] is True


async def test_emptying_finishing_and_reopening_a_package(writer: MetrcAccess) -> None:
    jar = next(p for p in await active(writer, DISPENSARY) if p["Quantity"] > 1)
    label, quantity, unit = jar["Label"], jar["Quantity"], jar["UnitOfMeasureName"]
    with using(writer):
        with pytest.raises(ToolProblem, match="adjust_package"):
            await tools.finish_packages(DISPENSARY, [label])
        with pytest.raises(ToolProblem, match="nothing to adjust"):
            await tools.adjust_package(DISPENSARY, label, 0, unit, "Drying")
        adjusted = await tools.adjust_package(
            DISPENSARY, label, -quantity, unit, "Entry Error", reason_note="Counted twice"
        )
        emptied = (await tools.get_package(DISPENSARY, label))["package"]
        history = await tools.list_package_adjustments(DISPENSARY, label=label)
        with pytest.raises(ToolProblem, match="Not finished"):
            await tools.unfinish_packages(DISPENSARY, [label])
        finished = await tools.finish_packages(DISPENSARY, [label])
        closed = await tools.list_inactive_packages(DISPENSARY, item_contains=jar["Item"]["Name"])
        still_active = await tools.list_active_packages(DISPENSARY, max_quantity=0)
        with pytest.raises(ToolProblem, match="Already finished"):
            await tools.finish_packages(DISPENSARY, [label])
        reopened = await tools.unfinish_packages(DISPENSARY, [label])
        back = (await tools.get_package(DISPENSARY, label))["package"]
    assert adjusted["ok"] and f"held {quantity}" in adjusted["message"]
    assert emptied["Quantity"] == 0
    newest = history["items"][0]
    assert (newest["AdjustmentQuantity"], newest["AdjustmentReasonName"]) == (
        -quantity,
        "Entry Error",
    )
    assert newest["AdjustmentNote"] == "Counted twice"
    assert finished["message"] == "Finished 1 package."
    assert label in {p["Label"] for p in closed["items"]}
    assert label not in {p["Label"] for p in still_active["items"]}
    # UnfinishPackages answers no body (bruno Packages/UnfinishPackages), so no Ids.
    assert reopened["ok"] and reopened["ids"] == []
    assert "Flags" not in back and back["Quantity"] == 0


async def test_metrc_refuses_an_adjustment_reason_it_does_not_know(writer: MetrcAccess) -> None:
    jar = (await active(writer, DISPENSARY))[0]
    with using(writer), pytest.raises(MetrcValidationError) as refused:
        await tools.adjust_package(
            DISPENSARY, jar["Label"], -1, jar["UnitOfMeasureName"], "Because"
        )
    assert "AdjustmentReason" in str(refused.value)
    after = await writer.client.package(DISPENSARY, label=jar["Label"])
    assert after["Quantity"] == jar["Quantity"]


async def test_moving_packages_and_moving_them_again(writer: MetrcAccess) -> None:
    in_vault = [
        p["Label"] for p in await active(writer, DISPENSARY) if p["LocationName"] == "Vault"
    ]
    labels = in_vault[:2]
    with using(writer):
        moved = await tools.move_packages(DISPENSARY, labels, "Sales Floor")
        floor = await all_pages(tools.list_active_packages, DISPENSARY, location="Sales Floor")
        with pytest.raises(ToolProblem, match="already at Sales Floor"):
            await tools.move_packages(DISPENSARY, labels, "Sales Floor")
        partly = await tools.move_packages(DISPENSARY, [labels[0], in_vault[2]], "Sales Floor")
        with pytest.raises(ToolProblem, match=NOWHERE):
            await tools.move_packages(DISPENSARY, [labels[0], NOWHERE], "Vault")
    assert moved["message"] == "Moved 2 packages to Sales Floor."
    assert set(labels) <= {p["Label"] for p in floor}
    assert partly["message"] == "Moved 1 package to Sales Floor (1 package already there)."


async def test_a_package_made_from_another_takes_its_quantity(writer: MetrcAccess) -> None:
    source = next(
        p
        for p in await active(writer, CULTIVATOR)
        if p["LabTestingState"] == "TestPassed" and p["Item"]["ProductCategoryName"] == "Buds"
    )
    tags = await writer.client.package_tags_available(CULTIVATOR)
    tag = tags[0]["Label"]
    ounce = tools.Ingredient(package_label=source["Label"], quantity=1, unit_of_measure="Ounces")
    with using(writer):
        made = await tools.create_package(CULTIVATOR, tag, 28, "Grams", [ounce])
        new = (await tools.get_package(CULTIVATOR, tag))["package"]
        old = (await tools.get_package(CULTIVATOR, source["Label"]))["package"]
        left = await facilities.list_available_package_tags(CULTIVATOR, page_size=1)
    assert made["ok"] and made["ids"] and source["Item"]["Name"] in made["message"]
    assert (new["Item"], new["Quantity"]) == (source["Item"]["Name"], 28)
    assert new["SourcePackageLabels"] == source["Label"]
    assert new["LabTestingState"] == "TestPassed"
    assert old["Quantity"] == pytest.approx(source["Quantity"] - 28.3495, abs=1e-3)
    assert left["total"] == len(tags) - 1


async def test_a_package_from_different_items_needs_an_item(writer: MetrcAccess) -> None:
    packages = await active(writer, CULTIVATOR)
    first = packages[0]
    other = next(p for p in packages if p["Item"]["Name"] != first["Item"]["Name"])
    mixed = [
        tools.Ingredient(package_label=p["Label"], quantity=1, unit_of_measure="Grams")
        for p in (first, other)
    ]
    with using(writer), pytest.raises(ToolProblem, match="different items"):
        await tools.create_package(CULTIVATOR, "1A40C0021200000000099999", 2, "Grams", mixed)


async def test_a_testing_sample_marks_its_source_submitted(writer: MetrcAccess) -> None:
    source = next(
        p
        for p in await active(writer, CULTIVATOR)
        if p["LabTestingState"] == "TestPassed" and p["Item"]["ProductCategoryName"] == "Buds"
    )
    tag = (await writer.client.package_tags_available(CULTIVATOR))[0]["Label"]
    with using(writer):
        done = await tools.submit_package_for_testing(
            CULTIVATOR, source["Label"], tag, 5, "Grams", required_lab_test_batches=["Potency"]
        )
        sample = (await tools.get_package(CULTIVATOR, tag))["package"]
        origin = (await tools.get_package(CULTIVATOR, source["Label"]))["package"]
    assert done["ok"] and "submitted for testing" in done["message"]
    assert "TestingSample" in sample["Flags"] and sample["Quantity"] == 5
    assert sample["LabTestingState"] == origin["LabTestingState"] == "SubmittedForTesting"


async def test_a_cultivation_decontaminates_the_failed_packages_it_may_not_remediate(
    writer: MetrcAccess,
) -> None:
    failed = (await writer.client.packages_onhold(CULTIVATOR))[:2]
    labels = [p["Label"] for p in failed]
    passed = next(
        p for p in await active(writer, CULTIVATOR) if p["LabTestingState"] == "TestPassed"
    )
    with using(writer):
        with pytest.raises(ToolProblem, match=r"have not: .*TestPassed"):
            await tools.remediate_packages(CULTIVATOR, [passed["Label"]], "Further Drying", "Dry")
        # As Metrc's own sandbox has it: CO-21 decontaminates, it does not remediate.
        with pytest.raises(MetrcAuthError, match="CanRemediatePackagesWithFailedLabResults"):
            await tools.remediate_packages(CULTIVATOR, labels, "Further Drying", "Dried again")
        done = await tools.decontaminate_packages(
            CULTIVATOR, labels, "Decontamination", "Ozone chamber, 48 h"
        )
        after = [(await tools.get_package(CULTIVATOR, label))["package"] for label in labels]
    assert done["message"] == "Recorded the decontamination of 2 packages."
    assert all(p["LabTestingState"] == "Decontaminated" for p in after)
    assert all(p["Note"] == "Ozone chamber, 48 h" for p in after)
