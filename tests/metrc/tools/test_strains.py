"""Strain tools against the seeded sandbox."""

from __future__ import annotations

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY
from trichome.metrc import MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import strains as tools

pytestmark = pytest.mark.anyio


async def test_strains_are_listed_filtered_and_found(reader: MetrcAccess) -> None:
    raw = await reader.client.strains_active(CULTIVATOR)
    with using(reader):
        active = await tools.list_active_strains(CULTIVATOR, page_size=5)
        kush = await tools.list_active_strains(CULTIVATOR, name_contains="kush")
        inactive = await tools.list_inactive_strains(CULTIVATOR)
        none_here = await tools.list_active_strains(DISPENSARY)
        by_name = await tools.get_strain(CULTIVATOR, name="  gelato ")
        by_id = await tools.get_strain(CULTIVATOR, strain_id=raw[0]["Id"])
    assert active["total"] == len(raw) == 12 and active["total_pages"] == 3
    assert [s["Name"] for s in kush["items"]] == ["OG Kush"]
    # The strain the seeded cultivator stopped growing before the year.
    assert [s["Name"] for s in inactive["items"]] == ["Strawberry Cough"]
    assert none_here["total"] == 0
    gelato = by_name["strain"]
    assert (gelato["Name"], gelato["IndicaPercentage"], gelato["ThcLevel"]) == ("Gelato", 55, 24.5)
    assert by_id["strain"]["Name"] == raw[0]["Name"]


async def test_strain_lookups_that_cannot_work(reader: MetrcAccess) -> None:
    with using(reader):
        with pytest.raises(ToolProblem, match="name or its Id"):
            await tools.get_strain(CULTIVATOR)
        with pytest.raises(ToolProblem, match="name or its Id"):
            await tools.get_strain(CULTIVATOR, name="Gelato", strain_id=1)
        with pytest.raises(ToolProblem, match=r"No strain named 'Purple Haze'.*create_strain"):
            await tools.get_strain(CULTIVATOR, name="Purple Haze")
        with pytest.raises(ToolProblem, match="No strain with Id 999999"):
            await tools.get_strain(CULTIVATOR, strain_id=999999)


async def test_creating_and_updating_a_strain(writer: MetrcAccess) -> None:
    with using(writer):
        with pytest.raises(ToolProblem, match="add up to 100"):
            await tools.create_strain(
                CULTIVATOR, "Lemon Haze", indica_percentage=70, sativa_percentage=70
            )
        made = await tools.create_strain(
            CULTIVATOR, "Lemon Haze", "InHouse", thc_level=19.5, indica_percentage=30
        )
        with pytest.raises(MetrcValidationError, match="already exists"):
            await tools.create_strain(CULTIVATOR, "Lemon Haze")
        created = (await tools.get_strain(CULTIVATOR, name="Lemon Haze"))["strain"]
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_strain(CULTIVATOR, "Lemon Haze")
        updated = await tools.update_strain(
            CULTIVATOR, "Lemon Haze", new_name="Lemon Haze #2", cbd_level=0.3, sativa_percentage=80
        )
        changed = (await tools.get_strain(CULTIVATOR, name="Lemon Haze #2"))["strain"]
        listed = await tools.list_active_strains(CULTIVATOR)
    assert made["message"] == "Created the strain Lemon Haze (30% indica, 70% sativa)."
    assert created["Id"] == made["ids"][0]
    assert (created["TestingStatus"], created["ThcLevel"], created["SativaPercentage"]) == (
        "InHouse",
        19.5,
        70,
    )
    assert "new name, CBD level, sativa share" in updated["message"]
    assert changed["Id"] == created["Id"]
    assert (changed["ThcLevel"], changed["CbdLevel"], changed["TestingStatus"]) == (
        19.5,
        0.3,
        "InHouse",
    )
    assert (changed["IndicaPercentage"], changed["SativaPercentage"]) == (20, 80)
    assert listed["total"] == 13


async def test_an_archived_strain_moves_to_the_inactive_list(writer: MetrcAccess) -> None:
    with using(writer):
        made = await tools.create_strain(CULTIVATOR, "Retired Haze")
        done = await tools.archive_strain(CULTIVATOR, strain_id=made["ids"][0])
        inactive = await tools.list_inactive_strains(CULTIVATOR)
        with pytest.raises(ToolProblem, match="name or its Id"):
            await tools.archive_strain(CULTIVATOR)
    assert done["message"] == "Archived the strain 'Retired Haze'."
    assert made["ids"][0] in [strain["Id"] for strain in inactive["items"]]
