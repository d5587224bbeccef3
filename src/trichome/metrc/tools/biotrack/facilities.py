"""list_facilities on a BioTrack connection: the licence it logs in to, from sync_vendor,
in the same shape as Metrc's (the capability flags named as Metrc names them)."""

from __future__ import annotations

from typing import Any

from trichome.metrc.tools.registry import BioTrackAccess
from trichome.tracking.biotrack.fields import flag, text
from trichome.tracking.biotrack.source import capabilities
from trichome.tracking.metrc.inventory import CAPABILITY_FLAGS

KINDS = ("producer", "processor", "retail")


async def biotrack_facilities(connected: BioTrackAccess) -> dict[str, Any]:
    """The connection's licence as list_facilities shows it."""
    licence = connected.license_number
    vendors = (await connected.client(licence).sync_vendors()).records
    found = [v for v in vendors if text(v.get("location")) in (licence, text(v.get("ubi")))]
    items = [
        {
            "LicenseNumber": text(vendor.get("location")),
            "Name": text(vendor.get("name")),
            "LicenseType": " and ".join(k for k in KINDS if flag(vendor.get(k))) or None,
            "LicenseEndDate": None,
            "Capabilities": sorted(CAPABILITY_FLAGS[c] for c in capabilities(vendor)),
        }
        for vendor in found
    ]
    return {"total": len(items), "items": items}
