"""The skills on a BioTrack licence: `BioTrackSource` over the served sandbox's seeded New
Mexico year, read by the real client, and the findings a grower and a store would see."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date, timedelta

import pytest

from trichome.metrc.skills.attention import needs_attention
from trichome.metrc.skills.inventory import inventory_snapshot
from trichome.metrc.skills.sales import sales_analysis
from trichome.metrc.skills.waste import waste_report
from trichome.tracking.biotrack import BioTrackClient, BioTrackCredentials
from trichome.tracking.biotrack.source import BioTrackSource
from trichome.tracking.inventory import Capability, PlantPhase
from trichome.tracking.lab import LabState

pytestmark = pytest.mark.anyio

LAST_DAY = date(2026, 11, 20)  # the seeded year ends before the sandbox's as-of day


async def _source(url: str, license_number: str, user: str) -> BioTrackSource:
    client = BioTrackClient.for_state(
        "NM", BioTrackCredentials(license_number, user, "sandbox-password"), url=url
    )
    try:
        return await BioTrackSource.read(client, as_of=LAST_DAY, today=LAST_DAY)
    finally:
        await client.aclose()


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
async def farm(sandbox_url: str) -> AsyncIterator[BioTrackSource]:
    yield await _source(sandbox_url, "990101", "grower@sandbox.test")


@pytest.fixture(scope="module")
async def store(sandbox_url: str) -> AsyncIterator[BioTrackSource]:
    yield await _source(sandbox_url, "990202", "store@sandbox.test")


async def test_capabilities_come_from_the_licence_type(
    farm: BioTrackSource, store: BioTrackSource
) -> None:
    assert (await farm.facility()).name == "Sandbox Mesa Cultivation"
    assert await farm.can(Capability.GROW_PLANTS) and not await farm.can(
        Capability.SELL_TO_CONSUMERS
    )
    assert await store.can(Capability.SELL_TO_CONSUMERS)
    assert not await store.can(Capability.GROW_PLANTS)
    assert (await store.plants(inactive_since=date.min)).growing() == []


async def test_records_are_mapped(farm: BioTrackSource) -> None:
    packages = (await farm.packages(inactive_since=date.min)).on_hand
    flower_lots = [p for p in packages if p.item.category == "Flower Lot"]
    assert flower_lots and all(p.unit == "Grams" for p in flower_lots)
    eighths = [p for p in packages if p.item.category == "Usable Marijuana"]
    assert eighths and all(p.unit == "Each" and p.item.name == "Eighth" for p in eighths)
    # a converted product carries the result of the lot it was made from
    assert all(p.lab_state == LabState.TEST_PASSED.value for p in eighths)
    failed = [p for p in (await farm.packages(inactive_since=date.min)).inactive if p.lab_failed]
    assert failed  # about one lot in eight fails QA and is destroyed
    assert await farm.lab_results(failed[0])
    plants = await farm.plants(inactive_since=date.min)
    assert plants.vegetative and plants.flowering
    assert {p.phase for p in plants.inactive} == {PlantPhase.HARVESTED, PlantPhase.DESTROYED}
    waste = await farm.plant_waste()
    assert "Hermaphrodite" in {w.reason for w in waste}  # the plant left waiting to be destroyed
    assert len(await farm.harvests(inactive_since=date.min)) > 10
    assert await farm.tags_available() == (None, None)


async def test_needs_attention_on_a_biotrack_farm(farm: BioTrackSource) -> None:
    result = await needs_attention(farm)
    assert result.counts["growing_plants"] > 100
    assert result.counts["packages_on_hand"] == len(
        (await farm.packages(inactive_since=date.min)).on_hand
    )
    checks = {f.check for f in result.findings}
    assert "low_tags" not in checks  # BioTrack issues identifiers: nothing to order
    assert "overdue_manifests" not in checks  # received manifests are fulfilled


async def test_inventory_snapshot_counts_units_and_grams(store: BioTrackSource) -> None:
    result = await inventory_snapshot(store)
    held = (await store.packages(inactive_since=date.min)).on_hand
    assert result.counts["packages"] == len(held)
    assert result.counts["quantity_each"] == sum(p.quantity for p in held)
    assert "Usable Marijuana" in result.summary
    assert all(p.received_from == "990101" and p.received_manifest for p in held)
    # the store learns the QA result of lots it received (inventory_qa_check_all)
    assert all(p.lab_state == LabState.TEST_PASSED.value for p in held)


async def test_waste_report_on_the_farm(farm: BioTrackSource) -> None:
    result = await waste_report(farm, start=date(2026, 1, 1), end=LAST_DAY)
    assert result.counts["harvest_kilograms"] > 10
    assert result.counts["plants_destroyed"] >= 1
    assert "Powdery mildew" in result.summary or "Hermaphrodite" in result.summary


async def test_sales_analysis_at_the_store(store: BioTrackSource) -> None:
    start = LAST_DAY - timedelta(days=29)
    result = await sales_analysis(store, start=start, end=LAST_DAY)
    receipts = (await store.receipts(start, LAST_DAY)).sales
    assert result.counts["receipts"] == len(receipts) > 100
    assert result.counts["revenue"] == pytest.approx(sum(r.total_price for r in receipts))
    assert "Eighth" in result.summary
