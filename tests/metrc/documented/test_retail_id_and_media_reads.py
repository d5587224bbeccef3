"""The Retail ID, item media, brand and webhook read tools on Metrc's documented answers (the
fixtures in fixtures/documented/extras, each naming the bruno file of
github.com/thunkier/ThunkMetrc it follows): a QR code's package and a package's QR codes
(RetailId/ReceiveQrCodesShortCode, ReceiveQrCodesPackageLabel), the facility's allotment
(GetFacilityRetailItemIDAllotment), an item's photo or file as a Base64 envelope
(Items/GetPhotoById, GetFileById), item brands (Items/GetBrands) and webhook subscriptions
(Webhooks/GetWebhooks, documented without an answer).
"""

from __future__ import annotations

import base64

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run, fixture
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.facilities import webhooks
from trichome.metrc.tools.items import brands, media
from trichome.metrc.tools.packages import retail_id, retail_id_lookup

pytestmark = pytest.mark.anyio
JAR, TIN = "1A4060300003B01000000311", "1A4060300003B01000000312"
CODES = ["id.example.test/7QK2M9X4PLR8A", "id.example.test/7QK2M9X4PLR8B"]


async def test_a_scanned_qr_code_finds_its_package(run: Run, documented: FakeMetrc) -> None:
    found = await run(
        retail_id_lookup.get_package_by_qr_code, license_number=STORE,
        qr_code="https://id.example.test/7QK2M9X4PLR8A",
    )  # fmt: skip
    bare = await run(
        retail_id_lookup.get_package_by_qr_code, license_number=STORE, qr_code="7QK2M9X4PLR8A"
    )

    # The short code (the URL's first path segment) is what Metrc is asked for.
    assert [c.path for c in documented.calls] == ["/retailid/v2/receive/qr/7QK2M9X4PLR8A"] * 2
    assert bare == found
    assert (found["short_code"], found["label"], found["label_source"]) == (
        "7QK2M9X4PLR8A", JAR, "RetailId",
    )  # fmt: skip
    assert (found["qr_count"], found["qr_codes"]) == (2, CODES)
    assert found["requires_verification"] is True


async def test_a_package_s_codes_and_the_packages_sharing_them(run: Run) -> None:
    found = await run(retail_id.get_package_retail_ids, license_number=STORE, label=JAR)

    assert (found["label"], found["qr_count"], found["qr_codes"]) == (JAR, 2, CODES)
    assert found["sibling_tags"] == [TIN]
    assert found["requires_verification"] is False


async def test_the_allotment_is_the_number_metrc_gives(run: Run) -> None:
    found = await run(retail_id.get_retail_id_allotment, license_number=STORE)

    assert found == {"license_number": STORE, "allotment": 12500}


async def test_an_item_photo_and_file_with_their_sizes(run: Run) -> None:
    photo = await run(media.get_item_media, license_number=GROWER, kind="photo", media_id=7302)
    file = await run(
        media.get_item_media, license_number=GROWER, kind="file", media_id=7301,
        include_content=True,
    )  # fmt: skip

    sent_photo = fixture("extras/items_photo")["requests"][0]["response"]
    sent_file = fixture("extras/items_file")["requests"][0]["response"]
    assert (photo["file_name"], photo["content_base64"]) == ("blue-dream-jar.png", None)
    assert photo["size_bytes"] == len(base64.b64decode(sent_photo["FileContents"]))
    assert file["file_name"] == "blue-dream-label.pdf"
    assert file["content_base64"] == sent_file["FileContents"]
    assert base64.b64decode(file["content_base64"]).startswith(b"%PDF")


async def test_a_photo_metrc_does_not_have_is_not_found(run: Run) -> None:
    with pytest.raises(MetrcNotFound, match="/items/v2/photo/7303"):
        await run(media.get_item_media, license_number=GROWER, kind="photo", media_id=7303)


async def test_item_brands_with_their_status(run: Run) -> None:
    listed = await run(brands.list_item_brands, license_number=GROWER)

    assert [(b["Name"], b["Status"]) for b in listed["items"]] == [
        ("Front Range Reserve", "Paid"), ("Mile High Basics", "NotPaid"),
    ]  # fmt: skip
    assert listed["total"] == 2


async def test_webhooks_documented_without_an_answer_list_none(
    run: Run, documented: FakeMetrc
) -> None:
    # Metrc's collection shows GetSubscription with no answer: an empty body is no
    # subscriptions, not an error.
    listed = await run(webhooks.list_webhook_subscriptions)

    assert listed == {"total": 0, "items": []}
    assert [c.path for c in documented.calls] == ["/webhooks/v2"]
