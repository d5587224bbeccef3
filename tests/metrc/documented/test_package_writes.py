"""The package write tools on Metrc's documented request bodies: each tool reads the packages
it acts on from the documented fixtures, and the fixture server takes its write only when the
body has the documented fields and types (tests/metrc/documented/writes.py), so a field Metrc
does not document or a missing required one fails here. The tests read what was sent."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.packages import write
from trichome.metrc.tools.registry import ToolProblem

pytestmark = pytest.mark.anyio
SOURCE, EMPTY, FINISHED, FAILED = (f"1A4FF03000000290000001{n}" for n in ("50", "60", "61", "62"))
DAY = "2026-06-15"  # the fixtures' today


async def test_a_new_package_from_a_source_keeps_its_item(run: Run, documented: FakeMetrc) -> None:
    ingredient = {"package_label": SOURCE, "quantity": 28, "unit_of_measure": "Grams"}
    result = await run(
        write.create_package, license_number=GROWER, tag="1A4FF0300000029000000170",
        quantity=28, unit_of_measure="Grams", ingredients=[write.Ingredient(**ingredient)],
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("POST", "/packages/v2")
    assert body == [
        {
            "Tag": "1A4FF0300000029000000170", "Item": "Sour Diesel Flower", "Quantity": 28,
            "UnitOfMeasure": "Grams", "UseSameItem": True, "ActualDate": DAY,
            "Ingredients": [{"Package": SOURCE, "Quantity": 28, "UnitOfMeasure": "Grams"}],
        }
    ]  # fmt: skip
    assert result["ids"] == [7201] and "Sour Diesel Flower" in result["message"]


async def test_an_adjustment_sends_the_signed_change_and_reason(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        write.adjust_package, license_number=GROWER, label=SOURCE, quantity=-3.5,
        unit_of_measure="Grams", reason="Drying", reason_note="Moisture loss",
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("POST", "/packages/v2/adjust")
    assert body == [
        {
            "Label": SOURCE, "Quantity": -3.5, "UnitOfMeasure": "Grams",
            "AdjustmentReason": "Drying", "AdjustmentDate": DAY, "ReasonNote": "Moisture loss",
        }
    ]  # fmt: skip
    assert result["ids"] == [8101] and "held 2228.0 Grams before" in result["message"]


async def test_a_move_names_the_location_and_day(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        write.move_packages, license_number=GROWER, labels=[SOURCE, EMPTY], location="Vault"
    )

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("PUT", "/packages/v2/location")
    assert body == [
        {"Label": SOURCE, "Location": "Vault", "MoveDate": DAY},
        {"Label": EMPTY, "Location": "Vault", "MoveDate": DAY},
    ]
    assert result["ids"] == [] and result["message"] == "Moved 2 packages to Vault."


async def test_only_an_empty_package_is_finished(run: Run, documented: FakeMetrc) -> None:
    with pytest.raises(ToolProblem, match="still hold"):
        await run(write.finish_packages, license_number=GROWER, labels=[SOURCE])
    result = await run(write.finish_packages, license_number=GROWER, labels=[EMPTY])

    assert sent(documented) == [
        ("PUT", "/packages/v2/finish", [{"Label": EMPTY, "ActualDate": DAY}])
    ]
    assert result["message"] == "Finished 1 package."


async def test_a_finished_package_is_reopened_by_label(run: Run, documented: FakeMetrc) -> None:
    result = await run(write.unfinish_packages, license_number=GROWER, labels=[FINISHED])

    assert sent(documented) == [("PUT", "/packages/v2/unfinish", [{"Label": FINISHED}])]
    assert result["message"] == "Reopened 1 package."


async def test_only_a_failed_package_is_remediated(run: Run, documented: FakeMetrc) -> None:
    with pytest.raises(ToolProblem, match="failed testing"):
        await run(
            write.remediate_packages, license_number=GROWER, labels=[SOURCE],
            method="Further Drying", steps="Dried two more days",
        )  # fmt: skip
    await run(
        write.remediate_packages, license_number=GROWER, labels=[FAILED],
        method="Further Drying", steps="Dried two more days",
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("PUT", "/packages/v2/remediate")
    assert body == [
        {
            "PackageLabel": FAILED, "RemediationMethodName": "Further Drying",
            "RemediationDate": DAY, "RemediationSteps": "Dried two more days",
        }
    ]  # fmt: skip


async def test_a_lab_sample_takes_from_its_source(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        write.submit_package_for_testing, license_number=GROWER, source_label=SOURCE,
        tag="1A4FF0300000029000000171", quantity=5, unit_of_measure="Grams",
        required_lab_test_batches=["Potency and Microbials"],
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("POST", "/packages/v2/testing")
    assert body[0]["Item"] == "Sour Diesel Flower"
    assert body[0]["RequiredLabTestBatches"] == ["Potency and Microbials"]
    assert body[0]["Ingredients"] == [{"Package": SOURCE, "Quantity": 5, "UnitOfMeasure": "Grams"}]
    assert result["ids"] == [7202]
