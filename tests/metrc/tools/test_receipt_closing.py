"""Receipt tools that close sales, against the seeded year: finalizing keeps a receipt a
sale on the inactive list, unfinalizing reopens it, voiding needs an open receipt."""

from __future__ import annotations

import pytest

from tests.metrc.tools.helpers import DISPENSARY
from trichome.metrc import MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import sales as tools


async def _open_receipts(count: int) -> list[int]:
    page = await tools.list_active_sales_receipts(DISPENSARY, page_size=count)
    return [receipt["Id"] for receipt in page["items"][:count]]


pytestmark = pytest.mark.anyio


async def test_receipts_are_finalized_reopened_and_voided(writer: MetrcAccess) -> None:
    with using(writer):
        first, second = await _open_receipts(2)
        done = await tools.finalize_sales_receipts(DISPENSARY, [first, second, first])
        final = (await tools.get_sales_receipt(DISPENSARY, first))["receipt"]
        with pytest.raises(ToolProblem, match="unfinalize it"):
            await tools.void_sales_receipt(DISPENSARY, first)
        with pytest.raises(MetrcValidationError, match=r"is not an? open receipt"):
            await tools.finalize_sales_receipts(DISPENSARY, [first])
        reopened = await tools.unfinalize_sales_receipts(DISPENSARY, [first])
        voided = await tools.void_sales_receipt(DISPENSARY, first)
        gone = (await tools.get_sales_receipt(DISPENSARY, first))["receipt"]
        with pytest.raises(ToolProblem, match="already voided"):
            await tools.void_sales_receipt(DISPENSARY, first)
        still_final = (await tools.get_sales_receipt(DISPENSARY, second))["receipt"]
    assert done["message"] == "Finalized 2 sales receipts."
    assert final["IsFinal"] is True
    assert reopened["message"] == "Reopened 1 finalized sales receipt."
    assert voided["message"] == f"Voided sales receipt {first}."
    assert gone.get("ArchivedDate")
    assert still_final["IsFinal"] is True
