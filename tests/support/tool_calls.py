"""Every read tool and skill, called as a user would against the seeded year.

`call_every_read(call)` runs them all through `call(name, arguments)` (a direct call, the
in-process MCP server, or a real client) and returns each tool's structured result. The
arguments of a detail tool (a package label, a transfer's Id...) come from what the lists
answered before it, so the calls follow the seeded data rather than hard-coded ids. Lists
ask for pages of 100, so one call checks many records.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY, LAB, MANUFACTURER

Call = Callable[[str, dict[str, Any]], Awaitable[dict[str, Any]]]
# Reads the seeded year has nothing for: the year holds no sales deliveries, so a delivery is
# recorded first and read back, its answer checked against the schema, in
# tests/metrc/tools/test_deliveries.py.
# The Colorado sandbox has no Retail ID (Metrc has none in CO), so its reads are called against
# a sandbox in California in tests/metrc/tools/test_brands_and_retail_id.py.
# The year holds no item photo or file either: tests/metrc/tools/test_outputs.py uploads one
# and reads it back through get_item_media's schema.
# Nor retailer deliveries, additives templates or a receipt with an external number:
# tests/metrc/tools/test_retailer_deliveries.py, test_additives_templates.py and
# test_sales_reference.py record one and read it back through its schema.
# Plant waste records are read by the Id their recording answers: test_plants.py records one
# and reads its plants back through get_plant_waste's schema.
# The year holds no sublocation or patient, and the QR-code and staged-tag look-ups are
# Retail ID's: test_lookups.py makes a sublocation and a patient and reads them back, and the
# Retail ID look-ups run in California in test_retail_id_lookup.py, each through its schema.
# No seeded result has a document: tests/metrc/tools/test_lab_documents.py attaches one and
# reads it back through get_lab_test_document's schema.
# Colorado has no mother phase (a Colorado licence's mother lists are a 401): the mothers of
# Massachusetts' cultivator are listed through list_mother_plants's schema in
# tests/metrc/tools/test_cultivation_changes.py.
NOT_SEEDED = frozenset(
    {
        "get_item_media",
        "get_sales_delivery",
        "get_retailer_delivery",
        "get_additives_template",
        "get_sales_receipt_by_external_number",
        "get_retail_id_allotment",
        "get_package_retail_ids",
        "get_retail_id_packages_info",
        "get_plant_waste",
        "get_sublocation",
        "get_patient",
        "get_package_by_qr_code",
        "list_staged_tags",
        "get_lab_test_document",
        "list_mother_plants",
    }
)
FULL = {"page_size": 100}
DAY = AS_OF.isoformat()

# Each read tool's licence and arguments, where no earlier answer is needed.
PLAIN_READS: dict[str, dict[str, Any]] = {
    "list_facilities": {},
    "list_webhook_subscriptions": {},
    "list_employees": {"license_number": CULTIVATOR, **FULL},
    "list_locations": {"license_number": CULTIVATOR, **FULL},
    "list_location_types": {"license_number": CULTIVATOR},
    "list_inactive_locations": {"license_number": CULTIVATOR, **FULL},
    "list_sublocations": {"license_number": CULTIVATOR, **FULL},
    "list_drivers": {"license_number": CULTIVATOR, **FULL},
    "list_vehicles": {"license_number": CULTIVATOR, **FULL},
    "list_patients": {"license_number": DISPENSARY, **FULL},
    "get_patient_status": {"license_number": DISPENSARY, "patient_license_number": "X100420"},
    "get_caregiver_status": {
        "license_number": DISPENSARY,
        "caregiver_license_number": "CG-CO-000101",
    },
    "list_units_of_measure": {},
    "list_inactive_units_of_measure": {},
    "list_waste_methods": {},
    "list_available_plant_tags": {"license_number": CULTIVATOR, **FULL},
    "list_available_package_tags": {"license_number": DISPENSARY, **FULL},
    "list_active_packages": {"license_number": DISPENSARY, **FULL},
    "list_active_sales_deliveries": {"license_number": DISPENSARY, **FULL},
    "list_inactive_sales_deliveries": {"license_number": DISPENSARY, **FULL},
    "list_delivery_return_reasons": {"license_number": DISPENSARY},
    "list_payment_types": {"license_number": DISPENSARY},
    "list_retailer_deliveries": {"license_number": DISPENSARY, **FULL},
    "list_patient_check_ins": {"license_number": DISPENSARY, **FULL},
    "list_patient_check_in_locations": {},
    "list_sales_counties": {"license_number": DISPENSARY},
    "list_patient_registration_locations": {"license_number": DISPENSARY},
    "list_package_types": {},
    "list_plant_growth_phases": {"license_number": CULTIVATOR},
    "list_delivery_package_states": {"license_number": CULTIVATOR},
    "list_on_hold_packages": {"license_number": CULTIVATOR, **FULL},
    "list_inactive_packages": {"license_number": DISPENSARY, **FULL},
    "list_in_transit_packages": {"license_number": CULTIVATOR, **FULL},
    "list_package_adjustments": {"license_number": DISPENSARY, **FULL},
    "list_package_adjustment_reasons": {"license_number": DISPENSARY},
    "list_package_lab_samples": {"license_number": CULTIVATOR, **FULL},
    "list_shipped_packages": {"license_number": CULTIVATOR, **FULL},
    "list_vegetative_plants": {"license_number": CULTIVATOR, **FULL},
    "list_flowering_plants": {"license_number": CULTIVATOR, **FULL},
    "list_inactive_plants": {"license_number": CULTIVATOR, **FULL},
    "list_on_hold_plants": {"license_number": CULTIVATOR, **FULL},
    "list_plant_additives": {"license_number": CULTIVATOR, **FULL},
    "list_additive_types": {"license_number": CULTIVATOR},
    "list_additives_templates": {"license_number": CULTIVATOR, **FULL},
    "list_plant_waste_reasons": {"license_number": CULTIVATOR},
    "list_plant_waste_methods": {"license_number": CULTIVATOR},
    "list_active_plant_batches": {"license_number": CULTIVATOR, **FULL},
    "list_inactive_plant_batches": {"license_number": CULTIVATOR, **FULL},
    "list_plant_batch_types": {"license_number": CULTIVATOR},
    "list_plant_batch_waste": {"license_number": CULTIVATOR, **FULL},
    "list_plant_batch_waste_reasons": {"license_number": CULTIVATOR},
    "list_active_strains": {"license_number": CULTIVATOR, **FULL},
    "list_inactive_strains": {"license_number": CULTIVATOR, **FULL},
    "list_active_harvests": {"license_number": CULTIVATOR, **FULL},
    "list_inactive_harvests": {"license_number": CULTIVATOR, **FULL},
    "list_on_hold_harvests": {"license_number": CULTIVATOR, **FULL},
    "list_harvest_waste_types": {"license_number": CULTIVATOR},
    "list_incoming_transfers": {"license_number": DISPENSARY, **FULL},
    "list_outgoing_transfers": {"license_number": CULTIVATOR, **FULL},
    "list_rejected_transfers": {"license_number": MANUFACTURER, **FULL},
    "list_transfer_templates": {"license_number": CULTIVATOR, **FULL},
    "list_transfer_hub": {"license_number": CULTIVATOR, **FULL},
    "list_transfer_types": {"license_number": CULTIVATOR},
    "list_active_sales_receipts": {"license_number": DISPENSARY, **FULL},
    "list_inactive_sales_receipts": {"license_number": DISPENSARY, **FULL},
    "list_customer_types": {"license_number": DISPENSARY},
    "list_lab_test_types": {"license_number": LAB},
    "list_lab_test_batches": {"license_number": LAB},
    "list_lab_testing_states": {"license_number": LAB},
    "list_active_items": {"license_number": CULTIVATOR, **FULL},
    "list_inactive_items": {"license_number": CULTIVATOR, **FULL},
    "list_item_categories": {"license_number": DISPENSARY},
    "list_item_brands": {"license_number": CULTIVATOR, **FULL},
    "list_active_processing_jobs": {"license_number": MANUFACTURER, **FULL},
    "list_inactive_processing_jobs": {"license_number": MANUFACTURER, **FULL},
    "list_processing_job_types": {"license_number": MANUFACTURER, "include_archived": True},
    "list_processing_job_categories": {"license_number": MANUFACTURER},
}
SKILL_CALLS: dict[str, dict[str, Any]] = {
    "needs_attention": {"license_number": DISPENSARY, "as_of": DAY},
    "audit_ready": {"license_number": DISPENSARY, "as_of": DAY},
    "fifo": {"license_number": DISPENSARY, "as_of": DAY},
    "compliance_check": {"license_number": CULTIVATOR, "as_of": DAY},
    "expiration_tracker": {"license_number": DISPENSARY, "as_of": DAY},
    "purchase_limit_check": {"license_number": DISPENSARY, "state": "CO", "as_of": DAY},
    "inventory_snapshot": {"license_number": DISPENSARY, "as_of": DAY},
    "transfer_summary": {"license_number": CULTIVATOR, "as_of": DAY},
    "yield_analysis": {"license_number": CULTIVATOR, "as_of": DAY},
    "sales_analysis": {"license_number": DISPENSARY, "as_of": DAY},
    "strain_performance": {"license_number": CULTIVATOR, "as_of": DAY},
    "waste_report": {"license_number": CULTIVATOR, "as_of": DAY},
    "fefo": {"license_number": DISPENSARY, "as_of": DAY},
    "late_sales": {"license_number": DISPENSARY, "state": "CA", "as_of": DAY},
    "credential_expiry": {"license_number": CULTIVATOR, "as_of": DAY},
    "count_reconciliation": {
        "license_number": DISPENSARY,
        "count_csv": "label,quantity\nNO-SUCH-TAG,1",
        "as_of": DAY,
    },
    "flower_trim_yield": {"license_number": CULTIVATOR, "as_of": DAY},
    "wholesale_value": {"license_number": CULTIVATOR, "as_of": DAY},
}


async def call_every_read(call: Call) -> dict[str, dict[str, Any]]:
    """Every read tool and skill's result, by tool name."""
    results = {name: await call(name, arguments) for name, arguments in PLAIN_READS.items()}
    package = results["list_active_packages"]["items"][0]
    plant = results["list_flowering_plants"]["items"][0]
    batch = results["list_active_plant_batches"]["items"][0]
    strain = results["list_active_strains"]["items"][0]
    harvest = results["list_inactive_harvests"]["items"][0]
    transfer = results["list_incoming_transfers"]["items"][0]
    receipt = results["list_active_sales_receipts"]["items"][0]
    item = results["list_active_items"]["items"][0]
    job = results["list_inactive_processing_jobs"]["items"][0]
    employee = results["list_employees"]["items"][0]
    template = results["list_transfer_templates"]["items"][0]
    details: dict[str, dict[str, Any]] = {
        "get_package": {"license_number": DISPENSARY, "label": package["Label"]},
        "list_package_lab_results": {"license_number": DISPENSARY, "label": package["Label"]},
        "get_package_source_harvests": {"license_number": DISPENSARY, "label": package["Label"]},
        "package_history": {"license_number": DISPENSARY, "label": package["Label"], "as_of": DAY},
        "get_plant": {"license_number": CULTIVATOR, "label": plant["Label"]},
        "get_plant_batch": {"license_number": CULTIVATOR, "name": batch["Name"]},
        "get_employee_permissions": {
            "license_number": CULTIVATOR,
            "employee_license_number": employee["EmployeeLicenseNumber"],
        },
        "get_strain": {"license_number": CULTIVATOR, "name": strain["Name"]},
        "get_harvest": {"license_number": CULTIVATOR, "harvest": harvest["Name"]},
        "list_harvest_waste": {"license_number": CULTIVATOR, "harvest": harvest["Name"]},
        "list_transfer_deliveries": {"license_number": DISPENSARY, "transfer_id": transfer["Id"]},
        "get_sales_receipt": {"license_number": DISPENSARY, "receipt_id": receipt["Id"]},
        "get_item": {"license_number": CULTIVATOR, "name": item["Name"]},
        "get_processing_job": {"license_number": MANUFACTURER, "job": job["Name"]},
        "get_transfer_template_deliveries": {
            "license_number": CULTIVATOR,
            "template_id": template["Id"],
        },
        **SKILL_CALLS,
    }
    for name, arguments in details.items():
        results[name] = await call(name, arguments)
    delivery = results["list_transfer_deliveries"]["items"][0]
    results["list_delivery_packages"] = await call(
        "list_delivery_packages",
        {"license_number": DISPENSARY, "delivery_id": delivery["Id"], **FULL},
    )
    for name in ("get_delivery_transporters", "list_required_lab_tests"):
        results[name] = await call(
            name, {"license_number": DISPENSARY, "delivery_id": delivery["Id"]}
        )
    for name in ("get_transfer_manifest", "get_transfer_manifest_pdf"):
        results[name] = await call(
            name, {"license_number": DISPENSARY, "transfer_id": transfer["Id"]}
        )
    return results
