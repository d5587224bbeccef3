"""Item brand tools: the brands a facility's items are sold under (Metrc v2 Items
GetItemBrands, CreateItemBrand, UpdateItemBrand, ArchiveItemBrand: `{Id, Name, Status}`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, NotRequired

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.bodies.media import ItemBrandCreate, ItemBrandUpdate
from trichome.metrc.tools.registry import access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    Page,
    PageSize,
    Paging,
    Written,
    compact,
    contains,
    paged,
    shape,
    written,
)

BrandName = Annotated[str, Field(min_length=1, max_length=100, description="The brand's name.")]
BrandId = Annotated[int, Field(ge=1, description="The brand's Id (list_item_brands).")]


@shape
class ItemBrand(TypedDict):
    """An item brand."""

    Id: NotRequired[int]
    Name: NotRequired[str]
    Status: NotRequired[str]


@shape
class ItemBrandPage(Paging):
    """A page of a facility's active item brands."""

    license_number: str
    items: list[ItemBrand]


def _brand(record: Mapping[str, Any]) -> dict[str, Any]:
    return compact(record, ("Id", "Name", "Status"))


@tool("items", title="List item brands", returns=ItemBrandPage)
async def list_item_brands(
    license_number: LicenseNumber,
    name_contains: Annotated[
        str | None, Field(max_length=100, description="Only brands whose name contains this.")
    ] = None,
    page: Page = 1,
    page_size: PageSize = 20,
) -> dict[str, Any]:
    """List a facility's active item brands (the names its products are sold under) with
    their Id and status (Metrc shows e.g. Paid or NotPaid)."""
    metrc = access()
    records = await metrc.client.item_brands(license_number, credentials=metrc.credentials)
    found = [record for record in records if contains(record.get("Name"), name_contains)]
    return paged(found, page, page_size, _brand, license_number=license_number)


@tool("items", title="Create an item brand", read_only=False, returns=Written)
async def create_item_brand(license_number: LicenseNumber, name: BrandName) -> dict[str, Any]:
    """Create an item brand, so items can name it. Returns the new brand's Id."""
    metrc = access()
    result = await metrc.client.create_item_brands(
        license_number, [ItemBrandCreate(name=name.strip())], credentials=metrc.credentials
    )
    return written(result, f"Created the item brand {name.strip()!r}.")


@tool("items", title="Rename an item brand", read_only=False, idempotent=True, returns=Written)
async def rename_item_brand(
    license_number: LicenseNumber, brand_id: BrandId, name: BrandName
) -> dict[str, Any]:
    """Give an item brand a new name; its Id stays the same. Metrc answers with no Ids."""
    metrc = access()
    result = await metrc.client.update_item_brands(
        license_number,
        [ItemBrandUpdate(id=brand_id, name=name.strip())],
        credentials=metrc.credentials,
    )
    return written(result, f"Renamed item brand {brand_id} to {name.strip()!r}.")


@tool(
    "items",
    title="Archive an item brand",
    read_only=False,
    destructive=True,
    idempotent=False,
    returns=Written,
)
async def archive_item_brand(license_number: LicenseNumber, brand_id: BrandId) -> dict[str, Any]:
    """Archive an item brand no longer in use: it leaves the list of active brands, and its
    name may be given to a new brand."""
    metrc = access()
    result = await metrc.client.archive_item_brand(
        license_number, brand_id, credentials=metrc.credentials
    )
    return written(result, f"Archived item brand {brand_id}.")
