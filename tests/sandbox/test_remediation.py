"""Product that fails testing is treated as the facility type allows, as in Metrc's Colorado
sandbox (F8ai/metrc-mcp `scripts/facility-capabilities.json`): the retail cultivation
decontaminates and may not remediate; the manufacturer remediates and may not decontaminate
failed product."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.sandbox.conftest import (
    CULTIVATOR,
    DISPENSARY,
    LAB,
    MANUFACTURER,
    MEDICAL_STORE,
    everything,
    sandbox,
)
from tests.sandbox.test_state_changes import TODAY, package, write
from trichome.config import Settings

pytestmark = pytest.mark.anyio


async def failed_at_manufacturer(client: httpx.AsyncClient) -> str:
    """A manufacturer's package whose sample the lab has just failed (its label)."""
    source = next(
        p
        for p in await everything(client, "/packages/v2/active", licenseNumber=MANUFACTURER)
        if p["LabTestingState"] == "TestPassed" and p["Quantity"] >= 2
    )
    unit = source["UnitOfMeasureName"]
    tags = await client.get("/tags/v2/package/available", params={"licenseNumber": MANUFACTURER})
    tag = tags.json()[0]["Label"]
    sampled = await write(
        client,
        "POST",
        "/packages/v2/testing",
        MANUFACTURER,
        [
            {
                "Tag": tag,
                "UseSameItem": True,
                "Quantity": 1,
                "UnitOfMeasure": unit,
                "ActualDate": TODAY,
                "Ingredients": [{"Package": source["Label"], "Quantity": 1, "UnitOfMeasure": unit}],
            }
        ],
    )
    assert sampled.status_code == 200, sampled.text
    template = await write(
        client,
        "POST",
        "/transfers/v2/templates/outgoing",
        MANUFACTURER,
        [
            {
                "Name": "Retest sample",
                "Destinations": [
                    {
                        "RecipientLicenseNumber": LAB,
                        "TransferTypeName": "Lab Sample Transfer",
                        "EstimatedDepartureDateTime": f"{TODAY}T08:00:00-07:00",
                        "EstimatedArrivalDateTime": f"{TODAY}T09:00:00-07:00",
                        "PlannedRoute": "Federal Blvd north to the lab",
                        "Transporters": [
                            {
                                "TransporterFacilityLicenseNumber": MANUFACTURER,
                                "DriverName": "Lee Park",
                            }
                        ],
                        "Packages": [{"PackageLabel": tag}],
                    }
                ],
            }
        ],
    )
    assert template.status_code == 200, template.text
    sent = await write(
        client,
        "POST",
        f"/sandbox/v2/templates/{template.json()['Ids'][0]}/send",
        MANUFACTURER,
        None,
    )
    assert sent.status_code == 200, sent.text
    deliveries = await client.get(
        f"/transfers/v2/{sent.json()['Ids'][0]}/deliveries", params={"licenseNumber": LAB}
    )
    delivery_id = deliveries.json()["Data"][0]["Id"]
    received = await write(
        client,
        "POST",
        f"/sandbox/v2/deliveries/{delivery_id}/receive",
        LAB,
        [{"PackageLabel": tag, "Accepted": True}],
    )
    assert received.status_code == 200, received.text
    failing = [
        {
            "LabTestTypeName": "Residual Solvents (ppm) Concentrate",
            "Quantity": 2400,
            "Passed": False,
        }
    ]
    record = [{"Label": tag, "ResultDate": TODAY, "Results": failing}]
    recorded = await write(client, "POST", "/labtests/v2/record", LAB, record)
    assert recorded.status_code == 200, recorded.text
    released = await write(
        client, "PUT", "/labtests/v2/results/release", LAB, [{"PackageLabel": tag}]
    )
    assert released.status_code == 200, released.text
    return str(source["Label"])


def decontamination(label: str) -> list[dict[str, Any]]:
    return [
        {
            "PackageLabel": label,
            "DecontaminationMethodName": "Decontamination",
            "DecontaminationDate": TODAY,
        }
    ]


async def test_the_manufacturer_remediates_failed_product_and_may_not_decontaminate_it(
    seeded: Settings,
) -> None:
    async with sandbox(seeded) as client:
        label = await failed_at_manufacturer(client)
        failed = (await package(client, MANUFACTURER, label)).json()
        decontaminated = await write(
            client, "PUT", "/packages/v2/decontaminate", MANUFACTURER, decontamination(label)
        )
        remediated = await write(
            client,
            "PUT",
            "/packages/v2/remediate",
            MANUFACTURER,
            [
                {
                    "PackageLabel": label,
                    "RemediationMethodName": "Further Processing",
                    "RemediationDate": TODAY,
                    "RemediationSteps": "Re-purged under vacuum",
                }
            ],
        )
        after = (await package(client, MANUFACTURER, label)).json()
    assert failed["LabTestingState"] == "TestFailed"
    assert decontaminated.status_code == 400
    [row] = decontaminated.json()
    assert "CanDecontaminatePackagesWithFailedLabResults" in row["message"]
    assert remediated.status_code == 200 and remediated.content == b""
    assert after["LabTestingState"] == "Remediated" and after["RemediationDate"] == TODAY
    assert after["DecontaminationDate"] is None


async def test_the_facilities_list_the_flags_of_metrcs_own_sandbox(seeded: Settings) -> None:
    flags = (
        "CanRequestProductRemediation",
        "CanRemediatePackagesWithFailedLabResults",
        "CanRequestProductDecontamination",
        "CanDecontaminatePackagesWithFailedLabResults",
    )
    async with sandbox(seeded) as client:
        listed = (await client.get("/facilities/v2")).json()
    found = {
        f["License"]["Number"]: tuple(f["FacilityType"][flag] for flag in flags) for f in listed
    }
    # As F8ai/metrc-mcp recorded them for CO-21, CO-22, CO-24, CO-25 and CO-9 (probed
    # 2026-02-23).
    assert found == {
        CULTIVATOR: (True, False, False, True),
        MANUFACTURER: (True, True, False, False),
        DISPENSARY: (False, False, False, False),
        LAB: (False, False, False, False),
        MEDICAL_STORE: (False, False, False, False),
    }
