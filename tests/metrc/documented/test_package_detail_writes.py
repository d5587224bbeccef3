"""The package tools that change a package's details, flags and dates on Metrc's documented
request bodies (the fixture server refuses any other body, writes.py): counted quantity,
decontamination, external id, item, required lab tests, plantings, note, flags, shelf-life
dates and discontinuing."""

from __future__ import annotations

from datetime import date

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.packages import write_details, write_marks
from trichome.metrc.tools.registry import ToolProblem

pytestmark = pytest.mark.anyio
SOURCE, EMPTY, FAILED, DONATED = (f"1A4FF03000000290000001{n}" for n in ("50", "60", "62", "63"))
DAY = "2026-06-15"  # the fixtures' today


async def test_a_count_sets_the_new_total(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        write_details.set_package_quantity, license_number=GROWER, label=SOURCE,
        quantity=2200, unit_of_measure="Grams", reason="Scale Variance",
    )  # fmt: skip

    body = [
        {
            "Label": SOURCE, "Quantity": 2200, "UnitOfMeasure": "Grams",
            "AdjustmentReason": "Scale Variance", "AdjustmentDate": DAY,
        }
    ]  # fmt: skip
    assert sent(documented) == [("PUT", "/packages/v2/adjust", body)]
    assert "held 2228.0 Grams before" in result["message"]


async def test_decontamination_without_steps_leaves_them_out(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        write_details.decontaminate_packages, license_number=GROWER, labels=[SOURCE],
        method="Further Drying",
    )  # fmt: skip

    body = [{"PackageLabel": SOURCE, "DecontaminationMethodName": "Further Drying",
             "DecontaminationDate": DAY}]  # fmt: skip
    assert sent(documented) == [("PUT", "/packages/v2/decontaminate", body)]


async def test_an_external_id_and_a_note(run: Run, documented: FakeMetrc) -> None:
    await run(
        write_details.set_package_external_id, license_number=GROWER, label=SOURCE,
        external_id="POS-88121",
    )  # fmt: skip
    cleared = await run(
        write_marks.set_package_note, license_number=GROWER, label=SOURCE, note="Jar 3"
    )

    assert sent(documented) == [
        ("PUT", "/packages/v2/externalid", [{"PackageLabel": SOURCE, "ExternalId": "POS-88121"}]),
        ("PUT", "/packages/v2/note", [{"PackageLabel": SOURCE, "Note": "Jar 3"}]),
    ]
    assert cleared["message"] == f"Set the note of {SOURCE}."


async def test_a_new_item_and_required_lab_tests(run: Run, documented: FakeMetrc) -> None:
    with pytest.raises(ToolProblem, match="Already of item"):
        await run(
            write_details.change_package_item, license_number=GROWER, labels=[SOURCE],
            item="Sour Diesel Flower",
        )  # fmt: skip
    await run(
        write_details.change_package_item, license_number=GROWER, labels=[SOURCE],
        item="Sour Diesel Shake",
    )  # fmt: skip
    await run(
        write_details.set_package_required_lab_tests, license_number=GROWER,
        labels=[SOURCE], lab_test_batches=["Potency", "Microbials"],
    )  # fmt: skip

    assert sent(documented) == [
        ("PUT", "/packages/v2/item", [{"Label": SOURCE, "Item": "Sour Diesel Shake"}]),
        (
            "PUT", "/packages/v2/labtests/required",
            [{"Label": SOURCE, "RequiredLabTestBatches": ["Microbials", "Potency"]}],
        ),
    ]  # fmt: skip


async def test_a_batch_planted_from_a_package(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        write_details.plant_batch_from_package, license_number=GROWER, label=SOURCE,
        batch_name="Clones 2026-06-15", batch_type="Clone", plant_count=24, strain="Sour Diesel",
        location="Clone Room", amount=24, unit_of_measure="Each",
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("POST", "/packages/v2/plantings")
    assert body == [
        {
            "PackageLabel": SOURCE, "PackageAdjustmentAmount": 24,
            "PackageAdjustmentUnitOfMeasureName": "Each", "PlantBatchName": "Clones 2026-06-15",
            "PlantBatchType": "Clone", "PlantCount": 24, "LocationName": "Clone Room",
            "StrainName": "Sour Diesel", "PlantedDate": DAY, "UnpackagedDate": DAY,
        }
    ]  # fmt: skip
    assert result["ids"] == [6301]


async def test_flags_are_set_and_cleared(run: Run, documented: FakeMetrc) -> None:
    await run(write_marks.flag_packages, license_number=GROWER, labels=[SOURCE], flag="donation")
    with pytest.raises(ToolProblem, match="not flagged as trade sample"):
        await run(
            write_marks.flag_packages, license_number=GROWER, labels=[SOURCE],
            flag="trade_sample", on=False,
        )  # fmt: skip
    await run(
        write_marks.flag_packages, license_number=GROWER, labels=[FAILED], flag="trade_sample",
        on=False,
    )  # fmt: skip

    assert sent(documented) == [
        ("PUT", "/packages/v2/donation/flag", [{"Label": SOURCE}]),
        ("PUT", "/packages/v2/tradesample/unflag", [{"Label": FAILED}]),
    ]


@pytest.mark.parametrize(
    ("flag", "on", "path"),
    [
        ("donation", False, "donation/unflag"),
        ("trade_sample", True, "tradesample/flag"),
        ("finished_good", True, "finishedgood/flag"),
        ("finished_good", False, "finishedgood/unflag"),
    ],
)
async def test_each_flag_goes_to_its_documented_path(
    run: Run, documented: FakeMetrc, flag: str, on: bool, path: str
) -> None:
    # SOURCE carries none of the three flags, DONATED the donation and finished-good ones.
    label = DONATED if not on else SOURCE
    result = await run(
        write_marks.flag_packages, license_number=GROWER, labels=[label], flag=flag, on=on
    )

    assert sent(documented) == [("PUT", f"/packages/v2/{path}", [{"Label": label}])]
    name = flag.replace("_", " ")
    did = "Flagged" if on else "Cleared the flag of"
    assert result["message"] == f"{did} 1 package as {name}."


async def test_shelf_life_dates_leave_out_the_ones_the_package_lacks(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        write_marks.set_package_shelf_life_dates, license_number=GROWER, label=SOURCE,
        expiration_date=date(2027, 6, 1),
    )  # fmt: skip

    body = [{"Label": SOURCE, "ExpirationDate": "2027-06-01"}]
    assert sent(documented) == [("PUT", "/packages/v2/usebydate", body)]
    assert result["message"] == f"Package {SOURCE} now has ExpirationDate 2027-06-01."


async def test_a_package_is_discontinued_by_its_id(run: Run, documented: FakeMetrc) -> None:
    result = await run(write_marks.discontinue_package, license_number=GROWER, label=SOURCE)

    assert sent(documented) == [("DELETE", "/packages/v2/7153", None)]
    assert result["message"] == f"Discontinued package {SOURCE}."
