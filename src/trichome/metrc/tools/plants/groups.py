"""Plant tools that change what a plant is: its tag, its strain, merging and splitting plant
groups, a manicure into a harvest, and clones taken from a plant into a batch or a package."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.tools.names import PlantBatchType
from trichome.metrc.tools.plants.changes import HarvestedPlant
from trichome.metrc.tools.plants.lookup import find_plants
from trichome.metrc.tools.plants.params import OptionalDay, PlantLabels
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PlantLabel,
    UnitOfWeight,
    Written,
    plural,
    same,
    written,
)

Name = Annotated[str, Field(min_length=1, max_length=100)]


async def _growing(license_number: str, labels: list[str]) -> dict[str, dict[str, Any]]:
    plants = await find_plants(access(), license_number, labels)
    gone = [
        label for label, p in plants.items() if p.get("HarvestedDate") or p.get("DestroyedDate")
    ]
    if gone:
        raise ToolProblem(f"These plants are no longer growing: {', '.join(gone)}.")
    return plants


@tool("plants", title="Put a new tag on a plant", read_only=False, returns=Written)
async def replace_plant_tag(
    license_number: LicenseNumber,
    label: PlantLabel,
    new_tag: Annotated[
        PlantLabel, Field(description="An unused plant tag (list_available_plant_tags).")
    ],
    replace_date: OptionalDay = None,
) -> dict[str, Any]:
    """Replace a growing plant's tag (a damaged or lost tag): the plant keeps its history
    under the new label."""
    metrc = access()
    await _growing(license_number, [label])
    result = await metrc.client.replace_plant_tags(
        license_number,
        [{"Id": None, "Label": label, "TagId": None, "NewTag": new_tag,
          "ReplaceDate": (replace_date or metrc.as_of()).isoformat()}],
        credentials=metrc.credentials,
    )  # fmt: skip
    return written(result, f"Plant {label} is now tagged {new_tag}.")


@tool("plants", title="Change plants' strain", read_only=False, idempotent=True, returns=Written)
async def change_plants_strain(
    license_number: LicenseNumber,
    labels: PlantLabels,
    strain: Annotated[Name, Field(description="The strain's name (list_active_strains).")],
) -> dict[str, Any]:
    """Correct the strain of growing plants (plants already of that strain are skipped)."""
    metrc = access()
    plants = await _growing(license_number, labels)
    changing = [label for label, p in plants.items() if not same(p.get("StrainName"), strain)]
    if not changing:
        raise ToolProblem(f"These plants are already of strain {strain}.")
    # Metrc's example names plant and strain by number (Id, StrainId) with the names null; by
    # name, the numbers are left out rather than null (bruno Plants/UpdatePlantsStrain).
    result = await metrc.client.change_plants_strain(
        license_number,
        [{"Label": label, "StrainName": strain} for label in changing],
        credentials=metrc.credentials,
    )
    return written(result, f"Changed {plural(len(changing), 'plant')} to strain {strain}.")


@tool("plants", title="Merge plant groups", read_only=False, returns=Written)
async def merge_plants(
    license_number: LicenseNumber,
    target_label: Annotated[PlantLabel, Field(description="The plant group that remains.")],
    source_label: Annotated[PlantLabel, Field(description="The plant group merged into it.")],
    merge_date: OptionalDay = None,
) -> dict[str, Any]:
    """Merge one plant group into another: the source group's tag leaves the growing lists."""
    if target_label == source_label:
        raise ToolProblem("A plant group cannot be merged into itself.")
    metrc = access()
    await _growing(license_number, [target_label, source_label])
    result = await metrc.client.merge_plants(
        license_number,
        [{"TargetPlantGroupLabel": target_label, "SourcePlantGroupLabel": source_label,
          "MergeDate": (merge_date or metrc.as_of()).isoformat()}],
        credentials=metrc.credentials,
    )  # fmt: skip
    return written(result, f"Merged plant group {source_label} into {target_label}.")


@tool("plants", title="Split a plant group", read_only=False, returns=Written)
async def split_plants(
    license_number: LicenseNumber,
    source_label: Annotated[PlantLabel, Field(description="The plant group to split.")],
    plant_count: Annotated[int, Field(ge=1, le=10000, description="How many plants move.")],
    new_tag: Annotated[PlantLabel, Field(description="An unused plant tag for the new group.")],
    strain: Annotated[Name, Field(description="The new group's strain.")],
    split_date: OptionalDay = None,
) -> dict[str, Any]:
    """Split plants off a plant group under a new tag, in the same batch and location."""
    metrc = access()
    await _growing(license_number, [source_label])
    result = await metrc.client.split_plants(
        license_number,
        [{"SplitDate": (split_date or metrc.as_of()).isoformat(), "SourcePlantLabel": source_label,
          "PlantCount": plant_count, "TagLabel": new_tag, "StrainLabel": strain}],
        credentials=metrc.credentials,
    )  # fmt: skip
    return written(result, f"Split {plural(plant_count, 'plant')} off {source_label} as {new_tag}.")


@tool("plants", title="Manicure plants into a harvest", read_only=False, returns=Written)
async def manicure_plants(
    license_number: LicenseNumber,
    plants: Annotated[
        list[HarvestedPlant],
        Field(min_length=1, max_length=100, description="Each plant and the weight taken."),
    ],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of the weights.")],
    drying_location: Annotated[Name, Field(description="Where the material dries.")],
    harvest_name: Annotated[
        str | None,
        Field(max_length=100, description="An existing or new harvest; none lets Metrc name it."),
    ] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Take part of growing plants' weight (a manicure, e.g. fan leaves or early buds) into a
    harvest; the plants keep growing, unlike harvest_plants."""
    metrc = access()
    await _growing(license_number, [p.label for p in plants])
    day = (actual_date or metrc.as_of()).isoformat()
    harvest = (harvest_name or "").strip() or None
    # Metrc's example fills DryingSublocation and PatientLicenseNumber with text and only
    # HarvestName may be null (bruno Plants/CreateManicure): without them they are left out.
    # Each row is one tracked plant, so PlantCount is 1.
    result = await metrc.client.manicure_plants(
        license_number,
        [{"Plant": p.label, "Weight": p.weight, "UnitOfWeight": unit_of_weight,
          "DryingLocation": drying_location, "HarvestName": harvest, "ActualDate": day,
          "PlantCount": 1} for p in plants],
        credentials=metrc.credentials,
    )  # fmt: skip
    total = sum(p.weight for p in plants)
    return written(
        result, f"Manicured {plural(len(plants), 'plant')}: {total:g} {unit_of_weight} to dry."
    )


@tool("plants", title="Start a plant batch from a plant", read_only=False, returns=Written)
async def start_batch_from_plant(
    license_number: LicenseNumber,
    plant_label: Annotated[
        PlantLabel, Field(description="The mother plant the cuttings are from.")
    ],
    batch_name: Annotated[Name, Field(description="A new, unused batch name.")],
    batch_type: Annotated[PlantBatchType, Field(description="Clones or seeds.")],
    count: Annotated[int, Field(ge=1, le=10000, description="How many plants.")],
    location: Annotated[Name, Field(description="A location that may hold plant batches.")],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Start a plant batch of clones (or seeds) taken from a growing plant, of its strain."""
    metrc = access()
    plant = (await _growing(license_number, [plant_label]))[plant_label]
    result = await metrc.client.create_plantings_from_plants(
        license_number,
        # Metrc's example fills SublocationName and PatientLicenseNumber with text; without
        # them they are left out, not null (bruno Plants/CreatePlantsPlantings).
        [{"PlantLabel": plant_label, "PlantBatchName": batch_name.strip(),
          "PlantBatchType": batch_type, "PlantCount": count, "LocationName": location,
          "StrainName": plant.get("StrainName"),
          "ActualDate": (actual_date or metrc.as_of()).isoformat()}],
        credentials=metrc.credentials,
    )  # fmt: skip
    return written(result, f"Started batch {batch_name.strip()}: {count} from {plant_label}.")


@tool("plants", title="Package clones from a plant", read_only=False, returns=Written)
async def package_clones_from_plant(
    license_number: LicenseNumber,
    plant_label: Annotated[PlantLabel, Field(description="The plant the clones are from.")],
    package_tag: Annotated[PlantLabel, Field(description="An unused package tag.")],
    item: Annotated[Name, Field(description="An item of an Immature Plants category.")],
    count: Annotated[int, Field(ge=1, le=10000, description="How many plants.")],
    batch_type: Annotated[PlantBatchType, Field(description="Clones or seeds.")] = "Clone",
    location: Annotated[
        str | None, Field(max_length=100, description="Where the package is; default the plant's.")
    ] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Package clones (or seeds) taken from a growing plant, for sale or transfer."""
    metrc = access()
    plant = (await _growing(license_number, [plant_label]))[plant_label]
    # Metrc's example names the package's location as text (bruno Plants/
    # CreatePlantBatchPackages): the plant's own when none is given.
    where = (location or "").strip() or plant.get("LocationName")
    if not where:
        raise ToolProblem(f"Plant {plant_label} has no location on record; give the location.")
    result = await metrc.client.create_plant_batch_packages_from_plants(
        license_number,
        [{"PlantLabel": plant_label, "PackageTag": package_tag, "PlantBatchType": batch_type,
          "Item": item, "Location": where, "Sublocation": None, "Note": None,
          "IsTradeSample": False, "PatientLicenseNumber": None, "IsDonation": False,
          "Count": count, "ActualDate": (actual_date or metrc.as_of()).isoformat()}],
        credentials=metrc.credentials,
    )  # fmt: skip
    return written(result, f"Packaged {count} {item} from {plant_label} as {package_tag}.")
