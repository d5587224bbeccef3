"""Package tools that mark a package (note, flags, shelf-life dates) or discontinue it,
against the seeded sandbox."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from tests.metrc.tools.helpers import AS_OF, DISPENSARY
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import packages as tools

pytestmark = pytest.mark.anyio
Record = dict[str, Any]


async def jars(metrc: MetrcAccess, count: int) -> list[Record]:
    active = await metrc.client.packages_active(DISPENSARY, credentials=metrc.credentials)
    return active[:count]


async def test_a_note_is_set_shown_and_cleared(writer: MetrcAccess) -> None:
    (jar,) = await jars(writer, 1)
    label = jar["Label"]
    with using(writer):
        set_ = await tools.set_package_note(DISPENSARY, label, "  Back shelf, left  ")
        shown = (await tools.get_package(DISPENSARY, label))["package"]
        with pytest.raises(ToolProblem, match="already has that note"):
            await tools.set_package_note(DISPENSARY, label, "Back shelf, left")
        cleared = await tools.set_package_note(DISPENSARY, label, "")
        after = (await tools.get_package(DISPENSARY, label))["package"]
    assert set_ == {"ok": True, "message": f"Set the note of {label}.", "ids": [], "warnings": None}
    assert shown["Note"] == "Back shelf, left"
    assert cleared["message"] == f"Cleared the note of {label}." and "Note" not in after


async def test_flags_show_on_the_package_and_clear(writer: MetrcAccess) -> None:
    labels = [p["Label"] for p in await jars(writer, 2)]
    with using(writer):
        donated = await tools.flag_packages(DISPENSARY, labels, "donation")
        samples = await tools.flag_packages(DISPENSARY, labels[:1], "trade_sample")
        shown = (await tools.get_package(DISPENSARY, labels[0]))["package"]
        with pytest.raises(ToolProblem, match="already flagged as donation"):
            await tools.flag_packages(DISPENSARY, labels, "donation")
        cleared = await tools.flag_packages(DISPENSARY, labels, "donation", on=False)
        with pytest.raises(ToolProblem, match="not flagged as finished good"):
            await tools.flag_packages(DISPENSARY, labels, "finished_good", on=False)
        after = (await tools.get_package(DISPENSARY, labels[1]))["package"]
    assert donated["message"] == "Flagged 2 packages as donation."
    assert samples["message"] == "Flagged 1 package as trade sample."
    assert {"Donation", "TradeSample"} <= set(shown["Flags"])
    assert cleared["message"] == "Cleared the flag of 2 packages as donation."
    assert "Donation" not in after.get("Flags", [])


async def test_shelf_life_dates_change_only_those_given(writer: MetrcAccess) -> None:
    (jar,) = await jars(writer, 1)
    label = jar["Label"]
    later = AS_OF + timedelta(days=120)
    with using(writer):
        with pytest.raises(ToolProblem, match="at least one"):
            await tools.set_package_shelf_life_dates(DISPENSARY, label)
        result = await tools.set_package_shelf_life_dates(DISPENSARY, label, sell_by_date=later)
        shown = (await tools.get_package(DISPENSARY, label))["package"]
    assert shown["SellByDate"] == later.isoformat()
    assert shown.get("ExpirationDate") == jar["ExpirationDate"]
    assert f"SellByDate {later.isoformat()}" in result["message"]


async def test_a_discontinued_package_leaves_the_active_list(writer: MetrcAccess) -> None:
    (jar,) = await jars(writer, 1)
    label = jar["Label"]
    with using(writer):
        result = await tools.discontinue_package(DISPENSARY, label)
        active = await tools.list_active_packages(DISPENSARY, page_size=100)
        with pytest.raises(ToolProblem, match="already finished or discontinued"):
            await tools.discontinue_package(DISPENSARY, label)
    assert result["message"] == f"Discontinued package {label}."
    assert label not in {p["Label"] for p in active["items"]}
