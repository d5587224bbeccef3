"""Item tools: the products packages hold, and the state's item categories."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.catalogue import ItemCreate, ItemUpdate
from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Page,
    PageSize,
    Paging,
    UnitOfMeasure,
    UnitOfWeight,
    Written,
    compact,
    contains,
    modified_between,
    paged,
    same,
    shape,
    written,
)

Record = dict[str, Any]
ITEM_FIELDS = (
    "Id",
    "Name",
    "ProductCategoryName",
    "QuantityType",
    "UnitOfMeasureName",
    "StrainName",
    "ItemBrandName",
    "UnitThcContent",
    "UnitThcContentUnitOfMeasureName",
    "UnitWeight",
    "UnitWeightUnitOfMeasureName",
    "ApprovalStatus",
    "IsUsed",
)
CATEGORY_FIELDS = (
    "Name",
    "ProductCategoryType",
    "QuantityType",
    "RequiresStrain",
    "RequiresUnitThcContent",
    "CanBeRemediated",
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
QuantityType = Literal["WeightBased", "CountBased", "VolumeBased"]
ContentUnit = Literal["Milligrams", "Grams"]
NameFilter = Annotated[
    str | None, Field(max_length=100, description="Only items whose name contains this.")
]
CategoryFilter = Annotated[
    str | None, Field(max_length=100, description="Only items of this category (e.g. Buds).")
]
StrainFilter = Annotated[
    str | None, Field(max_length=100, description="Only items of this strain.")
]


@shape
class Item(TypedDict):
    """An item (product): its category, how it is measured, its strain and content."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    ProductCategoryName: NotRequired[str]
    QuantityType: NotRequired[str]
    UnitOfMeasureName: NotRequired[str]
    StrainName: NotRequired[str]
    ItemBrandName: NotRequired[str]
    UnitThcContent: NotRequired[float]
    UnitThcContentUnitOfMeasureName: NotRequired[str]
    UnitWeight: NotRequired[float]
    UnitWeightUnitOfMeasureName: NotRequired[str]
    ApprovalStatus: NotRequired[str]
    IsUsed: NotRequired[bool]


@shape
class ItemDetail(Item):
    """An item with when Metrc last changed it."""

    LastModified: str | None


@shape
class ItemPage(Paging):
    """A page of a facility's items."""

    license_number: str
    items: list[Item]


@shape
class ItemFound(TypedDict):
    """One item of a licence."""

    license_number: str
    item: ItemDetail


@shape
class Category(TypedDict):
    """An item category: how its items are measured and what they need."""

    Name: NotRequired[str]
    ProductCategoryType: NotRequired[str]
    QuantityType: NotRequired[str]
    RequiresStrain: NotRequired[bool]
    RequiresUnitThcContent: NotRequired[bool]
    CanBeRemediated: NotRequired[bool]


@shape
class Categories(TypedDict):
    """The state's item categories."""

    total: Count
    items: list[Category]


def _item(record: Mapping[str, Any]) -> Record:
    return compact(record, ITEM_FIELDS)


async def find_item(
    metrc: MetrcAccess, license_number: str, name: str | None, item_id: int | None
) -> Record:
    """An item of the licence by name (active, then inactive) or by Id.

    Raises:
        ToolProblem: neither or both given, or no such item.
    """
    if (name is None) == (item_id is None):
        raise ToolProblem("Give the item's name or its Id (one of them).")
    if item_id is not None:
        try:
            return await metrc.client.item(license_number, item_id, credentials=metrc.credentials)
        except MetrcNotFound:
            raise ToolProblem(
                f"No item with Id {item_id} at licence {license_number}; find it with "
                "list_active_items."
            ) from None
    wanted = str(name).strip().casefold()
    for read in (metrc.client.items_active, metrc.client.items_inactive):
        for item in await read(license_number, credentials=metrc.credentials):
            if str(item.get("Name")).casefold() == wanted:
                return item
    raise ToolProblem(
        f"No item named {name!r} at licence {license_number}; find it with list_active_items, "
        "or create it with create_item."
    )


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


async def _item_list(
    which: Literal["active", "inactive"],
    license_number: str,
    name_contains: str | None,
    category: str | None,
    strain: str | None,
    modified_from: date | None,
    modified_to: date | None,
    page: int,
    page_size: int,
) -> Record:
    metrc = access()
    if which == "active":
        start, end = modified_between(modified_from, modified_to, metrc.as_of())
        items = await metrc.client.items_active(
            license_number,
            last_modified_start=start,
            last_modified_end=end,
            credentials=metrc.credentials,
        )
    else:
        items = await metrc.client.items_inactive(license_number, credentials=metrc.credentials)
    found = [
        item
        for item in items
        if contains(item.get("Name"), name_contains)
        and same(item.get("ProductCategoryName"), category)
        and same(item.get("StrainName"), strain)
    ]
    return paged(found, page, page_size, _item, license_number=license_number)


@tool("items", title="List active items", returns=ItemPage)
async def list_active_items(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    category: CategoryFilter = None,
    strain: StrainFilter = None,
    modified_from: ModifiedFrom = None,
    modified_to: ModifiedTo = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's active items (products): category, unit of measure, strain, THC
    content and approval status.

    Item names are what new packages take. A facility only lists the items it created;
    received packages carry their maker's item.
    """
    return await _item_list(
        "active", license_number, name_contains, category, strain, modified_from, modified_to,
        page, page_size,
    )  # fmt: skip


@tool("items", title="List inactive items", returns=ItemPage)
async def list_inactive_items(
    license_number: LicenseNumber,
    name_contains: NameFilter = None,
    category: CategoryFilter = None,
    strain: StrainFilter = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's inactive (archived) items, which new packages can no longer use.

    Same fields and filters as list_active_items.
    """
    return await _item_list(
        "inactive", license_number, name_contains, category, strain, None, None, page, page_size
    )


@tool("items", title="Get an item", returns=ItemFound)
async def get_item(
    license_number: LicenseNumber,
    name: Annotated[
        str | None, Field(min_length=1, max_length=150, description="The item's name.")
    ] = None,
    item_id: Annotated[
        int | None, Field(ge=1, description="Or the item's Id (e.g. from a package).")
    ] = None,
) -> dict[str, Any]:
    """Get one item (product) by name or Id: category, quantity type, unit, strain, unit THC
    content and weight, approval status.
    """
    metrc = access()
    item = await find_item(metrc, license_number, name, item_id)
    return {
        "license_number": license_number,
        "item": {**_item(item), "LastModified": item.get("LastModified")},
    }


@tool("items", title="List item categories", returns=Categories)
async def list_item_categories(
    license_number: LicenseNumber,
    quantity_type: Annotated[
        QuantityType | None, Field(description="Only categories measured this way.")
    ] = None,
) -> dict[str, Any]:
    """List the state's item categories (e.g. Buds, Concentrate, Infused Edible): how each is
    measured (weight, count or volume) and whether its items need a strain or unit THC content.

    create_item takes one of these names.
    """
    metrc = access()
    categories = await metrc.client.item_categories(license_number, credentials=metrc.credentials)
    found = [c for c in categories if same(c.get("QuantityType"), quantity_type)]
    return {"total": len(found), "items": [compact(c, CATEGORY_FIELDS) for c in found]}


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
