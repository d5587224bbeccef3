"""Plantings from packages: a grower plants seeds or clones kept in a package as a new plant
batch (Packages CreatePlantings, `POST /packages/v2/plantings`; the fields follow bruno
Packages/CreatePackagesPlantings: `PackageLabel`, `PackageAdjustmentAmount` and
`PackageAdjustmentUnitOfMeasureName` (both may be null), `PlantBatchName`, `PlantBatchType`,
`PlantCount`, `LocationName`, `SublocationName`, `StrainName`, `PatientLicenseNumber`,
`PlantedDate`, `UnpackagedDate`; the answer is `{Ids, Warnings}`).

The package must be the facility's, active and of a plants category (seeds, clones), and
the amount taken from it is at most what it holds; the batch names the package as its
source. Without an amount the package keeps its quantity (Metrc's third example sends
null; what Metrc then takes is not documented).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.reference import PLANT_BATCH_TYPES, UNITS_OF_MEASURE
from trichome.sandbox.store import Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import COUNT, DAY, MAYBE_TEXT, TEXT, names, one_of, shape
from trichome.services.sandbox.common import a_date, canonical, json, store, text, writing, written
from trichome.services.sandbox.cultivating import strain_of
from trichome.services.sandbox.growing import GROW, location_for
from trichome.services.sandbox.routes.packages import convert, own_package
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
BATCH_TYPES = [t["Name"] for t in PLANT_BATCH_TYPES]
PACKAGE_PLANTINGS = shape(
    {
        "PackageLabel": TEXT,
        "PlantBatchName": TEXT,
        "PlantBatchType": names(PLANT_BATCH_TYPES),
        "PlantCount": COUNT,
        "LocationName": TEXT,
        "StrainName": TEXT,
        "PlantedDate": DAY,
    },
    {
        "PackageAdjustmentAmount": {"type": ["number", "null"], "exclusiveMinimum": 0},
        "PackageAdjustmentUnitOfMeasureName": {
            "anyOf": [one_of([unit["Name"] for unit in UNITS_OF_MEASURE]), {"type": "null"}]
        },
        "SublocationName": MAYBE_TEXT,
        "PatientLicenseNumber": MAYBE_TEXT,
        "UnpackagedDate": {"anyOf": [DAY, {"type": "null"}]},
    },
)


@router.post("/packages/v2/plantings", **openapi.write(PACKAGE_PLANTINGS))
async def plantings_from_packages(request: Request) -> Response:
    """New plant batches planted from packages of seeds or clones."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        taken: dict[str, float] = {}  # by package label, over the whole write
        sources: dict[str, Record] = {}
        for row, obj in enumerate(objects):
            label = text(obj, "PackageLabel", row, errors)
            package = await own_package(tx, facility, label, row, errors)
            if package is not None and package.data["Item"]["ProductCategoryType"] != "Plants":
                errors.add(row, f"Package {package.label} holds no seeds or clones.")
            name = text(obj, "PlantBatchName", row, errors)
            if name and await tx.by_name(facility.license_number, "plantbatch", name):
                errors.add(row, f"A plant batch named {name!r} already exists.")
            kind = canonical(text(obj, "PlantBatchType", row, errors), BATCH_TYPES)
            strain = await strain_of(
                tx, facility, {"StrainName": obj.get("StrainName")}, row, errors
            )
            where = await location_for(
                tx, facility, text(obj, "LocationName", row, errors), row, errors,
                "ForPlantBatches",
            )  # fmt: skip
            when = a_date(obj, "PlantedDate", row, errors)
            amount, unit = (
                obj.get("PackageAdjustmentAmount"),
                obj.get("PackageAdjustmentUnitOfMeasureName"),
            )
            if amount is not None and package is not None:
                held = package.data["UnitOfMeasureName"]
                converted = convert(float(amount), str(unit or held), held)
                if converted is None:
                    errors.add(row, f"{unit} cannot measure a package kept in {held}.")
                else:
                    key = package.label or ""
                    source = sources.setdefault(key, package)
                    taken[key] = taken.get(key, 0.0) + converted
                    if taken[key] > source.data["Quantity"] + 1e-9:
                        errors.add(
                            row,
                            f"Package {package.label} holds only "
                            f"{package.data['Quantity']:g} {held}.",
                        )
            count = int(obj.get("PlantCount") or 0)
            plans.append((package, name, kind, count, strain, where, when))
        errors.raise_if_any()
        for key, source in sources.items():
            source.data["Quantity"] = round(max(0.0, source.data["Quantity"] - taken[key]), 4)
            await tx.save(source)
        created = []
        for package, name, kind, count, strain, where, when in plans:
            assert package is not None and kind and strain is not None and when is not None
            batch = documents.plant_batch(facility, name, kind, count, strain, where, when)
            batch.data.update({"SourcePackageId": package.id, "SourcePackageLabel": package.label})
            created.append(await tx.insert(batch))
    return json(writes(created))
