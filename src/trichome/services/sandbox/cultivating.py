"""Checks shared by the sandbox's plant and plant batch changes: the tags, strains, items and
batches a row names, each a row error when the facility has no such thing."""

from __future__ import annotations

from typing import Any

from trichome.sandbox.facilities import Facility
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox.rules import RowErrors


async def free_tag(
    tx: Transaction, facility: Facility, label: object, kind: str, row: int, errors: RowErrors
) -> Record | None:
    """An available plant or package tag of the facility, by label."""
    tag = await tx.by_label("tag", label) if isinstance(label, str) and label.strip() else None
    if tag is None or tag.license != facility.license_number or tag.name != kind:
        errors.add(row, f"{label!r} is not a {kind} tag of this facility.")
        return None
    if tag.state != "available":
        errors.add(row, f"Tag {label} is already used.")
    return tag


async def strain_of(
    tx: Transaction, facility: Facility, obj: dict[str, Any], row: int, errors: RowErrors
) -> Record | None:
    """The strain a row names by StrainId or StrainName."""
    if isinstance(obj.get("StrainId"), int):
        strain = await tx.get("strain", obj["StrainId"])
    elif isinstance(obj.get("StrainName"), str):
        strain = await tx.by_name(facility.license_number, "strain", obj["StrainName"].strip())
    else:
        errors.add(row, "StrainId or StrainName is required.")
        return None
    if strain is None or strain.license != facility.license_number or strain.state != "active":
        errors.add(row, "The strain does not exist at this facility.")
        return None
    return strain


async def item_named(
    tx: Transaction, facility: Facility, name: object, row: int, errors: RowErrors
) -> Record | None:
    """An active item of the facility, by name."""
    item = (
        await tx.by_name(facility.license_number, "item", name.strip())
        if isinstance(name, str) and name.strip()
        else None
    )
    if item is None or item.state != "active":
        errors.add(row, f"Item {name!r} does not exist at this facility.")
        return None
    return item


async def active_batch(
    tx: Transaction,
    facility: Facility,
    obj: dict[str, Any],
    name_key: str,
    row: int,
    errors: RowErrors,
) -> Record | None:
    """An active plant batch of the facility, named by Id or by the name in `name_key`."""
    if isinstance(obj.get("Id"), int):
        batch = await tx.get("plantbatch", obj["Id"])
    elif isinstance(obj.get(name_key), str) and obj[name_key].strip():
        batch = await tx.by_name(facility.license_number, "plantbatch", obj[name_key].strip())
    else:
        errors.add(row, f"Id or {name_key} is required.")
        return None
    if batch is None or batch.license != facility.license_number:
        errors.add(row, "The plant batch does not exist at this facility.")
        return None
    if batch.state != "active":
        errors.add(row, f"Plant batch {batch.name} is {batch.state}, not active.")
    return batch


def use_strain(record: Record, strain: Record) -> None:
    """Give a plant or batch another strain."""
    record.data["StrainId"], record.data["StrainName"] = strain.id, strain.name
