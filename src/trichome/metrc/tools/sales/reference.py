"""Sales reference look-ups: the counties a delivery may go to, where patients may be
registered, and a receipt found by the point of sale's own number.

Shapes follow Metrc's v2 documentation as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Sales): GetCounties (GetCounties.bru) and
GetPatientRegistrationLocations (GetPatientRegistrationLocations.bru) answer `{Id, Name}`
records; GetReceiptByExternalNumber (GetReceiptsExternalByExternalNumber.bru) answers one
receipt, as GetReceiptById does.
"""

from __future__ import annotations

from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcAuthError, MetrcNotFound
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import Count, LicenseNumber, compact, shape
from trichome.metrc.tools.sales.lookup import trim_receipt
from trichome.metrc.tools.sales.read import ReceiptFound


@shape
class Place(TypedDict):
    """A county or a registration location."""

    Id: NotRequired[int]
    Name: NotRequired[str]


@shape
class Places(TypedDict):
    """A reference list of places."""

    total: Count
    items: list[Place]


def _places(records: list[dict[str, Any]]) -> dict[str, Any]:
    items = [compact(record, ("Id", "Name")) for record in records]
    return {"total": len(items), "items": items}


@tool("sales", title="List sales counties", returns=Places)
async def list_sales_counties(license_number: LicenseNumber) -> dict[str, Any]:
    """List the counties a sales delivery's recipient address may be in."""
    metrc = access()
    return _places(await metrc.client.sales_counties(license_number, credentials=metrc.credentials))


@tool("sales", title="List patient registration locations", returns=Places)
async def list_patient_registration_locations(license_number: LicenseNumber) -> dict[str, Any]:
    """List the places where the state registers medical patients (a receipt may name one)."""
    metrc = access()
    return _places(
        await metrc.client.sales_patient_registration_locations(
            license_number, credentials=metrc.credentials
        )
    )


@tool("sales", title="Get a sales receipt by its external number", returns=ReceiptFound)
async def get_sales_receipt_by_external_number(
    license_number: LicenseNumber,
    external_receipt_number: Annotated[
        str,
        Field(
            min_length=1, max_length=50, description="The point-of-sale system's receipt number."
        ),
    ],
) -> dict[str, Any]:
    """Find a sales receipt by the number the point-of-sale system gave it, with every line."""
    metrc = access()
    number = external_receipt_number.strip()
    try:
        record = await metrc.client.sales_receipt_by_external_number(
            license_number, number, credentials=metrc.credentials
        )
    except (MetrcNotFound, MetrcAuthError):
        # Metrc documents a 401 for a number that is not valid for the licence.
        raise ToolProblem(
            f"No sales receipt with external number {number!r} at licence {license_number}."
        ) from None
    return {
        "license_number": license_number,
        "receipt": {**trim_receipt(record), "LastModified": record.get("LastModified")},
    }
