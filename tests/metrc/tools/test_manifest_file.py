"""The manifest PDF tool against the seeded sandbox: the file Metrc prints for a transfer,
the same manifest the text tool reads, for the transfer's parties only."""

from __future__ import annotations

import base64
import io

import pytest
from pypdf import PdfReader

from tests.metrc.tools.helpers import DISPENSARY, LAB
from trichome.metrc import MetrcNotFound
from trichome.metrc.tools import MetrcAccess, using
from trichome.metrc.tools import transfers as tools

pytestmark = pytest.mark.anyio


async def test_a_manifest_pdf_prints_what_the_manifest_text_reads(reader: MetrcAccess) -> None:
    transfer = (await reader.client.transfers_incoming(DISPENSARY))[0]
    with using(reader):
        pdf = await tools.get_transfer_manifest_pdf(DISPENSARY, transfer["Id"])
        text = await tools.get_transfer_manifest(DISPENSARY, transfer["Id"])
        with pytest.raises(MetrcNotFound):
            await tools.get_transfer_manifest_pdf(LAB, transfer["Id"])
    content = base64.b64decode(pdf["content_base64"])
    printed = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)
    assert pdf["mime_type"] == "application/pdf" and pdf["size_bytes"] == len(content)
    assert pdf["file_name"] == f"TransferManifestReport-{transfer['Id']}.pdf"
    assert pdf["uri"] == (
        f"metrc:///transfers/v2/manifest/{transfer['Id']}/pdf?licenseNumber={DISPENSARY}"
    )
    assert transfer["ManifestNumber"] in printed
    assert text["lines"][0] in printed
