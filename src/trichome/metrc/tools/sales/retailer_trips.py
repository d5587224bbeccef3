"""Retailer delivery tools for a trip under way: a sale made from the vehicle, a restock, and
the end of the trip with what came back.

Bodies follow Metrc's v2 documentation as captured in thunkier/ThunkMetrc:
RecordSaleFromRetailerDelivery (the SDK's SalesCreateSaleDeliveriesRetailerRequest model:
`RetailerDeliveryId`, the sale's `SalesDateTime`, `SalesCustomerType` and `Transactions`, and
the recipient), RestockRetailerDeliveries (specs/generated/bruno/Sales/
CreateDeliveriesRetailerRestock.bru: `{RetailerDeliveryId, DateTime, Packages: [{PackageLabel,
Quantity, UnitOfMeasure, TotalPrice, RemoveCurrentPackage}]}`) and EndRetailerDeliveries
(CreateDeliveriesRetailerEnd.bru: `{RetailerDeliveryId, ActualArrivalDateTime, Packages:
[{Label, EndQuantity, EndUnitOfMeasure}]}`).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from trichome.metrc.tools.names import listed_name
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    UnitOfMeasure,
    Written,
    plural,
    written,
)
from trichome.metrc.tools.sales.delivery_parts import DeliveryId, LocalTime, RecipientParam, local
from trichome.metrc.tools.sales.lookup import CustomerType
from trichome.metrc.tools.sales.recording import SaleLines, check_patient, sale_transactions
from trichome.metrc.tools.sales.retailer import LoadLine, find_trip


class RestockLine(LoadLine):
    """A package loaded onto the trip, or taken off it."""

    remove: Annotated[
        bool,
        Field(description="Take this package off the trip (what is unsold goes back to it)."),
    ] = False


class CountedLine(BaseModel):
    """What is left of a package on board when the trip ends."""

    label: PackageLabel
    end_quantity: Annotated[float, Field(ge=0, description="The quantity counted back.")]
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")]


@tool("sales", title="Record a sale from a retailer delivery", read_only=False, returns=Written)
async def record_retailer_delivery_sale(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    sales_date_time: Annotated[LocalTime, Field(description="When it was sold (local time).")],
    customer_type: Annotated[CustomerType, Field(description="Who bought.")],
    lines: SaleLines,
    recipient: RecipientParam,
) -> dict[str, Any]:
    """Record a sale made from a retailer delivery on the road: each line sells from a
    package on board (no more than is still on it) to the recipient at their address."""
    check_patient(customer_type, recipient.patient_license_number)
    metrc = access()
    kind = await listed_name(
        customer_type,
        lambda: metrc.client.sales_customer_types(license_number, credentials=metrc.credentials),
        "customer types",
        "list_customer_types",
    )
    trip = await find_trip(metrc, license_number, delivery_id)
    on_board = {str(line.get("PackageLabel")) for line in trip.get("Packages") or []}
    stray = sorted({line.package_label.strip() for line in lines} - on_board)
    if stray:
        raise ToolProblem(f"Not on retailer delivery {delivery_id}: {', '.join(stray)}.")
    sale = {
        "RetailerDeliveryId": delivery_id,
        "SalesDateTime": local(sales_date_time),
        "SalesCustomerType": kind,
        **recipient.metrc(),
        "Transactions": sale_transactions(lines),
    }
    result = await metrc.client.sell_from_retailer_deliveries(
        license_number, [sale], credentials=metrc.credentials
    )
    return written(
        result,
        f"Recorded a {kind} sale of {plural(len(lines), 'line')} from retailer delivery "
        f"{delivery_id}.",
    )


@tool("sales", title="Restock a retailer delivery", read_only=False, returns=Written)
async def restock_retailer_delivery(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    date_time: Annotated[LocalTime, Field(description="When it was restocked (local time).")],
    packages: Annotated[
        list[RestockLine],
        Field(min_length=1, max_length=100, description="Packages loaded or taken off."),
    ],
) -> dict[str, Any]:
    """Restock a retailer delivery under way: load more of a package (it leaves the package),
    or take a package off (`remove`; what is unsold goes back to it)."""
    metrc = access()
    restock = {
        "RetailerDeliveryId": delivery_id,
        "DateTime": local(date_time),
        "Packages": [{**line.metrc(), "RemoveCurrentPackage": line.remove} for line in packages],
    }
    result = await metrc.client.restock_retailer_deliveries(
        license_number, [restock], credentials=metrc.credentials
    )
    return written(
        result, f"Restocked retailer delivery {delivery_id} ({plural(len(packages), 'line')})."
    )


@tool("sales", title="End a retailer delivery", read_only=False, returns=Written)
async def end_retailer_delivery(
    license_number: LicenseNumber,
    delivery_id: DeliveryId,
    actual_arrival: Annotated[LocalTime, Field(description="When it came back (local time).")],
    counted: Annotated[
        list[CountedLine] | None,
        Field(
            max_length=100,
            description="What is left of each package on board; a package not listed is "
            "counted as what the trip says is unsold.",
        ),
    ] = None,
) -> dict[str, Any]:
    """End a retailer delivery that came back: what is left of each package on board returns
    to the package and the trip moves to the ended list (list_retailer_deliveries, ended)."""
    metrc = access()
    trip = await find_trip(metrc, license_number, delivery_id)
    board = {str(line.get("PackageLabel")): line for line in trip.get("Packages") or []}
    given = {line.label.strip(): line for line in counted or []}
    stray = sorted(set(given) - set(board))
    if stray:
        raise ToolProblem(f"Not on retailer delivery {delivery_id}: {', '.join(stray)}.")
    ending = {
        "RetailerDeliveryId": delivery_id,
        "ActualArrivalDateTime": local(actual_arrival),
        "Packages": [
            {
                "Label": label,
                "EndQuantity": given[label].end_quantity if label in given else line["Quantity"],
                "EndUnitOfMeasure": given[label].unit_of_measure
                if label in given
                else line.get("UnitOfMeasureName"),
            }
            for label, line in board.items()
        ],
    }
    result = await metrc.client.end_retailer_deliveries(
        license_number, [ending], credentials=metrc.credentials
    )
    return written(
        result, f"Ended retailer delivery {delivery_id} ({plural(len(board), 'package')} counted)."
    )
