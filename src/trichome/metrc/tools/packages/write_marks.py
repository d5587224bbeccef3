"""Package tools that mark a package without moving its product: its note, its flags
(donation, trade sample, finished good), its shelf-life dates, and discontinuing it.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from pydantic import Field

from trichome.metrc.tools.packages.lookup import find_package, find_packages
from trichome.metrc.tools.packages.write import PackageLabels
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, PackageLabel, Written, plural, written

Flag = Literal["donation", "trade_sample", "finished_good"]
# The package field each flag sets (Metrc's package document, bruno Packages/GetPackagesById).
FLAG_FIELDS = {
    "donation": "IsDonation",
    "trade_sample": "IsTradeSample",
    "finished_good": "IsFinishedGood",
}
Note = Annotated[
    str,
    Field(max_length=1000, description="The note, as staff should read it; empty clears it."),
]
ShelfDay = Annotated[date | None, Field(description="The new date; leave out to keep it.")]


@tool("packages", title="Set a package's note", read_only=False, idempotent=True, returns=Written)
async def set_package_note(
    license_number: LicenseNumber, label: PackageLabel, note: Note
) -> dict[str, Any]:
    """Set the free-text note Metrc keeps on a package (e.g. where it is shelved, why it is
    held back), replacing the one it has; an empty note clears it.
    """
    metrc = access()
    package = await find_package(metrc, license_number, label)
    wanted = note.strip()
    if (package.get("Note") or "") == wanted:
        raise ToolProblem(f"Package {label} already has that note; nothing to change.")
    result = await metrc.client.change_package_notes(
        license_number, [{"PackageLabel": label, "Note": wanted}], credentials=metrc.credentials
    )
    return written(
        result, f"Set the note of {label}." if wanted else f"Cleared the note of {label}."
    )


@tool(
    "packages", title="Flag or unflag packages", read_only=False, idempotent=True, returns=Written
)
async def flag_packages(
    license_number: LicenseNumber,
    labels: PackageLabels,
    flag: Annotated[
        Flag,
        Field(
            description="donation (given away, not sold), trade_sample (a sample for another "
            "licensee) or finished_good (ready for sale as it is)."
        ),
    ],
    on: Annotated[bool, Field(description="True sets the flag, false clears it.")] = True,
) -> dict[str, Any]:
    """Flag packages as donations, trade samples or finished goods, or clear the flag.
    Every package must currently have the flag the other way.
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    field = FLAG_FIELDS[flag]
    name = flag.replace("_", " ")
    already = [label for label, package in packages.items() if bool(package.get(field)) == on]
    if already:
        state = "already" if on else "not"
        raise ToolProblem(f"{', '.join(already)}: {state} flagged as {name}; nothing to do.")
    client = metrc.client
    send = {
        ("donation", True): client.flag_packages_donation,
        ("donation", False): client.unflag_packages_donation,
        ("trade_sample", True): client.flag_packages_trade_sample,
        ("trade_sample", False): client.unflag_packages_trade_sample,
        ("finished_good", True): client.flag_packages_finished_good,
        ("finished_good", False): client.unflag_packages_finished_good,
    }[(flag, on)]
    result = await send(license_number, list(packages), credentials=metrc.credentials)
    did = "Flagged" if on else "Cleared the flag of"
    return written(result, f"{did} {plural(len(packages), 'package')} as {name}.")


@tool(
    "packages",
    title="Set a package's shelf-life dates",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def set_package_shelf_life_dates(
    license_number: LicenseNumber,
    label: PackageLabel,
    expiration_date: ShelfDay = None,
    sell_by_date: ShelfDay = None,
    use_by_date: ShelfDay = None,
) -> dict[str, Any]:
    """Set a package's expiration, sell-by and use-by dates (the ones given; the others keep
    their values). None may be before the day it was packaged.
    """
    given = {
        "ExpirationDate": expiration_date,
        "SellByDate": sell_by_date,
        "UseByDate": use_by_date,
    }
    if all(value is None for value in given.values()):
        raise ToolProblem("Give at least one of expiration_date, sell_by_date, use_by_date.")
    metrc = access()
    package = await find_package(metrc, license_number, label)
    # The dates not given keep the package's; one it has none of is left out (Metrc documents
    # each as a date, never null).
    kept = {
        key: value.isoformat() if value is not None else package.get(key)
        for key, value in given.items()
    }
    dates = {key: value for key, value in kept.items() if value is not None}
    result = await metrc.client.change_package_shelf_life_dates(
        license_number, [{"Label": label, **dates}], credentials=metrc.credentials
    )
    shown = ", ".join(f"{key} {value}" for key, value in dates.items() if value)
    return written(result, f"Package {label} now has {shown}.")


@tool(
    "packages",
    title="Discontinue a package",
    read_only=False,
    destructive=True,
    idempotent=True,
    returns=Written,
)
async def discontinue_package(license_number: LicenseNumber, label: PackageLabel) -> dict[str, Any]:
    """Discontinue an active package created in error: it leaves the active list without a
    finish and cannot be used again. To close a package that was used up, adjust it to zero
    and use finish_packages instead.
    """
    metrc = access()
    package = await find_package(metrc, license_number, label)
    if package.get("IsFinished") or package.get("ArchivedDate"):
        raise ToolProblem(f"Package {label} is already finished or discontinued.")
    result = await metrc.client.discontinue_package(
        license_number, int(package["Id"]), credentials=metrc.credentials
    )
    return written(result, f"Discontinued package {label}.")
