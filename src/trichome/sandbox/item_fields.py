"""An item's fields as Metrc's example of GET /items/v2/active lists them, in its order (bruno
Items/GetActiveItems, the same in GetInactiveItems and GetItemsById): what the sandbox sets
and, for the rest, the example's empty value (no LastModified: the example has none)."""

from __future__ import annotations

from typing import Any

_NULLS = [
    "GlobalProductName",
    "GlobalProductNumber",
    "ProductCategoryName",
    "ProductCategoryType",
    "IsExpirationDateRequired",
    "HasExpirationDate",
    "IsSellByDateRequired",
    "HasSellByDate",
    "IsUseByDateRequired",
    "HasUseByDate",
    "QuantityType",
    "DefaultLabTestingState",
    "UnitOfMeasureName",
    "ApprovalStatus",
    "ApprovalStatusDateTime",
    "StrainId",
    "StrainName",
    "ItemBrandId",
    "ItemBrandName",
    "AdministrationMethod",
    "UnitCbdPercent",
    "UnitCbdContent",
    "UnitCbdContentUnitOfMeasureName",
    "UnitCbdContentDose",
    "UnitCbdContentDoseUnitOfMeasureName",
    "UnitCbdAPercent",
    "UnitCbdAContent",
    "UnitCbdAContentUnitOfMeasureName",
    "UnitCbdAContentDose",
    "UnitCbdAContentDoseUnitOfMeasureName",
    "UnitThcAPercent",
    "UnitThcAContent",
    "UnitThcAContentUnitOfMeasureName",
    "UnitThcAContentDose",
    "UnitThcAContentDoseUnitOfMeasureId",
    "UnitThcAContentDoseUnitOfMeasureName",
    "UnitThcPercent",
    "UnitThcContent",
    "UnitThcContentUnitOfMeasureName",
    "UnitThcContentDose",
    "UnitThcContentDoseUnitOfMeasureId",
    "UnitThcContentDoseUnitOfMeasureName",
    "UnitVolume",
    "UnitVolumeUnitOfMeasureName",
    "UnitWeight",
    "UnitWeightUnitOfMeasureName",
    "ServingSize",
    "NumberOfDoses",
    "UnitQuantity",
    "UnitQuantityUnitOfMeasureName",
    "PublicIngredients",
    "Description",
    "Allergens",
    "ProductImages",
    "ProductPhotoDescription",
    "LabelImages",
    "LabelPhotoDescription",
    "PackagingImages",
    "PackagingPhotoDescription",
    "ProductPDFDocuments",
    "IsUsed",
    "LabTestBatchNames",
    "ProcessingJobCategoryName",
    "ProcessingJobTypeName",
    "ProductBrandName",
]
# The example's values where they are not null.
_EMPTY: dict[str, Any] = {
    **dict.fromkeys(
        ("IsExpirationDateRequired", "HasExpirationDate", "IsSellByDateRequired",
         "HasSellByDate", "IsUseByDateRequired", "HasUseByDate", "IsUsed"),
        False,
    ),
    "ItemBrandId": 0,
    **{name: [] for name in ("ProductImages", "LabelImages", "PackagingImages",
                             "ProductPDFDocuments", "LabTestBatchNames")},
}  # fmt: skip
ITEM_FIELDS = ("Name", *_NULLS)


def documented_item(data: dict[str, Any]) -> dict[str, Any]:
    """The item's data with every documented field, in the documented order (fields the
    example lacks are kept after them)."""
    ordered = {name: data[name] if name in data else _empty(name) for name in ITEM_FIELDS}
    return {**ordered, **{k: v for k, v in data.items() if k not in ordered}}


def _empty(name: str) -> Any:
    value = _EMPTY.get(name)
    return list(value) if isinstance(value, list) else value
