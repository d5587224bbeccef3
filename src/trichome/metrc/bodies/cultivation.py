"""Request bodies for plants, plant batches and harvests, in Metrc v2's shapes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from trichome.metrc.serialize import MetrcBody, one_of

Day = date | str  # a date, or text already in YYYY-MM-DD


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantGrowthPhaseChange(MetrcBody):
    """Move a plant (by Id or Label) to Vegetative, Flowering or (where the licence tracks
    mothers) Mother, in a location named NewLocation."""

    growth_phase: str
    growth_date: Day
    new_location: str
    id: int | None = None
    label: str | None = None
    new_tag: str | None = None
    new_sublocation: str | None = None

    def __post_init__(self) -> None:
        one_of("plant", self.id, self.label)


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantHarvest(MetrcBody):
    """Harvest one plant (by label) into a harvest dried at a location named DryingLocation."""

    plant: str
    weight: float
    unit_of_weight: str
    drying_location: str
    actual_date: Day
    harvest_name: str | None = None  # None: Metrc generates the name
    drying_sublocation: str | None = None
    patient_license_number: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantMove(MetrcBody):
    """Move a plant (by Id or Label) to a location by name."""

    location: str
    actual_date: Day
    id: int | None = None
    label: str | None = None
    sublocation: str | None = None

    def __post_init__(self) -> None:
        one_of("plant", self.id, self.label)


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantDestroy(MetrcBody):
    """Destroy a plant (by Id or Label), recording its waste."""

    waste_method_name: str
    waste_material_mixed: str
    waste_weight: float
    waste_unit_of_measure_name: str
    waste_reason_name: str
    reason_note: str
    actual_date: Day
    id: int | None = None
    label: str | None = None

    def __post_init__(self) -> None:
        one_of("plant", self.id, self.label)


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantWaste(MetrcBody):
    """Record plant waste (e.g. trim), for given plant labels or a whole location."""

    waste_method_name: str
    mixed_material: str
    waste_weight: float
    unit_of_measure_name: str
    reason_name: str
    waste_date: Day
    plant_labels: Sequence[str] = ()
    location_name: str | None = None
    sublocation_name: str | None = None
    note: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantBatchPlanting(MetrcBody):
    """A new plant batch: Type is Seed, Clone or Genetic Material; strain and location by name."""

    name: str
    type: str
    count: int
    strain: str
    location: str
    actual_date: Day
    sublocation: str | None = None
    patient_license_number: str | None = None
    source_plant_batches: Sequence[Mapping[str, Any]] | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantBatchGrowthPhaseChange(MetrcBody):
    """Turn `count` plants of a batch into tracked plants, tagged from StartingTag on."""

    name: str
    count: int
    starting_tag: str
    growth_phase: str
    new_location: str
    growth_date: Day
    new_sublocation: str | None = None
    patient_license_number: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantBatchWaste(MetrcBody):
    """Waste from a plant batch."""

    plant_batch_name: str
    waste_method_name: str
    mixed_material: str
    waste_weight: float
    unit_of_measure_name: str
    reason_name: str
    waste_date: Day
    note: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantBatchDestroy(MetrcBody):
    """Destroy `count` plants of a batch (by name), with the waste."""

    plant_batch: str
    count: int
    waste_reason_name: str
    reason_note: str
    actual_date: Day
    waste_method_name: str | None = None
    waste_material_mixed: str | None = None
    waste_weight: float | None = None
    waste_unit_of_measure: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class PlantBatchMove(MetrcBody):
    """Move a plant batch (by name) to a location by name."""

    name: str
    location: str
    move_date: Day
    sublocation: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class HarvestIngredient(MetrcBody):
    """Weight taken from one harvest (by Id or name) into a package."""

    weight: float
    unit_of_weight: str
    harvest_id: int | None = None
    harvest_name: str | None = None

    def __post_init__(self) -> None:
        if self.harvest_id is None and self.harvest_name is None:
            raise ValueError("Give the ingredient's harvest_id or harvest_name.")


@dataclass(frozen=True, kw_only=True, slots=True)
class HarvestPackage(MetrcBody):
    """A package made from harvests: location and item by name, sources in Ingredients."""

    tag: str
    item: str
    unit_of_weight: str
    actual_date: Day
    ingredients: Sequence[HarvestIngredient | Mapping[str, Any]]
    location: str | None = None
    sublocation: str | None = None
    note: str | None = None
    patient_license_number: str | None = None
    is_production_batch: bool | None = None
    production_batch_number: str | None = None
    product_requires_remediation: bool | None = None
    expiration_date: Day | None = None
    sell_by_date: Day | None = None
    use_by_date: Day | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class HarvestWaste(MetrcBody):
    """Waste of a harvest (Id is the harvest's); WasteType from harvest_waste_types()."""

    id: int
    waste_type: str
    waste_weight: float
    unit_of_weight: str
    actual_date: Day


@dataclass(frozen=True, kw_only=True, slots=True)
class HarvestMove(MetrcBody):
    """Move a harvest to another drying location, by name."""

    id: int
    drying_location: str
    actual_date: Day
    drying_sublocation: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class HarvestRename(MetrcBody):
    """Rename a harvest."""

    id: int
    new_name: str


@dataclass(frozen=True, kw_only=True, slots=True)
class HarvestFinish(MetrcBody):
    """Finish a harvest (nothing more to package from it)."""

    id: int
    actual_date: Day
