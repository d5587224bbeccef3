"""Questions about the organisation's own certificates of analysis are answered from them:
which failed a category (the failing analytes listed, each file cited at its page), whether
the one uploaded passes a state's limits (and, for a state whose limits the packs do not
hold, that only the lab's pass/fail was checked); another organisation's key gets none."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import KeyMaker, started
from tests.documents.coa_samples import CALIFORNIA_FLOWER, COLORADO_HEMP, WASHINGTON_FLOWER
from tests.services.chat.files_support import upload
from tests.services.chat.test_files_answers import ask
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(migrated_database_url: str, tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, database_url=migrated_database_url)


async def test_which_coas_failed_microbials_lists_the_failing_files_and_analytes(
    settings: Settings, make_key: KeyMaker
) -> None:
    owner, stranger = await make_key(Tier.PRO), await make_key(Tier.PRO)
    async with started(create_app(settings)) as client:
        ids = {}
        for name, content in (
            ("sierra-blue-dream.pdf", CALIFORNIA_FLOWER),
            ("cascade-flower.pdf", WASHINGTON_FLOWER),
            ("front-range-hemp.pdf", COLORADO_HEMP),
        ):
            ids[name] = (await upload(client, owner, name, content)).json()["id"]
        answer = await ask(client, owner, "Which of our COAs failed microbials?")
        theirs = await ask(client, stranger, "Which of our COAs failed microbials?")
    body, sources = answer.split("\n\nSources:\n")
    assert body.startswith("Of your 3 certificates of analysis, 1 fails on microbials:")
    failing = body.split("Passing:")[0]
    assert "front-range-hemp.pdf" in failing and "E. coli was detected" in failing
    assert "sierra-blue-dream.pdf" not in failing  # its lead is a heavy metal, not asked
    cited = re.search(r"front-range-hemp\.pdf.*\[(\d)\]", failing)
    assert cited is not None
    link = f"{settings.dashboard_base_url}/documents/{ids['front-range-hemp.pdf']}/content#page=1"
    assert f"[{cited.group(1)}] front-range-hemp.pdf, page 1: {link}" in sources
    assert all(file_id not in theirs for file_id in ids.values())
    assert "front-range-hemp.pdf" not in theirs


async def test_the_uploaded_coa_is_checked_against_the_state_asked(
    settings: Settings, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.PRO)
    async with started(create_app(settings)) as client:
        await upload(client, key, "older-hemp.pdf", COLORADO_HEMP)
        file_id = (await upload(client, key, "blue-dream-coa.pdf", CALIFORNIA_FLOWER)).json()["id"]
        california = await ask(client, key, "Does the COA I uploaded pass California's limits?")
        michigan = await ask(client, key, "Does the COA I uploaded pass Michigan's limits?")
    assert california.startswith("No: blue-dream-coa.pdf (checked against California's limits)")
    assert "Lead is 0.62 ug/g" in california and "older-hemp.pdf" not in california
    link = f"{settings.dashboard_base_url}/documents/{file_id}/content#page=2"
    assert f"blue-dream-coa.pdf, page 2: {link}" in california
    assert michigan.startswith("No: blue-dream-coa.pdf (checked against Michigan's limits)")
    assert "The lab failed Lead" in michigan
    assert "no sourced action limits of Michigan" in michigan
