"""Losses as Metrc records them, run on fixtures in Metrc's documented shapes: a licence's
package adjustments (bruno Packages/GetAdjustments), one plant waste record's plants and
packages (Plants/GetPlantWastePlants, GetPlantWastePackages) and the reasons plant batch waste
may give (PlantBatches/GetPlantBatchesWasteReasons, documented without an example; the
fixture takes the plant waste reasons' record, as OpenMetrc does).
"""

from __future__ import annotations

from datetime import date

import pytest

from tests.metrc.documented.conftest import GROWER, Run, records
from trichome.metrc.tools import ToolProblem, packages
from trichome.metrc.tools.plant_batches import waste as batch_waste
from trichome.metrc.tools.plants import waste_records

pytestmark = pytest.mark.anyio


async def test_adjustments_come_newest_first_with_their_signed_totals(run: Run) -> None:
    listed = await run(packages.list_package_adjustments, license_number=GROWER)

    assert [a["AdjustmentReasonName"] for a in listed["items"]] == ["Spoilage", "Waste", "Drying"]
    # -12.5 - 85 - 40 g, as Metrc signs them.
    assert listed["quantity_totals"] == {"Grams": -137.5}
    mould = listed["items"][1]
    assert mould["PackageLabel"] == "1A4FF0300000029000000102"
    assert (mould["AdjustmentQuantity"], mould["AdjustmentUnitOfMeasureName"]) == (-85.0, "Grams")
    assert mould["AdjustmentNote"].startswith("Mould on the top layer")
    assert mould["AdjustedByUserName"] == "Dana Ortiz"


async def test_adjustments_are_filtered_by_reason_package_and_day(run: Run) -> None:
    waste = await run(packages.list_package_adjustments, license_number=GROWER, reason="waste")
    one = await run(
        packages.list_package_adjustments, license_number=GROWER,
        label="1A4FF0300000029000000101",
    )  # fmt: skip
    late_may = await run(
        packages.list_package_adjustments, license_number=GROWER,
        from_date=date(2026, 5, 20), to_date=date(2026, 5, 31),
    )  # fmt: skip

    assert [a["AdjustmentQuantity"] for a in waste["items"]] == [-85.0]
    assert [a["AdjustmentReasonName"] for a in one["items"]] == ["Drying"]
    assert late_may["quantity_totals"] == {"Grams": -125.0}


async def test_a_plant_waste_record_names_its_plants_and_packages(run: Run) -> None:
    found = await run(waste_records.get_plant_waste, license_number=GROWER, waste_id=4093)

    (plant,) = found["plants"]
    assert plant["Label"] == "1A4FF0100000029000004501"
    assert (plant["WasteAmount"], plant["WasteUnitOfMeasureAbbreviation"]) == (45.0, "g")
    assert [p["Label"] for p in found["packages"]] == [
        r["Label"] for r in records("plants_waste_packages", GROWER)
    ]
    assert found["packages"][0]["Item"] == "Blue Dream Flower"


async def test_an_unknown_plant_waste_record_is_named(run: Run) -> None:
    with pytest.raises(ToolProblem, match="No plant waste record 4094 at licence 403R-00101"):
        await run(waste_records.get_plant_waste, license_number=GROWER, waste_id=4094)


async def test_batch_waste_reasons_say_what_each_requires(run: Run) -> None:
    reasons = await run(batch_waste.list_plant_batch_waste_reasons, license_number=GROWER)

    assert [r["Name"] for r in reasons["items"]] == ["Damping Off", "Failed to Root", "Other"]
    # Every documented field comes through: a note for Other, an immature weight for all.
    assert reasons["items"] == records("plantbatches_waste_reasons", GROWER)
    assert [r["RequiresNote"] for r in reasons["items"]] == [False, False, True]
    assert all(r["RequiresImmatureWasteWeight"] for r in reasons["items"])
