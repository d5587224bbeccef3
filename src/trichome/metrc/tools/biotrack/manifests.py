"""BioTrack's receiving: the manifests on their way to a licence, and receiving them (in
BioTrack the receiver records receipt through the API, `inventory_transfer_inbound`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.biotrack.common import Barcode, biotrack_written
from trichome.metrc.tools.registry import ToolProblem, biotrack, tool
from trichome.metrc.tools.results import Count, LicenseNumber, Written, shape
from trichome.tracking.biotrack import BioTrackRejected, Item
from trichome.tracking.biotrack.fields import maybe_number, number, text

BIOTRACK = ("biotrack",)


@shape
class ManifestItem(TypedDict):
    """A lot on a manifest, as sent."""

    barcode: str
    description: str | None
    quantity: float | None


@shape
class InboundManifest(TypedDict):
    """A manifest whose lots have left the sender for this licence."""

    manifest_id: str
    sender_license: str | None
    sender_name: str | None
    items: list[ManifestItem]


@shape
class InboundManifests(TypedDict):
    """The manifests waiting to be received."""

    license_number: str
    total: Count
    items: list[InboundManifest]


@shape
class Received(TypedDict):
    """A lot to receive and the quantity counted on arrival."""

    barcode: Barcode
    quantity: Annotated[
        float, Field(gt=0, description="The quantity counted: grams, or units for counted types.")
    ]


def _item(row: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "barcode": text(row.get("inventoryid")) or "",
        "description": text(row.get("description")),
        "quantity": maybe_number(row.get("quantity")),
    }


def _nothing_waits(refused: BioTrackRejected) -> bool:
    # BioTrack answers a lookup with nothing to receive as a failure with this sentence.
    sentence = str(refused).lower()
    return "no inbound transfers" in sentence or "wait to be received" in sentence


@tool("transfers", title="List manifests to receive", returns=InboundManifests, systems=BIOTRACK)
async def list_manifests_to_receive(license_number: LicenseNumber) -> dict[str, Any]:
    """List the manifests whose lots have been sent to this licence and wait to be received
    (BioTrack), with each lot's barcode, description and quantity as sent.

    Receive one with receive_manifest.
    """
    client = biotrack().client(license_number)
    try:
        answer = await client.inventory_manifest_lookup(license_number)
    except BioTrackRejected as refused:
        if _nothing_waits(refused):
            return {"license_number": license_number, "total": 0, "items": []}
        raise
    data = answer.get("data")
    manifests = [row for row in data if isinstance(row, Mapping)] if isinstance(data, list) else []
    items = [
        {
            "manifest_id": text(row.get("manifestid")) or "",
            "sender_license": text(row.get("origination_license_number")),
            "sender_name": text(row.get("origination_name")),
            "items": [_item(i) for i in row.get("items") or [] if isinstance(i, Mapping)],
        }
        for row in manifests
    ]
    return {"license_number": license_number, "total": len(items), "items": items}


@tool(
    "transfers",
    title="Receive a manifest",
    returns=Written,
    read_only=False,
    systems=BIOTRACK,
)
async def receive_manifest(
    license_number: LicenseNumber,
    manifest_id: Barcode,
    items: Annotated[
        list[Received] | None,
        Field(
            max_length=500,
            description=(
                "The lots received and the quantities counted (default: every lot of the "
                "manifest, at the quantity sent)."
            ),
        ),
    ] = None,
) -> dict[str, Any]:
    """Receive an inbound manifest's lots into this licence's inventory (BioTrack).

    Without items, every lot still waiting on the manifest is received at the quantity
    sent; with items, the lots named at the quantities counted. list_manifests_to_receive
    shows what waits. Receiving a lot twice is refused.
    """
    client = biotrack().client(license_number)
    waiting = await client.inventory_transfer_lookup(license_number, manifest_id)
    rows = {text(r.get("inventoryid")) or "": r for r in waiting if isinstance(r, Mapping)}
    if items is None:
        chosen = [(key, number(row.get("quantity"))) for key, row in rows.items()]
    else:
        chosen = [(item["barcode"], float(item["quantity"])) for item in items]
    unknown = [key for key, _ in chosen if key not in rows]
    if unknown:
        raise ToolProblem(
            f"Not waiting on manifest {manifest_id}: {', '.join(unknown)}. "
            "list_manifests_to_receive shows its lots."
        )
    received = [
        Item(key, quantity, maybe_number(rows[key].get("price")) or 0.0) for key, quantity in chosen
    ]
    result = await client.inventory_transfer_inbound(license_number, received)
    written = biotrack_written(result, "")
    written["message"] = f"Received {len(received)} lot(s) of manifest {manifest_id}."
    return written
