"""Plant batch tools that reshape a batch: renaming, splitting, correcting its count, its
strain, and packaging its plants (from the batch or from a mother plant's batch)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.tools.plant_batches.lookup import BatchName, OptionalDay, find_batch
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PlantLabel,
    Written,
    plural,
    same,
    written,
)

Text = Annotated[str, Field(min_length=1, max_length=100)]


def _day(actual: Any, metrc: Any) -> str:
    return str((actual or metrc.as_of()).isoformat())


@tool("plant_batches", title="Rename a plant batch", read_only=False, returns=Written)
async def rename_plant_batch(
    license_number: LicenseNumber,
    name: BatchName,
    new_name: Annotated[Text, Field(description="A new, unused batch name.")],
) -> dict[str, Any]:
    """Rename an active plant batch; its plants, counts and history keep with it."""
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    if same(batch.get("Name"), new_name):
        raise ToolProblem(f"Plant batch {batch.get('Name')} already has that name.")
    result = await metrc.client.rename_plant_batches(
        license_number,
        [{"Id": None, "Group": batch.get("Name"), "NewGroup": new_name.strip()}],
        credentials=metrc.credentials,
    )
    return written(result, f"Renamed plant batch {batch.get('Name')} to {new_name.strip()}.")


@tool("plant_batches", title="Change a plant batch's strain", read_only=False, returns=Written)
async def change_plant_batch_strain(
    license_number: LicenseNumber,
    name: BatchName,
    strain: Annotated[Text, Field(description="The strain's name (list_active_strains).")],
) -> dict[str, Any]:
    """Correct the strain of an active plant batch (a batch already of it is refused)."""
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    if same(batch.get("StrainName"), strain):
        raise ToolProblem(f"Plant batch {batch.get('Name')} is already of strain {strain}.")
    result = await metrc.client.change_plant_batches_strain(
        license_number,
        # Metrc documents StrainId as a number: by name, it is left out rather than null.
        [{"Id": batch.get("Id"), "Name": None, "StrainName": strain}],
        credentials=metrc.credentials,
    )
    return written(result, f"Plant batch {batch.get('Name')} is now of strain {strain}.")


@tool("plant_batches", title="Split a plant batch", read_only=False, returns=Written)
async def split_plant_batch(
    license_number: LicenseNumber,
    name: BatchName,
    new_name: Annotated[Text, Field(description="A new, unused name for the split-off batch.")],
    count: Annotated[int, Field(ge=1, le=10000, description="How many untracked plants move.")],
    location: Annotated[Text, Field(description="Where the new batch is.")],
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Split untracked plants off an active batch into a new batch of the same strain."""
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    untracked = int(batch.get("UntrackedCount") or 0)
    if count > untracked:
        raise ToolProblem(f"Plant batch {batch.get('Name')} has only {untracked} untracked plants.")
    result = await metrc.client.split_plant_batches(
        license_number,
        [{"PlantBatch": batch.get("Name"), "GroupName": new_name.strip(), "Count": count,
          "Location": location, "Sublocation": None, "Strain": batch.get("StrainName"),
          "PatientLicenseNumber": None, "ActualDate": _day(actual_date, metrc)}],
        credentials=metrc.credentials,
    )  # fmt: skip
    return written(
        result, f"Split {plural(count, 'plant')} off {batch.get('Name')} as {new_name.strip()}."
    )


@tool("plant_batches", title="Adjust a plant batch's count", read_only=False, returns=Written)
async def adjust_plant_batch(
    license_number: LicenseNumber,
    name: BatchName,
    change: Annotated[
        int, Field(ge=-10000, le=10000, description="Plants to add (+) or remove (-); not 0.")
    ],
    reason: Annotated[
        Text, Field(description="An adjustment reason (list_package_adjustment_reasons).")
    ],
    reason_note: Annotated[
        str | None, Field(max_length=500, description="Why, where the reason needs a note.")
    ] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Correct an active batch's count of untracked plants (a miscount, plants that died)."""
    if change == 0:
        raise ToolProblem("The change must not be 0.")
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    result = await metrc.client.adjust_plant_batches(
        license_number,
        [{"PlantBatchName": batch.get("Name"), "Quantity": change, "AdjustmentReason": reason,
          "AdjustmentDate": _day(actual_date, metrc), "ReasonNote": reason_note}],
        credentials=metrc.credentials,
    )  # fmt: skip
    return written(result, f"Adjusted plant batch {batch.get('Name')} by {change:+d} ({reason}).")


@tool("plant_batches", title="Package plants of a batch", read_only=False, returns=Written)
async def package_plant_batch(
    license_number: LicenseNumber,
    name: BatchName,
    count: Annotated[int, Field(ge=1, le=10000, description="How many untracked plants.")],
    item: Annotated[Text, Field(description="An item of an Immature Plants category.")],
    tag: Annotated[PlantLabel, Field(description="An unused package tag.")],
    from_mother_plant: Annotated[
        bool, Field(description="The batch was taken from a mother plant.")
    ] = False,
    location: Annotated[
        str | None, Field(max_length=100, description="Where the package is; default the batch's.")
    ] = None,
    note: Annotated[str | None, Field(max_length=500, description="A note on the package.")] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Package untracked plants of an active batch (clones or seedlings for sale or
    transfer); the batch's untracked count drops by `count`."""
    metrc = access()
    batch = await find_batch(metrc, license_number, name)
    untracked = int(batch.get("UntrackedCount") or 0)
    if count > untracked:
        raise ToolProblem(f"Plant batch {batch.get('Name')} has only {untracked} untracked plants.")
    row = {
        "Id": None, "PlantBatch": batch.get("Name"), "Count": count, "Location": location,
        "Sublocation": None, "Item": item, "Tag": tag, "PatientLicenseNumber": None,
        "Note": note, "IsTradeSample": False, "IsDonation": False,
        "ActualDate": _day(actual_date, metrc), "ExpirationDate": None, "SellByDate": None,
        "UseByDate": None,
    }  # fmt: skip
    # Metrc documents the patient, note and dates as text, never null: left out when not given.
    row = {key: value for key, value in row.items() if value is not None or key == "Id"}
    client = metrc.client
    send = (
        client.create_plant_batch_packages_from_mother
        if from_mother_plant
        else client.create_plant_batch_packages
    )
    result = await send(license_number, [row], credentials=metrc.credentials)
    return written(result, f"Packaged {plural(count, 'plant')} of {batch.get('Name')} as {tag}.")
