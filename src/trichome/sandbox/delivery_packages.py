"""A delivery's packages as Metrc shows them (GET /transfers/v2/deliveries/{id}/packages and
.../packages/wholesale), and how receiving marks each accepted or rejected. The sandbox keeps
prices and rejection reasons under `_` keys, shown apart."""

from __future__ import annotations

from typing import Any

from trichome.sandbox.store import Record


def delivery_package(package: Record, price: float | None) -> dict[str, Any]:
    """A package on a delivery (GET /transfers/v2/deliveries/{id}/packages). Its wholesale
    price is shown apart (GET .../packages/wholesale), so it is kept under `_` keys."""
    data, item = package.data, package.data["Item"]
    item_fields = {
        f"ItemUnit{part}": None
        for part in (
            "CbdPercent", "CbdContent", "CbdContentUnitOfMeasureName", "CbdContentDose",
            "CbdContentDoseUnitOfMeasureName", "ThcPercent", "ThcContent",
            "ThcContentUnitOfMeasureName", "ThcContentDose", "ThcContentDoseUnitOfMeasureName",
            "CbdAPercent", "CbdAContent", "CbdAContentUnitOfMeasureName", "CbdAContentDose",
            "CbdAContentDoseUnitOfMeasureName", "ThcAPercent", "ThcAContent",
            "ThcAContentUnitOfMeasureName", "ThcAContentDose", "ThcAContentDoseUnitOfMeasureName",
            "Volume", "VolumeUnitOfMeasureName", "Weight", "WeightUnitOfMeasureName",
        )
    }  # fmt: skip
    item_fields |= {
        "ItemUnitThcContent": item.get("UnitThcContent"),
        "ItemUnitThcContentUnitOfMeasureName": item.get("UnitThcContentUnitOfMeasureName"),
        "ItemUnitWeight": item.get("UnitWeight"),
        "ItemUnitWeightUnitOfMeasureName": item.get("UnitWeightUnitOfMeasureName"),
    }
    return {
        "PackageId": package.id,
        "PackageLabel": package.label,
        "PackageType": data.get("PackageType"),
        "SourceHarvestNames": data.get("SourceHarvestNames"),
        "SourcePackageLabels": data.get("SourcePackageLabels"),
        "ItemId": item.get("Id"),
        "ItemName": item["Name"],
        "ItemCategoryName": item["ProductCategoryName"],
        "ItemStrainName": item.get("StrainName"),
        "ItemBrandName": None,
        **item_fields,
        "ItemServingSize": None,
        "ItemSupplyDurationDays": None,
        "ItemUnitQuantity": None,
        "ItemUnitQuantityUnitOfMeasureName": None,
        "LabTestingState": data["LabTestingState"],
        "ProductionBatchNumber": data.get("ProductionBatchNumber"),
        "IsTradeSample": False,
        "IsTradeSamplePersistent": False,
        "SourcePackageIsTradeSample": False,
        "IsDonation": False,
        "SourcePackageIsDonation": False,
        "IsTestingSample": bool(data.get("IsTestingSample")),
        "ProductRequiresRemediation": bool(data.get("ProductRequiresRemediation")),
        "ContainsRemediatedProduct": bool(data.get("RemediationDate")),
        "RemediationDate": data.get("RemediationDate"),
        "ShipmentPackageState": "Shipped",
        "ShippedQuantity": data["Quantity"],
        "ShippedUnitOfMeasureName": data["UnitOfMeasureName"],
        "PackagedDate": data.get("PackagedDate"),
        "ExpirationDate": data.get("ExpirationDate"),
        "SellByDate": data.get("SellByDate"),
        "UseByDate": data.get("UseByDate"),
        "GrossUnitOfWeightName": None,
        "ReceivedQuantity": None,
        "ReceivedUnitOfMeasureName": None,
        "ProductLabel": None,
        "SourceProductionBatchNumbers": None,
        "ExternalId": None,
        "IsFinishedGood": False,
        "_ShipperWholesalePrice": price,
        "_ReceiverWholesalePrice": None,
        "_RejectionReason": None,
    }


def wholesale_row(entry: dict[str, Any]) -> dict[str, Any]:
    """A delivery package's prices (GET /transfers/v2/deliveries/{id}/packages/wholesale)."""
    return {
        "PackageId": entry["PackageId"],
        "PackageLabel": entry["PackageLabel"],
        "ShipperWholesalePrice": entry.get("_ShipperWholesalePrice"),
        "ReceiverWholesalePrice": entry.get("_ReceiverWholesalePrice"),
    }


def shown(entry: dict[str, Any]) -> dict[str, Any]:
    """A delivery package as Metrc shows it (without the sandbox's own keys)."""
    return {key: value for key, value in entry.items() if not key.startswith("_")}


def accept_entry(entry: dict[str, Any], package: Record, received: float) -> None:
    """Mark a delivery package accepted, with the quantity received."""
    entry.update(
        {
            "ShipmentPackageState": "Accepted",
            "ReceivedQuantity": received,
            "ReceivedUnitOfMeasureName": package.data["UnitOfMeasureName"],
            "_ReceiverWholesalePrice": entry.get("_ShipperWholesalePrice"),
        }
    )


def reject_entry(entry: dict[str, Any], reason: str | None) -> None:
    """Mark a delivery package rejected (it goes back to the shipper)."""
    entry.update(
        {
            "ShipmentPackageState": "Rejected",
            "ReceivedQuantity": 0.0,
            "ReceivedUnitOfMeasureName": entry["ShippedUnitOfMeasureName"],
            "_RejectionReason": reason,
        }
    )
