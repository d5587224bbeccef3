"""Packaging a harvest: new packages filled from its weight."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from trichome.metrc.bodies.cultivation import HarvestIngredient, HarvestPackage
from trichome.metrc.tools.harvests.lookup import HarvestRef, OptionalDay, find_harvest
from trichome.metrc.tools.names import spelled
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    UnitOfWeight,
    Written,
    plural,
    written,
)

GRAMS = {
    "Grams": 1.0,
    "Kilograms": 1000.0,
    "Milligrams": 0.001,
    "Ounces": 28.349523125,
    "Pounds": 453.59237,
}


class NewPackage(BaseModel):
    """One package to fill from the harvest."""

    tag: Annotated[PackageLabel, Field(description="An unused package tag.")]
    item: Annotated[
        str,
        Field(min_length=1, max_length=150, description="A weight-based item, e.g. Buds - Gelato."),
    ]
    weight: Annotated[float, Field(gt=0, description="The weight taken from the harvest.")]


@tool("harvests", title="Create packages from a harvest", read_only=False, returns=Written)
async def create_harvest_packages(
    license_number: LicenseNumber,
    harvest: HarvestRef,
    packages: Annotated[
        list[NewPackage],
        Field(
            min_length=1, max_length=100, description="The packages to fill (tag, item, weight)."
        ),
    ],
    unit_of_weight: Annotated[UnitOfWeight, Field(description="The unit of the weights.")],
    location: Annotated[
        str,
        Field(min_length=1, max_length=100, description="Where the new packages are kept."),
    ],
    product_requires_remediation: Annotated[
        bool, Field(description="Mark the packages as needing remediation.")
    ] = False,
    actual_date: OptionalDay = None,
    testing_sample: Annotated[
        bool,
        Field(
            description="Make them lab testing samples, submitted for testing (Metrc's "
            "CreatePackagesForTesting) rather than ordinary packages."
        ),
    ] = False,
) -> dict[str, Any]:
    """Package dried product from an active harvest: each new package takes its weight from the
    harvest's current weight, under a new tag and a weight-based item (e.g. Buds - Gelato).
    With testing_sample the packages are the harvest's lab samples, submitted for testing.

    Tags come from list_available_package_tags. To repackage existing packages use
    create_package.
    """
    metrc = access()
    found = await find_harvest(metrc, license_number, harvest)
    unit = str(found.get("UnitOfWeightName") or "Grams")
    unit = spelled(unit, GRAMS) or unit  # Metrc's unit names, whatever their case
    total = sum(p.weight for p in packages)
    if unit in GRAMS and unit_of_weight in GRAMS:
        left = float(found.get("CurrentWeight") or 0) * GRAMS[unit] / GRAMS[unit_of_weight]
        if total > left + 1e-6:
            raise ToolProblem(
                f"Harvest {found.get('Name')} has only {left:.4g} {unit_of_weight} left to "
                f"package; these packages take {total:g}."
            )
    # Both operations take the same body (thunkier/ThunkMetrc bruno Harvests/
    # CreateHarvestsPackages.bru and CreatePackagesTesting.bru).
    create = (
        metrc.client.create_harvest_testing_packages
        if testing_sample
        else metrc.client.create_harvest_packages
    )
    result = await create(
        license_number,
        [
            HarvestPackage(
                tag=p.tag,
                item=p.item,
                location=location,
                unit_of_weight=unit_of_weight,
                product_requires_remediation=product_requires_remediation or None,
                actual_date=actual_date or metrc.as_of(),
                ingredients=[
                    HarvestIngredient(
                        harvest_id=int(found["Id"]),
                        harvest_name=str(found.get("Name")),
                        weight=p.weight,
                        unit_of_weight=unit_of_weight,
                    )
                ],
            )
            for p in packages
        ],
        credentials=metrc.credentials,
    )
    kind = "testing sample package" if testing_sample else "package"
    return written(
        result,
        f"Created {plural(len(packages), kind)} ({total:g} {unit_of_weight}) from harvest "
        f"{found.get('Name')}.",
    )
