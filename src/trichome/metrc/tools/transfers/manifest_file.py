"""The manifest as a file: the PDF Metrc prints for a transfer (Metrc v2 Transfers
GetManifestPdf, `GET /transfers/v2/manifest/{id}/pdf`, the Id the transfer's). Metrc
documents the PDF wrapped in JSON (`FileContents` in Base64, `ContentType`,
`FileDownloadName`); the client reads that or the PDF itself as the file.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.tools.files import ToolFile, file_result, metrc_uri
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import LicenseNumber, shape


@shape
class ManifestFile(ToolFile):
    """A transfer's manifest as Metrc prints it, a PDF."""

    transfer_id: int


@tool("transfers", title="Get a transfer manifest PDF", returns=ManifestFile, attachment=True)
async def get_transfer_manifest_pdf(
    license_number: LicenseNumber,
    transfer_id: Annotated[
        int,
        Field(ge=1, le=2**31 - 1, description="The transfer's Id from a transfer list."),
    ],
) -> dict[str, Any]:
    """Get a transfer's manifest as the PDF Metrc prints for the driver, to print, file or
    send on. The facility must ship, receive or carry the transfer. get_transfer_manifest
    reads the same manifest as text.
    """
    metrc = access()
    file = await metrc.client.transfer_manifest_pdf(
        license_number, transfer_id, credentials=metrc.credentials
    )
    uri = metrc_uri(f"/transfers/v2/manifest/{transfer_id}/pdf", license_number)
    return file_result(license_number, file, uri, transfer_id=transfer_id)
