"""Lab tests: recording results at a lab, and reading a package's results."""

from __future__ import annotations

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.labtests import apply_result, result_rows
from trichome.sandbox.reference import FACILITIES, LAB_TEST_TYPE_NAMES, Facility
from trichome.sandbox.store import Record, Transaction
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import a_date, json, reading, store, text, writing, written
from trichome.services.sandbox.rules import RowErrors, envelope, message, paging_of, writes

router = APIRouter()


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
    body = envelope(rows, total, paging)
    for row in body["Data"]:
        row["LabTestResultId"] = row["Id"]
    return json(body)


def _labs_of(package: Record) -> list[str]:
    return [lab for lab, facility in FACILITIES.items() if facility.can("CanTestPackages")]


async def _sample(
    tx: Transaction, lab: Facility, label: str, row: int, errors: RowErrors
) -> Record | None:
    package = await tx.by_label("package", label) if label else None
    if package is None:
        errors.add(row, f"Package {label!r} was not found.")
    elif package.license != lab.license_number:
        errors.add(
            row,
            f"Package {label} is not at this lab; a lab can only record results for "
            "samples it holds.",
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
            sample = await _sample(tx, lab, text(obj, "Label", row, errors), row, errors)
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
        for sample, tested, entries, obj in plans:
            assert sample is not None and tested is not None
            passed = obj.get("OverallPassed")
            passed = (
                all(entry["Passed"] for entry in entries)
                if not isinstance(passed, bool)
                else passed
            )
            sources = [
                label.strip()
                for label in (sample.data.get("SourcePackageLabels") or "").split(",")
                if label.strip()
            ]
            targets = [sample, *[p for p in (await tx.by_labels("package", sources)).values()]]
            for package in targets:
                apply_result(package, tested, passed)
                await tx.save(package)
                for result in result_rows(lab, package, tested, entries, passed):
                    await tx.insert(result)
            recorded.append(sample)
    return json(writes(recorded))
