"""Item file and photo tools against the sandbox: upload, read back, and the checks made
before anything is sent."""

from __future__ import annotations

import base64

import pytest

from tests.metrc.tools.helpers import CULTIVATOR, DISPENSARY
from trichome.metrc import MetrcNotFound
from trichome.metrc.tools import MetrcAccess, ToolProblem, using
from trichome.metrc.tools import items as item_tools

pytestmark = pytest.mark.anyio
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(64))
PDF = b"%PDF-1.4\n% a label\n"


def encoded(content: bytes) -> str:
    return base64.b64encode(content).decode()


async def test_a_photo_and_a_file_are_uploaded_and_read_back(writer: MetrcAccess) -> None:
    with using(writer):
        photo = await item_tools.upload_item_media(CULTIVATOR, "photo", "front.png", encoded(PNG))
        label = await item_tools.upload_item_media(CULTIVATOR, "file", "label.pdf", encoded(PDF))
        (photo_id,) = photo["ids"]
        (label_id,) = label["ids"]
        summary = await item_tools.get_item_media(CULTIVATOR, "photo", photo_id)
        whole = await item_tools.get_item_media(CULTIVATOR, "file", label_id, include_content=True)
        with pytest.raises(MetrcNotFound):
            await item_tools.get_item_media(DISPENSARY, "file", label_id)
    assert "'front.png'" in photo["message"]
    assert summary["file_name"] == "front.png"
    assert summary["size_bytes"] == len(PNG) and summary["content_base64"] is None
    assert whole["file_name"] == "label.pdf"
    assert base64.b64decode(whole["content_base64"]) == PDF


@pytest.mark.parametrize(
    ("kind", "name", "content", "problem"),
    [
        ("photo", "label.pdf", encoded(PDF), "must be one of"),
        ("file", "notes.txt", encoded(b"text"), "must be one of"),
        ("photo", "front.png", "not base64!", "not valid Base64"),
        ("file", "big.pdf", encoded(b"0" * (5 * 1024 * 1024 + 1)), "at most 5 MB"),
    ],
)
async def test_uploads_metrc_would_refuse_are_refused_before_sending(
    writer: MetrcAccess, kind: str, name: str, content: str, problem: str
) -> None:
    with using(writer), pytest.raises(ToolProblem, match=problem):
        await item_tools.upload_item_media(CULTIVATOR, kind, name, content)  # type: ignore[arg-type]
