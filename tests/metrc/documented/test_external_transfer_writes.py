"""Manifests from shippers outside Metrc on Metrc's documented request bodies (the fixture
server refuses any other body, writes.py). CreateExternalIncoming and UpdateExternalIncoming
describe each package by item, quantity and dates and name no tag, in every state's
collection (bruno Transfers/CreateIncomingExternal, UpdateIncomingExternal), so neither tool
sends a PackageLabel."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.transfers import external, external_changes

pytestmark = pytest.mark.anyio
LEAVES, ARRIVES = datetime(2026, 6, 15, 9), datetime(2026, 6, 15, 11)


async def test_an_external_manifest_names_its_packages_by_item(
    run: Run, documented: FakeMetrc
) -> None:
    sample = external.ExternalPackage(
        item="Hemp Sample", quantity=12, unit_of_measure="Grams", packaged_date=date(2026, 6, 14)
    )
    result = await run(
        external.create_external_incoming_transfer, license_number=GROWER,
        shipper_license_number=" HEMP-CO-0042", shipper_name="Front Range Hemp Farm ",
        transfer_type="returned product", packages=[sample], estimated_departure=LEAVES,
        estimated_arrival=ARRIVES, driver_name="Sam Rivera",
    )  # fmt: skip

    body = [
        {
            "ShipperLicenseNumber": "HEMP-CO-0042", "ShipperName": "Front Range Hemp Farm",
            "Destinations": [
                {
                    "RecipientLicenseNumber": GROWER, "TransferTypeName": "Returned Product",
                    "EstimatedDepartureDateTime": "2026-06-15T09:00:00",
                    "EstimatedArrivalDateTime": "2026-06-15T11:00:00",
                    "Transporters": [{"DriverName": "Sam Rivera"}],
                    "Packages": [
                        {"ItemName": "Hemp Sample", "Quantity": 12, "UnitOfMeasureName": "Grams",
                         "PackagedDate": "2026-06-14"}
                    ],
                }
            ],
        }
    ]  # fmt: skip
    assert sent(documented) == [("POST", "/transfers/v2/external/incoming", body)]
    assert result["ids"] == [9031]
    assert "tag" not in external.ExternalPackage.model_fields


async def test_a_correction_sends_the_manifest_whole_without_tags(
    run: Run, documented: FakeMetrc
) -> None:
    # The fixtures' incoming manifest 9001 stands in for an external one: the body is the point.
    fix = external_changes.PackageCorrection(label="1a4ff0300000029000000202", quantity=450)
    await run(
        external_changes.update_external_incoming_transfer, license_number=STORE,
        transfer_id=9001, vehicle_license_plate="BXR-4472", packages=[fix],
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    (destination,) = body[0].pop("Destinations")
    assert (method, path) == ("PUT", "/transfers/v2/external/incoming")
    assert body == [
        {"TransferId": 9001, "ShipperLicenseNumber": "403R-00101",
         "ShipperName": "Green Mesa Cultivation"}
    ]  # fmt: skip
    assert destination["Transporters"] == [
        {"DriverName": "Luis Romero", "VehicleLicensePlateNumber": "BXR-4472"}
    ]
    shipped = destination.pop("Packages")
    assert destination == {
        "RecipientLicenseNumber": STORE, "TransferTypeName": "Wholesale",
        "EstimatedDepartureDateTime": "2026-06-08T09:00:00.000",
        "EstimatedArrivalDateTime": "2026-06-08T11:30:00.000",
        "Transporters": [{"DriverName": "Luis Romero", "VehicleLicensePlateNumber": "BXR-4472"}],
    }  # fmt: skip
    assert shipped[:2] == [
        {"ItemName": "Blue Dream Flower", "Quantity": 453.6, "UnitOfMeasureName": "Grams",
         "PackagedDate": "2026-06-05"},
        {"ItemName": "Blue Dream Flower", "Quantity": 450, "UnitOfMeasureName": "Grams",
         "PackagedDate": "2026-06-05"},
    ]  # fmt: skip
    assert all("PackageLabel" not in line for line in shipped)
