"""Retailer delivery tools against the sandbox: loading a trip, changing it, departing,
selling from the vehicle, restocking, ending it with a count; voiding one that never left."""

from __future__ import annotations

from datetime import datetime

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import DISPENSARY
from tests.metrc.tools.test_delivery_changes import CARRIER, RECIPIENT, jars, stock
from trichome.metrc.tools import MetrcAccess, ToolProblem, load_all, using
from trichome.metrc.tools import sales as tools
from trichome.metrc.tools.sales.recording import SaleLine
from trichome.metrc.tools.sales.retailer import LoadLine
from trichome.metrc.tools.sales.retailer_trips import CountedLine, RestockLine

pytestmark = pytest.mark.anyio
at = datetime.fromisoformat


async def test_a_trip_is_loaded_sells_restocks_and_ends(writer: MetrcAccess) -> None:
    with using(writer):
        first, second = await jars(writer, 2)
        a, b = first["Label"], second["Label"]
        before = await stock(writer)
        made = await tools.record_retailer_delivery(
            DISPENSARY, at("2026-11-21T09:00:00"), CARRIER, at("2026-11-21T09:30:00"),
            [LoadLine(package_label=a, quantity=10, unit_of_measure="Grams", total_price=100)],
        )  # fmt: skip
        (trip,) = made["ids"]
        await tools.update_retailer_delivery(
            DISPENSARY, trip,
            packages=[LoadLine(package_label=a, quantity=8, unit_of_measure="Grams")],
        )  # fmt: skip
        loaded = await stock(writer)
        await tools.depart_retailer_delivery(DISPENSARY, trip)
        with pytest.raises(ToolProblem, match="Not on retailer delivery"):
            await tools.record_retailer_delivery_sale(
                DISPENSARY, trip, at("2026-11-21T10:00:00"), "Consumer",
                [SaleLine(package_label=b, quantity=1, unit_of_measure="Grams", total_amount=9)],
                RECIPIENT,
            )  # fmt: skip
        sold = await tools.record_retailer_delivery_sale(
            DISPENSARY, trip, at("2026-11-21T10:00:00"), "consumer",
            [SaleLine(package_label=a, quantity=3, unit_of_measure="Grams", total_amount=30)],
            RECIPIENT,
        )  # fmt: skip
        await tools.restock_retailer_delivery(
            DISPENSARY, trip, at("2026-11-21T11:00:00"),
            [RestockLine(package_label=b, quantity=4, unit_of_measure="Grams")],
        )  # fmt: skip
        under_way = await tools.get_retailer_delivery(DISPENSARY, trip)
        listed = await tools.list_retailer_deliveries(DISPENSARY)
        ended = await tools.end_retailer_delivery(
            DISPENSARY, trip, at("2026-11-21T17:00:00"),
            counted=[CountedLine(label=a, end_quantity=4.5, unit_of_measure="Grams")],
        )  # fmt: skip
        finished = await tools.list_retailer_deliveries(DISPENSARY, ended=True)
        after = await stock(writer)
    published = load_all()
    TypeAdapter(published["get_retailer_delivery"].returns).validate_python(under_way)
    TypeAdapter(published["list_retailer_deliveries"].returns).validate_python(finished)
    assert made["message"] == "Recorded a retailer delivery carrying 1 line."
    assert loaded[a] == pytest.approx(before[a] - 8)
    assert sold["message"] == f"Recorded a Consumer sale of 1 line from retailer delivery {trip}."
    shown = under_way["delivery"]
    assert shown["DriverName"] == "Sam Lee" and shown["Sales"] == 1
    assert {p["PackageLabel"]: p["Quantity"] for p in shown["Packages"]} == {a: 5, b: 4}
    assert listed["total"] == 1 and listed["items"][0]["Id"] == trip
    assert ended["message"] == f"Ended retailer delivery {trip} (2 packages counted)."
    assert finished["total"] == 1 and finished["ended"] is True
    # 8 loaded, 3 sold, 4.5 counted back (half a gram lost); the restocked 4 g all came back.
    assert after[a] == pytest.approx(before[a] - 3.5)
    assert after[b] == pytest.approx(before[b])


async def test_a_trip_that_never_left_is_voided(writer: MetrcAccess) -> None:
    with using(writer):
        (jar,) = await jars(writer, 1)
        before = await stock(writer)
        made = await tools.record_retailer_delivery(
            DISPENSARY, at("2026-11-21T09:00:00"), CARRIER, at("2026-11-21T09:30:00"),
            [LoadLine(package_label=jar["Label"], quantity=2, unit_of_measure="Grams")],
        )  # fmt: skip
        (trip,) = made["ids"]
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_retailer_delivery(DISPENSARY, trip)
        voided = await tools.void_retailer_delivery(DISPENSARY, trip)
        after = await stock(writer)
        with pytest.raises(ToolProblem, match="No retailer delivery with Id 999999"):
            await tools.get_retailer_delivery(DISPENSARY, 999999)
    assert voided["message"] == f"Voided retailer delivery {trip}."
    assert after[jar["Label"]] == pytest.approx(before[jar["Label"]])
