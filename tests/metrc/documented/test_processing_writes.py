"""The processing job tools on Metrc's documented request bodies (the fixture server refuses
any other body, writes.py): starting, adjusting, finishing and reopening a job. A unit, note
or waste weight not given is left out: Metrc documents each as text or a number, never null."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.processing import write as processing

pytestmark = pytest.mark.anyio
SOURCE = "1A4FF0300000029000000150"
DAY = "2026-06-15"  # the fixtures' today


def drawn(quantity: float) -> list[processing.JobPackage]:
    return [processing.JobPackage(label=SOURCE, quantity=quantity, unit_of_measure="Grams")]


async def test_a_job_starts_without_a_volume_unit(run: Run, documented: FakeMetrc) -> None:
    result = await run(
        processing.start_processing_job, license_number=GROWER, name="RSO-2026-06-15 ",
        job_type="RSO Extraction", packages=drawn(500),
    )  # fmt: skip

    body = [
        {
            "JobName": "RSO-2026-06-15", "JobType": "RSO Extraction", "CountUnitOfMeasure": "Each",
            "WeightUnitOfMeasure": "Grams",
            "Packages": [{"Label": SOURCE, "Quantity": 500, "UnitOfMeasure": "Grams"}],
            "StartDate": DAY,
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/processing/v2/start", body)]
    assert result["message"] == "Started processing job RSO-2026-06-15 from 1 package."


async def test_a_job_is_adjusted_in_its_own_units(run: Run, documented: FakeMetrc) -> None:
    await run(
        processing.adjust_processing_job, license_number=GROWER, job="RSO-2026-06-10",
        packages=drawn(25), reason="Data Entry Error",
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("POST", "/processing/v2/adjust")
    assert body == [
        {
            "Id": 5101, "AdjustmentReason": "Data Entry Error", "AdjustmentDate": DAY,
            "CountUnitOfMeasureName": "Each", "VolumeUnitOfMeasureName": "Fluid Ounces",
            "WeightUnitOfMeasureName": "Grams",
            "Packages": [{"Label": SOURCE, "Quantity": 25, "UnitOfMeasure": "Grams"}],
        }
    ]  # fmt: skip


async def test_a_job_is_finished_with_its_waste_and_reopened(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        processing.finish_processing_job, license_number=GROWER, job="RSO-2026-06-10",
        waste_weight=42.5, waste_unit="Grams", note="Spent plant material",
    )  # fmt: skip
    await run(processing.unfinish_processing_job, license_number=GROWER, job="RSO-2026-05-20")

    assert sent(documented) == [
        ("PUT", "/processing/v2/finish", [
            {"Id": 5101, "FinishDate": DAY, "FinishNote": "Spent plant material",
             "TotalWeightWaste": 42.5, "WasteWeightUnitOfMeasureName": "Grams"},
        ]),
        ("PUT", "/processing/v2/unfinish", [{"Id": 5090}]),
    ]  # fmt: skip
