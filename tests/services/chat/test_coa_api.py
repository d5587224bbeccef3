"""`GET /v1/files/{file_id}/coa`: an uploaded COA read and checked against the state's limits
for its organisation only; a file that is no COA or a bad state is a 400."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import KeyMaker, started
from tests.documents.coa_samples import COLORADO_HEMP, WASHINGTON_FLOWER
from tests.services.chat.files_support import assert_error, auth, upload
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.chat.app import create_app

pytestmark = pytest.mark.anyio


@pytest.fixture
def settings(migrated_database_url: str, tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, database_url=migrated_database_url)


async def test_a_coa_is_checked_for_its_organisation_only(
    settings: Settings, make_key: KeyMaker
) -> None:
    owner, stranger = await make_key(Tier.OPERATOR), await make_key(Tier.OPERATOR)
    async with started(create_app(settings)) as client:
        coa = (await upload(client, owner, "cascade-coa.pdf", WASHINGTON_FLOWER)).json()["id"]
        hemp = (await upload(client, owner, "hemp-coa.pdf", COLORADO_HEMP)).json()["id"]
        note = (await upload(client, owner, "note.txt", b"Lock the van.")).json()["id"]
        checked = await client.get(f"/v1/files/{coa}/coa", headers=auth(owner))
        assert checked.status_code == 200, checked.text
        report = checked.json()
        assert (report["object"], report["file_id"], report["state"]) == ("coa.check", coa, "WA")
        assert report["failed"] == ["total_aflatoxins"]
        first = report["findings"][0]
        assert first["severity"] == "critical" and first["analyte"] == "total_aflatoxins"
        analytes = {a["analyte"]: a for a in report["analytes"]}
        assert analytes["btgn"]["value"] == 9100 and analytes["btgn"]["unit"] == "cfu/g"
        assert {t["name"] for t in report["totals"]} == {"total_thc", "total_cbd"}
        hemp_report = (await client.get(f"/v1/files/{hemp}/coa", headers=auth(owner))).json()
        assert set(hemp_report["failed"]) == {"stec", "total_thc"} and hemp_report["hemp"]
        # Checked against another state's limits on request.
        in_ca = await client.get(f"/v1/files/{coa}/coa?state=CA", headers=auth(owner))
        assert in_ca.json()["state"] == "CA"
        assert not any((f["fact"] or "").startswith("wa-") for f in in_ca.json()["findings"])
        assert_error(
            await client.get(f"/v1/files/{coa}/coa?state=wa", headers=auth(owner)),
            400,
            "invalid_state",
        )
        assert_error(
            await client.get(f"/v1/files/{note}/coa", headers=auth(owner)), 400, "not_a_coa"
        )
        assert_error(
            await client.get(f"/v1/files/{coa}/coa", headers=auth(stranger)),
            404,
            "file_not_found",
        )
        assert_error(
            await client.get("/v1/files/file_nope/coa", headers=auth(owner)),
            404,
            "file_not_found",
        )
