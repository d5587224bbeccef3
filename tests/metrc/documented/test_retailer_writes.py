"""The retailer delivery write tools on Metrc's documented request bodies (the fixture server
refuses any other body, writes.py): loading a vehicle, changing the load before it leaves,
departing, restocking, ending the trip with a count, and voiding it."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.metrc.documented.conftest import STORE, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.sales import retailer, retailer_trips
from trichome.metrc.tools.sales.delivery_parts import Carrier
from trichome.metrc.tools.sales.retailer import LoadLine
from trichome.metrc.tools.sales.retailer_trips import CountedLine, RestockLine

pytestmark = pytest.mark.anyio
BUD, ROLL = "1A4FF0300000029000000203", "1A4FF0300000029000000205"
at = datetime.fromisoformat
CARRIER = Carrier(
    driver_name="Sam Lee", driver_employee_id="448302", drivers_license_number="CO-D-77121",
    vehicle_make="Ford", vehicle_model="E-Transit", vehicle_license_plate_number="FRD-205",
)  # fmt: skip
SEND_CARRIER = {
    "DriverName": "Sam Lee", "DriverEmployeeId": "448302", "DriversLicenseNumber": "CO-D-77121",
    "VehicleMake": "Ford", "VehicleModel": "E-Transit", "VehicleLicensePlateNumber": "FRD-205",
}  # fmt: skip


async def test_a_vehicle_is_loaded_and_its_load_changed(run: Run, documented: FakeMetrc) -> None:
    made = await run(
        retailer.record_retailer_delivery, license_number=STORE,
        date_time=at("2026-06-15T09:00:00"), carrier=CARRIER,
        estimated_departure=at("2026-06-15T09:30:00"),
        packages=[LoadLine(package_label=BUD, quantity=50, unit_of_measure="Grams", total_price=75)],
        phone_number_for_questions=" 303-555-0142",
    )  # fmt: skip
    updated = await run(
        retailer.update_retailer_delivery, license_number=STORE, delivery_id=9501,
        carrier=CARRIER,
    )  # fmt: skip

    assert sent(documented) == [
        ("POST", "/sales/v2/deliveries/retailer", [{
            "DateTime": "2026-06-15T09:00:00", **SEND_CARRIER,
            "PhoneNumberForQuestions": "303-555-0142",
            "EstimatedDepartureDateTime": "2026-06-15T09:30:00",
            "Packages": [
                {"PackageLabel": BUD, "Quantity": 50, "UnitOfMeasure": "Grams", "TotalPrice": 75}
            ],
        }]),
        # The load on board is sent back as Metrc's read gives it.
        ("PUT", "/sales/v2/deliveries/retailer", [{
            "Id": 9501, "DateTime": "2026-06-14T09:00:00", **SEND_CARRIER,
            "EstimatedDepartureDateTime": "2026-06-14T09:30:00",
            "Packages": [
                {"PackageLabel": BUD, "Quantity": 100.0, "UnitOfMeasure": "Grams", "TotalPrice": 150.0},
                {"PackageLabel": ROLL, "Quantity": 10.0, "UnitOfMeasure": "Each", "TotalPrice": 90.0},
            ],
        }]),
    ]  # fmt: skip
    assert made["ids"] == [9502]
    assert made["message"] == "Recorded a retailer delivery carrying 1 line."
    assert updated["message"] == "Updated retailer delivery 9501."


async def test_a_trip_departs_restocks_and_ends_with_a_count(
    run: Run, documented: FakeMetrc
) -> None:
    await run(retailer.depart_retailer_delivery, license_number=STORE, delivery_id=9501)
    restocked = await run(
        retailer_trips.restock_retailer_delivery, license_number=STORE, delivery_id=9501,
        date_time=at("2026-06-14T12:00:00"),
        packages=[
            RestockLine(package_label=BUD, quantity=20, unit_of_measure="Grams", total_price=30),
            RestockLine(package_label=ROLL, quantity=10, unit_of_measure="Each", remove=True),
        ],
    )  # fmt: skip
    with pytest.raises(
        ToolProblem, match="Not on retailer delivery 9501: 1A4FF0300000029000000201"
    ):
        await run(
            retailer_trips.end_retailer_delivery, license_number=STORE, delivery_id=9501,
            actual_arrival=at("2026-06-14T17:00:00"),
            counted=[CountedLine(label="1A4FF0300000029000000201", end_quantity=1, unit_of_measure="Grams")],
        )  # fmt: skip
    await run(
        retailer_trips.end_retailer_delivery, license_number=STORE, delivery_id=9501,
        actual_arrival=at("2026-06-14T17:00:00"),
        counted=[CountedLine(label=BUD, end_quantity=62.5, unit_of_measure="Grams")],
    )  # fmt: skip
    voided = await run(retailer.void_retailer_delivery, license_number=STORE, delivery_id=9501)

    assert sent(documented) == [
        ("POST", "/sales/v2/deliveries/retailer/depart", [{"RetailerDeliveryId": 9501}]),
        ("POST", "/sales/v2/deliveries/retailer/restock", [{
            "RetailerDeliveryId": 9501, "DateTime": "2026-06-14T12:00:00",
            "Packages": [
                {"PackageLabel": BUD, "Quantity": 20, "UnitOfMeasure": "Grams", "TotalPrice": 30,
                 "RemoveCurrentPackage": False},
                {"PackageLabel": ROLL, "Quantity": 10, "UnitOfMeasure": "Each",
                 "RemoveCurrentPackage": True},
            ],
        }]),
        # The package not counted is ended at what the trip says is on board.
        ("POST", "/sales/v2/deliveries/retailer/end", [{
            "RetailerDeliveryId": 9501, "ActualArrivalDateTime": "2026-06-14T17:00:00",
            "Packages": [
                {"Label": BUD, "EndQuantity": 62.5, "EndUnitOfMeasure": "Grams"},
                {"Label": ROLL, "EndQuantity": 10.0, "EndUnitOfMeasure": "Each"},
            ],
        }]),
        ("DELETE", "/sales/v2/deliveries/retailer/9501", None),
    ]  # fmt: skip
    assert restocked["message"] == "Restocked retailer delivery 9501 (2 lines)."
    assert voided["message"] == "Voided retailer delivery 9501."
