"""Finding a licence's packages by label, and showing a package the way every tool does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from trichome.metrc.tools.registry import MetrcAccess, ToolProblem
from trichome.metrc.tools.results import compact, find_each, plural

Record = dict[str, Any]
PACKAGE_FIELDS = (
    "Id",
    "Label",
    "Quantity",
    "UnitOfMeasureName",
    "LocationName",
    "PackagedDate",
    "LabTestingState",
    "ExpirationDate",
    "SellByDate",
    "UseByDate",
    "SourceHarvestNames",
    "FinishedDate",
)
FLAGS = {
    "IsOnHold": "OnHold",
    "IsFinished": "Finished",
    "IsTestingSample": "TestingSample",
    "ProductRequiresRemediation": "RequiresRemediation",
    "IsDonation": "Donation",
    "IsTradeSample": "TradeSample",
    "IsFinishedGood": "FinishedGood",
}


def trim_package(record: Mapping[str, Any], fields: Sequence[str] = PACKAGE_FIELDS) -> Record:
    """A package as tools show it: its fields, its item in brief, and the flags that are set."""
    item = record.get("Item") or {}
    brief = {
        "Item": item.get("Name"),
        "Category": item.get("ProductCategoryName"),
        "Strain": item.get("StrainName"),
    }
    result = compact(record, fields[:2])
    result.update(compact(brief, tuple(brief)))
    result.update(compact(record, fields[2:]))
    flags = [name for key, name in FLAGS.items() if record.get(key) is True]
    if flags:
        result["Flags"] = flags
    return result


def unknown_packages(labels: Sequence[str], license_number: str) -> ToolProblem:
    """The problem of labels Metrc does not know at a licence."""
    return ToolProblem(
        f"{plural(len(labels), 'package')} not found at licence {license_number}: "
        f"{', '.join(labels)}. Check the labels, or find them with list_active_packages "
        "(list_inactive_packages for finished ones)."
    )


async def find_package(metrc: MetrcAccess, license_number: str, label: str) -> Record:
    """One package of the licence by label.

    Raises:
        ToolProblem: no such package at this licence.
    """
    found = await find_packages(metrc, license_number, [label])
    return next(iter(found.values()))


async def find_packages(
    metrc: MetrcAccess, license_number: str, labels: Sequence[str]
) -> dict[str, Record]:
    """Packages of the licence by label (each once, in the order given).

    Raises:
        ToolProblem: any label is not at this licence (all such labels are named).
    """

    async def read(label: str) -> Record:
        return await metrc.client.package(
            license_number, label=label, credentials=metrc.credentials
        )

    return await find_each(labels, read, lambda lost: unknown_packages(lost, license_number))
