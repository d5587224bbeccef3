"""Sales deliveries through the client against the sandbox, and the delivery tools: recording
takes the sold quantities, completing returns what came back, voiding returns everything."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.support.sandbox import AS_OF, KEYS, sandbox_client
from trichome.config import Settings
from trichome.metrc import MetrcNotFound, MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, load_all, using
from trichome.metrc.tools import sales as tools

pytestmark = pytest.mark.anyio
DISPENSARY = "SF-SBX-CO-24-8002"


def _delivery(label: str, quantity: float, **changes: Any) -> dict[str, Any]:
    return {
        "SalesDateTime": "2026-11-21T14:30:00",
        "SalesCustomerType": "Consumer",
        "RecipientName": "Jo Rivera",
        "RecipientAddressStreet1": "12 Elm St",
        "RecipientAddressCity": "Denver",
        "RecipientAddressState": "CO",
        "RecipientAddressPostalCode": "80202",
        "TransporterFacilityLicenseNumber": DISPENSARY,
        "DriverName": "Sam Lee",
        "DriverEmployeeId": "E-17",
        "DriversLicenseNumber": "D1234567",
        "VehicleMake": "Ford",
        "VehicleModel": "Transit",
        "VehicleLicensePlateNumber": "ABC123",
        "PlannedRoute": "I-25 north, exit 213, Elm St",
        "EstimatedDepartureDateTime": "2026-11-21T15:00:00",
        "EstimatedArrivalDateTime": "2026-11-21T15:40:00",
        "Transactions": [
            {"PackageLabel": label, "Quantity": quantity, "UnitOfMeasure": "Grams",
             "TotalAmount": 30.0}
        ],
        **changes,
    }  # fmt: skip


async def test_a_delivery_is_recorded_departs_and_completes_with_a_return(
    own_year: Settings,
) -> None:
    async with sandbox_client(own_year) as client:
        jars = [
            p
            for p in await client.packages_active(DISPENSARY)
            if p["Item"]["ProductCategoryName"] == "Buds" and p["Quantity"] > 20
        ][:2]
        before = {p["Label"]: p["Quantity"] for p in jars}
        first, second = (p["Label"] for p in jars)
        made = await client.create_sales_deliveries(
            DISPENSARY, [_delivery(first, 3.5), _delivery(second, 7)]
        )
        kept, voided = made["Ids"]
        active = await client.sales_deliveries_active(DISPENSARY)
        # After the delivery the seeded store has on the road at the year's end.
        seeded = [d["Id"] for d in active][:-2]
        assert len(seeded) == 1 and [d["Id"] for d in active][-2:] == [kept, voided]
        one = await client.sales_delivery(DISPENSARY, kept)
        assert one["SalesDeliveryState"] == "InTransit"
        assert one["RecipientName"] == "Jo Rivera"
        assert one["PlannedRoute"].startswith("I-25")
        assert one["TransporterFacilityLicenseNumber"] == DISPENSARY
        assert one["Transactions"][0]["PackageLabel"] == first
        after = {p["Label"]: p["Quantity"] for p in await client.packages_active(DISPENSARY)}
        assert after[first] == pytest.approx(before[first] - 3.5)

        await client.depart_sales_hub_deliveries(DISPENSARY, [{"Id": kept}])
        assert (await client.sales_delivery(DISPENSARY, kept))["ActualDepartureDateTime"]

        reasons = await client.sales_delivery_return_reasons(DISPENSARY)
        assert {"Customer Refused", "Other"} <= {r["Name"] for r in reasons}
        with pytest.raises(MetrcValidationError, match="requires a ReturnReasonNote"):
            await client.complete_sales_deliveries(
                DISPENSARY,
                [{"Id": kept, "ActualArrivalDateTime": "2026-11-21T15:45:00",
                  "ReturnedPackages": [{"Label": first, "ReturnQuantityVerified": 1,
                                        "ReturnUnitOfMeasure": "Grams", "ReturnReason": "Other"}]}],
            )  # fmt: skip
        await client.complete_sales_deliveries(
            DISPENSARY,
            [{"Id": kept, "ActualArrivalDateTime": "2026-11-21T15:45:00", "PaymentType": "Cash",
              "ReturnedPackages": [{"Label": first, "ReturnQuantityVerified": 1,
                                    "ReturnUnitOfMeasure": "Grams",
                                    "ReturnReason": "customer refused"}]}],
        )  # fmt: skip
        done = await client.sales_delivery(DISPENSARY, kept)
        assert done["SalesDeliveryState"] == "Delivered"
        assert done["CompletedDateTime"] and done["ActualArrivalDateTime"]
        after = {p["Label"]: p["Quantity"] for p in await client.packages_active(DISPENSARY)}
        assert after[first] == pytest.approx(before[first] - 2.5)

        await client.void_sales_delivery(DISPENSARY, voided)
        after = {p["Label"]: p["Quantity"] for p in await client.packages_active(DISPENSARY)}
        assert after[second] == pytest.approx(before[second])
        assert [d["Id"] for d in await client.sales_deliveries_active(DISPENSARY)] == seeded
        inactive = await client.sales_deliveries_inactive(DISPENSARY)
        mine = {d["Id"]: d["SalesDeliveryState"] for d in inactive if d["Id"] in (kept, voided)}
        assert mine == {kept: "Delivered", voided: "Voided"}
        with pytest.raises(MetrcNotFound):
            await client.void_sales_delivery(DISPENSARY, voided)

        access = MetrcAccess(client, KEYS, today=AS_OF)
        with using(access):
            page = await tools.list_inactive_sales_deliveries(DISPENSARY)
            # With the seeded store's completed and voided deliveries.
            assert page["by_state"] == {"Delivered": 2, "Voided": 2}
            one = await tools.get_sales_delivery(DISPENSARY, kept)
            published = load_all()
            for name, answer in (
                ("list_inactive_sales_deliveries", page),
                ("get_sales_delivery", one),
            ):
                TypeAdapter(published[name].returns).validate_python(answer)  # its outputSchema
            shown = one["delivery"]
            assert shown["DriverName"] == "Sam Lee"
            assert shown["Lines"][0]["PackageLabel"] == first
            assert (await tools.list_active_sales_deliveries(DISPENSARY))["total"] == 1
            with pytest.raises(ToolProblem, match="No sales delivery with Id 999999"):
                await tools.get_sales_delivery(DISPENSARY, 999999)


async def test_delivery_refusals_name_each_problem(own_year: Settings) -> None:
    async with sandbox_client(own_year) as client:
        (jar,) = [
            p
            for p in await client.packages_active(DISPENSARY)
            if p["Item"]["ProductCategoryName"] == "Buds" and p["Quantity"] > 20
        ][:1]
        late = _delivery(
            jar["Label"], 1, EstimatedArrivalDateTime="2026-11-21T14:00:00",
            TransporterFacilityLicenseNumber="NO-SUCH-LICENCE",
        )  # fmt: skip
        with pytest.raises(MetrcValidationError) as refused:
            await client.create_sales_deliveries(DISPENSARY, [late])
        text = str(refused.value)
        assert "must be after EstimatedDepartureDateTime" in text
        assert "not a known facility" in text
        made = await client.create_sales_deliveries(DISPENSARY, [_delivery(jar["Label"], 1)])
        (delivery_id,) = made["Ids"]
        with pytest.raises(MetrcValidationError, match="missing"):
            await client.complete_sales_deliveries(
                DISPENSARY, [{"Id": delivery_id, "ActualArrivalDateTime": "2026-11-21T15:45:00"}]
            )
        assert await client.sales_deliveries_active(DISPENSARY) != []
