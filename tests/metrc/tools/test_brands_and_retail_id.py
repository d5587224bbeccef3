"""Item brand and Retail ID tools against the sandbox. Retail ID exists in every state but AK,
CO, GU, ME and MO, so its tools run against the sandbox told it is in California, and the
Colorado sandbox's refusal reaches the tool as Metrc's 404."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY
from tests.support.sandbox import AS_OF, KEYS, sandbox_client
from trichome.config import Settings
from trichome.metrc import MetrcNotFound, MetrcValidationError
from trichome.metrc.tools import MetrcAccess, using
from trichome.metrc.tools import items as item_tools
from trichome.metrc.tools import packages as package_tools

pytestmark = pytest.mark.anyio


@pytest.fixture
async def california(own_year: Settings) -> AsyncIterator[MetrcAccess]:
    async with sandbox_client(own_year.model_copy(update={"sandbox_state": "CA"})) as client:
        yield MetrcAccess(client, KEYS, today=AS_OF)


async def test_an_item_brand_is_created_renamed_listed_and_archived(writer: MetrcAccess) -> None:
    with using(writer):
        empty = await item_tools.list_item_brands(CULTIVATOR)
        made = await item_tools.create_item_brand(CULTIVATOR, " Front Range Reserve ")
        await item_tools.create_item_brand(CULTIVATOR, "Mile High Basics")
        with pytest.raises(MetrcValidationError, match="already exists"):
            await item_tools.create_item_brand(CULTIVATOR, "mile high basics")
        (brand_id,) = made["ids"]
        renamed = await item_tools.rename_item_brand(CULTIVATOR, brand_id, "Front Range Select")
        found = await item_tools.list_item_brands(CULTIVATOR, name_contains="front")
        archived = await item_tools.archive_item_brand(CULTIVATOR, brand_id)
        left = await item_tools.list_item_brands(CULTIVATOR)
    assert empty["items"] == [] and empty["total"] == 0
    assert made["ok"] and "'Front Range Reserve'" in made["message"]
    assert renamed["ids"] == [] and "Front Range Select" in renamed["message"]
    assert found["items"] == [{"Id": brand_id, "Name": "Front Range Select", "Status": "NotPaid"}]
    assert archived["ok"]
    assert [b["Name"] for b in left["items"]] == ["Mile High Basics"]


async def test_retail_id_tools_read_and_associate_codes(california: MetrcAccess) -> None:
    with using(california):
        packages = await package_tools.list_active_packages(DISPENSARY, page_size=1)
        label = packages["items"][0]["Label"]
        quota = await package_tools.get_retail_id_allotment(DISPENSARY)
        none = await package_tools.get_package_retail_ids(DISPENSARY, label)
        urls = ["https://id.example.test/TOOLCODE00001", "https://id.example.test/TOOLCODE00002"]
        done = await package_tools.associate_retail_ids(DISPENSARY, label, urls)
        codes = await package_tools.get_package_retail_ids(DISPENSARY, label)
        with pytest.raises(MetrcNotFound):
            await package_tools.get_package_retail_ids(CULTIVATOR, label)
    assert quota == {"license_number": DISPENSARY, "allotment": 50_000}
    assert none["qr_count"] == 0 and none["qr_codes"] == []
    assert done["ok"] and "2 QR code(s)" in done["message"]
    assert codes["qr_count"] == 2
    assert codes["qr_codes"] == [url.removeprefix("https://") for url in urls]
    assert codes["sibling_tags"] == [] and codes["requires_verification"] is False


async def test_retail_id_tools_in_a_state_without_it_get_metrcs_404(reader: MetrcAccess) -> None:
    with using(reader), pytest.raises(MetrcNotFound, match="no Retail ID in CO"):
        await package_tools.get_retail_id_allotment(DISPENSARY)


async def test_retail_id_tools_generate_codes_summarise_packages_and_refuse_a_merge(
    california: MetrcAccess,
) -> None:
    with using(california):
        packages = await package_tools.list_active_packages(DISPENSARY, page_size=2)
        first, second = [p["Label"] for p in packages["items"]]
        made = await package_tools.generate_retail_ids(DISPENSARY, first, 3)
        info = await package_tools.get_retail_id_packages_info(DISPENSARY, [first, second])
        quota = await package_tools.get_retail_id_allotment(DISPENSARY)
        with pytest.raises(MetrcValidationError, match=r"Merge|same item"):
            await package_tools.merge_retail_id_packages(DISPENSARY, first, [second])
    assert made["ok"] and made["message"].startswith(f"Generated 3 QR code(s) for {first}")
    assert [entry["label"] for entry in info["items"]] == [first, second]
    coded, plain = info["items"]
    assert (coded["qr_count"], coded["issuances"], coded["has_qrs"]) == (3, 1, True)
    assert coded["issuance_id"] and f"issuance {coded['issuance_id']}" in made["message"]
    assert (plain["qr_count"], plain["has_qrs"], plain["issuance_id"]) == (0, False, None)
    assert quota["allotment"] == 50_000 - 3
