"""A dispensary's deliveries and its sales reference lists, run on fixtures in Metrc's
documented shapes: sales deliveries (active, inactive, by Id), retailer deliveries, return
reasons, payment types, counties, patient registration and check-in places, check-ins, and a receipt found by
its point-of-sale number.
"""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import STORE, Run, records
from trichome.metrc.tools import ToolProblem
from trichome.metrc.tools.sales import checkins, deliveries, delivery_hub, reference, retailer

pytestmark = pytest.mark.anyio


async def test_deliveries_on_the_road_come_soonest_arrival_first(run: Run) -> None:
    listed = await run(deliveries.list_active_sales_deliveries, license_number=STORE)

    assert [row["Id"] for row in listed["items"]] == [8802, 8801]
    assert listed["by_state"] == {"InTransit": 1, "Undesignated": 1}
    on_road = listed["items"][1]
    assert on_road["ActualDepartureDateTime"] == "2026-06-14T16:05:00.000"
    assert on_road["DriverName"] == "Morgan Ellis"
    assert on_road["VehicleLicensePlateNumber"] == "FRD-204"
    assert on_road["RecipientAddressCity"] == "Denver"
    assert on_road["TotalPrice"] == 45.0
    # Metrc documents no lines on a listed delivery; nothing is made up for them.
    assert on_road["Lines"] == []
    assert "ActualArrivalDateTime" not in on_road


async def test_finished_deliveries_tell_completed_from_voided(run: Run) -> None:
    listed = await run(deliveries.list_inactive_sales_deliveries, license_number=STORE)

    by_id = {row["Id"]: row for row in listed["items"]}
    assert listed["by_state"] == {"Delivered": 1, "Voided": 1}
    assert by_id[8790]["CompletedDateTime"] == "2026-06-12T18:06:00+00:00"
    assert by_id[8790]["ActualArrivalDateTime"] == "2026-06-12T12:05:00.000"
    assert "VoidedDate" not in by_id[8790]
    assert by_id[8791]["VoidedDate"] == "2026-06-13T16:10:00+00:00"
    assert "CompletedDateTime" not in by_id[8791]


async def test_one_delivery_by_id_and_an_unknown_one(run: Run) -> None:
    found = await run(deliveries.get_sales_delivery, license_number=STORE, delivery_id=8801)

    assert found["delivery"]["SalesDeliveryState"] == "InTransit"
    assert found["delivery"]["PlannedRoute"] == "Colfax Ave east to Larimer St."
    with pytest.raises(ToolProblem, match="No sales delivery with Id 8999"):
        await run(deliveries.get_sales_delivery, license_number=STORE, delivery_id=8999)


async def test_retailer_trips_under_way_ended_and_by_id(run: Run) -> None:
    under_way = await run(retailer.list_retailer_deliveries, license_number=STORE)
    ended = await run(retailer.list_retailer_deliveries, license_number=STORE, ended=True)
    one = await run(retailer.get_retailer_delivery, license_number=STORE, delivery_id=9501)

    assert [row["Id"] for row in under_way["items"]] == [9501]
    assert under_way["by_state"] == {"InTransit": 1}
    assert under_way["items"][0]["TotalPriceSold"] == 90.0
    assert (under_way["items"][0]["Sales"], under_way["items"][0]["Packages"]) == (0, [])
    assert ended["ended"] is True
    assert ended["items"][0]["RestockDateTime"] == "2026-06-11T17:00:00.000"
    # Only the trip read by Id shows its sales and what is on board, as Metrc documents.
    assert one["delivery"]["Sales"] == 1
    assert one["delivery"]["Packages"][1] == {
        "PackageLabel": "1A4FF0300000029000000205",
        "Item": "Blue Dream Pre-Roll 1g",
        "Quantity": 10.0,
        "Unit": "Each",
        "Price": 90.0,
    }


async def test_return_reasons_say_what_each_requires(run: Run) -> None:
    listed = await run(delivery_hub.list_delivery_return_reasons, license_number=STORE)

    expected = records("sales_delivery_return_reasons", STORE)
    assert [row["Name"] for row in listed["items"]] == [r["Name"] for r in expected]
    # Every documented field comes through, the waste weights included (issue 22).
    assert listed["items"] == expected
    assert [row["RequiresWasteWeight"] for row in listed["items"]] == [False, True]


async def test_payment_types_are_the_names_metrc_lists(run: Run) -> None:
    # Metrc documents no example answer; OpenMetrc's swagger gives a list of names.
    listed = await run(delivery_hub.list_payment_types, license_number=STORE)

    assert listed == {"total": 3, "items": ["Cash", "Debit Card", "Check"]}
    assert listed["items"] == records("sales_paymenttypes", STORE)


async def test_counties_and_registration_places_are_plain_lists(run: Run) -> None:
    counties = await run(reference.list_sales_counties, license_number=STORE)
    places = await run(reference.list_patient_registration_locations, license_number=STORE)
    check_in_places = await run(checkins.list_patient_check_in_locations)

    assert counties == {
        "total": 2,
        "items": [{"Id": 16, "Name": "Denver County"}, {"Id": 30, "Name": "Jefferson County"}],
    }
    assert [row["Name"] for row in places["items"]] == ["Colorado", "Utah"]
    assert check_in_places["items"][0] == {"Id": 8, "Name": "Colorado"}


async def test_check_ins_latest_first_and_for_one_patient(run: Run) -> None:
    listed = await run(checkins.list_patient_check_ins, license_number=STORE)
    one = await run(
        checkins.list_patient_check_ins, license_number=STORE, patient_license_number="mp-100234"
    )

    assert [row["CheckInDate"] for row in listed["items"]] == ["2026-06-14", "2026-06-12"]
    assert listed["items"][0]["RegistrationExpiryDate"] == "2027-02-28"
    assert [row["Id"] for row in one["items"]] == [71]


async def test_a_receipt_found_by_its_point_of_sale_number(run: Run) -> None:
    found = await run(
        reference.get_sales_receipt_by_external_number,
        license_number=STORE,
        external_receipt_number=" POS-1005 ",
    )

    listed = records("sales_receipts_active", STORE)[0]
    receipt = found["receipt"]
    assert receipt["ReceiptNumber"] == listed["ReceiptNumber"]
    assert len(receipt["Lines"]) == len(listed["Transactions"])
    with pytest.raises(ToolProblem, match="No sales receipt with external number 'POS-9'"):
        await run(
            reference.get_sales_receipt_by_external_number,
            license_number=STORE,
            external_receipt_number="POS-9",
        )
