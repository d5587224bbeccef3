"""An image of text and a scanned PDF, uploaded through the API, are read by OCR: the
answer to a question about them quotes what they show and cites the file at its page;
another organisation's key gets nothing from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import KeyMaker, started
from tests.documents.samples import image_file, pdf_with_scanned_page
from tests.services.chat.files_support import auth, upload
from tests.services.chat.test_files_answers import ask
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio

PHOTO = image_file(
    [
        "Greenleaf Transport SOP, vehicle security",
        "The driver checks the cargo cage seal every 50 miles",
        "and writes the seal number in the trip log.",
    ],
    "JPEG",
)
SCAN = pdf_with_scanned_page(
    ["Greenleaf waste SOP, revision 2"],
    [
        "Cannabis waste is ground and mixed with cat litter",
        "at a ratio of one part waste to one part litter.",
    ],
)


@pytest.fixture
def settings(migrated_database_url: str, tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, database_url=migrated_database_url)


async def test_an_image_and_a_scanned_pdf_are_read_and_cited_at_their_page(
    settings: Settings, make_key: KeyMaker
) -> None:
    owner = await make_key(Tier.PRO, org="Greenleaf")
    stranger = await make_key(Tier.PRO, org="Rival Co")
    async with started(create_app(settings)) as client:
        photo = await upload(client, owner, "seal-sop.jpg", PHOTO)
        assert photo.status_code == 200, photo.text
        assert photo.json()["filename"] == "seal-sop.jpg"
        scan = await upload(client, owner, "waste-sop.pdf", SCAN)
        assert scan.status_code == 200, scan.text
        seal = "How often does our transport SOP say the driver checks the cargo cage seal?"
        answer = await ask(client, owner, seal)
        assert "every 50 miles" in answer
        link = f"{settings.dashboard_base_url}/documents/{photo.json()['id']}/content#page=1"
        assert f"seal-sop.jpg, page 1: {link}" in answer
        waste = "What does our waste SOP say cannabis waste is mixed with?"
        answer = await ask(client, owner, waste)
        assert "cat litter" in answer
        assert "waste-sop.pdf, page 2" in answer
        theirs = await ask(client, stranger, seal)
        assert "50 miles" not in theirs and "seal-sop.jpg" not in theirs
        listed = await client.get("/v1/files", headers=auth(stranger))
        assert listed.json()["data"] == []
