"""The transfer trip and template tools on Metrc's documented shapes (the fixtures of
tests/metrc/fixtures/documented), without the sandbox."""

from __future__ import annotations

import base64

import pytest
from starlette.responses import Response

from tests.metrc.conftest import ClientFactory
from tests.metrc.documented.conftest import AS_OF, GROWER, Run, fixture, records
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc import MetrcCredentials
from trichome.metrc.tools import MetrcAccess, transfers, using

pytestmark = pytest.mark.anyio


async def test_a_delivery_shows_its_carriers_both_ways(run: Run) -> None:
    found = await run(transfers.get_delivery_transporters, license_number=GROWER, delivery_id=9101)

    assert [c["TransporterDirection"] for c in found["transporters"]] == ["Outbound", "Return"]
    assert found["has_return_leg"] is True
    assert [d["DriverName"] for d in found["drivers"]] == ["Luis Romero", "Maya Chen"]
    assert "DriverLayoverLeg" not in found["drivers"][0]  # null in the record: left out


async def test_the_hub_list_shows_the_transporters_own_times(run: Run) -> None:
    found = await run(transfers.list_transfer_hub, license_number=GROWER)

    (trip,) = found["items"]
    assert trip["Id"] == 9001 and trip["DeliveryId"] == 9101
    assert trip["TransporterActualArrivalDateTime"] == "2026-06-08T11:35:02-06:00"
    assert trip["IsLayover"] is False
    assert trip["drivers"][0]["VehicleLicensePlateNumber"] == "BXR-4471"
    assert found["in_transit"] == 0  # it arrived


async def test_a_template_shows_what_it_would_ship(run: Run) -> None:
    found = await run(
        transfers.get_transfer_template_deliveries, license_number=GROWER, template_id=9251
    )

    (delivery,) = found["items"]
    assert delivery["Id"] == 9301 and delivery["RecipientFacilityName"] == "Front Range Dispensary"
    assert [p["PackageLabel"] for p in delivery["packages"]] == [
        "1A4FF0300000029000000401",
        "1A4FF0300000029000000402",
    ]
    assert delivery["packages"][0]["ItemName"] == "Blue Dream Flower"
    assert delivery["transporters"] == [
        {
            "TransporterFacilityLicenseNumber": GROWER,
            "TransporterFacilityName": "Green Mesa Cultivation",
            "TransporterDirection": "Outbound",
        }
    ]
    assert delivery["drivers"][0]["DriverName"] == "Luis Romero"


async def test_a_delivery_lists_each_packages_required_tests(run: Run) -> None:
    found = await run(transfers.list_required_lab_tests, license_number=GROWER, delivery_id=9101)

    by_label = {row["PackageLabel"]: row["required"] for row in found["items"]}
    assert len(by_label) == 7
    assert by_label["1A4FF0300000029000000201"] == ["Potency", "Microbials", "Heavy Metals"]
    assert by_label["1A4FF0300000029000000204"] == ["Potency"]  # a pre-roll


async def test_a_manifest_is_read_as_its_printed_text(
    fake: FakeMetrc, make_client: ClientFactory, credentials: MetrcCredentials
) -> None:
    page = (
        "<!doctype html><html><head><title>Transfer Manifest 0000090011</title>"
        "<style>td { font-size: 8pt }</style></head><body><table><tbody>"
        "<tr><td>Manifest No.</td><td>0000090011</td></tr>"
        "<tr><td>Destination License Number</td><td>402R-00207</td></tr>"
        "<tr><td>1. Package | Shipped</td><td>1A4FF0300000029000000201<br />Lab Test: "
        "TestPassed</td></tr></tbody></table></body></html>"
    )
    fake.script = lambda call: Response(page, media_type="text/html; charset=utf-8")
    with using(MetrcAccess(make_client(), credentials, today=AS_OF)):
        found = await transfers.get_transfer_manifest(GROWER, 9001)

    assert found["lines"] == [
        "Transfer Manifest 0000090011",
        "Manifest No. 0000090011",
        "Destination License Number 402R-00207",
        "1. Package | Shipped 1A4FF0300000029000000201",
        "Lab Test: TestPassed",
    ]
    assert found["truncated"] is False and fake.calls[0].path == "/transfers/v2/manifest/9001/html"


async def test_the_documented_manifest_page_is_read_package_by_package(run: Run) -> None:
    found = await run(transfers.get_transfer_manifest, license_number=GROWER, transfer_id=9001)

    lines = found["lines"]
    assert lines[:5] == [
        "Transfer Manifest 0000090011",
        "Manifest No. 0000090011 Date Created 06/07/2026 4:44 PM",
        "Originating Entity Green Mesa Cultivation For Agency Use Only",
        "Originating License Number 403R-00101",
        "1. Destination Front Range Dispensary Destination Phone No. 303-555-0188",
    ]
    assert "Print Manifest" not in lines  # the page's button, not printed
    # Each of the delivery's seven packages has its numbered block: label, lab state, item,
    # quantity shipped, strain and source harvest.
    shipped = records("transfers_delivery_packages")[:7]
    first = lines.index("1. Package | Shipped Production Batch No. Item Name Quantity")
    assert lines[first + 1 : first + 7] == [
        "1A4FF0300000029000000201",
        "Lab Test: TestPassed",
        "Contains Retail IDs: No Blue Dream Flower",
        "(Buds) Shp: 453.6 g",
        "Item Details Strain: Blue Dream",
        "Source Harvest 2026-04-02-Flower Room 1-H",
    ]
    for n, package in enumerate(shipped, start=1):
        block = lines.index(f"{n}. Package | Shipped Production Batch No. Item Name Quantity")
        assert lines[block + 1 : block + 3] == [
            package["PackageLabel"],
            f"Lab Test: {package['LabTestingState']}",
        ]
    assert lines[-1] == "06/07/2026 04:45:02 PM -06:00 Page 1 of 1"
    assert found["truncated"] is False


async def test_the_manifest_pdf_is_the_documented_envelope_s_file(run: Run) -> None:
    found = await run(transfers.get_transfer_manifest_pdf, license_number=GROWER, transfer_id=9001)

    sent = fixture("transfers_manifest_pdf")["requests"][0]["response"]
    # The Base64 in FileContents is the file; Metrc's octet-stream is named as the PDF it is.
    assert found["content_base64"] == sent["FileContents"]
    assert base64.b64decode(found["content_base64"]).startswith(b"%PDF-1.4")
    assert (found["file_name"], found["mime_type"]) == (sent["FileDownloadName"], "application/pdf")
    assert found["size_bytes"] == len(base64.b64decode(sent["FileContents"]))
    assert found["uri"] == "metrc:///transfers/v2/manifest/9001/pdf?licenseNumber=403R-00101"
