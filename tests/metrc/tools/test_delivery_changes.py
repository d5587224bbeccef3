"""Sales delivery tools that write, against the sandbox: recording, correcting, the hub's
steps, completing with a return, voiding; and the lists a delivery needs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.metrc.tools.helpers import DISPENSARY
from trichome.metrc import MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, load_all, using
from trichome.metrc.tools import sales as tools
from trichome.metrc.tools.sales.delivery_changes import ReturnedPackage
from trichome.metrc.tools.sales.delivery_parts import Carrier, Recipient
from trichome.metrc.tools.sales.recording import SaleLine

pytestmark = pytest.mark.anyio
at = datetime.fromisoformat
CARRIER = Carrier(
    driver_name="Sam Lee",
    driver_employee_id="E-17",
    drivers_license_number="D1234567",
    vehicle_make="Ford",
    vehicle_model="Transit",
    vehicle_license_plate_number="ABC123",
)
RECIPIENT = Recipient(
    name="Jo Rivera", street1="12 Elm St", city="Denver", state="co", postal_code="80202"
)
TIMES: dict[str, Any] = {
    "sales_date_time": at("2026-11-21T14:30:00"),
    "estimated_departure": at("2026-11-21T15:00:00"),
    "estimated_arrival": at("2026-11-21T15:40:00"),
}


async def jars(metrc: MetrcAccess, count: int) -> list[dict[str, Any]]:
    """Bud packages of the dispensary that may be sold, with room to sell from."""
    found = [
        p
        for p in await metrc.client.packages_active(DISPENSARY)
        if p["Item"]["ProductCategoryName"] == "Buds"
        and p["Quantity"] > 20
        and p.get("LabTestingState") in ("TestPassed", "RetestPassed", "NotRequired")
    ]
    return found[:count]


async def stock(metrc: MetrcAccess) -> dict[str, float]:
    """Each active package's quantity by label."""
    return {p["Label"]: p["Quantity"] for p in await metrc.client.packages_active(DISPENSARY)}


async def test_a_delivery_is_recorded_corrected_handed_on_and_completed(
    writer: MetrcAccess,
) -> None:
    with using(writer):
        first, second = await jars(writer, 2)
        before = await stock(writer)
        made = await tools.record_sales_delivery(
            DISPENSARY,
            customer_type="consumer",
            lines=[SaleLine(package_label=first["Label"], quantity=3.5,
                            unit_of_measure="Grams", total_amount=30)],
            recipient=RECIPIENT, carrier=CARRIER, planned_route="I-25 north, Elm St",
            **TIMES,
        )  # fmt: skip
        (delivery,) = made["ids"]
        changed = await tools.update_sales_delivery(
            DISPENSARY,
            delivery,
            lines=[
                SaleLine(package_label=second["Label"], quantity=2,
                         unit_of_measure="Grams", total_amount=20)
            ],
            planned_route="Colfax, then Elm St",
        )  # fmt: skip
        after = await stock(writer)
        shown = (await tools.get_sales_delivery(DISPENSARY, delivery))["delivery"]
        await tools.update_sales_delivery_hub(
            DISPENSARY, delivery, transporter_facility_id=DISPENSARY, carrier=CARRIER,
            planned_route="Hub to Elm St", estimated_departure=at("2026-11-21T16:00:00"),
            estimated_arrival=at("2026-11-21T16:30:00"),
        )  # fmt: skip
        await tools.record_sales_delivery_hub_step(DISPENSARY, delivery, "accepted")
        await tools.record_sales_delivery_hub_step(DISPENSARY, delivery, "departed")
        await tools.verify_sales_delivery_id(DISPENSARY, delivery, "cash")
        with pytest.raises(ToolProblem, match="Not on delivery"):
            await tools.complete_sales_delivery(
                DISPENSARY, delivery, at("2026-11-21T16:35:00"),
                returned=[ReturnedPackage(
                    label=first["Label"], quantity=1, unit_of_measure="Grams",
                    reason="Customer Refused")],
            )  # fmt: skip
        done = await tools.complete_sales_delivery(
            DISPENSARY, delivery, at("2026-11-21T16:35:00"), payment_type="Cash",
            returned=[ReturnedPackage(
                label=second["Label"], quantity=0.5, unit_of_measure="Grams",
                reason="Customer Refused")],
        )  # fmt: skip
        finished = (await tools.get_sales_delivery(DISPENSARY, delivery))["delivery"]
        last = await stock(writer)
    assert made["message"] == "Recorded a Consumer delivery of 1 line to Jo Rivera."
    assert changed["message"] == f"Updated sales delivery {delivery}."
    assert after[first["Label"]] == pytest.approx(before[first["Label"]])
    assert after[second["Label"]] == pytest.approx(before[second["Label"]] - 2)
    assert shown["PlannedRoute"] == "Colfax, then Elm St" and shown["DriverName"] == "Sam Lee"
    assert (
        done["message"] == f"Completed sales delivery {delivery}: 0 packages accepted, 1 returned."
    )
    assert finished["SalesDeliveryState"] == "Delivered"
    assert finished["PlannedRoute"] == "Hub to Elm St"
    assert last[second["Label"]] == pytest.approx(before[second["Label"]] - 1.5)


async def test_a_delivery_is_voided_and_refusals_explain_themselves(writer: MetrcAccess) -> None:
    with using(writer):
        (jar,) = await jars(writer, 1)
        line = SaleLine(
            package_label=jar["Label"], quantity=1, unit_of_measure="Grams", total_amount=9
        )
        with pytest.raises(ToolProblem, match="arrival must come after"):
            await tools.record_sales_delivery(
                DISPENSARY, customer_type="Consumer", lines=[line], recipient=RECIPIENT,
                carrier=CARRIER, planned_route="Elm St", sales_date_time=at("2026-11-21T14:30:00"),
                estimated_departure=at("2026-11-21T15:00:00"),
                estimated_arrival=at("2026-11-21T14:00:00"),
            )  # fmt: skip
        with pytest.raises(ToolProblem, match="needs the patient's licence"):
            await tools.record_sales_delivery(
                DISPENSARY, customer_type="Patient", lines=[line], recipient=RECIPIENT,
                carrier=CARRIER, planned_route="Elm St", **TIMES,
            )  # fmt: skip
        with pytest.raises(MetrcValidationError, match="not a known facility"):
            await tools.record_sales_delivery(
                DISPENSARY, customer_type="Consumer", lines=[line], recipient=RECIPIENT,
                carrier=CARRIER, planned_route="Elm St", transporter_license_number="NO-SUCH",
                **TIMES,
            )  # fmt: skip
        made = await tools.record_sales_delivery(
            DISPENSARY, customer_type="Consumer", lines=[line], recipient=RECIPIENT,
            carrier=CARRIER, planned_route="Elm St", **TIMES,
        )  # fmt: skip
        (delivery,) = made["ids"]
        with pytest.raises(ToolProblem, match="Nothing to change"):
            await tools.update_sales_delivery(DISPENSARY, delivery)
        voided = await tools.void_sales_delivery(DISPENSARY, delivery)
        inactive = await tools.list_inactive_sales_deliveries(DISPENSARY)
        with pytest.raises(ToolProblem, match="No sales delivery with Id 999999"):
            await tools.void_sales_delivery(DISPENSARY, 999999)
    assert voided["message"] == f"Voided sales delivery {delivery}."
    # With the seeded store's completed and voided deliveries.
    assert inactive["by_state"] == {"Voided": 2, "Delivered": 1}


async def test_return_reasons_and_payment_types(reader: MetrcAccess) -> None:
    with using(reader):
        reasons = await tools.list_delivery_return_reasons(DISPENSARY)
        payments = await tools.list_payment_types(DISPENSARY)
    published = load_all()
    TypeAdapter(published["list_delivery_return_reasons"].returns).validate_python(reasons)
    other = next(row for row in reasons["items"] if row["Name"] == "Other")
    assert other == {
        "Name": "Other",
        "RequiresNote": True,
        "RequiresWasteWeight": False,
        "RequiresImmatureWasteWeight": False,
        "RequiresMatureWasteWeight": False,
    }
    assert "Cash" in payments["items"] and payments["total"] == len(payments["items"])
