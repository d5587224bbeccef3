"""Lab test document tools: a lab attaches the certificate (COA) behind a result it recorded,
and the lab or the tested package's licence reads it back (Metrc v2 LabTests
UpdateLabTestDocument, `PUT /labtests/v2/labtestdocument` with `[{LabTestResultId,
DocumentFileName, DocumentFileBase64}]`, and GetLabTestDocumentById,
`GET /labtests/v2/labtestdocument/{id}`).

Metrc's documentation of recording results, which carries the same document fields, allows
only PDF files of at most 5 MB (LabTests CreateRecord, as captured in thunkier/ThunkMetrc
`specs/generated/bruno/LabTests/CreateRecord.bru`); the attach tool holds a document to the
same rule before sending it. A result shows the document's id as
`LabTestResultDocumentFileId` (list_package_lab_results).
"""

from __future__ import annotations

import base64
from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.tools.files import ToolFile, checked_upload, file_result, metrc_uri
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, Written, shape, written

MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
# Base64 takes 4 characters for every 3 bytes; blanks and line breaks are allowed besides.
MAX_ENCODED = (MAX_DOCUMENT_BYTES + 2) // 3 * 4
PDF = frozenset({".pdf"})


@shape
class LabDocument(ToolFile):
    """A lab test result's document (its certificate of analysis)."""

    document_id: int


@tool(
    "lab_results",
    title="Attach a lab test document",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def attach_lab_test_document(
    license_number: LicenseNumber,
    lab_test_result_id: Annotated[
        int,
        Field(
            ge=1,
            le=2**31 - 1,
            description="The result's LabTestResultId (list_package_lab_results), recorded "
            "by this lab.",
        ),
    ],
    file_name: Annotated[
        str,
        Field(
            min_length=5,
            max_length=200,
            description="The document's file name, ending in .pdf (e.g. COA 2026-11-21.pdf).",
        ),
    ],
    content_base64: Annotated[
        str,
        Field(min_length=4, max_length=MAX_ENCODED + 100_000, description="The PDF, Base64."),
    ],
) -> dict[str, Any]:
    """Attach a lab's certificate of analysis (a PDF of at most 5 MB) to a lab test result
    it recorded, replacing any document attached before. Only the testing lab's licence can;
    the tested package's licence then reads it with get_lab_test_document.
    """
    name, encoded = checked_upload(
        content_base64, file_name, kinds=PDF, max_bytes=MAX_DOCUMENT_BYTES
    )
    if not base64.b64decode(encoded[:8]).startswith(b"%PDF-"):  # how every PDF begins
        raise ToolProblem(f"{name!r} is not a PDF: its content does not begin with %PDF-.")
    metrc = access()
    document = {
        "LabTestResultId": lab_test_result_id,
        "DocumentFileName": name,
        "DocumentFileBase64": encoded,
    }
    result = await metrc.client.update_lab_test_documents(
        license_number, [document], credentials=metrc.credentials
    )
    return written(result, f"Attached {name!r} to lab test result {lab_test_result_id}.")


@tool("lab_results", title="Get a lab test document", returns=LabDocument, attachment=True)
async def get_lab_test_document(
    license_number: LicenseNumber,
    document_id: Annotated[
        int,
        Field(
            ge=1,
            le=2**31 - 1,
            description="The document's id: a result's LabTestResultDocumentFileId "
            "(list_package_lab_results).",
        ),
    ],
) -> dict[str, Any]:
    """Get the document (usually the lab's certificate of analysis, a PDF) attached to a
    lab test result: its name, type and size, and the file itself. The licence must be the
    testing lab's or the tested package's.
    """
    metrc = access()
    file = await metrc.client.lab_test_document(
        license_number, document_id, credentials=metrc.credentials
    )
    uri = metrc_uri(f"/labtests/v2/labtestdocument/{document_id}", license_number)
    return file_result(license_number, file, uri, document_id=document_id)
