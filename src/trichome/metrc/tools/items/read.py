"""Item tools that read: the active and inactive lists, one item, the item categories."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.tools.items.lookup import Record, find_item
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    Count,
    LicenseNumber,
    ModifiedFrom,
    ModifiedTo,
    Page,
    PageSize,
    Paging,
    compact,
    contains,
    modified_between,
    paged,
    same,
    shape,
)

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
QuantityType = Literal["WeightBased", "CountBased", "VolumeBased"]
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
class ItemPage(Paging):
    """A page of a facility's items."""

    license_number: str
    items: list[Item]


@shape
class ItemFound(TypedDict):
    """One item of a licence."""

    license_number: str
    item: Item


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
        # Metrc documents no LastModified on an item (bruno Items/GetItemsById).
        "item": _item(item),
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
