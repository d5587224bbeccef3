"""Files end to end: a lab test document and a manifest PDF read from a real sandbox process
over HTTP, by the Metrc client (bytes, media type, name, the size limit) and by the official
MCP client through the tool server (the file as an embedded resource).

The servers are this module's own (it writes a lab result and a document), not the shared
ones other modules count records on.
"""

from __future__ import annotations

import base64
import io
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.types import BlobResourceContents, CallToolResult, EmbeddedResource
from pypdf import PdfReader

from tests.support.sandbox import CULTIVATOR, DISPENSARY, KEYS, LAB
from tests.support.toolserver import Servers, toolserver_running
from trichome.metrc import MetrcClient, MetrcError, MetrcFile

pytestmark = pytest.mark.anyio
CERTIFICATE = b"%PDF-1.4\n% a certificate of analysis\n1 0 obj << >> endobj\n%%EOF\n"
METRC_MOST = 5 * 1024 * 1024  # the largest document Metrc takes (LabTests CreateRecord)
MCP_LIMIT = 8 * 1024 * 1024  # TRICHOME_TOOLSERVER_MAX_REQUEST_BYTES's default


def pdf_of(size: int) -> bytes:
    """A PDF of exactly `size` bytes (a comment line pads it)."""
    head, tail = b"%PDF-1.4\n%", b"\n%%EOF\n"
    return head + b"x" * (size - len(head) - len(tail)) + tail


@pytest.fixture(scope="module")
def own_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with toolserver_running(
        tmp_path_factory.mktemp("toolserver-files"),
        tmp_path_factory.getbasetemp() / "sandbox-template",
    ) as running:
        yield running


@asynccontextmanager
async def metrc(servers: Servers, **options: Any) -> AsyncIterator[MetrcClient]:
    """A Metrc client of the sandbox process, over real HTTP."""
    async with MetrcClient(
        servers.sandbox, credentials=KEYS, max_gets_per_second_per_facility=None, **options
    ) as client:
        yield client


@asynccontextmanager
async def mcp(servers: Servers) -> AsyncIterator[Client]:
    async with (
        httpx2.AsyncClient(headers=servers.headers(), timeout=60) as http,
        Client(streamable_http_client(servers.mcp, http_client=http)) as client,
    ):
        yield client


async def call(client: Client, name: str, **arguments: Any) -> CallToolResult:
    result = await client.call_tool(name, arguments)
    text = " ".join(getattr(block, "text", "") for block in result.content)
    assert not result.is_error, f"{name}: {text}"
    return result


def blob_of(result: CallToolResult) -> BlobResourceContents:
    (embedded,) = [block for block in result.content if isinstance(block, EmbeddedResource)]
    assert isinstance(embedded.resource, BlobResourceContents)
    return embedded.resource


async def _attached(servers: Servers, certificate: bytes = CERTIFICATE) -> int:
    """A result the lab records now, with a certificate attached through the tool server;
    the document's id."""
    async with metrc(servers) as client:
        sample = (await client.packages_active(LAB))[0]
        record = {
            "Label": sample["Label"],
            "ResultDate": "2026-11-21",
            "Results": [
                {"LabTestTypeName": "THC (%) Raw Plant Material", "Quantity": 21.4, "Passed": True}
            ],
        }
        await client.record_lab_test_results(LAB, [record])
        row = newest(await client.lab_test_results(LAB, int(sample["Id"])))
    async with mcp(servers) as session:
        await call(
            session,
            "attach_lab_test_document",
            license_number=LAB,
            lab_test_result_id=row["LabTestResultId"],
            file_name="COA 2026-11-21.pdf",
            content_base64=base64.b64encode(certificate).decode(),
        )
    async with metrc(servers) as client:
        row = newest(await client.lab_test_results(LAB, int(sample["Id"])))
    return int(row["LabTestResultDocumentFileId"])


def newest(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The result recorded last (each test of this module records one on the same sample)."""
    return max(rows, key=lambda row: int(row["LabTestResultId"]))


async def test_a_document_is_read_as_bytes_within_the_size_limit(own_servers: Servers) -> None:
    document_id = await _attached(own_servers)
    async with metrc(own_servers) as client:
        file = await client.lab_test_document(LAB, document_id)
    async with metrc(own_servers, max_file_bytes=len(CERTIFICATE) - 1) as small:
        with pytest.raises(MetrcError, match=f"file over {len(CERTIFICATE) - 1:,} bytes"):
            await small.lab_test_document(LAB, document_id)
    async with mcp(own_servers) as session:
        called = await call(
            session, "get_lab_test_document", license_number=LAB, document_id=document_id
        )
    assert file == MetrcFile(CERTIFICATE, "application/pdf", "COA 2026-11-21.pdf")
    blob = blob_of(called)
    assert called.structured_content is not None
    assert called.structured_content["content_base64"] is None
    assert called.structured_content["size_bytes"] == len(CERTIFICATE)
    assert (blob.uri, blob.mime_type) == (called.structured_content["uri"], "application/pdf")
    assert base64.b64decode(blob.blob) == CERTIFICATE


async def test_a_manifest_pdf_comes_as_an_embedded_pdf_of_the_transfer(
    own_servers: Servers,
) -> None:
    async with metrc(own_servers) as client:
        outgoing = await client.transfers_outgoing(CULTIVATOR)
        transfer = next(t for t in outgoing if t["RecipientFacilityLicenseNumber"] == DISPENSARY)
        file = await client.transfer_manifest_pdf(CULTIVATOR, int(transfer["Id"]))
    async with mcp(own_servers) as session:
        called = await call(
            session,
            "get_transfer_manifest_pdf",
            license_number=CULTIVATOR,
            transfer_id=transfer["Id"],
        )
        # The lab is no party to a grower's shipment to a store.
        outside = await session.call_tool(
            "get_transfer_manifest_pdf", {"license_number": LAB, "transfer_id": transfer["Id"]}
        )
    blob = blob_of(called)
    content = base64.b64decode(blob.blob)
    printed = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    assert content == file.content and blob.mime_type == "application/pdf"
    assert called.structured_content is not None
    assert called.structured_content["file_name"] == f"TransferManifestReport-{transfer['Id']}.pdf"
    assert transfer["ManifestNumber"] in printed
    assert outside.is_error and "was not found" in str(outside.content[0])


async def test_a_file_of_metrc_s_largest_goes_through_and_a_larger_body_gets_a_named_413(
    own_servers: Servers,
) -> None:
    largest = pdf_of(METRC_MOST)  # 7 MB in Base64: over the other routes' 4 MiB
    document_id = await _attached(own_servers, largest)
    async with metrc(own_servers) as client:
        read = await client.lab_test_document(LAB, document_id)
    async with mcp(own_servers) as session:
        over_metrc = await session.call_tool(
            "attach_lab_test_document",
            {
                "license_number": LAB,
                "lab_test_result_id": 1,
                "file_name": "COA.pdf",
                "content_base64": base64.b64encode(pdf_of(METRC_MOST + 1)).decode(),
            },
        )

    async def streamed() -> AsyncIterator[bytes]:  # no Content-Length
        for _ in range(MCP_LIMIT // 65536 + 1):
            yield b" " * 65536

    headers = {**own_servers.headers(), "Accept": "application/json, text/event-stream"}
    async with httpx.AsyncClient(headers=headers, timeout=60) as http:
        declared = await http.post(own_servers.mcp, content=b" " * (MCP_LIMIT + 1))
        undeclared = await http.post(own_servers.mcp, content=streamed())
    assert read.size == METRC_MOST and read.content == largest
    assert over_metrc.is_error and "at most 5 MB" in str(over_metrc.content[0])
    for refused in (declared, undeclared):
        assert refused.status_code == 413
        error = refused.json()["error"]
        assert error["code"] == "request_too_large"
        assert "8,388,608 bytes (8 MiB)" in error["message"]
        assert "TRICHOME_TOOLSERVER_MAX_REQUEST_BYTES" in error["message"]
