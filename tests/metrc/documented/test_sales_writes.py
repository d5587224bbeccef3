"""The sales receipt write tools on Metrc's documented request bodies (the fixture server
refuses any other body, writes.py): recording, correcting, finalizing, reopening and voiding
a receipt at the dispensary."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.metrc.documented.conftest import STORE, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.sales import closing, recording

pytestmark = pytest.mark.anyio
FLOWER, CLONE = "1A4FF0300000029000000201", "1A4FF0300000029000000301"


async def test_a_sale_is_recorded_in_local_time(run: Run, documented: FakeMetrc) -> None:
    line = recording.SaleLine(
        package_label=FLOWER, quantity=3.5, unit_of_measure="Grams", total_amount=45
    )
    result = await run(
        recording.create_sales_receipt, license_number=STORE,
        sales_date_time=datetime(2026, 6, 15, 14, 30), customer_type="consumer", lines=[line],
        external_receipt_number="POS-1042",
    )  # fmt: skip

    body = [
        {
            "SalesDateTime": "2026-06-15T14:30:00", "SalesCustomerType": "Consumer",
            "Transactions": [
                {"PackageLabel": FLOWER, "Quantity": 3.5, "UnitOfMeasure": "Grams", "TotalAmount": 45}
            ],
            "ExternalReceiptNumber": "POS-1042",
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/sales/v2/receipts", body)]
    assert result["ids"] == [61010]
    assert result["message"] == "Recorded a Consumer sale of 1 line totalling 45.00."


async def test_a_patient_sale_needs_the_patient(run: Run, documented: FakeMetrc) -> None:
    line = recording.SaleLine(
        package_label=FLOWER, quantity=1, unit_of_measure="Grams", total_amount=12
    )
    with pytest.raises(ToolProblem, match="needs the patient's licence"):
        await run(
            recording.create_sales_receipt, license_number=STORE,
            sales_date_time=datetime(2026, 6, 15, 14, 30), customer_type="Patient", lines=[line],
        )  # fmt: skip
    assert sent(documented) == []


async def test_a_correction_keeps_the_lines_and_changes_the_type(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        recording.update_sales_receipt, license_number=STORE, receipt_id=61005,
        customer_type="NonResidentConsumer",
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("PUT", "/sales/v2/receipts")
    assert body == [
        {
            "Id": 61005, "SalesDateTime": "2026-06-14T14:05:00",
            "SalesCustomerType": "NonResidentConsumer",
            "Transactions": [
                {"PackageLabel": FLOWER, "Quantity": 3.5, "UnitOfMeasure": "Grams", "TotalAmount": 45.0},
                {"PackageLabel": CLONE, "Quantity": 1.0, "UnitOfMeasure": "Each", "TotalAmount": 15.0},
            ],
        }
    ]  # fmt: skip


async def test_receipts_are_finalized_reopened_and_voided(run: Run, documented: FakeMetrc) -> None:
    await run(closing.finalize_sales_receipts, license_number=STORE, receipt_ids=[61005, 61005])
    await run(closing.unfinalize_sales_receipts, license_number=STORE, receipt_ids=[61005])
    voided = await run(closing.void_sales_receipt, license_number=STORE, receipt_id=61005)

    assert sent(documented) == [
        ("PUT", "/sales/v2/receipts/finalize", [{"Id": 61005}]),
        ("PUT", "/sales/v2/receipts/unfinalize", [{"Id": 61005}]),
        ("DELETE", "/sales/v2/receipts/61005", None),
    ]
    assert voided["message"] == "Voided sales receipt 61005."
