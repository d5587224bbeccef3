"""A manifest with several deliveries, in Metrc's documented shapes: manifest 0000090204 from
403R-00133 to two stores (fixtures transfers_outgoing, _incoming, _rejected, _deliveries and
_delivery_packages). The shipper's row names no recipient and counts both deliveries
(GetOutgoingTransfers); each delivery is read from GET /transfers/v2/{id}/deliveries
(GetTransfersDeliveryById); a recipient's row is its own delivery (GetIncomingTransfers)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.metrc.documented.conftest import STORE, Run
from trichome.metrc.skills.data import FacilityData
from trichome.metrc.tools import MetrcAccess, load_all
from trichome.metrc.tools.analysis import transfer_summary
from trichome.metrc.tools.transfers import list_outgoing_transfers, list_transfer_deliveries
from trichome.tracking import TransferStatus
from trichome.tracking.metrc import mapping

pytestmark = pytest.mark.anyio
SHIPPER = "403R-00133"
SECOND_STORE = "402R-00311"
AS_OF = date(2026, 6, 15)


async def test_the_shippers_row_is_read_as_its_two_deliveries(metrc: MetrcAccess) -> None:
    source = FacilityData(metrc, SHIPPER, AS_OF)
    outgoing = await source.outgoing()

    assert [(t.manifest, t.delivery_id, t.recipient_license) for t in outgoing] == [
        ("0000090204", 9120, STORE),
        ("0000090204", 9121, SECOND_STORE),
    ]
    first, second = outgoing
    assert (first.package_count, first.received_package_count) == (3, 3)
    assert (second.package_count, second.received_package_count) == (2, 1)
    assert first.status(AS_OF, rejected=True) is TransferStatus.RECEIVED
    assert second.status(AS_OF, rejected=True) is TransferStatus.PARTIALLY_REJECTED
    assert {t.delivery_count for t in outgoing} == {2}


async def test_a_recipients_row_counts_its_own_delivery_only(metrc: MetrcAccess) -> None:
    (row,) = await metrc.client.transfers_incoming(SECOND_STORE)
    delivery = mapping.transfer(row)

    assert (delivery.package_count, delivery.received_package_count) == (2, 1)
    assert delivery.rejected_packages == 1
    assert delivery.status(AS_OF) is TransferStatus.PARTIALLY_REJECTED
    # A row naming no delivery of its own is the whole manifest (5 shipped, 4 received).
    whole_manifest = mapping.transfer({**row, "DeliveryPackageCount": 0})
    assert (whole_manifest.package_count, whole_manifest.received_package_count) == (5, 4)


async def test_the_summary_reports_each_delivery_with_its_recipient(run: Run) -> None:
    result: dict[str, Any] = await run(transfer_summary, license_number=SHIPPER)
    TypeAdapter(load_all()[result["skill"]].returns).validate_python(result)

    rows = [
        (row["manifest"], row["partner_license"], row["status"], row["rejected_packages"])
        for row in result["details"]["manifests"]
    ]
    assert sorted(rows) == [
        ("0000090204", STORE, "received", 0),
        ("0000090204", SECOND_STORE, "partially_rejected", 1),
    ]
    assert result["counts"]["partially_rejected"] == 1


async def test_the_tools_show_the_manifest_and_each_delivery(run: Run) -> None:
    listed = await run(list_outgoing_transfers, license_number=SHIPPER)
    deliveries = await run(list_transfer_deliveries, license_number=SHIPPER, transfer_id=9020)

    (manifest,) = listed["items"]
    assert manifest["DeliveryCount"] == 2 and manifest["PackageCount"] == 5
    assert "RecipientFacilityLicenseNumber" not in manifest
    assert [
        (d["Id"], d["RecipientFacilityLicenseNumber"], d["DeliveryPackageCount"])
        for d in deliveries["items"]
    ] == [(9120, STORE, 3), (9121, SECOND_STORE, 2)]
