"""A transfer trip's legs and an item's file or photo on Metrc's documented request bodies
(the fixture server refuses any other body, writes.py): each hub leg is `[{ShipmentDeliveryId,
TransporterDirection}]` (bruno Transfers/CreateHubDepart, CreateHubCheckin, CreateHubCheckout,
CreateHubArrive), an upload `[{FileName, EncodedImageBase64}]` (Items/CreateFile, CreatePhoto)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.test_extras_operations import extra
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.items import media
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.transfers import trips

pytestmark = pytest.mark.anyio
LEG_PATHS = {"depart": "depart", "check_in": "checkin", "check_out": "checkout", "arrive": "arrive"}


@pytest.mark.parametrize("leg", sorted(LEG_PATHS))
async def test_each_leg_sends_the_deliveries_and_direction(
    run: Run, documented: FakeMetrc, leg: str
) -> None:
    result = await run(
        trips.record_transfer_hub_leg, license_number=GROWER, leg=leg, delivery_ids=[9101, 9102],
        direction="Return",
    )  # fmt: skip

    body = [
        {"ShipmentDeliveryId": 9101, "TransporterDirection": "Return"},
        {"ShipmentDeliveryId": 9102, "TransporterDirection": "Return"},
    ]
    assert sent(documented) == [("POST", f"/transfers/v2/hub/{LEG_PATHS[leg]}", body)]
    assert result["message"].startswith("Recorded 2 deliveries ")
    assert result["message"].endswith(" (Return).")


@pytest.mark.parametrize("kind", ["file", "photo"])
async def test_an_upload_sends_the_name_and_content_it_was_given(
    run: Run, documented: FakeMetrc, kind: str
) -> None:
    upload: dict[str, Any] = extra(f"items_{kind}_upload")["requests"][0]["body"][0]
    content = upload["EncodedImageBase64"]
    spaced = " ".join(content[i : i + 40] for i in range(0, len(content), 40))

    result = await run(
        media.upload_item_media, license_number=GROWER, kind=kind,
        file_name=f" {upload['FileName']}", content_base64=spaced,
    )  # fmt: skip

    assert sent(documented) == [("POST", f"/items/v2/{kind}", [upload])]
    assert result["ids"] == [7301 if kind == "file" else 7302]


async def test_a_photo_that_is_a_pdf_is_refused_before_sending(
    run: Run, documented: FakeMetrc
) -> None:
    upload = extra("items_file_upload")["requests"][0]["body"][0]
    with pytest.raises(ToolProblem, match="A photo must be one of"):
        await run(
            media.upload_item_media, license_number=GROWER, kind="photo",
            file_name=upload["FileName"], content_base64=upload["EncodedImageBase64"],
        )  # fmt: skip
    assert sent(documented) == []
