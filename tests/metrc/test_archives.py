"""Changing and archiving locations, strains and items through the client against the
sandbox (Metrc v2 Locations GetLocationById, Update, Archive; Strains and Items Archive)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.support.sandbox import sandbox_client
from trichome.config import Settings
from trichome.metrc import LocationUpdate, MetrcNotFound, MetrcValidationError

pytestmark = pytest.mark.anyio
CULTIVATOR = "SF-SBX-CO-21-8002"
STORE = "SF-SBX-CO-24-8002"


async def test_a_location_is_read_renamed_and_archived(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        (made,) = (
            await client.create_locations(
                CULTIVATOR, [{"Name": "Cure Room", "LocationTypeName": "Default Location Type"}]
            )
        )["Ids"]
        room = await client.location(CULTIVATOR, made)
        # GetLocationById's documented record, without a LastModified (none is documented).
        assert set(room) == {
            "Id", "Name", "LocationTypeId", "LocationTypeName", "ForPlantBatches", "ForPlants",
            "ForHarvests", "ForPackages",
        }  # fmt: skip
        assert room["Name"] == "Cure Room"
        # The documented last-modified bounds still find what changed, by the record's time.
        now = datetime.now(UTC)
        recent = await client.locations_active(
            CULTIVATOR, last_modified_start=now - timedelta(hours=1),
            last_modified_end=now + timedelta(minutes=5),
        )  # fmt: skip
        earlier = await client.locations_active(
            CULTIVATOR, last_modified_start=now - timedelta(days=3),
            last_modified_end=now - timedelta(days=2),
        )  # fmt: skip
        assert made in [r["Id"] for r in recent] and made not in [r["Id"] for r in earlier]
        assert all("LastModified" not in r for r in recent)
        answer = await client.update_locations(
            CULTIVATOR,
            [
                LocationUpdate(
                    id=made, name="Cure Room 2", location_type_name="Default Location Type"
                )
            ],
        )
        assert answer["Ids"] == []
        assert (await client.location(CULTIVATOR, made))["Name"] == "Cure Room 2"
        taken = (await client.locations_active(CULTIVATOR))[0]["Name"]
        with pytest.raises(MetrcValidationError, match="already exists"):
            await client.update_locations(
                CULTIVATOR,
                [{"Id": made, "Name": taken, "LocationTypeName": "Default Location Type"}],
            )
        assert (await client.archive_location(CULTIVATOR, made))["Ids"] == []
        assert made in [r["Id"] for r in await client.locations_inactive(CULTIVATOR)]
        assert made not in [r["Id"] for r in await client.locations_active(CULTIVATOR)]
        with pytest.raises(MetrcNotFound):
            await client.archive_location(CULTIVATOR, made)
        with pytest.raises(MetrcNotFound):
            await client.location(STORE, made)


async def test_strains_and_items_are_archived(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        strain = (await client.strains_active(CULTIVATOR))[0]
        assert "LastModified" not in strain  # bruno Strains/GetActiveStrains documents none
        item = (await client.items_active(CULTIVATOR))[0]
        assert (await client.archive_strain(CULTIVATOR, strain["Id"]))["Ids"] == []
        assert (await client.archive_item(CULTIVATOR, item["Id"]))["Ids"] == []
        assert strain["Id"] in [s["Id"] for s in await client.strains_inactive(CULTIVATOR)]
        assert item["Id"] in [i["Id"] for i in await client.items_inactive(CULTIVATOR)]
        with pytest.raises(MetrcNotFound):
            await client.archive_strain(STORE, strain["Id"])  # another licence's
