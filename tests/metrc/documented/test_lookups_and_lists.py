"""Reference lists and one-record reads, run on fixtures in Metrc's documented shapes: lab test
batches, item categories, waste methods and reasons, transfer types and templates, staged tags,
an employee's permissions, retired units, additives templates, and records read by Id (a
strain, an item, a plant batch, a patient and their purchase status, a caregiver, a
sublocation).
"""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run, records
from trichome.metrc.tools import ToolProblem, facilities, lab_results, strains
from trichome.metrc.tools.facilities import lookups
from trichome.metrc.tools.harvests import waste as harvest_waste
from trichome.metrc.tools.items import read as items
from trichome.metrc.tools.packages import retail_id_lookup
from trichome.metrc.tools.plant_batches import read as plant_batches
from trichome.metrc.tools.plants import additives_templates
from trichome.metrc.tools.plants import waste as plant_waste
from trichome.metrc.tools.sales import patient_changes, patient_lookup, patients
from trichome.metrc.tools.transfers import external, templates

pytestmark = pytest.mark.anyio


async def test_lab_test_batches_name_their_tests(run: Run) -> None:
    listed = await run(lab_results.list_lab_test_batches, license_number=GROWER)

    assert listed["items"][0] == {
        "Id": 21,
        "Name": "Flower Compliance",
        "LabTestTypeCount": 3,
        "LabTestTypes": [
            "THC (%) Raw Plant Material",
            "Total Contaminant Load Metals (ppm) Mass Spec",
            "Moisture Content (%) Raw Plant Material",
        ],
    }
    assert listed["items"][1]["LabTestTypes"] == ["Total Yeast and Mold (CFU/g)"]


async def test_item_categories_say_what_an_item_of_each_needs(run: Run) -> None:
    listed = await run(items.list_item_categories, license_number=GROWER)

    by_name = {row["Name"]: row for row in listed["items"]}
    assert listed["total"] == len(records("items_categories")) == 4
    assert by_name["Buds"]["QuantityType"] == "WeightBased"
    assert by_name["Immature Plants"]["ProductCategoryType"] == "Plants"
    assert by_name["Edible"]["RequiresUnitThcContent"] is True
    assert by_name["Edible"]["RequiresStrain"] is False


async def test_waste_methods_reasons_and_types(run: Run) -> None:
    methods = await run(facilities.list_waste_methods)
    plant_methods = await run(plant_waste.list_plant_waste_methods, license_number=GROWER)
    reasons = await run(plant_waste.list_plant_waste_reasons, license_number=GROWER)
    harvest_types = await run(harvest_waste.list_harvest_waste_types, license_number=GROWER)

    destroys = [m["Name"] for m in methods["items"] if m["ForProductDestruction"]]
    assert destroys == ["Compost", "Mixed with 50% non-cannabis waste"]
    assert [m["Name"] for m in plant_methods["items"]] == ["Grinder", "Compost"]
    # Every documented field comes through: which reasons need a note or a waste weight.
    assert reasons["items"] == records("plants_waste_reasons", GROWER)
    assert reasons["items"][0]["RequiresMatureWasteWeight"] is True
    assert [t["Name"] for t in harvest_types["items"]] == [
        "Plant Material",
        "Stems and Roots",
        "Trim Waste",
    ]


async def test_transfer_types_and_templates(run: Run) -> None:
    types = await run(external.list_transfer_types, license_number=GROWER)
    listed = await run(templates.list_transfer_templates, license_number=GROWER)

    returned = next(t for t in types["items"] if t["Name"] == "Returned Product")
    assert returned["ForExternalIncomingShipments"] is True
    assert [t["TransactionType"] for t in types["items"]] == ["Wholesale", "Standard", "Standard"]
    template = listed["items"][0]
    assert (template["Name"], template["PackageCount"]) == ("Weekly flower to Front Range", 3)
    assert template["DriverName"] == "Dana Price"
    assert template["EstimatedDepartureDateTime"] == "2026-06-22T09:00:00.000"


async def test_staged_tags_and_an_employee_s_permissions(run: Run) -> None:
    staged = await run(retail_id_lookup.list_staged_tags, license_number=STORE)
    permissions = await run(
        lookups.get_employee_permissions, license_number=GROWER, employee_license_number="EL-502311"
    )

    assert staged["items"] == [
        {
            "Id": 6101,
            "Label": "1A4FF0300000029000000401",
            "TagInventoryTypeName": "CannabisPackage",
            "IsUsed": False,
            "IsStaged": True,
        }
    ]
    assert permissions["permissions"] == [
        "Manage Packages Inventory",
        "View Packages",
        "View Transfers",
    ]


async def test_retired_units_and_a_sublocation_by_id(run: Run) -> None:
    retired = await run(lookups.list_inactive_units_of_measure)
    bench = await run(lookups.get_sublocation, license_number=GROWER, sublocation_id=31)

    assert retired["items"] == [
        {"Name": "Metric Tons", "Abbreviation": "t", "QuantityType": "WeightBased"}
    ]
    assert bench["sublocation"] == {"Id": 31, "Name": "Bench 1"}


async def test_additives_templates_listed_and_one_by_id(run: Run) -> None:
    listed = await run(additives_templates.list_additives_templates, license_number=GROWER)
    neem = await run(
        additives_templates.get_additives_template, license_number=GROWER, template_id=802
    )

    assert [t["Name"] for t in listed["items"]] == ["Bloom feed", "Neem spray"]
    # Metrc answers this read with a list of one template.
    assert neem["template"]["EpaRegistrationNumber"] == "70051-2"
    assert neem["template"]["ActiveIngredients"] == [{"Name": "Azadirachtin", "Percentage": 0.6}]
    assert neem["template"]["RestrictiveEntryIntervalTimeDescription"] == "Hours"


async def test_a_strain_an_item_and_a_plant_batch_by_id(run: Run) -> None:
    strain = await run(strains.get_strain, license_number=GROWER, strain_id=41)
    item = await run(items.get_item, license_number=GROWER, item_id=301)
    batch = await run(plant_batches.get_plant_batch, license_number=GROWER, name="3402")

    assert (strain["strain"]["Name"], strain["strain"]["TestingStatus"]) == (
        "Blue Dream",
        "ThirdParty",
    )
    assert item["item"]["Name"] == "Blue Dream Flower"
    assert "LastModified" not in item["item"]
    assert batch["plant_batch"]["Name"] == "SD-2026-06-01-Clones"
    assert batch["plant_batch"]["DestroyedCount"] == 4


async def test_a_patient_their_purchase_status_and_their_caregiver(run: Run) -> None:
    by_id = await run(patient_lookup.get_patient, license_number=STORE, patient_id=501)
    by_licence = await run(
        patient_lookup.get_patient, license_number=STORE, patient_license_number="MP-100234"
    )
    status = await run(
        patients.get_patient_status, license_number=STORE, patient_license_number="MP-100234"
    )
    caregiver = await run(
        patient_changes.get_caregiver_status,
        license_number=STORE,
        caregiver_license_number="CG-200145",
    )

    assert by_id == by_licence
    assert by_id["patient"]["RecommendedSmokableQuantity"] == 2.5
    only = status["items"][0]
    assert (
        only["FlowerOuncesAvailable"] == only["FlowerOuncesAllowed"] - only["FlowerOuncesPurchased"]
    )
    assert caregiver["Active"] is True
    assert caregiver["Patients"] == ["MP-100234", "MP-100871"]
    with pytest.raises(ToolProblem, match="No active patient with licence MP-9"):
        await run(patient_lookup.get_patient, license_number=STORE, patient_license_number="MP-9")
