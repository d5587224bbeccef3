"""Plant waste tools: recording it, and the reasons and methods a facility may give."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.bodies.cultivation import PlantWaste
from trichome.metrc.tools.plants.lookup import find_plants
from trichome.metrc.tools.plants.params import MixedMaterial, OptionalDay, WasteMethod, WasteReason
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    PLANT_WASTE_REASON_FIELDS,
    LicenseNumber,
    Names,
    PlantLabel,
    PlantWasteReasons,
    UnitOfWeight,
    Written,
    compact,
    plural,
    written,
)


@tool("plants", title="Record plant waste", read_only=False, returns=Written)
async def record_plant_waste(
    license_number: LicenseNumber,
    waste_method: WasteMethod,
    mixed_material: MixedMaterial,
    waste_weight: Annotated[float, Field(gt=0, description="The total waste weight.")],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of that weight.")],
    reason: WasteReason,
    labels: Annotated[
        list[PlantLabel] | None,
        Field(max_length=100, description="The plants the waste came from (or give location)."),
    ] = None,
    location: Annotated[
        str | None,
        Field(max_length=100, description="The location whose plants it came from (or labels)."),
    ] = None,
    note: Annotated[str | None, Field(max_length=500, description="A note.")] = None,
    waste_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record waste from growing plants (pruned leaves, trimmed branches) for given plants or a
    whole location; the plants keep growing.

    Give labels or a location, not both. To destroy whole plants use destroy_plants.
    """
    if bool(labels) == bool(location):
        raise ToolProblem(
            "Give either the plants' labels or their location (for all plants there), not both."
        )
    metrc = access()
    if labels:
        await find_plants(metrc, license_number, labels)
    result = await metrc.client.record_plant_waste(
        license_number,
        [
            PlantWaste(
                waste_method_name=waste_method,
                mixed_material=mixed_material,
                waste_weight=waste_weight,
                unit_of_measure_name=unit_of_weight,
                reason_name=reason,
                waste_date=waste_date or metrc.as_of(),
                plant_labels=[label.strip() for label in labels or []],
                location_name=location,
                note=note,
            )
        ],
        credentials=metrc.credentials,
    )
    source = plural(len(labels), "plant") if labels else f"the plants at {location}"
    return written(result, f"Recorded {waste_weight:g} {unit_of_weight} of waste from {source}.")


@tool("plants", title="List plant waste reasons", returns=PlantWasteReasons)
async def list_plant_waste_reasons(license_number: LicenseNumber) -> dict[str, Any]:
    """List the reasons a facility may give for plant waste and destroyed plants (e.g. Pests,
    Disease, Male Plant), and which need a note or a waste weight (overall, immature or
    mature plants).
    """
    metrc = access()
    reasons = await metrc.client.plant_waste_reasons(license_number, credentials=metrc.credentials)
    return {
        "total": len(reasons),
        "items": [compact(r, PLANT_WASTE_REASON_FIELDS) for r in reasons],
    }


@tool("plants", title="List plant waste methods", returns=Names)
async def list_plant_waste_methods(license_number: LicenseNumber) -> dict[str, Any]:
    """List the waste methods a facility may use when destroying plants or recording plant
    waste (e.g. Grinder, Compost).
    """
    metrc = access()
    methods = await metrc.client.plant_waste_methods(license_number, credentials=metrc.credentials)
    return {"total": len(methods), "items": [compact(m, ("Name",)) for m in methods]}
