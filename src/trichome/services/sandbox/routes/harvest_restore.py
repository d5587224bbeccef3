"""Restoring harvested plants (Metrc v2 Harvests RestoreHarvestedPlants).

`PUT /harvests/v2/restore/harvestedplants` takes `[{HarvestId, PlantTags: [label]}]` and
answers `{Ids, Warnings}` (ThunkMetrc bruno Harvests/UpdateRestoreHarvestedPlants: "Restores
previously harvested plants to their original state"). A restored plant is flowering again
and leaves its harvest: the harvest counts one plant fewer and its wet weight goes back, kept
as the harvest's TotalRestoredWeight. Weight already packaged or wasted cannot go back, so a
restore that needs more than the harvest's current weight is refused; so is one into a
finished harvest, or of a plant that was not harvested into it.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import ID, TEXT, shape
from trichome.services.sandbox.common import json, store, writing, written
from trichome.services.sandbox.routes.harvests import GROW
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
RESTORE = shape(
    {
        "HarvestId": ID,
        "PlantTags": {"type": "array", "minItems": 1, "maxItems": 100, "items": TEXT},
    }
)


def _restorable(plant: Record | None, label: str, harvest: Record, license_number: str) -> str:
    """Why the plant cannot go back out of the harvest, or "" when it can."""
    if plant is None or plant.license != license_number:
        return f"Plant {label} was not found."
    if plant.state != "inactive" or plant.data.get("HarvestedDate") is None:
        return f"Plant {label} was not harvested (it is {plant.state})."
    if plant.data.get("HarvestId") != harvest.id:
        return f"Plant {label} was not harvested into harvest {harvest.name}."
    return ""


@router.put("/harvests/v2/restore/harvestedplants", **openapi.write(RESTORE))
async def restore_harvested_plants(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    seen: set[str] = set()
    async with store(request).transaction() as tx:
        plans: list[tuple[Record, list[Record]]] = []
        harvests: dict[int, Record] = {}  # one record per harvest, however many rows name it
        taken: dict[int, float] = {}
        for row, obj in enumerate(objects):
            harvest = harvests.get(obj["HarvestId"]) or await tx.get("harvest", obj["HarvestId"])
            if harvest is None or harvest.license != facility.license_number:
                errors.add(row, f"Harvest {obj['HarvestId']} was not found.")
                continue
            if harvest.state != "active":
                errors.add(row, f"Harvest {harvest.name} is finished; unfinish it first.")
            harvests[harvest.id] = harvest
            labels = [label.strip() for label in obj["PlantTags"]]
            found = await tx.by_labels("plant", labels)
            plants: list[Record] = []
            for label in labels:
                if label in seen:
                    errors.add(row, f"Plant {label} is listed more than once.")
                    continue
                seen.add(label)
                problem = _restorable(found.get(label), label, harvest, facility.license_number)
                if problem:
                    errors.add(row, problem)
                else:
                    plants.append(found[label])
            weight = taken.get(harvest.id, 0.0) + sum(
                float(plant.data.get("HarvestedWetWeight") or 0) for plant in plants
            )
            taken[harvest.id] = weight
            current = float(harvest.data.get("CurrentWeight") or 0)
            if weight > current + 1e-9:
                errors.add(
                    row,
                    f"Harvest {harvest.name} has {current:g} g left; restoring these plants "
                    f"takes back {weight:g} g (packaged or wasted weight cannot be restored).",
                )
            plans.append((harvest, plants))
        errors.raise_if_any()
        for harvest, plants in plans:
            for plant in plants:
                _restore(harvest.data, plant)
                await tx.save(plant)
        for harvest in harvests.values():
            await tx.save(harvest)
    return json(writes([harvest for harvest, _ in plans]))


def _restore(harvest: dict[str, Any], plant: Record) -> None:
    """Move a plant's harvested weight back out of the harvest and make it flowering."""
    wet = float(plant.data.get("HarvestedWetWeight") or 0)
    harvest["PlantCount"] = max(0, int(harvest.get("PlantCount") or 0) - 1)
    harvest["CurrentWeight"] = round(float(harvest.get("CurrentWeight") or 0) - wet, 4)
    harvest["TotalRestoredWeight"] = round(float(harvest.get("TotalRestoredWeight") or 0) + wet, 4)
    plant.state = "flowering"
    plant.data.update(
        {
            "HarvestId": None,
            "HarvestedWetWeight": None,
            "HarvestedUnitOfWeightName": None,
            "HarvestedUnitOfWeightAbbreviation": None,
            "HarvestCount": 0,
            "HarvestedDate": None,
        }
    )
