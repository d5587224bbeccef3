"""Plant batch changes beyond planting, growth, moves and waste (Metrc v2 PlantBatches Adjust,
RenamePlantBatch, SplitPlantBatch, ChangeStrain, ReplacePlantBatchTags, CreatePackages,
CreatePackagesFromMotherPlant).

As Metrc documents (ThunkMetrc bruno PlantBatches/*.bru): the PUTs (UpdateName,
UpdatePlantBatchesStrain, UpdatePlantBatchesTag) answer no body; the POSTs answer
`{Ids, Warnings}`. Counts move between a batch's untracked plants and what is made of them:
an adjustment changes the untracked count (never below zero), a split moves plants into a new
batch of the same type, and packaging turns untracked plants into a package counted in Each.
Packages "from a mother plant" come from batches started from a plant (POST
/plants/v2/plantings), which name their SourcePlantLabel.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.reference import ADJUST_REASONS
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import openapi
from trichome.services.sandbox.bodies import (
    COUNT,
    DAY,
    FLAG,
    MAYBE_TEXT,
    TEXT,
    identified,
    names,
    shape,
)
from trichome.services.sandbox.common import (
    a_date,
    canonical,
    json,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.cultivating import (
    active_batch,
    free_tag,
    item_named,
    strain_of,
    use_strain,
)
from trichome.services.sandbox.growing import GROW, location_for
from trichome.services.sandbox.rules import RowErrors, writes

router = APIRouter()
REASONS = {reason["Name"]: reason for reason in ADJUST_REASONS}
MAYBE_ID: dict[str, Any] = {"type": ["integer", "null"]}
ADJUSTMENT = shape(
    {
        "PlantBatchName": TEXT,
        "Quantity": {"type": "integer", "not": {"const": 0}},
        "AdjustmentReason": names(ADJUST_REASONS),
        "AdjustmentDate": DAY,
    },
    {"ReasonNote": MAYBE_TEXT},
)
RENAME = identified(
    ("Id", "Group"), shape({"NewGroup": TEXT}, {"Id": MAYBE_ID, "Group": MAYBE_TEXT})
)
SPLIT = shape(
    {"PlantBatch": TEXT, "GroupName": TEXT, "Count": COUNT, "Location": TEXT, "Strain": TEXT,
     "ActualDate": DAY},
    {"Sublocation": MAYBE_TEXT, "PatientLicenseNumber": MAYBE_TEXT},
)  # fmt: skip
STRAIN_CHANGE = identified(
    ("Id", "Name"),
    shape({}, {"Id": MAYBE_ID, "Name": MAYBE_TEXT, "StrainId": MAYBE_ID, "StrainName": MAYBE_TEXT}),
)
TAG_CHANGE = identified(
    ("Id", "Group"),
    shape(
        {"ReplaceDate": DAY},
        {"Id": MAYBE_ID, "Group": MAYBE_TEXT, "TagId": MAYBE_ID, "NewTag": MAYBE_TEXT},
    ),
)
PACKAGE = identified(
    ("Id", "PlantBatch"),
    shape(
        {"Count": COUNT, "Item": TEXT, "Tag": TEXT, "ActualDate": DAY},
        {"Id": MAYBE_ID, "PlantBatch": MAYBE_TEXT, "Location": MAYBE_TEXT,
         "Sublocation": MAYBE_TEXT, "PatientLicenseNumber": MAYBE_TEXT, "Note": MAYBE_TEXT,
         "IsTradeSample": FLAG, "IsDonation": FLAG, "ExpirationDate": {"type": ["string", "null"]},
         "SellByDate": {"type": ["string", "null"]}, "UseByDate": {"type": ["string", "null"]}},
    ),
)  # fmt: skip


def _untracked(
    batch: Record | None, count: int, taken: dict[int, int], row: int, errors: RowErrors
) -> None:
    """Check that a batch still has `count` untracked plants after the rows before."""
    if batch is None:
        return
    taken[batch.id] = taken.get(batch.id, 0) + count
    if taken[batch.id] > batch.data["UntrackedCount"]:
        errors.add(
            row,
            f"Plant batch {batch.name} has only {batch.data['UntrackedCount']} untracked plants.",
        )


async def _take(tx: Transaction, batch: Record, count: int, field: str) -> Record:
    """Take plants from a batch's untracked ones into `field`; an emptied batch is inactive."""
    fresh = await tx.get("plantbatch", batch.id)
    assert fresh is not None
    fresh.data["UntrackedCount"] -= count
    if field:
        fresh.data[field] += count
    if fresh.data["UntrackedCount"] == 0:
        fresh.state = "inactive"
    return await tx.save(fresh)


@router.post("/plantbatches/v2/adjust", **openapi.write(ADJUSTMENT))
async def adjust(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            batch = await active_batch(
                tx, facility, {"Name": obj.get("PlantBatchName")}, "Name", row, errors
            )
            reason = canonical(text(obj, "AdjustmentReason", row, errors), REASONS)
            if reason and REASONS[reason]["RequiresNote"] and not obj.get("ReasonNote"):
                errors.add(row, f"ReasonNote is required for {reason}.")
            a_date(obj, "AdjustmentDate", row, errors)
            change = int(obj["Quantity"])
            if batch is not None and batch.data["UntrackedCount"] + change < 0:
                errors.add(
                    row,
                    f"Plant batch {batch.name} has only {batch.data['UntrackedCount']} "
                    "untracked plants.",
                )
            plans.append((batch, change))
        errors.raise_if_any()
        changed = []
        for batch, change in plans:
            assert batch is not None
            changed.append(await _take(tx, batch, -change, ""))
    return json(writes(changed))


@router.put("/plantbatches/v2/name", **openapi.write(RENAME, answer=None))
async def rename(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            batch = await active_batch(tx, facility, obj, "Group", row, errors)
            new = text(obj, "NewGroup", row, errors)
            if new and await tx.by_name(facility.license_number, "plantbatch", new):
                errors.add(row, f"A plant batch named {new!r} already exists.")
            plans.append((batch, new))
        errors.raise_if_any()
        for batch, new in plans:
            assert batch is not None
            batch.name = batch.data["Name"] = new
            await tx.save(batch)
    return Response(status_code=200)


@router.post("/plantbatches/v2/split", **openapi.write(SPLIT))
async def split(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    taken: dict[int, int] = {}
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            batch = await active_batch(tx, facility, obj, "PlantBatch", row, errors)
            name = text(obj, "GroupName", row, errors)
            if name and await tx.by_name(facility.license_number, "plantbatch", name):
                errors.add(row, f"A plant batch named {name!r} already exists.")
            count = int(obj.get("Count") or 0)
            _untracked(batch, count, taken, row, errors)
            strain = await strain_of(tx, facility, {"StrainName": obj.get("Strain")}, row, errors)
            where = await location_for(
                tx, facility, text(obj, "Location", row, errors), row, errors, "ForPlantBatches"
            )
            plans.append(
                (batch, name, count, strain, where, a_date(obj, "ActualDate", row, errors))
            )
        errors.raise_if_any()
        created = []
        for batch, name, count, strain, where, when in plans:
            assert batch is not None and strain is not None and when is not None
            await _take(tx, batch, count, "")
            kind = batch.data["PlantBatchTypeName"]
            new = documents.plant_batch(facility, name, kind, count, strain, where, when)
            new.data.update(
                {"SourcePlantBatchIds": [batch.id], "SourcePlantBatchNames": batch.name}
            )
            created.append(await tx.insert(new))
    return json(writes(created))


@router.put("/plantbatches/v2/strain", **openapi.write(STRAIN_CHANGE, answer=None))
async def change_strain(request: Request) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            batch = await active_batch(tx, facility, obj, "Name", row, errors)
            plans.append((batch, await strain_of(tx, facility, obj, row, errors)))
        errors.raise_if_any()
        for batch, strain in plans:
            assert batch is not None and strain is not None
            use_strain(batch, strain)
            await tx.save(batch)
    return Response(status_code=200)


@router.put("/plantbatches/v2/tag", **openapi.write(TAG_CHANGE, answer=None))
async def replace_tags(request: Request) -> Response:
    """A batch's group tag is replaced: the new plant tag is used."""
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        tags = []
        for row, obj in enumerate(objects):
            await active_batch(tx, facility, obj, "Group", row, errors)
            new = obj.get("NewTag")
            if isinstance(obj.get("TagId"), int):
                found = await tx.get("tag", obj["TagId"])
                new = found.label if found is not None else f"Id {obj['TagId']}"
            tags.append(await free_tag(tx, facility, new, "plant", row, errors))
            a_date(obj, "ReplaceDate", row, errors)
        errors.raise_if_any()
        for tag in tags:
            assert tag is not None
            tag.state = "used"
            await tx.save(tag)
    return Response(status_code=200)


async def _packages(request: Request, from_mother: bool) -> Response:
    facility = writing(request, *GROW)
    objects = await written(request)
    errors = RowErrors()
    taken: dict[int, int] = {}
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            batch = await active_batch(tx, facility, obj, "PlantBatch", row, errors)
            if from_mother and batch is not None and not batch.data.get("SourcePlantLabel"):
                errors.add(row, f"Plant batch {batch.name} was not taken from a mother plant.")
            count = int(obj.get("Count") or 0)
            _untracked(batch, count, taken, row, errors)
            item = await item_named(tx, facility, obj.get("Item"), row, errors)
            if item is not None and item.data["ProductCategoryType"] != "Plants":
                errors.add(row, f"Item {item.name} is not of a plants category.")
            tag = await free_tag(tx, facility, obj.get("Tag"), "package", row, errors)
            where = None
            if obj.get("Location"):
                where = await tx.by_name(facility.license_number, "location", obj["Location"])
                if where is None:
                    errors.add(row, f"Location {obj['Location']!r} does not exist.")
            elif batch is not None and batch.data["LocationId"] is None:
                errors.add(row, "Location is required: the plant batch has none.")
            when = a_date(obj, "ActualDate", row, errors)
            plans.append((batch, count, item, tag, where, when, obj))
        errors.raise_if_any()
        created = []
        for batch, count, item, tag, where, when, obj in plans:
            assert batch is not None and item is not None and tag is not None and when
            where = where or await tx.get("location", batch.data["LocationId"])
            assert where is not None
            await _take(tx, batch, count, "PackagedCount")
            tag.state = "used"
            await tx.save(tag)
            package = documents.package(facility, tag.label or "", item, count, "Each", where, when)
            package.data["Note"] = obj.get("Note")
            created.append(await tx.insert(package))
    return json(writes(created))


@router.post("/plantbatches/v2/packages", **openapi.write(PACKAGE))
async def packages(request: Request) -> Response:
    return await _packages(request, from_mother=False)


@router.post("/plantbatches/v2/packages/frommotherplant", **openapi.write(PACKAGE))
async def packages_from_mother(request: Request) -> Response:
    return await _packages(request, from_mother=True)
