"""The sandbox's item categories, in the shape of Metrc's GET /items/v2/categories.

Every field Metrc's documented example gives (thunkier/ThunkMetrc
specs/generated/bruno/Items/GetCategories.bru): the quantity type and strain rule, which item
details an item of the category must carry (`Requires...`; photo and PDF counts are
numbers), whether its packages may be remediated, decontaminated or destroyed or hold seeds,
the retest (RTA) windows, and the lab test batches it is tested in. The sandbox enforces the
strain and THC-content rules (routes/catalog.py) and asks for no other detail, so every other
`Requires...` is false (photo counts 0); no category has RTA windows (null, as in Metrc's
example).
"""

from __future__ import annotations

from typing import Any

# The sandbox's lab test batches (routes/reference.py LAB_TEST_BATCHES): flower is tested in
# all four; other products in all but Moisture; immature plants in none (as in Metrc's
# documented example, whose Immature Plants list no batch).
FLOWER_BATCHES = ["Potency", "Microbials", "Heavy Metals", "Moisture"]
PRODUCT_BATCHES = ["Potency", "Microbials", "Heavy Metals"]

_DETAILS = (
    "ItemBrand", "AdministrationMethod",
    "UnitCbdPercent", "UnitCbdContent", "UnitCbdContentDose",
    "UnitCbdAPercent", "UnitCbdAContent", "UnitCbdAContentDose",
    "UnitThcPercent", "UnitThcContent", "UnitThcContentDose",
    "UnitThcAPercent", "UnitThcAContent", "UnitThcAContentDose",
    "UnitVolume", "UnitWeight", "ServingSize", "SupplyDurationDays", "NumberOfDoses",
    "PublicIngredients", "Description", "Allergens",
)  # fmt: skip
_RTA = (
    "MinConsecutiveSourcesForRTA", "MinDaysForRTA", "MaxDaysForRecoveryAfterFailure",
    "MaxDaystoReachMinSources", "MinNewPassesInRecoveryWindow", "MaxDaysToMaintainRTA",
    "MaxRepackageDistanceFromSource", "MaxDaysWithoutTestedSource",
)  # fmt: skip


def _category(
    name: str, category_type: str, quantity_type: str, *, strain: bool, thc: bool,
    flower: bool = False, plants: bool = False,
) -> dict[str, Any]:  # fmt: skip
    """One category, its fields in the order of Metrc's example."""
    return {
        "Name": name,
        "ProductCategoryType": category_type,
        "QuantityType": quantity_type,
        "RequiresStrain": strain,
        **{f"Requires{detail}": detail == "UnitThcContent" and thc for detail in _DETAILS},
        "RequiresProductPhotos": 0,
        "RequiresProductPhotoDescription": False,
        "RequiresLabelPhotos": 0,
        "RequiresLabelPhotoDescription": False,
        "RequiresPackagingPhotos": 0,
        "RequiresPackagingPhotoDescription": False,
        "CanContainSeeds": plants,
        # What the sandbox allows: it remediates and decontaminates a package of any category
        # (routes/package_changes.py, package_flags.py) and has no product destruction.
        "CanBeRemediated": True,
        "CanBeDecontaminated": True,
        "CanBeDestroyed": False,
        **dict.fromkeys(_RTA),
        "RequiresProductPDFDocuments": 0,
        "LabTestBatchNames": [] if plants else list(FLOWER_BATCHES if flower else PRODUCT_BATCHES),
    }


ITEM_CATEGORIES: list[dict[str, Any]] = [
    _category("Buds", "Buds", "WeightBased", strain=True, thc=False, flower=True),
    _category("Shake/Trim", "ShakeTrim", "WeightBased", strain=True, thc=False, flower=True),
    _category("Concentrate", "Concentrate", "WeightBased", strain=True, thc=False),
    _category("Infused Edible", "InfusedEdible", "CountBased", strain=False, thc=True),
    _category("Vape Cartridge", "Concentrate", "CountBased", strain=True, thc=True),
    _category("Pre-Roll Flower", "Buds", "CountBased", strain=True, thc=False, flower=True),
    # Clones and seedlings are packaged as Immature Plants, a counted category of type
    # Plants (ThunkMetrc bruno Items/GetCategories).
    _category("Immature Plants", "Plants", "CountBased", strain=True, thc=False, plants=True),
]
CATEGORY_NAMES = {c["Name"]: c for c in ITEM_CATEGORIES}
