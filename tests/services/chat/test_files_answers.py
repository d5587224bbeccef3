"""Answers from an organisation's own files: the agents find a passage of an uploaded file
beside the packs and cite it as `[n] file name, page N` with a link to the file's download
on the dashboard, at that page, which opens for the organisation's signed-in members only
(another organisation's member gets 404, a visitor the sign-in page); another organisation's
key gets no answer from it; a deleted file is never cited again; the index survives a restart."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.conftest import KeyMaker, started
from tests.documents.samples import pdf_document, xlsx_file
from tests.services.chat.files_support import auth, upload
from tests.services.dashboard.test_web_login import sign_in
from trichome.config import Settings
from trichome.plans import Tier
from trichome.services.chat.app import create_app
from trichome.services.dashboard import app as dashboard

pytestmark = pytest.mark.anyio

SOP = pdf_document(
    ["Greenleaf Transport SOP, revision 4", "Scope: every transfer between our licensed sites."],
    [
        "Vehicle security",
        "The driver checks the cargo cage seal every 50 miles and writes the seal number",
        "in the trip log. A broken seal is reported to the compliance lead within one hour.",
    ],
)
QUESTION = "How often does our transport SOP say the driver checks the cargo cage seal?"


@pytest.fixture
def settings(migrated_database_url: str, tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path, database_url=migrated_database_url)


async def ask(client: httpx.AsyncClient, key: str, question: str) -> str:
    sent = await client.post(
        "/v1/chat/completions",
        headers=auth(key),
        json={"model": "pro-agent", "messages": [{"role": "user", "content": question}]},
        params={},
    )
    assert sent.status_code == 200, sent.text
    body: dict[str, Any] = (
        sent.json() if sent.headers["content-type"].startswith("application/json") else {}
    )
    if body:
        return str(body["choices"][0]["message"]["content"])
    return "".join(
        chunk["choices"][0]["delta"].get("content") or ""
        for line in sent.text.splitlines()
        if line.startswith("data: {") and (chunk := __import__("json").loads(line[6:]))["choices"]
    )


async def test_an_answer_cites_the_organisations_file_at_its_page(
    settings: Settings, make_key: KeyMaker
) -> None:
    owner = await make_key(Tier.PRO, org="Greenleaf")
    stranger = await make_key(Tier.PRO, org="Rival Co")
    async with started(create_app(settings)) as client:
        created = await upload(client, owner, "transport-sop.pdf", SOP)
        file_id = created.json()["id"]
        answer = await ask(client, owner, QUESTION)
        assert "every 50 miles" in answer
        # The link is the file's download on the dashboard, at the passage's page.
        link = f"{settings.dashboard_base_url}/documents/{file_id}/content#page=2"
        assert f"transport-sop.pdf, page 2: {link}" in answer
        cited = re.search(r"\[(\d+)\] transport-sop\.pdf, page 2", answer)
        assert cited is not None and f"[{cited.group(1)}]" in answer.split("Sources:")[0]
        # As JSON (`response_format: json_object`), the same citation is a numbered source.
        as_json = await client.post(
            "/v1/chat/completions",
            headers=auth(owner),
            json={
                "model": "pro-agent",
                "messages": [{"role": "user", "content": QUESTION}],
                "response_format": {"type": "json_object"},
                "stream": False,
            },
        )
        sources = json.loads(as_json.json()["choices"][0]["message"]["content"])["sources"]
        assert {"title": "transport-sop.pdf", "section": "page 2", "url": link} in [
            {key: source[key] for key in ("title", "section", "url")} for source in sources
        ]
        # Another organisation's key is never answered from it.
        theirs = await ask(client, stranger, QUESTION)
        assert "50 miles" not in theirs and file_id not in theirs
        assert "transport-sop.pdf" not in theirs
    # The dashboard serves the link to the organisation's signed-in members only.
    path = link.removeprefix(settings.dashboard_base_url).split("#")[0]
    async with started(dashboard.create_app(settings)) as web:
        anonymous = await web.get(path)
        assert anonymous.status_code == 303 and anonymous.headers["location"] == "/login"
        await sign_in(web, settings, org="Greenleaf", tier=Tier.PRO)
        served = await web.get(path)
        assert served.status_code == 200 and served.content == SOP
        assert served.headers["content-disposition"].startswith("attachment;")
    async with started(dashboard.create_app(settings)) as web:
        await sign_in(web, settings, org="Rival Co", tier=Tier.PRO)
        refused = await web.get(path)
        assert refused.status_code == 404 and SOP not in refused.content
    # A restarted service (a new process, the same database) still finds it.
    async with started(create_app(settings)) as client:
        assert link in await ask(client, owner, QUESTION)
        deleted = await client.delete(f"/v1/files/{file_id}", headers=auth(owner))
        assert deleted.json()["deleted"] is True
        after = await ask(client, owner, QUESTION)
        assert "50 miles" not in after and file_id not in after


async def test_a_spreadsheet_row_is_cited_by_sheet_and_rows(
    settings: Settings, make_key: KeyMaker
) -> None:
    key = await make_key(Tier.PRO)
    sheet = xlsx_file(
        [
            ["Licence", "State", "Expires"],
            ["Grow licence AU-C-000123", "Michigan", "2027-03-31"],
            ["Retail licence RE-77", "Ohio", "2026-12-15"],
        ],
        title="Licences",
    )
    async with started(create_app(settings)) as client:
        file_id = (await upload(client, key, "licences.xlsx", sheet)).json()["id"]
        answer = await ask(client, key, "When does our Michigan grow licence AU-C-000123 expire?")
    assert "2027-03-31" in answer
    link = f"{settings.dashboard_base_url}/documents/{file_id}/content"
    assert f"licences.xlsx, sheet Licences, rows 2-3: {link}\n" in f"{answer}\n"
