"""Sublocations through the client against the sandbox, in the shapes Metrc documents for
its v2 Sublocations operations (GetActive, GetInactive, GetSublocationById, Create, Update,
Archive)."""

from __future__ import annotations

import pytest

from tests.support.sandbox import sandbox_client
from trichome.config import Settings
from trichome.metrc import (
    MetrcNotFound,
    MetrcValidationError,
    SublocationCreate,
    SublocationUpdate,
)

pytestmark = pytest.mark.anyio
# The lab: the seeded year gives it none of its own, so the lists start empty.
LAB = "SF-SBX-CO-25-8002"
DISPENSARY = "SF-SBX-CO-24-8002"


async def test_a_sublocation_is_created_renamed_and_archived(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        assert await client.sublocations_active(LAB) == []
        created = await client.create_sublocations(
            LAB,
            [SublocationCreate(name="Room 1 Table A"), {"Name": "Room 1 Table B"}],
        )
        first, second = created["Ids"]
        active = await client.sublocations_active(LAB)
        # GetActive's documented record is exactly {Id, Name}.
        assert active == [
            {"Id": first, "Name": "Room 1 Table A"},
            {"Id": second, "Name": "Room 1 Table B"},
        ]
        assert await client.sublocation(LAB, second) == active[1]
        paged = await client.sublocations_active(LAB, page_size=1)
        assert paged == active

        renamed = await client.update_sublocations(
            LAB, [SublocationUpdate(id=first, name="Room 1 Table C")]
        )
        assert renamed["Ids"] == []  # Update answers no body
        assert (await client.sublocation(LAB, first))["Name"] == "Room 1 Table C"

        archived = await client.archive_sublocation(LAB, second)
        assert archived["Ids"] == []
        assert [s["Id"] for s in await client.sublocations_active(LAB)] == [first]
        assert await client.sublocations_inactive(LAB) == [{"Id": second, "Name": "Room 1 Table B"}]
        # An archived name may be used again.
        again = await client.create_sublocations(LAB, [{"Name": "Room 1 Table B"}])
        assert len(again["Ids"]) == 1


async def test_sublocation_refusals(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        (kept,) = (await client.create_sublocations(LAB, [{"Name": "Vault shelf"}]))["Ids"]
        with pytest.raises(MetrcValidationError) as duplicate:
            await client.create_sublocations(LAB, [{"Name": "Dry"}, {"Name": "Vault shelf"}])
        assert [row.row for row in duplicate.value.rows] == [1]
        with pytest.raises(MetrcValidationError) as blank:
            await client.create_sublocations(LAB, [{"Name": " "}])
        assert "Name" in blank.value.rows[0].message
        with pytest.raises(MetrcValidationError):
            await client.update_sublocations(LAB, [{"Id": 999_999_999, "Name": "X"}])
        with pytest.raises(MetrcNotFound):
            await client.sublocation(DISPENSARY, kept)  # another licence's
        with pytest.raises(MetrcNotFound):
            await client.archive_sublocation(DISPENSARY, kept)
        await client.archive_sublocation(LAB, kept)
        with pytest.raises(MetrcValidationError):
            await client.archive_sublocation(LAB, kept)
        assert await client.sublocations_active(LAB) == []
