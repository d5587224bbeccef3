"""The plant tools that retag a plant, change its strain, merge or split plant groups, take a
manicure, take clones from it or record an additive, on Metrc's documented request bodies
(the fixture server refuses any other body, writes.py): a field Metrc's example fills with a
value is left out when there is none, never sent as null."""

from __future__ import annotations

from datetime import date

import pytest

from tests.metrc.documented.conftest import GROWER, Run, fixture
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.plants import additives, groups
from trichome.metrc.tools.plants.additives import Ingredient
from trichome.metrc.tools.plants.changes import HarvestedPlant

pytestmark = pytest.mark.anyio
MOTHER, VEGETATIVE = "1A4FF0100000029000004502", "1A4FF0100000029000004510"  # Sour Diesel
NEW_TAG = "1A4FF0100000029000004591"
DAY = "2026-06-15"  # the fixtures' today


async def test_a_plant_is_retagged_by_label(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        groups.replace_plant_tag, license_number=GROWER, label=MOTHER, new_tag=NEW_TAG
    )

    body = [{"Id": None, "Label": MOTHER, "TagId": None, "NewTag": NEW_TAG, "ReplaceDate": DAY}]
    assert sent(documented) == [("PUT", "/plants/v2/tag", body)]
    assert result["message"] == f"Plant {MOTHER} is now tagged {NEW_TAG}."


async def test_a_batch_from_a_plant_takes_its_strain_without_null_fields(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        groups.start_batch_from_plant, license_number=GROWER, plant_label=VEGETATIVE,
        batch_name=" SD-2026-06-15-Clones", batch_type="Clone", count=24, location="Clone Room",
    )  # fmt: skip

    body = [
        {
            "PlantLabel": VEGETATIVE, "PlantBatchName": "SD-2026-06-15-Clones",
            "PlantBatchType": "Clone", "PlantCount": 24, "LocationName": "Clone Room",
            "StrainName": "Sour Diesel", "ActualDate": DAY,
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/plants/v2/plantings", body)]


async def test_clones_are_packaged_where_the_plant_is_unless_told(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        groups.package_clones_from_plant, license_number=GROWER, plant_label=MOTHER,
        package_tag="1A4FF0300000029000000777", item="Sour Diesel Clone", count=12,
    )  # fmt: skip
    await run(
        groups.package_clones_from_plant, license_number=GROWER, plant_label=MOTHER,
        package_tag="1A4FF0300000029000000778", item="Sour Diesel Clone", count=6,
        location="Clone Room",
    )  # fmt: skip

    row = {
        "PlantLabel": MOTHER, "PackageTag": "1A4FF0300000029000000777",
        "PlantBatchType": "Clone", "Item": "Sour Diesel Clone", "Location": "Flower Room 4",
        "Sublocation": None, "Note": None, "IsTradeSample": False, "PatientLicenseNumber": None,
        "IsDonation": False, "Count": 12, "ActualDate": DAY,
    }  # fmt: skip
    moved = {**row, "PackageTag": "1A4FF0300000029000000778", "Location": "Clone Room", "Count": 6}
    assert sent(documented) == [
        ("POST", "/plants/v2/plantbatch/packages", [row]),
        ("POST", "/plants/v2/plantbatch/packages", [moved]),
    ]


async def test_an_additive_described_here_leaves_out_what_is_not_known(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        additives.record_additive, license_number=GROWER, applied_to="location",
        location="Flower Room 4", total_amount=12.5, amount_unit="Gallons",
        additive_type="Fertilizer", product="Bloom Boost 2-8-4",
        ingredients=[Ingredient(name="Nitrogen", percentage=2.0)],
    )  # fmt: skip

    body = [
        {
            "AdditiveType": "Fertilizer", "ProductTradeName": "Bloom Boost 2-8-4",
            "EpaRegistrationNumber": None, "TotalAmountApplied": 12.5,
            "TotalAmountUnitOfMeasure": "Gallons",
            "ActiveIngredients": [{"Name": "Nitrogen", "Percentage": 2.0}],
            "LocationName": "Flower Room 4", "SublocationName": None, "ActualDate": DAY,
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/plants/v2/additives/bylocation", body)]


@pytest.mark.parametrize(
    ("applied_to", "target", "path", "field"),
    [
        ("plants", {"plant_labels": [MOTHER]}, "/plants/v2/additives/usingtemplate",
         {"PlantLabels": [MOTHER]}),
        ("plant_batch", {"plant_batch": "BD-2026-05-12-Clones"},
         "/plantbatches/v2/additives/usingtemplate", {"PlantBatchName": "BD-2026-05-12-Clones"}),
    ],
)  # fmt: skip
async def test_an_additive_from_a_template_goes_to_plants_or_a_batch(
    run: Run, documented: FakeMetrc, applied_to: str, target: dict[str, object], path: str,
    field: dict[str, object],
) -> None:  # fmt: skip
    await run(
        additives.record_additive, license_number=GROWER, applied_to=applied_to,
        total_amount=3, amount_unit="Gallons", template="Bloom Feed", rate="2 Teaspoons",
        **target,
    )  # fmt: skip

    body = [
        {
            "AdditivesTemplateName": "Bloom Feed", "Rate": "2 Teaspoons",
            "TotalAmountApplied": 3, "TotalAmountUnitOfMeasure": "Gallons", **field,
            "ActualDate": DAY,
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", path, body)]


async def test_a_manicure_leaves_out_the_sublocation_and_patient_it_does_not_have(
    run: Run, documented: FakeMetrc
) -> None:
    done = await run(
        groups.manicure_plants, license_number=GROWER,
        plants=[HarvestedPlant(label=MOTHER, weight=42.5), HarvestedPlant(label=VEGETATIVE, weight=8)],
        unit_of_weight="Grams", drying_location="Dry Room 1",
    )  # fmt: skip
    await run(
        groups.manicure_plants, license_number=GROWER,
        plants=[HarvestedPlant(label=MOTHER, weight=5)], unit_of_weight="Grams",
        drying_location="Dry Room 1", harvest_name=" SD-Manicure-0615 ",
    )  # fmt: skip

    def row(label: str, weight: float, harvest: str | None) -> dict[str, object]:
        return {
            "Plant": label, "Weight": weight, "UnitOfWeight": "Grams",
            "DryingLocation": "Dry Room 1", "HarvestName": harvest, "ActualDate": DAY,
            "PlantCount": 1,
        }  # fmt: skip

    assert sent(documented) == [
        ("POST", "/plants/v2/manicure", [row(MOTHER, 42.5, None), row(VEGETATIVE, 8, None)]),
        ("POST", "/plants/v2/manicure", [row(MOTHER, 5, "SD-Manicure-0615")]),
    ]
    assert done["ids"] == fixture("writes/plants_manicure")["requests"][0]["response"]["Ids"]
    assert done["message"] == "Manicured 2 plants: 50.5 Grams to dry."


async def test_a_strain_change_names_plant_and_strain_without_null_numbers(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        groups.change_plants_strain, license_number=GROWER, labels=[MOTHER, VEGETATIVE],
        strain="Blue Dream",
    )  # fmt: skip

    body = [{"Label": label, "StrainName": "Blue Dream"} for label in (MOTHER, VEGETATIVE)]
    assert sent(documented) == [("PUT", "/plants/v2/strain", body)]


async def test_plant_groups_merge_and_split_as_documented(run: Run, documented: FakeMetrc) -> None:
    merged = await run(
        groups.merge_plants, license_number=GROWER, target_label=MOTHER, source_label=VEGETATIVE
    )
    split = await run(
        groups.split_plants, license_number=GROWER, source_label=MOTHER, plant_count=3,
        new_tag=NEW_TAG, strain="Sour Diesel", split_date=date(2026, 6, 14),
    )  # fmt: skip

    assert sent(documented) == [
        ("PUT", "/plants/v2/merge",
         [{"TargetPlantGroupLabel": MOTHER, "SourcePlantGroupLabel": VEGETATIVE, "MergeDate": DAY}]),
        ("PUT", "/plants/v2/split",
         [{"SplitDate": "2026-06-14", "SourcePlantLabel": MOTHER, "PlantCount": 3,
           "TagLabel": NEW_TAG, "StrainLabel": "Sour Diesel"}]),
    ]  # fmt: skip
    assert (
        merged["ids"] == []
        and merged["message"] == f"Merged plant group {VEGETATIVE} into {MOTHER}."
    )
    assert split["ids"] == [880620]
