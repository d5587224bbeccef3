"""Fields only our sandbox had (IsInTransit, a batch's Type, tag types), names a state defines,
and the long lists read in pages: the tools and skills against Metrc's documented shapes.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.metrc.documented.conftest import AS_OF, GROWER, Run, records
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.skills.data import FacilityData
from trichome.metrc.tools import (
    MetrcAccess,
    ToolProblem,
    facilities,
    packages,
    plant_batches,
    transfers,
)
from trichome.metrc.tools.names import listed_name
from trichome.metrc.tools.transfers.templates import TemplatePackage

pytestmark = pytest.mark.anyio

SHIPPED = "1A4FF0300000029000000150"  # in GET /packages/v2/intransit for the grower


async def test_a_plant_batch_shows_its_documented_type(run: Run) -> None:
    batches = await run(plant_batches.list_active_plant_batches, license_number=GROWER)

    types = {batch["Name"]: batch.get("PlantBatchTypeName") for batch in batches["items"]}
    assert types == {"SD-2026-06-01-Clones": "Clone", "SD-2026-06-08-Seeds": "Seed"}
    assert all("Type" not in batch for batch in batches["items"])


async def test_available_tags_show_their_inventory_type(run: Run) -> None:
    tags = await run(facilities.list_available_package_tags, license_number=GROWER)

    assert tags["items"] and {t["TagInventoryTypeName"] for t in tags["items"]} == {"RetailPackage"}


async def test_available_plant_tags_are_counted_and_paged_in_label_order(run: Run) -> None:
    first = await run(facilities.list_available_plant_tags, license_number=GROWER, page_size=3)
    last = await run(
        facilities.list_available_plant_tags, license_number=GROWER, page=20, page_size=3
    )

    # GET /tags/v2/plant/available answers a plain array (bruno Tags/GetPlantAvailableTags).
    assert first["total"] == len(records("tags_plant_available", GROWER)) == 60
    assert [t["Label"] for t in first["items"]] == [
        "1A4FF010000002900015000", "1A4FF010000002900015001", "1A4FF010000002900015002",
    ]  # fmt: skip
    assert first["items"][0]["TagInventoryTypeName"] == "RetailPlant"
    assert (first["has_more"], last["has_more"]) == (True, False)
    assert last["items"][-1]["Label"] == "1A4FF010000002900015059"


async def test_a_package_is_in_transit_when_metrc_lists_it_so(metrc: MetrcAccess) -> None:
    packages = await FacilityData(metrc, GROWER, AS_OF).packages(inactive_since=None)

    assert [p.label for p in packages.in_transit] == [SHIPPED]
    assert SHIPPED not in {p.label for p in packages.on_hand}


async def test_the_in_transit_list_flags_its_packages(run: Run) -> None:
    moving = await run(packages.list_in_transit_packages, license_number=GROWER)
    on_hand = await run(packages.list_active_packages, license_number=GROWER)

    assert [(p["Label"], p["Flags"]) for p in moving["items"]] == [(SHIPPED, ["InTransit"])]
    assert all("InTransit" not in p.get("Flags", []) for p in on_hand["items"])


async def test_a_package_in_transit_cannot_go_on_a_template(run: Run) -> None:
    # GET /packages/v2/{label} has no in-transit flag; the intransit list is what says so.
    with pytest.raises(ToolProblem, match=rf"cannot be shipped: {SHIPPED} \(in transit\)"):
        await run(
            transfers.create_transfer_template,
            license_number=GROWER,
            name="Restock",
            recipient_license_number="402R-00207",
            transfer_type="wholesale manifest",
            packages=[TemplatePackage(label=SHIPPED)],
            estimated_departure=datetime(2026, 6, 16, 9, tzinfo=UTC),
            estimated_arrival=datetime(2026, 6, 16, 12, tzinfo=UTC),
            planned_route="Route 9 to the store",
            driver_name="Dana Price",
        )


async def test_long_lists_are_read_in_pages(metrc: MetrcAccess, documented: FakeMetrc) -> None:
    data = FacilityData(metrc, GROWER, AS_OF)
    await data.packages(inactive_since=AS_OF - timedelta(days=30))
    await data.adjustments()
    await data.harvests(inactive_since=AS_OF - timedelta(days=30))
    await data.plant_waste()
    await data.plant_batch_waste()
    await data.outgoing()

    paged = {
        "/packages/v2/inactive",
        "/packages/v2/adjustments",
        "/harvests/v2/inactive",
        "/plants/v2/waste",
        "/plantbatches/v2/waste",
        "/transfers/v2/outgoing",
    }
    sizes = {c.path.rstrip("/"): c.params.get("pageSize") for c in documented.calls}
    assert {path: sizes.get(path) for path in paged} == dict.fromkeys(paged, "20")


async def test_a_name_takes_metrc_s_spelling_from_its_list() -> None:
    async def waste_types() -> list[dict[str, str]]:
        # GET /harvests/v2/waste/types as documented (bruno Harvests/GetWasteTypes)
        return [{"Name": "Plant Material"}, {"Name": "Fibrous"}, {"Name": "Root Ball"}]

    async def unavailable() -> list[str]:
        raise MetrcNotFound("GET /harvests/v2/waste/types: 404", method="GET", path="/x")

    assert await listed_name("root ball", waste_types, "waste types", "the list") == "Root Ball"
    with pytest.raises(ToolProblem, match=r"'Stalks' is not one of .*Fibrous, Root Ball"):
        await listed_name("Stalks", waste_types, "harvest waste types", "the list")
    assert await listed_name(" Stalks ", unavailable, "waste types", "the list") == "Stalks"
