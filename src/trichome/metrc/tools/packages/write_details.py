"""Package tools that change what Metrc records of a package without repackaging it: its
counted quantity, decontamination, external id, item, required lab tests, and plantings of
its seeds or clones.

Bodies follow Metrc's v2 documentation as thunkier/ThunkMetrc captured it
(`specs/generated/bruno/Packages/UpdateAdjustPackages.bru`, `UpdateDecontaminate.bru`,
`UpdateExternalid.bru`, `UpdateItem.bru`, `UpdateLabtestsRequired.bru`,
`CreatePackagesPlantings.bru`).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.bodies.inventory import PackageAdjustment
from trichome.metrc.tools.names import PlantBatchType
from trichome.metrc.tools.packages.lookup import find_package, find_packages
from trichome.metrc.tools.packages.write import (
    OptionalDay,
    PackageLabels,
    Reason,
    ReasonNote,
    RemediationMethod,
    Sublocation,
)
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import (
    LicenseNumber,
    PackageLabel,
    UnitOfMeasure,
    Written,
    plural,
    same,
    written,
)


@tool("packages", title="Set a package's counted quantity", read_only=False, returns=Written)
async def set_package_quantity(
    license_number: LicenseNumber,
    label: PackageLabel,
    quantity: Annotated[
        float, Field(ge=0, description="What the package holds now (e.g. after a count).")
    ],
    unit_of_measure: Annotated[UnitOfMeasure, Field(description="The unit of that quantity.")],
    reason: Reason,
    reason_note: ReasonNote = None,
    adjustment_date: OptionalDay = None,
) -> dict[str, Any]:
    """Set a package's quantity to what it holds now (a physical count, a re-weigh), with an
    adjustment reason: Metrc records the difference in the adjustment history.

    Gives the new total, not the change; adjust_package takes a signed change instead.
    """
    metrc = access()
    before = await find_package(metrc, license_number, label)
    held, unit = before.get("Quantity"), before.get("UnitOfMeasureName")
    if same(unit, unit_of_measure) and float(held or 0) == quantity:
        raise ToolProblem(f"Package {label} already holds {quantity:g} {unit}; nothing to set.")
    result = await metrc.client.set_package_quantities(
        license_number,
        [
            PackageAdjustment(
                label=label,
                quantity=quantity,
                unit_of_measure=unit_of_measure,
                adjustment_reason=reason,
                reason_note=reason_note,
                adjustment_date=adjustment_date or metrc.as_of(),
            ).to_metrc()
        ],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"Set package {label} to {quantity:g} {unit_of_measure} ({reason}); it held {held} "
        f"{unit} before.",
    )


@tool("packages", title="Record package decontamination", read_only=False, returns=Written)
async def decontaminate_packages(
    license_number: LicenseNumber,
    labels: PackageLabels,
    method: RemediationMethod,
    steps: Annotated[
        str | None,
        Field(max_length=1000, description="What was done, step by step."),
    ] = None,
    decontamination_date: OptionalDay = None,
) -> dict[str, Any]:
    """Record that packages' product was decontaminated (e.g. further drying of product with
    too much moisture or microbial growth), with the method and the steps taken.

    A package that failed lab testing is decontaminated only at a facility whose type may
    (CanDecontaminatePackagesWithFailedLabResults in list_facilities, as a Colorado
    cultivation); it then needs a retest. Elsewhere, failed packages are remediated
    (remediate_packages).
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    when = (decontamination_date or metrc.as_of()).isoformat()
    result = await metrc.client.decontaminate_packages(
        license_number,
        [
            {
                "PackageLabel": label,
                "DecontaminationMethodName": method,
                "DecontaminationDate": when,
                # Metrc documents the steps as text: left out rather than sent as null.
                **({"DecontaminationSteps": steps} if steps else {}),
            }
            for label in packages
        ],
        credentials=metrc.credentials,
    )
    return written(result, f"Recorded the decontamination of {plural(len(packages), 'package')}.")


@tool(
    "packages",
    title="Set a package's external id",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def set_package_external_id(
    license_number: LicenseNumber,
    label: PackageLabel,
    external_id: Annotated[
        str,
        Field(
            max_length=40,
            description="The package's id in your own system (POS, ERP); empty clears it.",
        ),
    ],
) -> dict[str, Any]:
    """Set the external id Metrc keeps on a package (its id in your own inventory or point-of-
    sale system), replacing the one it has; an empty id clears it. The facility needs
    Metrc's External Id permission.
    """
    metrc = access()
    package = await find_package(metrc, license_number, label)
    wanted = external_id.strip()
    if (package.get("ExternalId") or "") == wanted:
        raise ToolProblem(f"Package {label} already has that external id; nothing to change.")
    result = await metrc.client.change_package_external_ids(
        license_number,
        [{"PackageLabel": label, "ExternalId": wanted}],
        credentials=metrc.credentials,
    )
    did = f"Set the external id of {label} to {wanted}." if wanted else f"Cleared {label}'s id."
    return written(result, did)


@tool("packages", title="Change packages' item", read_only=False, idempotent=True, returns=Written)
async def change_package_item(
    license_number: LicenseNumber,
    labels: PackageLabels,
    item: Annotated[
        str,
        Field(
            min_length=1,
            max_length=150,
            description="The item the packages hold from now on (list_active_items); measured "
            "the way they are (by weight, volume or count).",
        ),
    ],
) -> dict[str, Any]:
    """Give packages another item (e.g. buds re-graded as Shake, an item created with the
    wrong name), keeping their quantity, tag and history.
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    wanted = item.strip()
    already = [
        label for label, p in packages.items() if same((p.get("Item") or {}).get("Name"), wanted)
    ]
    if already:
        raise ToolProblem(f"Already of item {wanted}: {', '.join(already)}; nothing to change.")
    result = await metrc.client.change_package_items(
        license_number,
        [{"Label": label, "Item": wanted} for label in packages],
        credentials=metrc.credentials,
    )
    return written(result, f"{plural(len(packages), 'package')} now hold {wanted}.")


@tool(
    "packages",
    title="Set packages' required lab tests",
    read_only=False,
    idempotent=True,
    returns=Written,
)
async def set_package_required_lab_tests(
    license_number: LicenseNumber,
    labels: PackageLabels,
    lab_test_batches: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=100)]],
        Field(
            min_length=1,
            max_length=20,
            description="The lab test batches the packages must pass (list_lab_test_batches), "
            "replacing the ones they have.",
        ),
    ],
) -> dict[str, Any]:
    """Set which lab test batches packages require before sale (e.g. a full panel for retail
    product), replacing their current list.
    """
    metrc = access()
    packages = await find_packages(metrc, license_number, labels)
    batches = sorted({name.strip() for name in lab_test_batches})
    result = await metrc.client.change_package_required_lab_test_batches(
        license_number,
        [{"Label": label, "RequiredLabTestBatches": batches} for label in packages],
        credentials=metrc.credentials,
    )
    return written(
        result,
        f"{plural(len(packages), 'package')} now require {', '.join(batches)}.",
    )


@tool("packages", title="Plant a batch from a package", read_only=False, returns=Written)
async def plant_batch_from_package(
    license_number: LicenseNumber,
    label: Annotated[PackageLabel, Field(description="The package of seeds or clones.")],
    batch_name: Annotated[
        str, Field(min_length=1, max_length=100, description="A new, unused batch name.")
    ],
    batch_type: Annotated[PlantBatchType, Field(description="What is planted.")],
    plant_count: Annotated[int, Field(ge=1, le=10000, description="How many plants.")],
    strain: Annotated[
        str,
        Field(min_length=1, max_length=100, description="The strain's name (list_active_strains)."),
    ],
    location: Annotated[
        str,
        Field(min_length=1, max_length=100, description="A location that may hold plant batches."),
    ],
    amount: Annotated[
        float | None,
        Field(
            gt=0,
            description="How much the package gives up (e.g. 10 Each); leave out to "
            "keep its quantity.",
        ),
    ] = None,
    unit_of_measure: Annotated[
        UnitOfMeasure | None,
        Field(description="The unit of that amount; defaults to the package's unit."),
    ] = None,
    sublocation: Sublocation = None,
    patient_license_number: Annotated[
        str | None,
        Field(max_length=50, description="The patient the plants are grown for, if any."),
    ] = None,
    planted_date: OptionalDay = None,
) -> dict[str, Any]:
    """Plant seeds or clones kept in a package as a new plant batch: the package gives up the
    amount planted and the batch names it as its source.

    For a batch not planted from a package use create_plant_batch.
    """
    metrc = access()
    package = await find_package(metrc, license_number, label)
    unit = unit_of_measure or (package.get("UnitOfMeasureName") if amount is not None else None)
    day = (planted_date or metrc.as_of()).isoformat()
    result = await metrc.client.create_package_plantings(
        license_number,
        [
            {
                "PackageLabel": label,
                "PackageAdjustmentAmount": amount,
                "PackageAdjustmentUnitOfMeasureName": unit,
                "PlantBatchName": batch_name.strip(),
                "PlantBatchType": batch_type,
                "PlantCount": plant_count,
                "LocationName": location,
                # Metrc documents these as text, never null: left out when not given.
                **({"SublocationName": sublocation} if sublocation else {}),
                "StrainName": strain,
                **(
                    {"PatientLicenseNumber": patient_license_number}
                    if patient_license_number
                    else {}
                ),
                "PlantedDate": day,
                "UnpackagedDate": day,
            }
        ],
        credentials=metrc.credentials,
    )
    taken = f", taking {amount:g} {unit} from {label}" if amount is not None else f" from {label}"
    return written(
        result, f"Planted batch {batch_name.strip()}: {plant_count} plants of {strain}{taken}."
    )
