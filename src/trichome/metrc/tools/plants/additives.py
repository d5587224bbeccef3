"""Additives (fertiliser, pesticide, other) applied to plants, a location or a plant batch:
recording one, and the record of them."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from trichome.metrc.tools.plants.params import OptionalDay, PlantLabels
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    paged,
    shape,
    written,
)

Text = Annotated[str, Field(min_length=1, max_length=100)]
ADDITIVE_FIELDS = (
    "AdditiveTypeName",
    "ProductTradeName",
    "ProductSupplier",
    "ApplicationDevice",
    "TotalAmountApplied",
    "AmountUnitOfMeasure",
    "PlantBatchName",
    "PlantCount",
    "Rate",
    "Volume",
    "EpaRegistrationNumber",
)


class Ingredient(BaseModel):
    """An active ingredient and its share."""

    name: Annotated[Text, Field(description="The ingredient (e.g. Nitrogen).")]
    percentage: Annotated[float, Field(ge=0, le=100, description="Its share in percent.")]


@shape
class Additive(TypedDict):
    """One additive application as Metrc records it (GET /plants/v2/additives)."""

    AdditiveTypeName: NotRequired[str]
    ProductTradeName: NotRequired[str]
    ProductSupplier: NotRequired[str]
    ApplicationDevice: NotRequired[str]
    TotalAmountApplied: NotRequired[float]
    AmountUnitOfMeasure: NotRequired[str]
    PlantBatchName: NotRequired[str]
    PlantCount: NotRequired[int]
    Rate: NotRequired[str]
    Volume: NotRequired[str]
    EpaRegistrationNumber: NotRequired[str]


DOCUMENTED_NULL = frozenset({"EpaRegistrationNumber", "SublocationName"})


@shape
class AdditivePage(Paging):
    """A page of the additives recorded at a facility."""

    license_number: str
    items: list[Additive]


@tool("plants", title="List applied additives", returns=AdditivePage)
async def list_plant_additives(
    license_number: LicenseNumber, page: Page = 1, page_size: PageSize = 20
) -> dict[str, Any]:
    """List the additives recorded at a facility: the product, the amount applied, and the
    plant count or batch it went to."""
    metrc = access()
    found = await metrc.client.plant_additives(license_number, credentials=metrc.credentials)
    return paged(
        found,
        page,
        page_size,
        lambda record: compact(record, ADDITIVE_FIELDS),
        license_number=license_number,
    )


@tool("plants", title="Record an additive", read_only=False, returns=Written)
async def record_additive(
    license_number: LicenseNumber,
    applied_to: Annotated[
        Literal["plants", "location", "plant_batch"],
        Field(description="Named plants, every plant at a location, or a plant batch."),
    ],
    total_amount: Annotated[float, Field(gt=0, description="The total amount applied.")],
    amount_unit: Annotated[Text, Field(description="Its unit of measure (e.g. Gallons).")],
    plant_labels: Annotated[PlantLabels | None, Field(description="For applied_to=plants.")] = None,
    location: Annotated[Text | None, Field(description="For applied_to=location.")] = None,
    plant_batch: Annotated[Text | None, Field(description="For applied_to=plant_batch.")] = None,
    template: Annotated[
        Text | None,
        Field(description="An additives template's name; the product comes from it."),
    ] = None,
    rate: Annotated[str | None, Field(max_length=100, description="With a template.")] = None,
    volume: Annotated[str | None, Field(max_length=100, description="With a template.")] = None,
    additive_type: Annotated[
        Literal["Fertilizer", "Pesticide", "Other"] | None,
        Field(description="Without a template: what the product is."),
    ] = None,
    product: Annotated[
        Text | None, Field(description="Without a template: its trade name.")
    ] = None,
    supplier: Annotated[
        str | None, Field(max_length=100, description="Without a template: who supplied it.")
    ] = None,
    application_device: Annotated[
        str | None, Field(max_length=100, description="Without a template: how it was applied.")
    ] = None,
    epa_registration_number: Annotated[
        str | None, Field(max_length=100, description="Without a template: its EPA number.")
    ] = None,
    ingredients: Annotated[
        list[Ingredient] | None,
        Field(max_length=20, description="Without a template: its active ingredients."),
    ] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record a fertiliser, pesticide or other additive applied to named plants, to every
    plant at a location, or to a plant batch, from an additives template or described here."""
    metrc = access()
    targets = {"plants": plant_labels, "location": location, "plant_batch": plant_batch}
    if not targets[applied_to]:
        raise ToolProblem(f"Give {dict(plants='plant_labels').get(applied_to, applied_to)}.")
    row: dict[str, Any] = {}
    if template:
        row = {"AdditivesTemplateName": template, "Rate": rate, "Volume": volume}
    elif additive_type and product:
        row = {
            "AdditiveType": additive_type, "ProductTradeName": product,
            "EpaRegistrationNumber": epa_registration_number, "ProductSupplier": supplier,
            "ApplicationDevice": application_device,
        }  # fmt: skip
    else:
        raise ToolProblem("Give a template, or the additive_type and product.")
    row |= {"TotalAmountApplied": total_amount, "TotalAmountUnitOfMeasure": amount_unit}
    if not template:
        row["ActiveIngredients"] = [
            {"Name": i.name, "Percentage": i.percentage} for i in ingredients or []
        ]
    if applied_to == "plants":
        row["PlantLabels"] = plant_labels
    elif applied_to == "location":
        row |= {"LocationName": location, "SublocationName": None}
    else:
        row["PlantBatchName"] = plant_batch
    row["ActualDate"] = (actual_date or metrc.as_of()).isoformat()
    # Metrc's examples show the EPA number and sublocation as null; every other field as a
    # value (bruno Plants/CreatePlantsAdditives and its siblings), so one not given is left out.
    row = {k: v for k, v in row.items() if v is not None or k in DOCUMENTED_NULL}
    client, keys = metrc.client, metrc.credentials
    send = {
        ("plants", False): client.record_plant_additives,
        ("plants", True): client.record_plant_additives_using_template,
        ("location", False): client.record_location_additives,
        ("location", True): client.record_location_additives_using_template,
        ("plant_batch", False): client.record_plant_batch_additives,
        ("plant_batch", True): client.record_plant_batch_additives_using_template,
    }[(applied_to, bool(template))]
    result = await send(license_number, [row], credentials=keys)
    what = template or product
    return written(result, f"Recorded {total_amount:g} {amount_unit} of {what} ({applied_to}).")
