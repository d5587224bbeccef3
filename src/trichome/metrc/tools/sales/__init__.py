"""Sales tools: receipts by sale date, one receipt, recording and correcting sales, customer types.

Only licences that sell to consumers or patients (dispensaries) have sales.

- `lookup`: finding a receipt by Id and showing one
- `read`: the receipts sold between two days, and one receipt
- `recording`: new receipts, corrections, and the customer types they take
- `reference`: counties, patient registration locations, a receipt by external number
- `closing`: finalizing, reopening and voiding receipts
- `deliveries`: sales deliveries under way or finished, and one delivery
- `delivery_changes`: recording, correcting, completing and voiding a sales delivery
- `delivery_hub`: deliveries through a hub, return reasons and payment types
- `retailer`, `retailer_trips`: retailer deliveries (a vehicle selling on one trip)
- `patients`: registered medical patients and what a patient may still buy
- `patient_lookup`: one patient by PatientId or licence number
- `patient_changes`: adding, correcting and removing patients; a caregiver's status
- `checkins`: patient check-ins and the state's check-in locations
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
from trichome.metrc.tools.sales.reference import (
    get_sales_receipt_by_external_number,
    list_patient_registration_locations,
    list_sales_counties,
)
from trichome.metrc.tools.sales.closing import (
    finalize_sales_receipts,
    unfinalize_sales_receipts,
    void_sales_receipt,
)
from trichome.metrc.tools.sales.deliveries import (
    get_sales_delivery,
    list_active_sales_deliveries,
    list_inactive_sales_deliveries,
)
from trichome.metrc.tools.sales.delivery_changes import (
    complete_sales_delivery,
    record_sales_delivery,
    update_sales_delivery,
    void_sales_delivery,
)
from trichome.metrc.tools.sales.delivery_hub import (
    list_delivery_return_reasons,
    list_payment_types,
    record_sales_delivery_hub_step,
    update_sales_delivery_hub,
    verify_sales_delivery_id,
)
from trichome.metrc.tools.sales.retailer import (
    depart_retailer_delivery,
    get_retailer_delivery,
    list_retailer_deliveries,
    record_retailer_delivery,
    update_retailer_delivery,
    void_retailer_delivery,
)
from trichome.metrc.tools.sales.retailer_trips import (
    end_retailer_delivery,
    record_retailer_delivery_sale,
    restock_retailer_delivery,
)
from trichome.metrc.tools.sales.patients import get_patient_status, list_patients
from trichome.metrc.tools.sales.patient_lookup import get_patient
from trichome.metrc.tools.sales.patient_changes import (
    add_patient,
    get_caregiver_status,
    remove_patient,
    update_patient,
)
from trichome.metrc.tools.sales.checkins import (
    archive_patient_check_in,
    list_patient_check_in_locations,
    list_patient_check_ins,
    record_patient_check_in,
    update_patient_check_in,
)
# isort: on

__all__ = [
    "SaleLine",
    "add_patient",
    "archive_patient_check_in",
    "complete_sales_delivery",
    "create_sales_receipt",
    "depart_retailer_delivery",
    "end_retailer_delivery",
    "finalize_sales_receipts",
    "get_caregiver_status",
    "get_patient",
    "get_patient_status",
    "get_retailer_delivery",
    "get_sales_delivery",
    "get_sales_receipt",
    "get_sales_receipt_by_external_number",
    "list_active_sales_deliveries",
    "list_active_sales_receipts",
    "list_customer_types",
    "list_delivery_return_reasons",
    "list_inactive_sales_deliveries",
    "list_inactive_sales_receipts",
    "list_patient_check_in_locations",
    "list_patient_check_ins",
    "list_patient_registration_locations",
    "list_patients",
    "list_payment_types",
    "list_retailer_deliveries",
    "list_sales_counties",
    "record_patient_check_in",
    "record_retailer_delivery",
    "record_retailer_delivery_sale",
    "record_sales_delivery",
    "record_sales_delivery_hub_step",
    "remove_patient",
    "restock_retailer_delivery",
    "trim_receipt",
    "unfinalize_sales_receipts",
    "update_patient",
    "update_patient_check_in",
    "update_retailer_delivery",
    "update_sales_delivery",
    "update_sales_delivery_hub",
    "update_sales_receipt",
    "verify_sales_delivery_id",
    "void_retailer_delivery",
    "void_sales_delivery",
    "void_sales_receipt",
]
