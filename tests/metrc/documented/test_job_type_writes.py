"""The processing job type tools on Metrc's documented request bodies (the fixture server
refuses any other body, writes.py): CreateJobTypes names the category `Category`,
UpdateJobTypes `CategoryName`; both document every text field as text, never null, so a field
with no value is left out rather than sent as null."""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.processing import job_types
from trichome.metrc.tools.processing import write as processing

pytestmark = pytest.mark.anyio


async def test_a_job_type_is_created_with_only_what_is_given(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        processing.create_processing_job_type, license_number=GROWER,
        name=" Extraction - Ethanol", category="Extraction", attributes=["Solvent "],
    )  # fmt: skip

    body = [{"Name": "Extraction - Ethanol", "Category": "Extraction", "Attributes": ["Solvent"]}]
    assert sent(documented) == [("POST", "/processing/v2/jobtypes", body)]
    assert result["ids"] == [2]


async def test_a_job_type_is_created_whole(run: Run, documented: FakeMetrc) -> None:
    await run(
        processing.create_processing_job_type, license_number=GROWER,
        name="Extraction - Ethanol", category="Extraction", description="Ethanol wash of trim",
        processing_steps="Wash, filter, evaporate", attributes=["Solvent"],
    )  # fmt: skip

    ((_, _, body),) = sent(documented)
    assert body == [
        {
            "Name": "Extraction - Ethanol", "Description": "Ethanol wash of trim",
            "Category": "Extraction", "ProcessingSteps": "Wash, filter, evaporate",
            "Attributes": ["Solvent"],
        }
    ]  # fmt: skip


async def test_an_update_sends_the_type_whole_with_its_attribute_names(
    run: Run, documented: FakeMetrc
) -> None:
    await run(
        job_types.update_processing_job_type, license_number=GROWER,
        job_type="extraction - ethanol", description="Cold ethanol wash of trim",
    )  # fmt: skip

    body = [
        {
            "Id": 2, "Name": "Extraction - Ethanol", "Description": "Cold ethanol wash of trim",
            "CategoryName": "Extraction", "ProcessingSteps": "Chill, wash, filter, evaporate",
            "Attributes": ["Solvent", "Heat"],
        }
    ]  # fmt: skip
    assert sent(documented) == [("PUT", "/processing/v2/jobtypes", body)]


async def test_an_update_leaves_out_a_description_the_type_lacks(
    run: Run, documented: FakeMetrc
) -> None:
    result = await run(
        job_types.update_processing_job_type, license_number=GROWER, job_type="3",
        new_name="Infusion - Gummies (vegan)",
    )  # fmt: skip

    body = [
        {
            "Id": 3, "Name": "Infusion - Gummies (vegan)", "CategoryName": "Infusing",
            "ProcessingSteps": "Dose, mix, mould", "Attributes": [],
        }
    ]  # fmt: skip
    assert sent(documented) == [("PUT", "/processing/v2/jobtypes", body)]
    assert result["message"] == (
        "Updated processing job type Infusion - Gummies: name Infusion - Gummies (vegan)."
    )
