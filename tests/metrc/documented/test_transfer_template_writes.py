"""The transfer template write tools on Metrc's documented request bodies (the fixture server
refuses any other body, writes.py): creating a template, changing one, sent back whole as
Metrc's template reads give it, and deleting one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest

from tests.metrc.documented.conftest import GROWER, Run
from tests.metrc.documented.writes import sent
from tests.metrc.fake_metrc import FakeMetrc
from trichome.metrc.tools.registry import ToolProblem
from trichome.metrc.tools.transfers import template_changes, templates
from trichome.metrc.tools.transfers.templates import TemplatePackage

pytestmark = pytest.mark.anyio
JAR1, JAR2 = "1A4FF0300000029000000401", "1A4FF0300000029000000402"
FLOWER = "1A4FF0300000029000000150"  # a package of the grower (packages_by_label)
STORED = "1A4FF0300000029000000163"  # at the grower, not in transit (packages_by_label_states)
TRANSPORTER = {
    "TransporterFacilityLicenseNumber": GROWER, "DriverName": "Luis Romero",
    "DriverOccupationalLicenseNumber": "OL-77812", "DriverLicenseNumber": "CO-D1182734",
    "VehicleMake": "Ford", "VehicleModel": "Transit", "VehicleLicensePlateNumber": "BXR-4471",
}  # fmt: skip


def destination(**changes: Any) -> dict[str, Any]:
    """Template 9251's one destination as its reads give it, with changes."""
    return {
        "TransferDestinationId": 9301, "RecipientLicenseNumber": "402R-00207",
        "InvoiceNumber": "GM-2026-0611", "TransferTypeName": "Wholesale",
        "PlannedRoute": "I-25 south to exit 210, then Federal Blvd.",
        "EstimatedDepartureDateTime": "2026-06-12T09:00:00.000",
        "EstimatedArrivalDateTime": "2026-06-12T11:30:00.000",
        "Transporters": [TRANSPORTER],
        "Packages": [
            {"PackageLabel": JAR1, "WholesalePrice": None},
            {"PackageLabel": JAR2, "WholesalePrice": None},
        ],
        **changes,
    }  # fmt: skip


async def test_a_template_is_renamed_and_sent_back_whole(run: Run, documented: FakeMetrc) -> None:
    updated = await run(
        template_changes.update_transfer_template, license_number=GROWER, template_id=9251,
        name=" Weekly jars to Front Range",
    )  # fmt: skip

    assert sent(documented) == [
        ("PUT", "/transfers/v2/templates/outgoing", [{
            "TransferTemplateId": 9251, "Name": "Weekly jars to Front Range",
            "Destinations": [destination()],
        }]),
    ]  # fmt: skip
    assert updated["message"] == "Updated transfer template 9251 (2 packages)."


async def test_new_times_and_prices_replace_what_was_read(run: Run, documented: FakeMetrc) -> None:
    with pytest.raises(ToolProblem, match="arrival must be after"):
        await run(
            template_changes.update_transfer_template, license_number=GROWER, template_id=9251,
            estimated_arrival=datetime(2026, 6, 12, 8, 0),
        )  # fmt: skip
    await run(
        template_changes.update_transfer_template, license_number=GROWER, template_id=9251,
        planned_route="US-36 to Federal Blvd.", estimated_departure=datetime(2026, 6, 19, 9, 0),
        estimated_arrival=datetime(2026, 6, 19, 11, 0),
        packages=[TemplatePackage(label=FLOWER, wholesale_price=420)],
    )  # fmt: skip

    ((method, path, body),) = sent(documented)
    assert (method, path) == ("PUT", "/transfers/v2/templates/outgoing")
    assert body[0]["Destinations"] == [
        destination(
            PlannedRoute="US-36 to Federal Blvd.",
            EstimatedDepartureDateTime="2026-06-19T09:00:00",
            EstimatedArrivalDateTime="2026-06-19T11:00:00",
            Packages=[{"PackageLabel": FLOWER, "WholesalePrice": 420}],
        )
    ]


async def test_an_unknown_template_is_named_and_a_known_one_deleted(
    run: Run, documented: FakeMetrc
) -> None:
    with pytest.raises(ToolProblem, match="No active transfer template 777"):
        await run(template_changes.update_transfer_template, license_number=GROWER, template_id=777)
    deleted = await run(templates.delete_transfer_template, license_number=GROWER, template_id=301)

    assert sent(documented) == [("DELETE", "/transfers/v2/templates/outgoing/301", None)]
    assert deleted["message"] == "Deleted transfer template 301."


async def test_a_new_template_is_posted_in_the_documented_shape(
    run: Run, documented: FakeMetrc
) -> None:
    created = await run(
        templates.create_transfer_template, license_number=GROWER, name="Weekly buds",
        recipient_license_number="402R-00207", transfer_type="wholesale manifest",
        packages=[TemplatePackage(label=STORED, wholesale_price=1800)],
        estimated_departure=datetime(2026, 6, 19, 9, 0),
        estimated_arrival=datetime(2026, 6, 19, 11, 30),
        planned_route="I-25 south to exit 210.", driver_name="Luis Romero",
        driver_license_number="CO-D1182734", vehicle_make="Ford",
    )  # fmt: skip

    # The fixture server answers only a body fitting bruno Transfers/CreateOutgoingTemplates.
    assert sent(documented) == [
        ("POST", "/transfers/v2/templates/outgoing", [{
            "Name": "Weekly buds", "TransporterFacilityLicenseNumber": GROWER,
            "Destinations": [{
                "RecipientLicenseNumber": "402R-00207", "TransferTypeName": "Wholesale Manifest",
                "PlannedRoute": "I-25 south to exit 210.",
                "EstimatedDepartureDateTime": "2026-06-19T09:00:00",
                "EstimatedArrivalDateTime": "2026-06-19T11:30:00",
                "Transporters": [{
                    "TransporterFacilityLicenseNumber": GROWER, "DriverName": "Luis Romero",
                    "DriverLicenseNumber": "CO-D1182734", "VehicleMake": "Ford",
                }],
                "Packages": [{"PackageLabel": STORED, "WholesalePrice": 1800}],
            }],
        }]),
    ]  # fmt: skip
    assert created["ids"] == [9252]
    assert created["message"] == (
        "Created the transfer template 'Weekly buds': 1 package to 402R-00207 (Wholesale Manifest)."
    )
