"""A real `trichome serve chat` process and the real `openai` SDK's Files API, on SQLite and
PostgreSQL, with files on local disk and in an S3-compatible store (moto's server): upload,
list, retrieve, content and delete, and another organisation's 404; a chat that answers from
an uploaded SOP and cites it with a link only its organisation can open."""

from __future__ import annotations

import io
import re
import secrets
from collections.abc import Iterator

import openai
import pytest

from tests.conftest import reconfigured
from tests.documents.samples import docx_file, pdf, pdf_document
from tests.services.chat.files_support import STORES, stored_objects
from tests.support.s3server import BUCKET, CREDENTIALS
from tests.support.servers import chat_server, create_key, trichome_env
from trichome.config import Settings

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module", params=STORES)
def served(
    request: pytest.FixtureRequest,
    module_database_url: str,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[str, Settings, dict[str, str]]]:
    tmp_path = tmp_path_factory.mktemp("files")
    settings = Settings(data_dir=tmp_path / "data", database_url=module_database_url)
    extra: dict[str, str] = {}
    if request.param == "s3":
        endpoint = request.getfixturevalue("s3_endpoint")
        storage_url = f"s3://{BUCKET}/{secrets.token_hex(6)}?endpoint={endpoint}"
        settings = reconfigured(settings, storage_url=storage_url)
        extra["storage_url"] = storage_url
    env = trichome_env(settings.data_dir, module_database_url, **extra) | CREDENTIALS
    keys = {name: create_key(env, "pro", org=f"{name} co") for name in ("owner", "stranger")}
    with pytest.MonkeyPatch.context() as patch:
        for name, value in CREDENTIALS.items():
            patch.setenv(name, value)  # for the test's own look into the bucket
        with chat_server(env, tmp_path / "server.log") as base_url:
            yield base_url, settings, keys


def sdk(base_url: str, key: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{base_url}/v1", api_key=key, max_retries=0)


def test_the_files_lifecycle_through_the_sdk(
    served: tuple[str, Settings, dict[str, str]],
) -> None:
    base_url, settings, keys = served
    content = pdf("Transport SOP: vehicles stay locked.")
    with sdk(base_url, keys["owner"]) as client, sdk(base_url, keys["stranger"]) as stranger:
        created = client.files.create(
            file=("transport-sop.pdf", io.BytesIO(content)), purpose="assistants"
        )
        assert created.id.startswith("file_") and created.bytes == len(content)
        assert created.filename == "transport-sop.pdf" and created.status == "processed"
        second = client.files.create(
            file=("sop.docx", io.BytesIO(docx_file("Lock the van", [["a"]]))), purpose="user_data"
        )
        assert {f.id for f in client.files.list()} == {created.id, second.id}
        assert client.files.retrieve(created.id).filename == "transport-sop.pdf"
        assert client.files.content(created.id).read() == content
        with pytest.raises(openai.NotFoundError) as hidden:
            stranger.files.retrieve(created.id)
        assert hidden.value.code == "file_not_found"
        with pytest.raises(openai.NotFoundError):
            stranger.files.delete(created.id)
        assert list(stranger.files.list()) == []
        with pytest.raises(openai.APIStatusError) as refused:
            client.files.create(file=("tool.exe", io.BytesIO(b"MZ\x90\x00")), purpose="assistants")
        assert refused.value.status_code == 415
        stored = sorted(key.split("/")[1] for key in stored_objects(settings))
        assert stored == sorted([created.id, second.id])
        for file_id in (created.id, second.id):
            deleted = client.files.delete(file_id)
            assert deleted.deleted is True and deleted.id == file_id
        assert list(client.files.list()) == []
        with pytest.raises(openai.NotFoundError):
            client.files.retrieve(created.id)
    assert stored_objects(settings) == []


def test_a_chat_answers_from_an_uploaded_sop_and_cites_it(
    served: tuple[str, Settings, dict[str, str]],
) -> None:
    base_url, _, keys = served
    sop = pdf_document(
        ["Greenleaf Transport SOP", "Applies to every transfer between our sites."],
        [
            "Vehicle security",
            "Every transport van carries a locked steel cage; the driver checks the cage",
            "seal every 50 miles and records the seal number in the trip log.",
        ],
    )
    question = "How often does our transport SOP say the driver checks the cage seal?"
    with sdk(base_url, keys["owner"]) as client, sdk(base_url, keys["stranger"]) as stranger:
        file_id = client.files.create(
            file=("transport-sop.pdf", io.BytesIO(sop)), purpose="assistants"
        ).id
        try:
            stream = client.chat.completions.create(
                model="pro-agent", messages=[{"role": "user", "content": question}], stream=True
            )
            answer = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
            assert "every 50 miles" in answer
            # The link is the file's download on the dashboard, for its members only
            # (tests/services/chat/test_files_answers.py signs them in).
            cited = re.search(
                rf"^\[(\d)\] transport-sop\.pdf, page 2: http\S+/documents/{file_id}/content"
                r"#page=2$",
                answer,
                re.MULTILINE,
            )
            assert cited is not None, answer
            assert f"[{cited.group(1)}]" in answer.split("\n\nSources:")[0]
            # Through the API, the file's content opens for the organisation's keys only.
            assert client.files.content(file_id).content == sop
            with pytest.raises(openai.NotFoundError):
                stranger.files.content(file_id)
            theirs = stranger.chat.completions.create(
                model="pro-agent", messages=[{"role": "user", "content": question}], stream=False
            )
            assert "transport-sop.pdf" not in (theirs.choices[0].message.content or "")
        finally:
            client.files.delete(file_id)
