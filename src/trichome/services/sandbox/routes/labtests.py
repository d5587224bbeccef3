"""Lab tests: recording results at a lab, releasing them, and reading a package's results.

Recording leaves the sample TestingInProgress with unreleased rows; releasing them (LabTests
ReleaseResults, `[{PackageLabel}]`, an empty 200) gives the sample and its source packages
their state and the sources their copy of the rows (`trichome.sandbox.labtests`).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.db.models import utcnow
from trichome.sandbox import labtests
from trichome.sandbox.facilities import FACILITIES, Facility
from trichome.sandbox.labtests import apply_result, result_rows
from trichome.sandbox.reference import LAB_TEST_TYPE_NAMES
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.bodies import TEXT, shape
from trichome.services.sandbox.common import a_date, json, reading, store, text, writing, written
from trichome.services.sandbox.rules import RowErrors, envelope, message, paging_of, writes

router = APIRouter()
RELEASE = shape({"PackageLabel": TEXT})


@router.get("/labtests/v2/results", **openapi.children(openapi.id_query("packageId", "package")))
async def results(request: Request) -> Response:
    facility = reading(request)
    package_id = request.query_params.get("packageId", "")
    if not package_id.isdigit():
        raise message(400, "packageId is required.")
    async with store(request).transaction() as tx:
        package = await tx.get("package", int(package_id))
        if package is None or facility.license_number not in (package.license, *_labs_of(package)):
            raise message(404, f"Package {package_id} was not found.")
        rows = await tx.children("labresult", "package", package.id)
    paging = paging_of(request)
    total = len(rows)
    if paging is not None:
        rows = rows[(paging.number - 1) * paging.size : paging.number * paging.size]
    return json(envelope(rows, total, paging))


def _labs_of(package: Record) -> list[str]:
    return [lab for lab, facility in FACILITIES.items() if facility.can("CanTestPackages")]


async def _sample(
    tx: Transaction,
    lab: Facility,
    label: str,
    row: int,
    errors: RowErrors,
    *,
    released: bool = False,
) -> Record | None:
    """A sample the lab holds (`released`: refused once its results were released)."""
    package = await tx.by_label("package", label) if label else None
    if package is None:
        errors.add(row, f"Package {label!r} was not found.")
    elif (
        package.license == lab.license_number
        and released
        and any(
            result.data.get("ResultReleased")
            for result in await tx.children("labresult", "package", package.id)
        )
    ):
        errors.add(
            row,
            f"The results for package {label} were released; no more results can be "
            "recorded for it.",
        )
    elif package.license != lab.license_number:
        errors.add(
            row,
            f"Package {label} is not at this lab; a lab can only record or release results "
            "for samples it holds.",
        )
    return package


@router.post("/labtests/v2/record", **openapi.write(bodies.LAB_RESULTS))
async def record(request: Request) -> Response:
    lab = writing(request, "CanTestPackages", "record lab test results")
    objects = await written(request)
    errors = RowErrors()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            label = text(obj, "Label", row, errors)
            sample = await _sample(tx, lab, label, row, errors, released=True)
            tested = a_date(obj, "ResultDate", row, errors)
            entries = obj.get("Results")
            if not isinstance(entries, list) or not entries:
                errors.add(row, "Results must list at least one test result.")
                entries = []
            for entry in entries:
                if (
                    not isinstance(entry, dict)
                    or entry.get("LabTestTypeName") not in LAB_TEST_TYPE_NAMES
                ):
                    name = entry.get("LabTestTypeName") if isinstance(entry, dict) else entry
                    errors.add(row, f"Unknown LabTestTypeName {name!r}.")
                elif not isinstance(entry.get("Passed"), bool):
                    errors.add(row, f"Passed must be true or false for {entry['LabTestTypeName']}.")
            plans.append((sample, tested, entries, obj))
        errors.raise_if_any()
        recorded = []
        for sample, tested, entries, _obj in plans:
            assert sample is not None and tested is not None
            # The verdict is the tests': Metrc's record body has no OverallPassed (bruno
            # LabTests/CreateRecord and the record body of all 28 states' Postman collections
            # in github.com/thunkier/ThunkMetrc), so one sent beside a failed test is ignored.
            passed = all(entry["Passed"] for entry in entries)
            sample.data["LabTestingState"] = "TestingInProgress"
            await tx.save(sample)
            for result in result_rows(lab, sample, tested, entries, passed, released=False):
                await tx.insert(result)
            recorded.append(sample)
    return json(writes(recorded))


async def _unreleased(
    tx: Transaction, lab: Facility, label: str, row: int, errors: RowErrors
) -> tuple[Record | None, list[Record]]:
    """A sample at the lab and its results not yet released; else a row error."""
    sample = await _sample(tx, lab, label, row, errors)
    if sample is None or sample.license != lab.license_number:
        return None, []
    rows = await tx.children("labresult", "package", sample.id)
    pending = [result for result in rows if not result.data.get("ResultReleased")]
    if not pending:
        errors.add(
            row,
            f"Package {label} has no unreleased lab test results"
            + (" (they were released already)." if rows else "; record them first."),
        )
    return sample, pending


@router.put("/labtests/v2/results/release", **openapi.write(RELEASE, answer=None))
async def release_results(request: Request) -> Response:
    lab = writing(request, "CanTestPackages", "release lab test results")
    objects = await written(request)
    errors = RowErrors()
    seen: set[str] = set()
    async with store(request).transaction() as tx:
        plans = []
        for row, obj in enumerate(objects):
            label = text(obj, "PackageLabel", row, errors)
            if label in seen:
                errors.add(row, f"Package {label} is listed more than once.")
                continue
            seen.add(label)
            sample, pending = await _unreleased(tx, lab, label, row, errors)
            plans.append((sample, pending))
        errors.raise_if_any()
        for sample, pending in plans:
            assert sample is not None
            tested, passed, expires = labtests.release(pending, utcnow())
            for result in pending:
                await tx.save(result)
            sources = await tx.by_labels("package", _source_labels(sample))
            for package in (sample, *sources.values()):
                apply_result(package, tested, passed, expires)
                await tx.save(package)
            for package in sources.values():
                for result in pending:
                    await tx.insert(labtests.released_copy(result, package))
    return Response(status_code=200)  # Metrc answers no body (bruno LabTests/UpdateResultsRelease)


def _source_labels(sample: Record) -> list[str]:
    labels = (sample.data.get("SourcePackageLabels") or "").split(",")
    return [label.strip() for label in labels if label.strip()]
