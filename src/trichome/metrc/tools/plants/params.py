"""Parameters several plant tools take: plant labels, a day, and how waste was disposed of."""

from __future__ import annotations

from datetime import date
from typing import Annotated

from pydantic import Field

from trichome.metrc.tools.results import PlantLabel

PlantLabels = Annotated[
    list[PlantLabel],
    Field(min_length=1, max_length=100, description="The plant labels (1 to 100)."),
]
OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]
WasteMethod = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="A waste method from list_plant_waste_methods (e.g. Grinder, Compost).",
    ),
]
WasteReason = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="A waste reason from list_plant_waste_reasons (e.g. Pests, Male Plant).",
    ),
]
MixedMaterial = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="What the waste was mixed with to make it unusable (e.g. Soil, Kitty litter).",
    ),
]
