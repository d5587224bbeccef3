"""Sales delivery tools that write: recording a delivery, correcting it before it leaves,
completing it (what was accepted, what came back) and voiding it.

Bodies follow Metrc's v2 documentation as captured in thunkier/ThunkMetrc
(specs/generated/bruno/Sales): RecordDeliveries (CreateDeliveries.bru: the sale's
`SalesDateTime`, `SalesCustomerType` and `Transactions` of `{PackageLabel, Quantity,
UnitOfMeasure, TotalAmount}`, the recipient, `TransporterFacilityLicenseNumber`, the driver
and vehicle, `PlannedRoute`, `EstimatedDepartureDateTime`, `EstimatedArrivalDateTime`),
UpdateDeliveries (UpdateDeliveries.bru: the same with the delivery's `Id`), CompleteDelivery
(UpdateDeliveriesComplete.bru: `{Id, ActualArrivalDateTime, PaymentType, AcceptedPackages:
[labels], ReturnedPackages: [{Label, ReturnQuantityVerified, ReturnUnitOfMeasure,
ReturnReason, ReturnReasonNote}]}`) and VoidDelivery (DeleteDeliveryById.bru).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, Field

from trichome.metrc.tools.names import listed_name
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    UnitOfMeasure,
    Written,
    plural,
    written,
)
from trichome.metrc.tools.sales.delivery_parts import (
    CARRIER_FIELDS,
    RECIPIENT_FIELDS,
    Carrier,
    CarrierParam,
    DeliveryId,
    LocalTime,
    Recipient,
    RecipientParam,
    Record,
    find_delivery,
    kept,
    local,
)
from trichome.metrc.tools.sales.lookup import CustomerType
from trichome.metrc.tools.sales.recording import (
    SaleLines,
    check_patient,
    check_sale_lines,
    sale_transactions,
)

Route = Annotated[
    str,
    Field(min_length=1, max_length=500, description="The route the driver plans to take."),
]
Transporter = Annotated[
    str | None,
    Field(
        min_length=3,
        max_length=40,
        description="The licence of the facility that carries it; defaults to this licence.",
    ),
]


class ReturnedPackage(BaseModel):
    """A package (or part of one) the recipient sent back."""

    label: PackageLabel
    quantity: Annotated[float, Field(gt=0, description="The quantity that came back, verified.")]
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")]
    reason: Annotated[
        str,
        Field(min_length=1, max_length=100, description="Why (list_delivery_return_reasons)."),
    ]
    note: Annotated[
        str | None, Field(max_length=500, description="A note, where the reason requires one.")
    ] = None


async def _delivery(metrc: MetrcAccess, license_number: str, delivery_id: int) -> Record:
    return await find_delivery(
        lambda: metrc.client.sales_delivery(
            license_number, delivery_id, credentials=metrc.credentials
        ),
        "sales delivery",
        delivery_id,
        license_number,
    )


def _check_times(departs: datetime, arrives: datetime) -> None:
    if arrives <= departs:
        raise ToolProblem("The estimated arrival must come after the estimated departure.")


async def _customer_type(metrc: MetrcAccess, license_number: str, wanted: str) -> str:
    return await listed_name(
        wanted,
        lambda: metrc.client.sales_customer_types(license_number, credentials=metrc.credentials),
        "customer types",
        "list_customer_types",
    )


@tool("sales", title="Record a sales delivery", read_only=False, returns=Written)
async def record_sales_delivery(
    license_number: LicenseNumber,
    sales_date_time: Annotated[LocalTime, Field(description="When it was sold (local time).")],
    customer_type: Annotated[CustomerType, Field(description="Who bought.")],
    lines: SaleLines,
    recipient: RecipientParam,
    carrier: CarrierParam,
    planned_route: Route,
    estimated_departure: Annotated[LocalTime, Field(description="When it should leave.")],
    estimated_arrival: Annotated[LocalTime, Field(description="When it should arrive.")],
    transporter_license_number: Transporter = None,
    phone_number_for_questions: Annotated[
        str | None, Field(max_length=30, description="A number the recipient may call.")
    ] = None,
) -> dict[str, Any]:
    """Record a sale delivered to a consumer or patient: the packages sold (their quantities
    leave the packages now), the recipient's address, the driver and vehicle, the planned
    route and the estimated departure and arrival. Only packages cleared by testing can be
    sold. Complete it with complete_sales_delivery when it arrives, or void it.
    """
    check_patient(customer_type, recipient.patient_license_number)
    _check_times(estimated_departure, estimated_arrival)
    metrc = access()
    kind = await _customer_type(metrc, license_number, customer_type)
    await check_sale_lines(metrc, license_number, lines)
    delivery = {
        "TransporterFacilityLicenseNumber": (transporter_license_number or license_number).strip(),
        "SalesDateTime": local(sales_date_time),
        "SalesCustomerType": kind,
        **recipient.metrc(),
        **carrier.metrc(),
        **(
            {"PhoneNumberForQuestions": phone_number_for_questions.strip()}
            if phone_number_for_questions
            else {}
        ),
        "PlannedRoute": planned_route.strip(),
        "EstimatedDepartureDateTime": local(estimated_departure),
        "EstimatedArrivalDateTime": local(estimated_arrival),
        "Transactions": sale_transactions(lines),
    }
    result = await metrc.client.create_sales_deliveries(
        license_number, [delivery], credentials=metrc.credentials
    )
    return written(
        result,
        f"Recorded a {kind} delivery of {plural(len(lines), 'line')} to {recipient.name.strip()}.",
    )


def _old_lines(record: Mapping[str, Any]) -> list[Record]:
    return [
        {
            "PackageLabel": line.get("PackageLabel"),
            "Quantity": line.get("QuantitySold"),
            "UnitOfMeasure": line.get("UnitOfMeasureName"),
            "TotalAmount": line.get("TotalPrice"),
        }
        for line in record.get("Transactions") or []
    ]


@tool("sales", title="Update a sales delivery", read_only=False, idempotent=True, returns=Written)
async def update_sales_delivery(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    lines: Annotated[
        SaleLines | None, Field(description="Corrected lines, replacing all its lines.")
    ] = None,
    recipient: Annotated[Recipient | None, Field(description="A corrected recipient.")] = None,
    carrier: Annotated[Carrier | None, Field(description="Another driver or vehicle.")] = None,
    planned_route: Annotated[Route | None, Field(description="A new planned route.")] = None,
    estimated_departure: Annotated[LocalTime | None, Field(description="New departure.")] = None,
    estimated_arrival: Annotated[LocalTime | None, Field(description="New arrival.")] = None,
) -> dict[str, Any]:
    """Correct a sales delivery that has not left yet: its lines (old quantities go back to
    their packages, new ones are taken), recipient, driver and vehicle, route or times. What
    is not given stays as recorded.
    """
    changes = (lines, recipient, carrier, planned_route, estimated_departure, estimated_arrival)
    if all(value is None for value in changes):
        raise ToolProblem(
            "Nothing to change: give lines, a recipient, a carrier, a route or times."
        )
    metrc = access()
    record = await _delivery(metrc, license_number, delivery_id)
    if lines is not None:
        await check_sale_lines(metrc, license_number, lines)
    departs = local(estimated_departure) if estimated_departure else None
    arrives = local(estimated_arrival) if estimated_arrival else None
    delivery = {
        "Id": delivery_id,
        # Metrc's read gives null where this licence carries it itself; its write wants text.
        "TransporterFacilityLicenseNumber": record.get("TransporterFacilityLicenseNumber")
        or license_number,
        "SalesDateTime": str(record.get("SalesDateTime"))[:19],
        "SalesCustomerType": record.get("SalesCustomerType"),
        **(recipient.metrc() if recipient else kept(record, RECIPIENT_FIELDS)),
        **(carrier.metrc() if carrier else kept(record, CARRIER_FIELDS)),
        **kept(record, ("PhoneNumberForQuestions",)),
        "PlannedRoute": (planned_route or str(record.get("PlannedRoute"))).strip(),
        "EstimatedDepartureDateTime": departs or record.get("EstimatedDepartureDateTime"),
        "EstimatedArrivalDateTime": arrives or record.get("EstimatedArrivalDateTime"),
        "Transactions": sale_transactions(lines) if lines else _old_lines(record),
    }
    if str(delivery["EstimatedArrivalDateTime"]) <= str(delivery["EstimatedDepartureDateTime"]):
        raise ToolProblem("The estimated arrival must come after the estimated departure.")
    result = await metrc.client.update_sales_deliveries(
        license_number, [delivery], credentials=metrc.credentials
    )
    return written(result, f"Updated sales delivery {delivery_id}.")


@tool("sales", title="Complete a sales delivery", read_only=False, returns=Written)
async def complete_sales_delivery(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    actual_arrival: Annotated[LocalTime, Field(description="When it arrived (local time).")],
    payment_type: Annotated[
        str | None, Field(max_length=50, description="How it was paid (list_payment_types).")
    ] = None,
    returned: Annotated[
        list[ReturnedPackage] | None,
        Field(
            max_length=100,
            description="Packages the recipient sent back; every other package on the "
            "delivery is recorded as accepted.",
        ),
    ] = None,
    accepted: Annotated[
        list[PackageLabel] | None,
        Field(
            max_length=100,
            description="The packages the recipient accepted, when Metrc's record of the "
            "delivery lists none (its documented read gives no lines); else all not returned.",
        ),
    ] = None,
) -> dict[str, Any]:
    """Complete a sales delivery that arrived: every package on it is accepted except those
    listed as returned (their verified quantities go back to the packages, each with a reason
    from list_delivery_return_reasons). The delivery moves to the inactive list.
    """
    metrc = access()
    record = await _delivery(metrc, license_number, delivery_id)
    on_board = [str(line.get("PackageLabel")) for line in record.get("Transactions") or []]
    back = {entry.label.strip(): entry for entry in returned or []}
    named = list(dict.fromkeys(label.strip() for label in accepted or []))
    if set(named) & set(back):
        raise ToolProblem(
            f"Accepted and returned at once: {', '.join(sorted(set(named) & set(back)))}."
        )
    if not on_board and not named and int(record.get("TotalPackages") or 0) > 0:
        # Metrc's GetDeliveryById example gives `Transactions` as an empty list beside a
        # package count, so the packages on board cannot be read back: the caller names them.
        raise ToolProblem(
            f"Metrc's record of delivery {delivery_id} lists none of its "
            f"{plural(int(record['TotalPackages']), 'package')}: name the accepted ones "
            "(accepted) and any returned."
        )
    stray = sorted((set(back) | set(named)) - set(on_board)) if on_board else []
    if stray:
        raise ToolProblem(
            f"Not on delivery {delivery_id}: {', '.join(stray)}; it carries {', '.join(on_board)}."
        )
    accepted_labels = named or [label for label in on_board if label not in back]
    completion = {
        "Id": delivery_id,
        "ActualArrivalDateTime": local(actual_arrival),
        "PaymentType": payment_type,
        "AcceptedPackages": accepted_labels,
        "ReturnedPackages": [
            {
                "Label": label,
                "ReturnQuantityVerified": entry.quantity,
                "ReturnUnitOfMeasure": entry.unit_of_measure,
                "ReturnReason": entry.reason.strip(),
                **({"ReturnReasonNote": entry.note.strip()} if entry.note else {}),
            }
            for label, entry in back.items()
        ],
    }
    result = await metrc.client.complete_sales_deliveries(
        license_number, [completion], credentials=metrc.credentials
    )
    return written(
        result,
        f"Completed sales delivery {delivery_id}: {plural(len(accepted_labels), 'package')} "
        "accepted, "
        f"{len(back)} returned.",
    )


@tool(
    "sales",
    title="Void a sales delivery",
    read_only=False,
    destructive=True,
    returns=Written,
)
async def void_sales_delivery(
    license_number: LicenseNumber, delivery_id: DeliveryId
) -> dict[str, Any]:
    """Void a sales delivery still under way: every quantity it carried goes back to its
    package and it moves to the inactive list (list_inactive_sales_deliveries)."""
    metrc = access()
    await _delivery(metrc, license_number, delivery_id)
    result = await metrc.client.void_sales_delivery(
        license_number, delivery_id, credentials=metrc.credentials
    )
    return written(result, f"Voided sales delivery {delivery_id}.")
