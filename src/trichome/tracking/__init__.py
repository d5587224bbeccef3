"""Our track-and-trace model: typed records the skills compute on, mapped in one place from
each tracking system's documents (Metrc's in `trichome.tracking.metrc`)."""

from trichome.tracking.lab import LAB_STATES, LabState, awaiting, cleared, failed, lab_state
from trichome.tracking.records import (
    Adjustment,
    DeliveryPackage,
    Harvest,
    HarvestWaste,
    LabResult,
    PlantWaste,
    Receipt,
    ReceiptStatus,
    Sale,
    ShipmentState,
    Transfer,
    TransferStatus,
    WasteSource,
    to_grams,
)

__all__ = [
    "LAB_STATES",
    "Adjustment",
    "DeliveryPackage",
    "Harvest",
    "HarvestWaste",
    "LabResult",
    "LabState",
    "PlantWaste",
    "Receipt",
    "ReceiptStatus",
    "Sale",
    "ShipmentState",
    "Transfer",
    "TransferStatus",
    "WasteSource",
    "awaiting",
    "cleared",
    "failed",
    "lab_state",
    "to_grams",
]
