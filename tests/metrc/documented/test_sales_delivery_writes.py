"""The sales delivery write tools on Metrc's documented request bodies (the fixture server
refuses any other body, writes.py): recording a delivery to a consumer, correcting it before it
leaves, completing it on arrival and voiding it."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.metrc.documented.conftest import STORE, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.sales import delivery_changes, delivery_hub
from trichome.metrc.tools.sales.delivery_changes import ReturnedPackage
from trichome.metrc.tools.sales.delivery_parts import Carrier, Recipient
from trichome.metrc.tools.sales.recording import SaleLine

pytestmark = pytest.mark.anyio
FLOWER = "1A4FF0300000029000000201"
at = datetime.fromisoformat
CARRIER = Carrier(
    driver_name="Morgan Ellis", driver_employee_id="448301", drivers_license_number="CO-D-77120",
    vehicle_make="Ford", vehicle_model="Transit", vehicle_license_plate_number="FRD-204",
)  # fmt: skip
RECIPIENT = Recipient(
    name="Jo Rivera", street1="1450 Larimer St", city="Denver", state="co", postal_code="80202"
)
SEND_CARRIER = {
    "DriverName": "Morgan Ellis", "DriverEmployeeId": "448301",
    "DriversLicenseNumber": "CO-D-77120", "VehicleMake": "Ford", "VehicleModel": "Transit",
    "VehicleLicensePlateNumber": "FRD-204",
}  # fmt: skip
LINE = SaleLine(package_label=FLOWER, quantity=3.5, unit_of_measure="Grams", total_amount=45)
SEND_LINE = {"PackageLabel": FLOWER, "Quantity": 3.5, "UnitOfMeasure": "Grams", "TotalAmount": 45}


async def test_a_delivery_is_recorded_with_the_documented_fields(
    run: Run, documented: FakeMetrc
) -> None:
    made = await run(
        delivery_changes.record_sales_delivery, license_number=STORE,
        sales_date_time=at("2026-06-15T14:30:00"), customer_type="consumer", lines=[LINE],
        recipient=RECIPIENT, carrier=CARRIER, planned_route=" Colfax Ave east to Larimer St.",
        estimated_departure=at("2026-06-15T15:00:00"),
        estimated_arrival=at("2026-06-15T15:40:00"),
    )  # fmt: skip

    assert sent(documented) == [
        ("POST", "/sales/v2/deliveries", [{
            "TransporterFacilityLicenseNumber": STORE, "SalesDateTime": "2026-06-15T14:30:00",
            "SalesCustomerType": "Consumer", "RecipientName": "Jo Rivera",
            "RecipientAddressStreet1": "1450 Larimer St", "RecipientAddressCity": "Denver",
            "RecipientAddressState": "CO", "RecipientAddressPostalCode": "80202",
            **SEND_CARRIER, "PlannedRoute": "Colfax Ave east to Larimer St.",
            "EstimatedDepartureDateTime": "2026-06-15T15:00:00",
            "EstimatedArrivalDateTime": "2026-06-15T15:40:00", "Transactions": [SEND_LINE],
        }]),
    ]  # fmt: skip
    assert made["ids"] == [8803]
    assert made["message"] == "Recorded a Consumer delivery of 1 line to Jo Rivera."


async def test_a_delivery_arriving_before_it_leaves_is_refused(
    run: Run, documented: FakeMetrc
) -> None:
    with pytest.raises(ToolProblem, match="arrival must come after"):
        await run(
            delivery_changes.record_sales_delivery, license_number=STORE,
            sales_date_time=at("2026-06-15T14:30:00"), customer_type="Consumer", lines=[LINE],
            recipient=RECIPIENT, carrier=CARRIER, planned_route="Colfax Ave",
            estimated_departure=at("2026-06-15T15:00:00"),
            estimated_arrival=at("2026-06-15T14:00:00"),
        )  # fmt: skip
    assert sent(documented) == []


async def test_a_correction_keeps_what_was_recorded(run: Run, documented: FakeMetrc) -> None:
    updated = await run(
        delivery_changes.update_sales_delivery, license_number=STORE, delivery_id=8801,
        lines=[LINE], planned_route="Speer Blvd to Larimer St.",
    )  # fmt: skip

    # Metrc's read of 8801 has no transporter (null): the write names this licence instead.
    assert sent(documented) == [
        ("PUT", "/sales/v2/deliveries", [{
            "Id": 8801, "TransporterFacilityLicenseNumber": STORE,
            "SalesDateTime": "2026-06-14T15:20:00", "SalesCustomerType": "Consumer",
            "RecipientAddressStreet1": "1450 Larimer St", "RecipientAddressCity": "Denver",
            "RecipientAddressState": "CO", "RecipientAddressPostalCode": "80202",
            "ConsumerId": "C-8801", **SEND_CARRIER, "PlannedRoute": "Speer Blvd to Larimer St.",
            "EstimatedDepartureDateTime": "2026-06-14T16:00:00.000",
            "EstimatedArrivalDateTime": "2026-06-14T16:40:00.000", "Transactions": [SEND_LINE],
        }]),
    ]  # fmt: skip
    assert updated["message"] == "Updated sales delivery 8801."
    with pytest.raises(ToolProblem, match="Nothing to change"):
        await run(delivery_changes.update_sales_delivery, license_number=STORE, delivery_id=8801)


async def test_a_delivery_is_completed_and_another_voided(run: Run, documented: FakeMetrc) -> None:
    back = ReturnedPackage(label=FLOWER, quantity=1, unit_of_measure="Grams", reason="Spoilage")
    # Metrc documents a delivery read by Id with no lines (TotalPackages 1), so the packages
    # accepted cannot be derived: without them named, nothing is sent.
    with pytest.raises(ToolProblem, match="lists none of its 1 package: name the accepted"):
        await run(
            delivery_changes.complete_sales_delivery, license_number=STORE, delivery_id=8801,
            actual_arrival=at("2026-06-14T16:38:00"),
        )  # fmt: skip
    with pytest.raises(ToolProblem, match=f"Accepted and returned at once: {FLOWER}"):
        await run(
            delivery_changes.complete_sales_delivery, license_number=STORE, delivery_id=8801,
            actual_arrival=at("2026-06-14T16:38:00"), returned=[back], accepted=[FLOWER],
        )  # fmt: skip
    done = await run(
        delivery_changes.complete_sales_delivery, license_number=STORE, delivery_id=8801,
        actual_arrival=at("2026-06-14T16:38:00"), payment_type="Cash", accepted=[FLOWER],
    )  # fmt: skip
    voided = await run(delivery_changes.void_sales_delivery, license_number=STORE, delivery_id=8801)

    assert sent(documented) == [
        ("PUT", "/sales/v2/deliveries/complete", [{
            "Id": 8801, "ActualArrivalDateTime": "2026-06-14T16:38:00", "PaymentType": "Cash",
            "AcceptedPackages": [FLOWER], "ReturnedPackages": [],
        }]),
        ("DELETE", "/sales/v2/deliveries/8801", None),
    ]  # fmt: skip
    assert done["message"] == "Completed sales delivery 8801: 1 package accepted, 0 returned."
    assert voided["message"] == "Voided sales delivery 8801."


async def test_a_hub_carries_a_delivery_on(run: Run, documented: FakeMetrc) -> None:
    handed = await run(
        delivery_hub.update_sales_delivery_hub, license_number=STORE, delivery_id=8801,
        transporter_facility_id=" 4815", carrier=CARRIER, planned_route="I-25 north to Denver.",
        estimated_departure=at("2026-06-15T09:00:00"),
        estimated_arrival=at("2026-06-15T10:30:00"), phone_number_for_questions="303-555-0142",
    )  # fmt: skip
    await run(
        delivery_hub.record_sales_delivery_hub_step,
        license_number=STORE,
        delivery_id=8801,
        step="accepted",
    )
    await run(
        delivery_hub.record_sales_delivery_hub_step,
        license_number=STORE,
        delivery_id=8801,
        step="departed",
    )
    checked = await run(
        delivery_hub.verify_sales_delivery_id, license_number=STORE, delivery_id=8801,
        payment_type=" Cash",
    )  # fmt: skip

    assert sent(documented) == [
        ("PUT", "/sales/v2/deliveries/hub", [{
            "Id": 8801, "TransporterFacilityId": "4815", **SEND_CARRIER,
            "PhoneNumberForQuestions": "303-555-0142", "PlannedRoute": "I-25 north to Denver.",
            "EstimatedDepartureDateTime": "2026-06-15T09:00:00",
            "EstimatedArrivalDateTime": "2026-06-15T10:30:00",
        }]),
        ("PUT", "/sales/v2/deliveries/hub/accept", [{"Id": 8801}]),
        ("PUT", "/sales/v2/deliveries/hub/depart", [{"Id": 8801}]),
        ("PUT", "/sales/v2/deliveries/hub/verifyID", [{"Id": 8801, "PaymentType": "Cash"}]),
    ]  # fmt: skip
    assert handed["message"] == "Set the hub transporter of sales delivery 8801."
    assert checked["message"] == "Recorded the ID check of sales delivery 8801."
