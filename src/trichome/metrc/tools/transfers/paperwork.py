"""Transfer tools for the paperwork: a manifest as printed (its text), and the lab tests each
package on a delivery requires.
"""

from __future__ import annotations

import asyncio
from html.parser import HTMLParser
from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import LicenseNumber, shape
from trichome.metrc.tools.transfers.trips import DeliveryId

MAX_LINES = 400
_HIDDEN = ("style", "script", "button")
_BLOCKS = {"p", "div", "tr", "br", "li", "h1", "h2", "h3", "title", "table", "tbody"}


class _Text(HTMLParser):
    """The printed text of an HTML page, one line per block or table row: no styles,
    scripts or buttons (Metrc's documented manifest page opens with a "Print Manifest"
    button that is not printed; bruno Transfers/GetManifestHtmlById)."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = [""]
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self._skip += 1
        elif tag in _BLOCKS:
            self.lines.append("")
        elif tag == "td":
            self.lines[-1] += " "

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self._skip = max(0, self._skip - 1)
        elif tag in _BLOCKS:
            self.lines.append("")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.lines[-1] += data

    def text(self) -> list[str]:
        cleaned = (" ".join(line.split()) for line in self.lines)
        return [line for line in cleaned if line]


def manifest_text(page: str) -> list[str]:
    """A manifest page's text, line by line."""
    parser = _Text()
    parser.feed(page)
    parser.close()
    return parser.text()


@shape
class ManifestText(TypedDict):
    """A manifest as Metrc prints it, as text."""

    license_number: str
    transfer_id: int
    lines: Annotated[list[str], Field(description="The printed manifest's text, in order.")]
    truncated: bool


@tool("transfers", title="Read a transfer manifest", returns=ManifestText)
async def get_transfer_manifest(
    license_number: LicenseNumber,
    transfer_id: Annotated[int, Field(ge=1, description="The transfer's Id from a transfer list.")],
) -> dict[str, Any]:
    """Read a manifest as Metrc prints it for the driver: manifest number, originating and
    destination facilities, times, route, transporter, driver and vehicle, and each package
    with its item, lab state and quantity. The facility must ship, receive or carry it.
    """
    metrc = access()
    page = await metrc.client.transfer_manifest_html(
        license_number, transfer_id, credentials=metrc.credentials
    )
    lines = manifest_text(page)
    return {
        "license_number": license_number,
        "transfer_id": transfer_id,
        "lines": lines[:MAX_LINES],
        "truncated": len(lines) > MAX_LINES,
    }


@shape
class RequiredTests(TypedDict):
    """The lab test batches one delivered package requires."""

    PackageLabel: str
    ItemName: str | None
    LabTestingState: str | None
    required: list[str]


@shape
class DeliveryTests(TypedDict):
    """What each package on a delivery must be tested for."""

    license_number: str
    delivery_id: int
    items: list[RequiredTests]


@tool("transfers", title="List a delivery's required lab tests", returns=DeliveryTests)
async def list_required_lab_tests(
    license_number: LicenseNumber, delivery_id: DeliveryId
) -> dict[str, Any]:
    """List, for each package on a delivery, the lab test batches Metrc requires for it (e.g.
    potency, microbials), with its current lab testing state; useful when receiving product
    that still needs testing.
    """
    metrc = access()
    client, keys = metrc.client, metrc.credentials
    packages = await client.delivery_packages(license_number, delivery_id, credentials=keys)
    batches = await asyncio.gather(
        *(
            client.delivery_package_required_lab_test_batches(
                license_number, int(p["PackageId"]), credentials=keys
            )
            for p in packages
        )
    )
    return {
        "license_number": license_number,
        "delivery_id": delivery_id,
        "items": [
            {
                "PackageLabel": str(p.get("PackageLabel")),
                "ItemName": p.get("ItemName"),
                "LabTestingState": p.get("LabTestingState"),
                "required": [str(b.get("LabTestBatchName")) for b in found],
            }
            for p, found in zip(packages, batches, strict=True)
        ],
    }
