"""Retail ID look-ups against the sandbox told it is in California (Metrc has no Retail ID in
CO): the package a scanned QR code is on, and the tags staged with codes before packaging."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from pydantic import TypeAdapter

from tests.metrc.documented.conftest import records
from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY
from tests.support.sandbox import AS_OF, KEYS, sandbox_client
from trichome.config import Settings
from trichome.metrc import MetrcNotFound
from trichome.metrc.tools import MetrcAccess, ToolProblem, facilities, load_all, using
from trichome.metrc.tools import packages as tools
from trichome.metrc.tools.packages.retail_id_lookup import short_code

pytestmark = pytest.mark.anyio


@pytest.fixture
async def california(own_year: Settings) -> AsyncIterator[MetrcAccess]:
    async with sandbox_client(own_year.model_copy(update={"sandbox_state": "CA"})) as client:
        yield MetrcAccess(client, KEYS, today=AS_OF)


def test_a_scanned_code_is_read_as_its_short_code() -> None:
    assert short_code("https://id.example.test/ABC123DEF4567") == "ABC123DEF4567"
    assert short_code(" id.example.test/ABC123DEF4567/extra?x=1 ") == "ABC123DEF4567"
    assert short_code("ABC123DEF4567") == "ABC123DEF4567"
    with pytest.raises(ToolProblem, match="no QR short code"):
        short_code("https://id.example.test/")


async def test_a_qr_code_leads_to_its_package_and_staged_tags_are_listed(
    california: MetrcAccess,
) -> None:
    with using(california):
        label = (await tools.list_active_packages(DISPENSARY, page_size=1))["items"][0]["Label"]
        await tools.generate_retail_ids(DISPENSARY, label, 2)
        codes = (await tools.get_package_retail_ids(DISPENSARY, label))["qr_codes"]
        found = await tools.get_package_by_qr_code(DISPENSARY, codes[1])
        by_code = await tools.get_package_by_qr_code(DISPENSARY, codes[0].split("/", 1)[1])
        with pytest.raises(MetrcNotFound):
            await tools.get_package_by_qr_code(DISPENSARY, "https://id.example.test/NOSUCHCODE1")
        empty = await tools.list_staged_tags(CULTIVATOR)
        tag = (await facilities.list_available_package_tags(CULTIVATOR, page_size=1))["items"][0]
        await tools.generate_retail_ids(CULTIVATOR, tag["Label"], 3)
        staged = await tools.list_staged_tags(CULTIVATOR)
    TypeAdapter(load_all()["get_package_by_qr_code"].returns).validate_python(found)
    TypeAdapter(load_all()["list_staged_tags"].returns).validate_python(staged)
    assert found["label"] == by_code["label"] == label
    assert found["qr_count"] == 2 and sorted(found["qr_codes"]) == sorted(codes)
    assert found["short_code"] == codes[1].split("/", 1)[1]
    assert found["label_source"] and found["sibling_tags"] == []
    assert empty["total"] == 0 and empty["items"] == []
    (entry,) = staged["items"]
    assert entry["Label"] == tag["Label"] and entry["QrCount"] == 3
    assert entry["IsUsed"] is False


# A staged tag's ProductLabel as Metrc's example gives it (bruno Tags/GetStagedTags, in
# thunkier/ThunkMetrc; our documented fixture has none, its tag having no codes yet).
PRODUCT_LABEL = {
    "QrCount", "IsChildFromParentWithLabel", "OriginalSourcePackageId",
    "OriginalSourcePackageLabel", "LabelSource", "QrCodeRanges", "LastLabelGenerationDate",
    "IsActive",
}  # fmt: skip


async def test_the_sandbox_s_staged_tags_have_metrc_s_documented_fields(
    california: MetrcAccess,
) -> None:
    with using(california):
        tag = (await facilities.list_available_package_tags(CULTIVATOR, page_size=1))["items"][0]
        await tools.generate_retail_ids(CULTIVATOR, tag["Label"], 2)
    (staged,) = await california.client.staged_tags(CULTIVATOR, credentials=california.credentials)

    assert list(staged) == list(records("tags_staged")[0])
    assert set(staged["ProductLabel"]) == PRODUCT_LABEL
    assert (staged["Label"], staged["IsStaged"], staged["QrCount"]) == (tag["Label"], True, 2)
    assert staged["ProductLabel"]["QrCount"] == 2


async def test_retail_id_look_ups_in_a_state_without_it_get_metrcs_404(
    reader: MetrcAccess,
) -> None:
    with using(reader):
        with pytest.raises(MetrcNotFound):
            await tools.get_package_by_qr_code(DISPENSARY, "ABC123DEF4567")
        with pytest.raises(MetrcNotFound):
            await tools.list_staged_tags(CULTIVATOR)
