"""A sale made from a retailer delivery on Metrc's documented request body (the fixture
server refuses any other body, writes.py): RecordSaleFromRetailerDelivery names the trip, the
customer type, the recipient's address and `Transactions` of `{PackageLabel, Quantity,
UnitOfMeasure, TotalAmount}` (Metrc's v2 Postman collections, the same example in every
state)."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.metrc.documented.conftest import STORE, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.sales import retailer_trips
from trichome.metrc.tools.sales.delivery_parts import Recipient
from trichome.metrc.tools.sales.recording import SaleLine

pytestmark = pytest.mark.anyio
ON_BOARD = "1A4FF0300000029000000203"
HOME = Recipient(
    name="Dana Whitfield", street1="1400 Larimer St", street2=None, city="Denver",
    county=None, state="co", postal_code="80202",
)  # fmt: skip


async def test_a_sale_from_the_trip_names_the_recipient_and_the_lines(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        retailer_trips.record_retailer_delivery_sale, license_number=STORE, delivery_id=9501,
        sales_date_time=datetime(2026, 6, 15, 14, 30), customer_type="consumer",
        lines=[SaleLine(package_label=ON_BOARD, quantity=3.5, unit_of_measure="Grams",
                        total_amount=45)],
        recipient=HOME,
    )  # fmt: skip

    body = [
        {
            "RetailerDeliveryId": 9501, "SalesDateTime": "2026-06-15T14:30:00",
            "SalesCustomerType": "Consumer", "RecipientName": "Dana Whitfield",
            "RecipientAddressStreet1": "1400 Larimer St", "RecipientAddressCity": "Denver",
            "RecipientAddressState": "CO", "RecipientAddressPostalCode": "80202",
            "Transactions": [
                {"PackageLabel": ON_BOARD, "Quantity": 3.5, "UnitOfMeasure": "Grams",
                 "TotalAmount": 45}
            ],
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/sales/v2/deliveries/retailer/sale", body)]
    assert result["message"] == "Recorded a Consumer sale of 1 line from retailer delivery 9501."


async def test_a_package_not_on_the_trip_is_refused_before_sending(
    run: Run, documented: FakeMetrc
) -> None:
    with pytest.raises(ToolProblem, match="Not on retailer delivery 9501"):
        await run(
            retailer_trips.record_retailer_delivery_sale, license_number=STORE,
            delivery_id=9501, sales_date_time=datetime(2026, 6, 15, 14, 30),
            customer_type="Consumer", recipient=HOME,
            lines=[SaleLine(package_label="1A4FF0300000029000000999", quantity=1,
                            unit_of_measure="Grams", total_amount=10)],
        )  # fmt: skip
    assert sent(documented) == []
