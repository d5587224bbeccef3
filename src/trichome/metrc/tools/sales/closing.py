"""Sales tools that close receipts: finalizing them (they stay sales, closed to edits),
reopening finalized ones, and voiding a receipt recorded in error.

Metrc's v2 documentation as captured in thunkier/ThunkMetrc (specs/generated/bruno/Sales):
FinalizeReceipts and UnfinalizeReceipts take `[{Id}]` and answer with no body
(UpdateReceiptsFinalize.bru, UpdateReceiptsUnfinalize.bru); ArchiveReceipt is
`DELETE /sales/v2/receipts/{id}` (DeleteReceiptById.bru).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, Written, plural, written
from trichome.metrc.tools.sales.lookup import find_receipt

ReceiptIds = Annotated[
    list[Annotated[int, Field(ge=1)]],
    Field(min_length=1, max_length=100, description="The receipts' Ids (1 to 100)."),
]


def _unique(receipt_ids: list[int]) -> list[int]:
    return list(dict.fromkeys(receipt_ids))


@tool("sales", title="Finalize sales receipts", read_only=False, idempotent=True, returns=Written)
async def finalize_sales_receipts(
    license_number: LicenseNumber, receipt_ids: ReceiptIds
) -> dict[str, Any]:
    """Finalize open sales receipts: they move to the inactive list marked IsFinal, still count
    as sales, and can no longer be edited or voided until unfinalized."""
    metrc = access()
    ids = _unique(receipt_ids)
    result = await metrc.client.finalize_sales_receipts(
        license_number, ids, credentials=metrc.credentials
    )
    return written(result, f"Finalized {plural(len(ids), 'sales receipt')}.")


@tool("sales", title="Unfinalize sales receipts", read_only=False, idempotent=True, returns=Written)
async def unfinalize_sales_receipts(
    license_number: LicenseNumber, receipt_ids: ReceiptIds
) -> dict[str, Any]:
    """Reopen finalized sales receipts so they can be corrected (update_sales_receipt) or
    voided; they return to the active list."""
    metrc = access()
    ids = _unique(receipt_ids)
    result = await metrc.client.unfinalize_sales_receipts(
        license_number, ids, credentials=metrc.credentials
    )
    return written(result, f"Reopened {plural(len(ids), 'finalized sales receipt')}.")


@tool(
    "sales",
    title="Void a sales receipt",
    read_only=False,
    destructive=True,
    returns=Written,
)
async def void_sales_receipt(
    license_number: LicenseNumber,
    receipt_id: Annotated[int, Field(ge=1, description="The receipt's Id.")],
) -> dict[str, Any]:
    """Void a sales receipt recorded in error: its quantities go back to the packages and it
    no longer counts as a sale. A finalized receipt must be unfinalized first."""
    metrc = access()
    receipt = await find_receipt(metrc, license_number, receipt_id)
    if receipt.get("ArchivedDate"):
        raise ToolProblem(f"Receipt {receipt_id} is already voided.")
    if receipt.get("IsFinal"):
        raise ToolProblem(
            f"Receipt {receipt_id} is finalized; unfinalize it (unfinalize_sales_receipts) "
            "before voiding it."
        )
    result = await metrc.client.void_sales_receipt(
        license_number, receipt_id, credentials=metrc.credentials
    )
    return written(result, f"Voided sales receipt {receipt_id}.")
