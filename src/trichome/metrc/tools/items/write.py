"""Item tools that write: new items and corrections, checked against their category."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.bodies.catalogue import ItemCreate, ItemUpdate
from trichome.metrc.tools.items.lookup import find_item
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    UnitOfMeasure,
    UnitOfWeight,
    Written,
    written,
)

QUANTITY_TYPES = {
    "Each": "CountBased",
    "Grams": "WeightBased",
    "Kilograms": "WeightBased",
    "Milligrams": "WeightBased",
    "Ounces": "WeightBased",
    "Pounds": "WeightBased",
    "Fluid Ounces": "VolumeBased",
    "Gallons": "VolumeBased",
    "Liters": "VolumeBased",
    "Milliliters": "VolumeBased",
}
ContentUnit = Literal["Milligrams", "Grams"]


async def _check_category(
    metrc: MetrcAccess,
    license_number: str,
    category: str,
    unit_of_measure: str,
    strain: str | None,
    unit_thc_content: float | None,
) -> None:
    categories = await metrc.client.item_categories(license_number, credentials=metrc.credentials)
    known = {str(c.get("Name")): c for c in categories}
    found = known.get(category)
    if found is None:
        raise ToolProblem(
            f"{category!r} is not an item category here; use one of: {', '.join(sorted(known))}."
        )
    kind = found.get("QuantityType")
    if kind and QUANTITY_TYPES.get(unit_of_measure) != kind:
        units = sorted(unit for unit, unit_kind in QUANTITY_TYPES.items() if unit_kind == kind)
        raise ToolProblem(
            f"{category} items are {kind}, so their unit must be one of {', '.join(units)}, "
            f"not {unit_of_measure}."
        )
    if found.get("RequiresStrain") and not strain:
        raise ToolProblem(f"{category} items need a strain; give its name.")
    if found.get("RequiresUnitThcContent") and unit_thc_content is None:
        raise ToolProblem(f"{category} items need unit_thc_content (THC per unit).")


@tool("items", title="Create an item", read_only=False, returns=Written)
async def create_item(
    license_number: LicenseNumber,
    name: Annotated[str, Field(min_length=1, max_length=150, description="The item's name.")],
    category: Annotated[
        str, Field(min_length=1, max_length=100, description="Its category (list_item_categories).")
    ],
    unit_of_measure: Annotated[
        UnitOfMeasure,
        Field(
            description="How its packages are counted: a weight for weight-based categories, "
            "Each for count-based ones."
        ),
    ],
    strain: Annotated[
        str | None,
        Field(max_length=100, description="Its strain's name, needed by flower categories."),
    ] = None,
    item_brand: Annotated[str | None, Field(max_length=100, description="Its brand.")] = None,
    unit_thc_content: Annotated[
        float | None, Field(ge=0, description="THC per unit (edibles, cartridges).")
    ] = None,
    unit_thc_content_unit: Annotated[
        ContentUnit, Field(description="The unit of unit_thc_content.")
    ] = "Milligrams",
    unit_weight: Annotated[
        float | None, Field(gt=0, description="The weight of one unit (count-based items).")
    ] = None,
    unit_weight_unit: Annotated[
        UnitOfWeight, Field(description="The unit of unit_weight.")
    ] = "Grams",
) -> dict[str, Any]:
    """Create an item (a product, e.g. "Buds - Blue Dream" or "Gummies 10mg") so packages can
    hold it. The category decides whether it is measured by weight, count or volume.
    """
    metrc = access()
    await _check_category(
        metrc, license_number, category, unit_of_measure, strain, unit_thc_content
    )
    result = await metrc.client.create_items(
        license_number,
        [
            ItemCreate(
                name=name.strip(),
                item_category=category,
                unit_of_measure=unit_of_measure,
                strain=strain,
                item_brand=item_brand,
                unit_thc_content=unit_thc_content,
                unit_thc_content_unit_of_measure=(
                    unit_thc_content_unit if unit_thc_content is not None else None
                ),
                unit_weight=unit_weight,
                unit_weight_unit_of_measure=unit_weight_unit if unit_weight is not None else None,
            )
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Created the item {name.strip()} ({category}, {unit_of_measure}).")


@tool("items", title="Update an item", read_only=False, idempotent=True, returns=Written)
async def update_item(
    license_number: LicenseNumber,
    name: Annotated[
        str, Field(min_length=1, max_length=150, description="The item's current name.")
    ],
    new_name: Annotated[
        str | None, Field(min_length=1, max_length=150, description="A new name.")
    ] = None,
    unit_of_measure: Annotated[
        UnitOfMeasure | None, Field(description="A new unit (of the same kind).")
    ] = None,
    strain: Annotated[str | None, Field(max_length=100, description="A new strain.")] = None,
    unit_thc_content: Annotated[
        float | None, Field(ge=0, description="A new THC content per unit.")
    ] = None,
    unit_weight: Annotated[
        float | None, Field(gt=0, description="A new weight of one unit.")
    ] = None,
) -> dict[str, Any]:
    """Change an item's name, unit, strain, unit THC content or unit weight; the fields not
    given keep their current values. Its category cannot change.
    """
    changes = {
        "name": new_name,
        "unit": unit_of_measure,
        "strain": strain,
        "unit THC content": unit_thc_content,
        "unit weight": unit_weight,
    }
    if all(value is None for value in changes.values()):
        raise ToolProblem("Nothing to change: give at least one new value.")
    metrc = access()
    item = await find_item(metrc, license_number, name, None)
    category = str(item.get("ProductCategoryName"))
    unit = unit_of_measure or str(item.get("UnitOfMeasureName"))
    thc = item.get("UnitThcContent") if unit_thc_content is None else unit_thc_content
    strain_name = strain or item.get("StrainName")
    await _check_category(metrc, license_number, category, unit, strain_name, thc)
    weight = item.get("UnitWeight") if unit_weight is None else unit_weight
    result = await metrc.client.update_items(
        license_number,
        [
            ItemUpdate(
                id=int(item["Id"]),
                name=(new_name or str(item.get("Name"))).strip(),
                item_category=category,
                unit_of_measure=unit,
                strain=strain_name,
                unit_thc_content=thc,
                unit_thc_content_unit_of_measure=(
                    (item.get("UnitThcContentUnitOfMeasureName") or "Milligrams")
                    if thc is not None
                    else None
                ),
                unit_weight=weight,
                unit_weight_unit_of_measure=(
                    (item.get("UnitWeightUnitOfMeasureName") or "Grams")
                    if weight is not None
                    else None
                ),
            )
        ],
        credentials=metrc.credentials,
    )
    changed = ", ".join(key for key, value in changes.items() if value is not None)
    return written(result, f"Updated the item {item.get('Name')}: {changed}.")


@tool("items", title="Archive an item", read_only=False, destructive=True, returns=Written)
async def archive_item(
    license_number: LicenseNumber,
    name: Annotated[
        str | None, Field(min_length=1, max_length=150, description="The item's name.")
    ] = None,
    item_id: Annotated[int | None, Field(ge=1, description="Or the item's Id.")] = None,
) -> dict[str, Any]:
    """Archive an item (product) no longer made or sold (Metrc's Items Archive, `DELETE
    /items/v2/{id}`); it moves to list_inactive_items and new packages can no longer use it."""
    metrc = access()
    item = await find_item(metrc, license_number, name, item_id)
    result = await metrc.client.archive_item(
        license_number, int(item["Id"]), credentials=metrc.credentials
    )
    return written(result, f"Archived the item {item.get('Name')!r}.")
