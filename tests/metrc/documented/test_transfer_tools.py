"""The transfer trip and template tools on Metrc's documented shapes (the fixtures of
tests/metrc/fixtures/documented), without the sandbox."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from trichome.metrc.tools import transfers

pytestmark = pytest.mark.anyio


async def test_a_delivery_shows_its_carriers_both_ways(run: Run) -> None:
    found = await run(transfers.get_delivery_transporters, license_number=GROWER, delivery_id=9101)

    assert [c["TransporterDirection"] for c in found["transporters"]] == ["Outbound", "Return"]
    assert found["has_return_leg"] is True
    assert [d["DriverName"] for d in found["drivers"]] == ["Luis Romero", "Maya Chen"]
    assert "DriverLayoverLeg" not in found["drivers"][0]  # null in the record: left out


async def test_the_hub_list_shows_the_transporters_own_times(run: Run) -> None:
    found = await run(transfers.list_transfer_hub, license_number=GROWER)

    (trip,) = found["items"]
    assert trip["Id"] == 9001 and trip["DeliveryId"] == 9101
    assert trip["TransporterActualArrivalDateTime"] == "2026-06-08T11:35:02-06:00"
    assert trip["IsLayover"] is False
    assert trip["drivers"][0]["VehicleLicensePlateNumber"] == "BXR-4471"
    assert found["in_transit"] == 0  # it arrived


async def test_a_template_shows_what_it_would_ship(run: Run) -> None:
    found = await run(
        transfers.get_transfer_template_deliveries, license_number=GROWER, template_id=9251
    )

    (delivery,) = found["items"]
    assert delivery["Id"] == 9301 and delivery["RecipientFacilityName"] == "Front Range Dispensary"
    assert [p["PackageLabel"] for p in delivery["packages"]] == [
        "1A4FF0300000029000000401",
        "1A4FF0300000029000000402",
    ]
    assert delivery["packages"][0]["ItemName"] == "Blue Dream Flower"
    assert delivery["transporters"] == [
        {
            "TransporterFacilityLicenseNumber": GROWER,
            "TransporterFacilityName": "Green Mesa Cultivation",
            "TransporterDirection": "Outbound",
        }
    ]
    assert delivery["drivers"][0]["DriverName"] == "Luis Romero"
