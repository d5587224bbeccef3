"""Package tools that write: new packages, adjustments, moves, finishing, remediation and
lab samples.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Annotated, Any

from pydantic import BaseModel, Field

from trichome.metrc.bodies.inventory import (
    PackageAdjustment,
    PackageCreate,
    PackageFinish,
    PackageIngredient,
    PackageMove,
    PackageRemediation,
)
from trichome.metrc.tools.packages.lookup import find_package, find_packages
from trichome.metrc.tools.registry import MetrcAccess, ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    UnitOfMeasure,
    Written,
    plural,
    same,
    written,
)

FAILED_STATES = ("TestFailed", "RetestFailed")
# Each state keeps its own remediation methods and v2 serves no list of them (Metrc's example
# is "Further Drying", bruno Packages/UpdateRemediate): any name goes to Metrc, which decides.
RemediationMethod = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="How the product was remediated, as the state names it (e.g. Further "
        "Drying, Decontamination).",
    ),
]
PackageLabels = Annotated[
    list[PackageLabel],
    Field(min_length=1, max_length=100, description="The package labels (1 to 100)."),
]
OptionalDay = Annotated[date | None, Field(description="The day it happened; defaults to today.")]
Reason = Annotated[
    str,
    Field(
        min_length=1,
        max_length=100,
        description="An adjustment reason from list_package_adjustment_reasons.",
    ),
]
ReasonNote = Annotated[
    str | None,
    Field(max_length=500, description="Why; required by some reasons (e.g. Waste)."),
]
Sublocation = Annotated[
    str | None,
    Field(max_length=100, description="A sublocation within it, if the state uses them."),
]


class Ingredient(BaseModel):
    """Quantity taken from one source package."""

    package_label: PackageLabel
    quantity: Annotated[float, Field(gt=0, description="How much to take from it.")]
    unit_of_measure: Annotated[
        UnitOfMeasure, Field(description="The unit of that quantity (convertible to its unit).")
    ]


async def _same_item(metrc: MetrcAccess, license_number: str, labels: Sequence[str]) -> str:
    sources = await find_packages(metrc, license_number, labels)
    names = {str((p.get("Item") or {}).get("Name")) for p in sources.values()}
    if len(names) != 1:
        raise ToolProblem(
            f"The source packages hold different items ({', '.join(sorted(names))}); name the "
            "new package's item."
        )
    return names.pop()


@tool("packages", title="Create a package from packages", read_only=False, returns=Written)
async def create_package(
    license_number: LicenseNumber,
    tag: Annotated[PackageLabel, Field(description="An unused package tag for the new package.")],
    quantity: Annotated[float, Field(gt=0, description="The new package's quantity.")],
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")],
    ingredients: Annotated[
        list[Ingredient],
        Field(min_length=1, max_length=50, description="What is taken from which packages."),
    ],
    item: Annotated[
        str | None,
        Field(
            max_length=150,
            description="The new package's item name; leave out to keep the sources' item.",
        ),
    ] = None,
    location: Annotated[
        str | None,
        Field(max_length=100, description="Where it is kept; defaults to the source's location."),
    ] = None,
    production_batch_number: Annotated[
        str | None,
        Field(max_length=100, description="Set to mark it a production batch with this number."),
    ] = None,
    expiration_date: Annotated[date | None, Field(description="Its expiration date.")] = None,
    note: Annotated[str | None, Field(max_length=500, description="A note on it.")] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Create a new package from quantities of existing packages (repackaging, combining,
    pre-rolls from buds...). The sources lose what is taken; the new one inherits their lab
    state when they share it.

    Needs an unused package tag (list_available_package_tags). For packages made straight
    from a harvest use create_harvest_packages; for a lab sample use
    submit_package_for_testing.
    """
    metrc = access()
    labels = [ingredient.package_label for ingredient in ingredients]
    item_name = item.strip() if item else await _same_item(metrc, license_number, labels)
    if item:
        await find_packages(metrc, license_number, labels)
    body = PackageCreate(
        tag=tag,
        item=item_name,
        use_same_item=None if item else True,
        quantity=quantity,
        unit_of_measure=unit_of_measure,
        location=location,
        note=note,
        is_production_batch=True if production_batch_number else None,
        production_batch_number=production_batch_number,
        expiration_date=expiration_date,
        actual_date=actual_date or metrc.as_of(),
        ingredients=[
            PackageIngredient(
                package=i.package_label, quantity=i.quantity, unit_of_measure=i.unit_of_measure
            )
            for i in ingredients
        ],
    )
    result = await metrc.client.create_packages(
        license_number, [body], credentials=metrc.credentials
    )
    return written(
        result,
        f"Created package {tag} with {quantity:g} {unit_of_measure} of {item_name} from "
        f"{plural(len(set(labels)), 'package')}.",
    )


@tool("packages", title="Adjust a package", read_only=False, returns=Written)
async def adjust_package(
    license_number: LicenseNumber,
    label: PackageLabel,
    quantity: Annotated[
        float,
        Field(description="The change, not the new total: negative to reduce (e.g. -3.5)."),
    ],
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of the change.")],
    reason: Reason,
    reason_note: ReasonNote = None,
    adjustment_date: OptionalDay = None,
) -> dict[str, Any]:
    """Adjust a package's quantity by a signed amount, with a reason (drying loss, scale
    variance, waste, entry error...). Metrc keeps it in the adjustment history.

    To close an empty package, adjust it to zero first and then call finish_packages.
    Not for sales (create_sales_receipt) or moving quantity into another package
    (create_package).
    """
    if quantity == 0:
        raise ToolProblem("The change is zero, so there is nothing to adjust.")
    metrc = access()
    before = await find_package(metrc, license_number, label)
    result = await metrc.client.adjust_packages(
        license_number,
        [
            PackageAdjustment(
                label=label,
                quantity=quantity,
                unit_of_measure=unit_of_measure,
                adjustment_reason=reason,
                reason_note=reason_note,
                adjustment_date=adjustment_date or metrc.as_of(),
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Adjusted package {label} by {quantity:+g} {unit_of_measure} ({reason}); it held "
        f"{before.get('Quantity')} {before.get('UnitOfMeasureName')} before.",
    )


@tool("packages", title="Move packages", read_only=False, idempotent=True, returns=Written)
async def move_packages(
    license_number: LicenseNumber,
    labels: PackageLabels,
    location: Annotated[
        str, Field(min_length=1, max_length=100, description="The location to move them to.")
    ],
    sublocation: Sublocation = None,
    move_date: OptionalDay = None,
) -> dict[str, Any]:
    """Move packages to another location of the same facility (e.g. Vault to Sales Floor).

    Packages already there are skipped. To send packages to another licence, use a transfer
    (create_transfer_template).
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    moving = [
        label
        for label, package in packages.items()
        if not same(package.get("LocationName"), location) or sublocation
    ]
    if not moving:
        raise ToolProblem(f"All of these packages are already at {location}; nothing to move.")
    result = await metrc.client.move_packages(
        license_number,
        [
            PackageMove(
                label=label,
                location=location,
                sublocation=sublocation,
                move_date=move_date or metrc.as_of(),
            )
            for label in moving
        ],
        credentials=metrc.credentials,
    )
    skipped = len(packages) - len(moving)
    note = f" ({plural(skipped, 'package')} already there)" if skipped else ""
    return written(result, f"Moved {plural(len(moving), 'package')} to {location}{note}.")


@tool(
    "packages",
    title="Finish packages",
    read_only=False,
    destructive=True,
    idempotent=True,
    returns=Written,
)
async def finish_packages(
    license_number: LicenseNumber, labels: PackageLabels, actual_date: OptionalDay = None
) -> dict[str, Any]:
    """Finish (close) empty packages: finishing records that a package is used up and moves it
    to the inactive list. It does NOT mean ready for sale.

    Every package must already hold 0; adjust_package it to zero (with a reason) first.
    unfinish_packages reopens a package finished by mistake.
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    holding = [
        f"{label} ({p.get('Quantity')} {p.get('UnitOfMeasureName')})"
        for label, p in packages.items()
        if float(p.get("Quantity") or 0) > 0
    ]
    if holding:
        raise ToolProblem(
            f"Only empty packages can be finished, and {plural(len(holding), 'package')} still "
            f"hold something: {', '.join(holding)}. Adjust them to zero with adjust_package "
            "first (with a reason), or leave them active."
        )
    already = [label for label, p in packages.items() if p.get("IsFinished") is True]
    if already:
        raise ToolProblem(f"Already finished: {', '.join(already)}; nothing to do for them.")
    result = await metrc.client.finish_packages(
        license_number,
        [
            PackageFinish(label=label, actual_date=actual_date or metrc.as_of())
            for label in packages
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Finished {plural(len(packages), 'package')}.")


@tool("packages", title="Unfinish packages", read_only=False, idempotent=True, returns=Written)
async def unfinish_packages(license_number: LicenseNumber, labels: PackageLabels) -> dict[str, Any]:
    """Reopen finished packages (undo finish_packages), returning them to the active list
    with the quantity they had (normally 0).
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    open_ = [label for label, p in packages.items() if p.get("IsFinished") is not True]
    if open_:
        raise ToolProblem(f"Not finished, so nothing to reopen: {', '.join(open_)}.")
    result = await metrc.client.unfinish_packages(
        license_number, list(packages), credentials=metrc.credentials
    )
    return written(result, f"Reopened {plural(len(packages), 'package')}.")


@tool("packages", title="Remediate packages", read_only=False, destructive=True, returns=Written)
async def remediate_packages(
    license_number: LicenseNumber,
    labels: PackageLabels,
    method: RemediationMethod,
    steps: Annotated[
        str, Field(min_length=1, max_length=1000, description="What was done, step by step.")
    ],
    remediation_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record the remediation of packages that failed lab testing; their lab state becomes
    Remediated and they need a retest sample (submit_package_for_testing) before they can be
    sold.

    Only packages in TestFailed or RetestFailed can be remediated, and only at a facility whose
    type may (CanRemediatePackagesWithFailedLabResults in list_facilities); a facility that
    may decontaminate instead (a Colorado cultivation) uses decontaminate_packages.
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    passed = [
        f"{label} ({p.get('LabTestingState')})"
        for label, p in packages.items()
        if p.get("LabTestingState") not in FAILED_STATES
    ]
    if passed:
        raise ToolProblem(
            f"Only packages that failed testing can be remediated; these have not: "
            f"{', '.join(passed)}."
        )
    result = await metrc.client.remediate_packages(
        license_number,
        [
            PackageRemediation(
                package_label=label,
                remediation_method_name=method,
                remediation_date=remediation_date or metrc.as_of(),
                remediation_steps=steps,
            )
            for label in packages
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Remediated {plural(len(packages), 'package')} ({method}).")


@tool("packages", title="Submit a package for testing", read_only=False, returns=Written)
async def submit_package_for_testing(
    license_number: LicenseNumber,
    source_label: Annotated[PackageLabel, Field(description="The package to sample.")],
    tag: Annotated[PackageLabel, Field(description="An unused package tag for the sample.")],
    quantity: Annotated[float, Field(gt=0, description="The sample's quantity.")],
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")],
    required_lab_test_batches: Annotated[
        list[str] | None,
        Field(
            max_length=20,
            description="Lab test batches the sample needs (list_lab_test_batches), if any.",
        ),
    ] = None,
    actual_date: OptionalDay = None,
) -> dict[str, Any]:
    """Take a lab sample from a package: creates a testing sample package with a new tag and
    marks the source SubmittedForTesting. The sample then goes to a lab on a transfer.

    The source must be at this facility; its item is kept.
    """
    metrc = access()
    source = await find_package(metrc, license_number, source_label)
    item_name = str((source.get("Item") or {}).get("Name"))
    result = await metrc.client.submit_packages_for_testing(
        license_number,
        [
            PackageCreate(
                tag=tag,
                item=item_name,
                quantity=quantity,
                unit_of_measure=unit_of_measure,
                actual_date=actual_date or metrc.as_of(),
                required_lab_test_batches=required_lab_test_batches or None,
                ingredients=[
                    PackageIngredient(
                        package=source_label, quantity=quantity, unit_of_measure=unit_of_measure
                    )
                ],
            )
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Created testing sample {tag} ({quantity:g} {unit_of_measure} of {item_name}) from "
        f"{source_label}, which is now submitted for testing.",
    )
