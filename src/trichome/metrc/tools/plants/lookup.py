"""Finding a licence's plants by label, and showing a plant the way every tool does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trichome.metrc.tools.registry import MetrcAccess, ToolProblem
from trichome.metrc.tools.results import compact, find_each, plural

Record = dict[str, Any]
PLANT_FIELDS = (
    "Id",
    "Label",
    "GrowthPhase",
    "StrainName",
    "LocationName",
    "PlantBatchName",
    "PlantedDate",
    "VegetativeDate",
    "FloweringDate",
    "HarvestedDate",
    "HarvestedWetWeight",
    "HarvestedUnitOfWeightName",
    "DestroyedDate",
    "DestroyedNote",
)


def trim_plant(record: Mapping[str, Any], fields: Sequence[str] = PLANT_FIELDS) -> Record:
    """A plant as tools show it (empty fields left out, OnHold only when set)."""
    result = compact(record, fields)
    if record.get("IsOnHold") is True:
        result["OnHold"] = True
    return result


def unknown_plants(labels: Sequence[str], license_number: str) -> ToolProblem:
    """The problem of plant labels Metrc does not know at a licence."""
    return ToolProblem(
        f"{plural(len(labels), 'plant')} not found at licence {license_number}: "
        f"{', '.join(labels)}. Check the labels with list_vegetative_plants or "
        "list_flowering_plants."
    )


async def find_plants(
    metrc: MetrcAccess, license_number: str, labels: Sequence[str]
) -> dict[str, Record]:
    """Plants of the licence by label (each once, in the order given).

    Raises:
        ToolProblem: any label is not at this licence.
    """

    async def read(label: str) -> Record:
        return await metrc.client.plant(license_number, label=label, credentials=metrc.credentials)

    return await find_each(labels, read, lambda lost: unknown_plants(lost, license_number))
