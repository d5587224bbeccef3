"""Processing jobs as Metrc v2 documents them (GET /processing/v2/active, /inactive and
/processing/v2/{id}; ThunkMetrc bruno ProcessingJob/GetActiveProcessingJob): the job's name,
number and type, its totals by count, volume and weight in the job's own units, the waste
recorded when it was finished, and a Packages array that every documented example leaves
empty. Metrc documents no field on a job that names the packages it drew on or made; a
package made by a job says so by its SourceProcessingJobCount and names its sources in
SourcePackageLabels. The sandbox keeps a job's inputs in `_Inputs` ({Label, Quantity, Unit}),
which no response shows.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from trichome.sandbox.facilities import Facility
from trichome.sandbox.reference import (
    PROCESSING_JOB_ATTRIBUTES,
    PROCESSING_JOB_CATEGORIES,
    UNITS_OF_MEASURE,
)
from trichome.sandbox.store import Record

UNITS = {u["Name"]: {**u, "Id": n} for n, u in enumerate(UNITS_OF_MEASURE, start=1)}
KINDS = ("Count", "Volume", "Weight")
JOB_TYPE = "processingjobtype"
JOB_ATTRIBUTES = {a["Name"].casefold(): a for a in PROCESSING_JOB_ATTRIBUTES}
JOB_CATEGORIES = {c["Name"]: c for c in PROCESSING_JOB_CATEGORIES}


def job_type_document(values: dict[str, Any]) -> dict[str, Any]:
    """A facility's own job type as bruno ProcessingJob/GetActiveJobTypes shows it, from its
    name, known category, description, steps and attribute names (unknown ones dropped)."""
    category = JOB_CATEGORIES[values["CategoryName"]]
    return {
        "Name": values["Name"],
        "Description": values.get("Description"),
        "CategoryName": category["Name"],
        **{key: category[key] for key in ("ForItems", "ForProcessingJobs")},
        "RequiresProcessingJobAttributes": category["RequiresProcessingJobAttributes"],
        "ProcessingSteps": values.get("ProcessingSteps"),
        "Attributes": [
            JOB_ATTRIBUTES[str(name).casefold()]
            for name in values["Attributes"]
            if str(name).casefold() in JOB_ATTRIBUTES
        ],
    }


def job_type(facility: Facility, values: dict[str, Any]) -> Record:
    """A new active job type of a facility's own."""
    document = job_type_document(values)
    return Record(facility.license_number, JOB_TYPE, "active", document, name=document["Name"])


def unit_fields(prefix: str, name: str | None) -> dict[str, Any]:
    """A unit as a job shows it: `{prefix}UnitOfMeasureId`, `...Name`, `...Abbreviation`."""
    unit = UNITS.get(name or "")
    return {
        f"{prefix}UnitOfMeasureId": unit["Id"] if unit else None,
        f"{prefix}UnitOfMeasureName": unit["Name"] if unit else None,
        f"{prefix}UnitOfMeasureAbbreviation": unit["Abbreviation"] if unit else None,
    }


def job(
    name: str,
    type_id: int,
    type_name: str | None,
    started: date,
    units: dict[str, str | None],
) -> dict[str, Any]:
    """A running job with nothing drawn yet; `units` gives its Count, Volume and Weight units."""
    data: dict[str, Any] = {"Name": name, "Number": None, "JobTypeId": type_id}
    data |= {"JobTypeName": type_name, "StartDate": started.isoformat()}
    for key in KINDS:
        data[f"Total{key}"] = 0.0
        data.update(unit_fields(key, units.get(key)))
    for key in KINDS:
        data[f"Total{key}Waste"] = None
        data.update(unit_fields(f"Waste{key}", None))
    data.update(
        {"Packages": [], "IsFinished": False, "FinishNote": None, "FinishedDate": None,
         "TotalUnitOfMeasureId": None, "TotalQuantity": 0.0, "_Inputs": []}
    )  # fmt: skip
    return data


def finish(data: dict[str, Any], day: str | None, note: Any, waste: dict[str, Any]) -> None:
    """Mark a job finished on `day` with its waste (Total{Kind}Waste and its unit name)."""
    data.update({"IsFinished": True, "FinishedDate": day, "FinishNote": note})
    for key in KINDS:
        data[f"Total{key}Waste"] = waste.get(f"Total{key}Waste")
        data.update(unit_fields(f"Waste{key}", waste.get(f"Waste{key}UnitOfMeasureName")))
