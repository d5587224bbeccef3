"""A lab test document read as Metrc answers it (fixtures/documented/
labtests_labtestdocument.json): the file's own bytes, not a JSON envelope, with or without
a name, and a PDF sent as octet-stream still read as a PDF. The sandbox's answer is held to
the same form in tests/metrc/tools/test_lab_documents.py."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from tests.metrc.documented.conftest import STORE, Run, fixture
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc import MetrcFile, MetrcNotFound
from trichome.metrc.tools import MetrcAccess
from trichome.metrc.tools import lab_results as tools

pytestmark = pytest.mark.anyio
NAMED, UNNAMED = 4101, 4102


def sent(document_id: int) -> dict[str, Any]:
    """What the fixture sends for a document: its file's bytes and headers."""
    (request,) = [
        r
        for r in fixture("labtests_labtestdocument")["requests"]
        if r["path"].endswith(f"/{document_id}")
    ]
    file: dict[str, Any] = request["file"]
    return file


def documented_form(found: object, content: bytes, name: str | None) -> None:
    """The checks a document read passes, from the fixtures and from the sandbox alike: the
    transport met a file (not JSON), its bytes untouched, a PDF named application/pdf."""
    assert isinstance(found, MetrcFile)
    assert found == MetrcFile(content, "application/pdf", name)


async def test_the_client_reads_the_file_itself_with_or_without_its_name(
    metrc: MetrcAccess, documented: FakeMetrc
) -> None:
    pdf = base64.b64decode(sent(NAMED)["base64"])
    raw = await metrc.client.get(f"/labtests/v2/labtestdocument/{NAMED}", STORE)
    named = await metrc.client.lab_test_document(STORE, NAMED)
    unnamed = await metrc.client.lab_test_document(STORE, UNNAMED)

    assert pdf.startswith(b"%PDF-") and sent(UNNAMED)["content_type"] == "application/octet-stream"
    documented_form(raw, pdf, "COA 1A4FF0300000029000000101.pdf")
    documented_form(named, pdf, "COA 1A4FF0300000029000000101.pdf")
    documented_form(unnamed, pdf, None)  # sniffed: octet-stream that begins %PDF-
    assert [(c.method, c.path, c.params) for c in documented.calls][-1] == (
        "GET",
        f"/labtests/v2/labtestdocument/{UNNAMED}",
        {"licenseNumber": STORE},
    )


async def test_the_tool_describes_the_document_and_carries_its_bytes(run: Run) -> None:
    pdf = base64.b64decode(sent(NAMED)["base64"])
    named = await run(tools.get_lab_test_document, license_number=STORE, document_id=NAMED)
    unnamed = await run(tools.get_lab_test_document, license_number=STORE, document_id=UNNAMED)

    assert named == {
        "license_number": STORE,
        "document_id": NAMED,
        "file_name": "COA 1A4FF0300000029000000101.pdf",
        "mime_type": "application/pdf",
        "size_bytes": len(pdf),
        "uri": f"metrc:///labtests/v2/labtestdocument/{NAMED}?licenseNumber={STORE}",
        "content_base64": sent(NAMED)["base64"],
    }
    assert (unnamed["file_name"], unnamed["mime_type"]) == (None, "application/pdf")
    assert base64.b64decode(unnamed["content_base64"]) == pdf


async def test_a_document_no_fixture_holds_is_not_found(run: Run) -> None:
    with pytest.raises(MetrcNotFound):
        await run(tools.get_lab_test_document, license_number=STORE, document_id=4199)
