"""Request bodies for locations, sublocations, strains and items (v2 takes names, not ids)."""

from __future__ import annotations

from dataclasses import dataclass

from trichome.metrc.serialize import MetrcBody


@dataclass(frozen=True, kw_only=True, slots=True)
class LocationCreate(MetrcBody):
    """A new location: v2 takes the location type by name."""

    name: str
    location_type_name: str


@dataclass(frozen=True, kw_only=True, slots=True)
class LocationUpdate(LocationCreate):
    """A location's new name and type, by Id (Locations Update: `{Id, Name, LocationTypeName}`)."""

    id: int


@dataclass(frozen=True, kw_only=True, slots=True)
class SublocationCreate(MetrcBody):
    """A new sublocation (Metrc v2 Sublocations Create: `{Name}`)."""

    name: str


@dataclass(frozen=True, kw_only=True, slots=True)
class SublocationUpdate(SublocationCreate):
    """A sublocation's new name, by Id (Metrc v2 Sublocations Update: `{Id, Name}`)."""

    id: int


@dataclass(frozen=True, kw_only=True, slots=True)
class StrainCreate(MetrcBody):
    """A new strain; TestingStatus is None, InHouse or ThirdParty. Metrc documents no
    Genetics on a write (its reads derive it from the indica and sativa shares)."""

    name: str
    testing_status: str = "None"
    thc_level: float | None = None
    cbd_level: float | None = None
    indica_percentage: float | None = None
    sativa_percentage: float | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class StrainUpdate(StrainCreate):
    """An existing strain, by Id, with all its fields."""

    id: int


@dataclass(frozen=True, kw_only=True, slots=True)
class ItemCreate(MetrcBody):
    """A new item: v2 takes the category, unit and strain by name."""

    name: str
    item_category: str
    unit_of_measure: str
    strain: str | None = None
    item_brand: str | None = None
    administration_method: str | None = None
    unit_cbd_percent: float | None = None
    unit_cbd_content: float | None = None
    unit_cbd_content_unit_of_measure: str | None = None
    unit_thc_percent: float | None = None
    unit_thc_content: float | None = None
    unit_thc_content_unit_of_measure: str | None = None
    unit_volume: float | None = None
    unit_volume_unit_of_measure: str | None = None
    unit_weight: float | None = None
    unit_weight_unit_of_measure: str | None = None
    serving_size: str | None = None
    number_of_doses: float | None = None
    public_ingredients: str | None = None
    description: str | None = None


@dataclass(frozen=True, kw_only=True, slots=True)
class ItemUpdate(ItemCreate):
    """An existing item, by Id, with all its fields."""

    id: int
