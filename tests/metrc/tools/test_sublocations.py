"""Sublocation tools against the sandbox: list (active, archived), create, rename, archive."""

from __future__ import annotations

import pytest

# The lab: the seeded year gives it none of its own, so the lists start empty.
from tests.support.sandbox import LAB
from trichome.metrc import MetrcValidationError
from trichome.metrc.tools import MetrcAccess, using
from trichome.metrc.tools import facilities as tools

pytestmark = pytest.mark.anyio


async def test_a_sublocation_is_created_renamed_listed_and_archived(writer: MetrcAccess) -> None:
    with using(writer):
        table = await tools.create_sublocation(LAB, " Room 1 Table A ")
        shelf = await tools.create_sublocation(LAB, "Vault Shelf 2")
        with pytest.raises(MetrcValidationError, match="already exists"):
            await tools.create_sublocation(LAB, "Vault Shelf 2")
        (table_id,) = table["ids"]
        renamed = await tools.rename_sublocation(LAB, table_id, "Room 1 Table B")
        tables = await tools.list_sublocations(LAB, name_contains="table")
        first = await tools.list_sublocations(LAB, page=1, page_size=1)
        archived = await tools.archive_sublocation(LAB, table_id)
        active = await tools.list_sublocations(LAB)
        gone = await tools.list_sublocations(LAB, archived=True)
    assert table["ok"] and "'Room 1 Table A'" in table["message"]
    assert renamed == {
        "ok": True,
        "message": f"Renamed sublocation {table_id} to 'Room 1 Table B'.",
        "ids": [],
        "warnings": None,
    }
    assert tables["items"] == [{"Id": table_id, "Name": "Room 1 Table B"}]
    assert first["total"] == 2 and first["has_more"] and not first["archived"]
    assert archived["ok"] and archived["ids"] == []
    assert [s["Name"] for s in active["items"]] == ["Vault Shelf 2"]
    assert shelf["ids"] == [active["items"][0]["Id"]]
    assert gone["archived"] and gone["items"] == [{"Id": table_id, "Name": "Room 1 Table B"}]
