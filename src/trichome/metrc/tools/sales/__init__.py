"""Sales tools: receipts by sale date, one receipt, recording and correcting sales, customer types.

Only licences that sell to consumers or patients (dispensaries) have sales.

- `lookup`: finding a receipt by Id and showing one
- `read`: the receipts sold between two days, and one receipt
- `recording`: new receipts, corrections, and the customer types they take
- `deliveries`: sales deliveries under way or finished, and one delivery
- `patients`: registered medical patients and what a patient may still buy
"""

# Importing a module registers its tools: this order is their order in tools/list.
# isort: off
from trichome.metrc.tools.sales.lookup import trim_receipt
from trichome.metrc.tools.sales.read import (
    get_sales_receipt,
    list_active_sales_receipts,
    list_inactive_sales_receipts,
)
from trichome.metrc.tools.sales.recording import (
    SaleLine,
    create_sales_receipt,
    list_customer_types,
    update_sales_receipt,
)
from trichome.metrc.tools.sales.deliveries import (
    get_sales_delivery,
    list_active_sales_deliveries,
    list_inactive_sales_deliveries,
)
from trichome.metrc.tools.sales.patients import get_patient_status, list_patients
# isort: on

__all__ = [
    "SaleLine",
    "create_sales_receipt",
    "get_patient_status",
    "get_sales_delivery",
    "get_sales_receipt",
    "list_active_sales_deliveries",
    "list_active_sales_receipts",
    "list_customer_types",
    "list_inactive_sales_deliveries",
    "list_inactive_sales_receipts",
    "list_patients",
    "trim_receipt",
    "update_sales_receipt",
]
