"""Sales deliveries through a hub, and the reference lists a delivery needs: the hub's
transporter, the hub accepting and sending on a delivery, the recipient's identification
checked, the reasons a package may come back and the payment types.

Bodies follow Metrc's v2 documentation as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Sales): UpdateHubTransporters (UpdateDeliveriesHub.bru: `{Id,
TransporterFacilityId, DriverEmployeeId, DriverName, DriversLicenseNumber,
PhoneNumberForQuestions, VehicleMake, VehicleModel, VehicleLicensePlateNumber, PlannedRoute,
EstimatedDepartureDateTime, EstimatedArrivalDateTime}`), AcceptHubDelivery and
DepartHubDelivery (UpdateDeliveriesHubAccept.bru and UpdateDeliveriesHubDepart.bru: `[{Id}]`),
VerifyIDHubDelivery (UpdateDeliveriesHubVerifyID.bru: `{Id, PaymentType}`), and the lists
GetDeliveryReturnReasons (GetDeliveriesReturnReasons.bru: `{Name, RequiresNote,
RequiresWasteWeight, RequiresImmatureWasteWeight, RequiresMatureWasteWeight}`) and
GetPaymentTypes (GetPaymentTypes.bru: names).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    Written,
    compact,
    shape,
    written,
)
from trichome.metrc.tools.sales.delivery_changes import Route
from trichome.metrc.tools.sales.delivery_parts import CarrierParam, DeliveryId, LocalTime, local


@shape
class ReturnReason(TypedDict):
    """A reason a delivered package may come back, and what Metrc requires with it."""

    Name: NotRequired[str]
    RequiresNote: NotRequired[bool]
    RequiresWasteWeight: NotRequired[bool]
    RequiresImmatureWasteWeight: NotRequired[bool]
    RequiresMatureWasteWeight: NotRequired[bool]


@shape
class ReturnReasons(TypedDict):
    """The reasons a delivered package may come back."""

    total: Count
    items: list[ReturnReason]


# Every field of Metrc's documented GetDeliveryReturnReasons record, in its order.
RETURN_REASON_FIELDS = tuple(ReturnReason.__annotations__)


@shape
class PaymentTypes(TypedDict):
    """The payment types a delivery may record."""

    total: Count
    items: list[str]


@tool("sales", title="List delivery return reasons", returns=ReturnReasons)
async def list_delivery_return_reasons(license_number: LicenseNumber) -> dict[str, Any]:
    """List the reasons a delivered package may come back (complete_sales_delivery), and
    whether each needs a note or a waste weight (overall, immature or mature plants)."""
    metrc = access()
    reasons = await metrc.client.sales_delivery_return_reasons(
        license_number, credentials=metrc.credentials
    )
    items = [compact(reason, RETURN_REASON_FIELDS) for reason in reasons]
    return {"total": len(items), "items": items}


@tool("sales", title="List payment types", returns=PaymentTypes)
async def list_payment_types(license_number: LicenseNumber) -> dict[str, Any]:
    """List the payment types a sales delivery may record when it is completed or when the
    recipient's identification is checked (Cash, Debit Card...)."""
    metrc = access()
    types = await metrc.client.sales_payment_types(license_number, credentials=metrc.credentials)
    return {"total": len(types), "items": [str(name) for name in types]}


@tool(
    "sales",
    title="Set a hub delivery's transporter",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def update_sales_delivery_hub(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    transporter_facility_id: Annotated[
        str,
        Field(
            min_length=1,
            max_length=40,
            description="The hub transporter facility's Metrc FacilityId (or its licence).",
        ),
    ],
    carrier: CarrierParam,
    planned_route: Route,
    estimated_departure: Annotated[LocalTime, Field(description="When it should leave.")],
    estimated_arrival: Annotated[LocalTime, Field(description="When it should arrive.")],
    phone_number_for_questions: Annotated[
        str | None, Field(max_length=30, description="A number the recipient may call.")
    ] = None,
) -> dict[str, Any]:
    """Hand a sales delivery to a hub's transporter: the facility, driver and vehicle that
    carry it on, their route and estimated times."""
    metrc = access()
    change = {
        "Id": delivery_id,
        "TransporterFacilityId": transporter_facility_id.strip(),
        **carrier.metrc(),
        **(
            {"PhoneNumberForQuestions": phone_number_for_questions.strip()}
            if phone_number_for_questions
            else {}
        ),
        "PlannedRoute": planned_route.strip(),
        "EstimatedDepartureDateTime": local(estimated_departure),
        "EstimatedArrivalDateTime": local(estimated_arrival),
    }
    result = await metrc.client.update_sales_delivery_hub_transporters(
        license_number, [change], credentials=metrc.credentials
    )
    return written(result, f"Set the hub transporter of sales delivery {delivery_id}.")


@tool("sales", title="Record a hub delivery step", read_only=False, returns=Written)
async def record_sales_delivery_hub_step(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    step: Annotated[
        Literal["accepted", "departed"],
        Field(description="accepted: the hub took the delivery in; departed: it left the hub."),
    ],
) -> dict[str, Any]:
    """Record that a hub accepted a sales delivery, or that the delivery left the hub; Metrc
    stamps the time."""
    metrc = access()
    client = metrc.client
    send = (
        client.accept_sales_hub_deliveries
        if step == "accepted"
        else client.depart_sales_hub_deliveries
    )
    result = await send(license_number, [{"Id": delivery_id}], credentials=metrc.credentials)
    return written(result, f"Recorded sales delivery {delivery_id} as {step} at the hub.")


@tool(
    "sales",
    title="Record a delivery recipient's ID check",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def verify_sales_delivery_id(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    payment_type: Annotated[
        str, Field(min_length=1, max_length=50, description="How it was paid (list_payment_types).")
    ],
) -> dict[str, Any]:
    """Record that a hub delivery's recipient showed identification, with how they paid."""
    metrc = access()
    result = await metrc.client.verify_sales_hub_delivery_ids(
        license_number,
        [{"Id": delivery_id, "PaymentType": payment_type.strip()}],
        credentials=metrc.credentials,
    )
    return written(result, f"Recorded the ID check of sales delivery {delivery_id}.")
