"""What the delivery tools share: the driver and vehicle, the recipient, local times, and
finding a delivery by Id.

Field names are Metrc's v2 ones as its documentation gives them, captured in the public
repository thunkier/ThunkMetrc (specs/generated/bruno/Sales/CreateDeliveries.bru for a sales
delivery's carrier and recipient, CreateSalesDeliveriesRetailer.bru for a retailer delivery's
carrier): `DriverName`, `DriverEmployeeId`, `DriversLicenseNumber`, `VehicleMake`,
`VehicleModel`, `VehicleLicensePlateNumber`, `PhoneNumberForQuestions`, and the recipient's
`RecipientName`, `RecipientAddressStreet1`/`Street2`/`City`/`County`/`State`/`PostalCode`,
`PatientLicenseNumber` and `ConsumerId`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.registry import ToolProblem

Record = dict[str, Any]
Text = Annotated[str, Field(min_length=1, max_length=100)]
MaybeText = Annotated[str | None, Field(max_length=100)]
LocalTime = Annotated[
    datetime,
    Field(
        description="In the facility's local time (ISO 8601, e.g. 2026-11-21T15:00:00); Metrc "
        "reads it without a time zone."
    ),
]
DeliveryId = Annotated[int, Field(ge=1, description="The delivery's Id.")]
CARRIER_FIELDS = (
    "DriverName",
    "DriverEmployeeId",
    "DriversLicenseNumber",
    "VehicleMake",
    "VehicleModel",
    "VehicleLicensePlateNumber",
)
RECIPIENT_FIELDS = (
    "RecipientName",
    "RecipientAddressStreet1",
    "RecipientAddressStreet2",
    "RecipientAddressCity",
    "RecipientAddressCounty",
    "RecipientAddressState",
    "RecipientAddressPostalCode",
    "PatientLicenseNumber",
    "ConsumerId",
)


def local(moment: datetime) -> str:
    """A time as Metrc takes it on sales: the facility's wall-clock time, no zone."""
    return moment.replace(tzinfo=None).isoformat(timespec="seconds")


class Carrier(BaseModel):
    """Who drives and in what: the driver and the vehicle of a delivery."""

    driver_name: Annotated[Text, Field(description="The driver's full name.")]
    driver_employee_id: Annotated[Text, Field(description="The driver's employee id.")]
    drivers_license_number: Annotated[Text, Field(description="The driver's licence number.")]
    vehicle_make: Annotated[Text, Field(description="The vehicle's make, e.g. Ford.")]
    vehicle_model: Annotated[Text, Field(description="The vehicle's model, e.g. Transit.")]
    vehicle_license_plate_number: Annotated[
        Annotated[str, Field(min_length=1, max_length=20)],
        Field(description="The vehicle's licence plate."),
    ]

    def metrc(self) -> Record:
        """The carrier's fields under Metrc's names."""
        values = (
            self.driver_name,
            self.driver_employee_id,
            self.drivers_license_number,
            self.vehicle_make,
            self.vehicle_model,
            self.vehicle_license_plate_number,
        )
        return {key: value.strip() for key, value in zip(CARRIER_FIELDS, values, strict=True)}


class Recipient(BaseModel):
    """Who receives a delivery and where."""

    name: Annotated[Text, Field(description="The recipient's name.")]
    street1: Annotated[Text, Field(description="Street address.")]
    street2: Annotated[MaybeText, Field(description="Suite, unit...")] = None
    city: Annotated[Text, Field(description="City.")]
    county: Annotated[MaybeText, Field(description="County.")] = None
    state: Annotated[str, Field(pattern=r"^[A-Za-z]{2}$", description="Two-letter state, e.g. CO.")]
    postal_code: Annotated[
        str, Field(min_length=3, max_length=12, description="Postal (ZIP) code.")
    ]
    patient_license_number: Annotated[
        MaybeText, Field(description="The patient's licence (Patient and Caregiver sales).")
    ] = None
    consumer_id: Annotated[
        MaybeText, Field(description="The consumer's id where the state records one.")
    ] = None

    def metrc(self) -> Record:
        """The recipient's fields under Metrc's names; absent ones are left out (Metrc's
        example gives a second street line as text, never null)."""
        values = (
            self.name,
            self.street1,
            self.street2,
            self.city,
            self.county,
            self.state.upper(),
            self.postal_code,
            self.patient_license_number,
            self.consumer_id,
        )
        return {
            key: value.strip()
            for key, value in zip(RECIPIENT_FIELDS, values, strict=True)
            if value is not None
        }


# The recipient and the carrier as tool parameters (a parameter needs a description).
RecipientParam = Annotated[Recipient, Field(description="Who receives it, and where.")]
CarrierParam = Annotated[Carrier, Field(description="The driver and the vehicle.")]


def kept(record: Mapping[str, Any], keys: tuple[str, ...]) -> Record:
    """A recorded delivery's fields, to send back unchanged in an update (those it lacks are
    left out rather than sent as null)."""
    return {key: record[key] for key in keys if record.get(key) is not None}


async def find_delivery(
    read: Callable[[], Awaitable[Record]], what: str, delivery_id: int, license_number: str
) -> Record:
    """A delivery read by Id.

    Raises:
        ToolProblem: no such delivery at this licence.
    """
    try:
        return await read()
    except MetrcNotFound:
        raise ToolProblem(
            f"No {what} with Id {delivery_id} at licence {license_number}; list them to find "
            "its Id."
        ) from None
