"""Lab test document tools against the sandbox: a lab attaches a certificate to a result it
recorded, the tested package's licence reads it back (over MCP, as an embedded resource), and
what Metrc would refuse is refused before sending."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

import pytest
from mcp.types import EmbeddedResource

from tests.metrc.documented.test_lab_documents import documented_form
from tests.metrc.tools.helpers import DISPENSARY, LAB
from tests.metrc.tools.test_outputs import checked
from trichome.config import Settings
from trichome.metrc import MetrcAuthError, MetrcNotFound, MetrcValidationError
from trichome.metrc.tools import MetrcAccess, ToolProblem, lab_results, using
from trichome.metrc.tools import lab_results as tools
from trichome.services.toolserver.mcp_server import build_mcp_server, run_tool

pytestmark = pytest.mark.anyio
CERTIFICATE = b"%PDF-1.4\n% a certificate of analysis\n1 0 obj << >> endobj\n%%EOF\n"


def encoded(content: bytes) -> str:
    return base64.b64encode(content).decode()


async def _recorded(writer: MetrcAccess) -> tuple[str, int]:
    """A sample the lab tests now: its label and its result's LabTestResultId."""
    sample = (await writer.client.packages_active(LAB))[0]
    result = lab_results.AnalyteResult(
        test_type="THC (%) Raw Plant Material", quantity=21.4, passed=True
    )
    with using(writer):
        await lab_results.record_lab_test_results(LAB, sample["Label"], [result])
        rows = (await lab_results.list_package_lab_results(LAB, sample["Label"]))["items"]
    (row,) = [r for r in rows if r["TestPerformedDate"].startswith(str(writer.as_of()))] or rows
    assert "LabTestResultDocumentFileId" not in row  # none attached yet
    return sample["Label"], int(row["LabTestResultId"])


async def test_a_lab_attaches_a_certificate_and_reads_it_back_over_mcp(
    writer: MetrcAccess, tmp_path: Path
) -> None:
    label, result_id = await _recorded(writer)
    server = build_mcp_server(Settings(data_dir=tmp_path))
    with using(writer):
        attached = await tools.attach_lab_test_document(
            LAB, result_id, "COA 2026-11-21.pdf", encoded(CERTIFICATE)
        )
        rows = (await lab_results.list_package_lab_results(LAB, label))["items"]
        (document_id,) = {
            r["LabTestResultDocumentFileId"] for r in rows if r.get("LabTestResultDocumentFileId")
        }
        called = await run_tool(
            server.tools["get_lab_test_document"],
            {"license_number": LAB, "document_id": document_id},
        )
        with pytest.raises(MetrcNotFound):  # another licence's document is not found
            await tools.get_lab_test_document(DISPENSARY, document_id)
    structured = checked(server, "get_lab_test_document", called)
    (resource,) = [block for block in called.content if isinstance(block, EmbeddedResource)]
    assert attached["ok"] is True and "'COA 2026-11-21.pdf'" in attached["message"]
    assert structured == {
        "license_number": LAB,
        "document_id": document_id,
        "file_name": "COA 2026-11-21.pdf",
        "mime_type": "application/pdf",
        "size_bytes": len(CERTIFICATE),
        "uri": f"metrc:///labtests/v2/labtestdocument/{document_id}?licenseNumber={LAB}",
        "content_base64": None,  # the file crosses once, as the embedded resource
    }
    blob: Any = resource.resource
    assert (blob.uri, blob.mime_type) == (structured["uri"], "application/pdf")
    assert base64.b64decode(blob.blob) == CERTIFICATE


async def test_the_sandbox_answers_a_document_in_the_documented_form(
    writer: MetrcAccess,
) -> None:
    label, result_id = await _recorded(writer)
    with using(writer):
        await tools.attach_lab_test_document(
            LAB, result_id, "COA 2026-11-21.pdf", encoded(CERTIFICATE)
        )
        rows = (await lab_results.list_package_lab_results(LAB, label))["items"]
    (document_id,) = {
        r["LabTestResultDocumentFileId"] for r in rows if r.get("LabTestResultDocumentFileId")
    }
    raw = await writer.client.get(f"/labtests/v2/labtestdocument/{document_id}", LAB)
    read = await writer.client.lab_test_document(LAB, document_id)
    # The same checks as the fixtures' (tests/metrc/documented/test_lab_documents.py).
    documented_form(raw, CERTIFICATE, "COA 2026-11-21.pdf")
    documented_form(read, CERTIFICATE, "COA 2026-11-21.pdf")


@pytest.mark.parametrize(
    ("name", "content", "problem"),
    [
        ("COA.docx", encoded(CERTIFICATE), "must be one of .pdf"),
        ("COA.pdf", "not base64!", "not valid Base64"),
        ("COA.pdf", encoded(b"plain text, not a PDF"), "is not a PDF"),
        ("COA.pdf", encoded(b"%PDF-" + b"0" * (5 * 1024 * 1024)), "at most 5 MB"),
    ],
)
async def test_documents_metrc_would_refuse_are_refused_before_sending(
    writer: MetrcAccess, name: str, content: str, problem: str
) -> None:
    with using(writer), pytest.raises(ToolProblem, match=problem):
        await tools.attach_lab_test_document(LAB, 1, name, content)


async def test_only_a_lab_attaches_and_only_to_its_own_results(writer: MetrcAccess) -> None:
    _, result_id = await _recorded(writer)
    with using(writer):
        with pytest.raises(MetrcAuthError, match="CanTestPackages"):
            await tools.attach_lab_test_document(
                DISPENSARY, result_id, "COA.pdf", encoded(CERTIFICATE)
            )
        with pytest.raises(MetrcValidationError, match="not found at this lab"):
            await tools.attach_lab_test_document(LAB, 2**31 - 1, "COA.pdf", encoded(CERTIFICATE))
