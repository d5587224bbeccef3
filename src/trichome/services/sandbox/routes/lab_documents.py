"""Lab test result documents: a lab attaches the certificate behind a result it recorded
(LabTests UpdateLabTestDocument, `PUT /labtests/v2/labtestdocument` with
`[{LabTestResultId, DocumentFileName, DocumentFileBase64}]`, an empty 200), and the lab or
the tested package's licence reads it back by the file id the result then carries in
`LabTestResultDocumentFileId` (GetLabTestDocumentById, `GET /labtests/v2/labtestdocument/{id}`).

Metrc documents no answer for the read, and answers the file itself (production use reads
its bytes as the PDF; tests/metrc/fixtures/documented/labtests_labtestdocument.json); the
sandbox answers the file itself too, with the media type its name implies and the name in
`Content-Disposition` (docs/metrc-coverage.md).
"""

from __future__ import annotations

import base64
import binascii
import mimetypes
from typing import Annotated

from fastapi import APIRouter, Path, Request
from starlette.responses import Response

from trichome.sandbox import labtests
from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, TEXT, shape
from trichome.services.sandbox.common import reading, store, text, writing, written
from trichome.services.sandbox.rules import RowErrors, message

router = APIRouter()
DocumentId = Annotated[int, Path(ge=1, le=2**31 - 1)]
# The largest document the sandbox keeps (decoded); Metrc states no limit.
MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
LAB_DOCUMENT = shape(
    {
        "LabTestResultId": ID,
        "DocumentFileName": TEXT,
        "DocumentFileBase64": {"type": "string", "minLength": 1},
    }
)
# The media type follows the file's name (a PDF certificate is application/pdf).
ANY_FILE = {"*/*": {"schema": {"type": "string", "format": "binary"}}}


def _decoded(encoded: object, row: int, errors: RowErrors) -> bytes | None:
    if not isinstance(encoded, str):
        return None
    try:
        content = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        errors.add(row, "DocumentFileBase64 is not Base64.")
        return None
    if not content:
        errors.add(row, "DocumentFileBase64 holds an empty file.")
    elif len(content) > MAX_DOCUMENT_BYTES:
        errors.add(row, f"The document is over {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB.")
    return content or None


@router.put("/labtests/v2/labtestdocument", **openapi.write(LAB_DOCUMENT, answer=None))
async def attach(request: Request) -> Response:
    lab = writing(request, "CanTestPackages", "attach lab test documents")
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans: list[tuple[Record, str, bytes]] = []
        for row, obj in enumerate(objects):
            name = text(obj, "DocumentFileName", row, errors)
            content = _decoded(obj.get("DocumentFileBase64"), row, errors)
            result_id = obj.get("LabTestResultId")
            result = await tx.get("labresult", result_id) if isinstance(result_id, int) else None
            if result is None or result.data["LabFacilityLicenseNumber"] != lab.license_number:
                errors.add(row, f"Lab test result {result_id!r} was not found at this lab.")
            if result is not None and name and content is not None:
                plans.append((result, name, content))
        errors.raise_if_any()
        for result, name, content in plans:
            document = await tx.insert(labtests.certificate(lab, result, name, content))
            labtests.attach(result, document)
            await tx.save(result)
    return Response(status_code=200)


@router.get(
    "/labtests/v2/labtestdocument/{document_id}",
    openapi_extra=openapi.operation(openapi.LICENSE),
    responses=openapi.responses(None, 400, 401, 404, 429)
    | {200: {"description": "The document's file.", "content": ANY_FILE}},
    response_class=Response,
)
async def document(request: Request, document_id: DocumentId) -> Response:
    facility = reading(request)
    async with store(request).transaction() as tx:
        found = await tx.get("labtestdocument", document_id)
        package = await tx.get("package", found.data["PackageId"]) if found else None
    readers = {found.license if found else None, package.license if package else None}
    if found is None or facility.license_number not in readers:
        raise message(404, f"Lab test document {document_id} was not found.")
    name = found.data["FileName"]
    media = mimetypes.guess_type(name)[0] or "application/octet-stream"
    safe = name.replace('"', "").replace("\r", "").replace("\n", "")
    return Response(
        base64.b64decode(found.data["_Base64"]),
        media_type=media,
        headers={"Content-Disposition": f'attachment; filename="{safe}"'},
    )
