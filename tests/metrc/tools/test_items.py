"""Item tools against the seeded sandbox."""

from __future__ import annotations

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, MANUFACTURER
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import items as tools

pytestmark = pytest.mark.anyio


async def test_items_are_listed_filtered_and_found(reader: MetrcAccess) -> None:
    raw = await reader.client.items_active(MANUFACTURER)
    with using(reader):
        active = await tools.list_active_items(MANUFACTURER)
        carts = await tools.list_active_items(MANUFACTURER, category="Vape Cartridge")
        gelato = await tools.list_active_items(MANUFACTURER, strain="Gelato")
        resin = await tools.list_active_items(MANUFACTURER, name_contains="live resin")
        inactive = await tools.list_inactive_items(MANUFACTURER)
        by_name = await tools.get_item(CULTIVATOR, name="buds - gelato")
        by_id = await tools.get_item(MANUFACTURER, item_id=raw[0]["Id"])
    assert active["total"] == len(raw) == 28
    assert carts["total"] == sum(i["ProductCategoryName"] == "Vape Cartridge" for i in raw) == 12
    assert all(i["ProductCategoryName"] == "Vape Cartridge" for i in carts["items"])
    assert gelato["total"] == sum(i["StrainName"] == "Gelato" for i in raw) > 0
    assert resin["total"] > 0 and all("Live Resin" in i["Name"] for i in resin["items"])
    assert inactive["total"] == 0
    item = by_name["item"]
    assert (item["Name"], item["ProductCategoryName"], item["UnitOfMeasureName"]) == (
        "Buds - Gelato",
        "Buds",
        "Grams",
    )
    assert by_id["item"]["Name"] == raw[0]["Name"]


async def test_item_categories_and_lookups_that_cannot_work(reader: MetrcAccess) -> None:
    raw = await reader.client.item_categories(CULTIVATOR)
    with using(reader):
        every = await tools.list_item_categories(CULTIVATOR)
        counted = await tools.list_item_categories(CULTIVATOR, quantity_type="CountBased")
        with pytest.raises(ToolProblem, match="No item named 'Moon Rocks'"):
            await tools.get_item(CULTIVATOR, name="Moon Rocks")
        with pytest.raises(ToolProblem, match="No item with Id 999999"):
            await tools.get_item(CULTIVATOR, item_id=999999)
        with pytest.raises(ToolProblem, match="name or its Id"):
            await tools.get_item(CULTIVATOR)
    assert every["total"] == len(raw)
    assert {c["Name"] for c in counted["items"]} == {
        c["Name"] for c in raw if c["QuantityType"] == "CountBased"
    }
    edible = next(c for c in every["items"] if c["Name"] == "Infused Edible")
    assert edible["RequiresUnitThcContent"] is True


async def test_item_checks_before_metrc_sees_them(reader: MetrcAccess) -> None:
    with using(reader):
        with pytest.raises(ToolProblem, match="not an item category here; use one of: Buds"):
            await tools.create_item(CULTIVATOR, "Moon Rocks", "Rocks", "Grams", strain="Gelato")
        with pytest.raises(ToolProblem, match="WeightBased, so their unit must be one of"):
            await tools.create_item(CULTIVATOR, "Gelato Eighths", "Buds", "Each", strain="Gelato")
        with pytest.raises(ToolProblem, match="need a strain"):
            await tools.create_item(CULTIVATOR, "Mystery Buds", "Buds", "Grams")
        with pytest.raises(ToolProblem, match="need unit_thc_content"):
            await tools.create_item(MANUFACTURER, "Gummies", "Infused Edible", "Each")


async def test_creating_and_updating_an_item(writer: MetrcAccess) -> None:
    with using(writer):
        made = await tools.create_item(
            MANUFACTURER,
            "Gummies 5mg - Lime",
            "Infused Edible",
            "Each",
            unit_thc_content=5,
            unit_weight=3.5,
        )
        created = (await tools.get_item(MANUFACTURER, name="Gummies 5mg - Lime"))["item"]
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_item(MANUFACTURER, "Gummies 5mg - Lime")
        updated = await tools.update_item(
            MANUFACTURER, "Gummies 5mg - Lime", new_name="Gummies 10mg - Lime", unit_thc_content=10
        )
        changed = (await tools.get_item(MANUFACTURER, item_id=created["Id"]))["item"]
        edibles = await tools.list_active_items(MANUFACTURER, category="Infused Edible")
    assert made["message"] == "Created the item Gummies 5mg - Lime (Infused Edible, Each)."
    assert created["Id"] == made["ids"][0]
    assert (created["QuantityType"], created["UnitThcContent"], created["UnitWeight"]) == (
        "CountBased",
        5,
        3.5,
    )
    assert "name, unit THC content" in updated["message"]
    assert (changed["Name"], changed["UnitThcContent"]) == ("Gummies 10mg - Lime", 10)
    assert changed["UnitOfMeasureName"] == "Each"
    assert edibles["total"] == 5


async def test_an_archived_item_moves_to_the_inactive_list(writer: MetrcAccess) -> None:
    with using(writer):
        made = await tools.create_item(
            MANUFACTURER, "Mints - Retired", "Infused Edible", "Each", unit_thc_content=5
        )
        done = await tools.archive_item(MANUFACTURER, name="mints - retired")
        active = await tools.list_active_items(MANUFACTURER, name_contains="Retired")
        inactive = await tools.list_inactive_items(MANUFACTURER, name_contains="Retired")
    assert done["message"] == "Archived the item 'Mints - Retired'."
    assert active["total"] == 0
    assert [item["Id"] for item in inactive["items"]] == made["ids"]
