"""Changing a processing job type (Metrc v2 ProcessingJob UpdateJobTypes).

`PUT /processing/v2/jobtypes` takes `[{Id, Name, Description, CategoryName, ProcessingSteps,
Attributes: [name]}]` and answers no body (thunkier/ThunkMetrc specs/generated/bruno/
ProcessingJob/UpdateJobTypes.bru). The type is sent whole: what is not changed is sent as
GetActiveJobTypes reads it (`Attributes` read as `[{Id, Name, LastModified}]`, sent as names).
A text field the type has no value for is left out: the example documents each as text.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from trichome.metrc.tools.processing.lookup import JobTypeRef, find_job_type
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import LicenseNumber, Written, written

Text = Annotated[str | None, Field(max_length=1000)]


@tool(
    "processing", title="Update a processing job type", read_only=False, idempotent=True,
    returns=Written,
)  # fmt: skip
async def update_processing_job_type(
    license_number: LicenseNumber,
    job_type: JobTypeRef,
    new_name: Annotated[
        str | None, Field(min_length=1, max_length=100, description="A new name.")
    ] = None,
    category: Annotated[
        str | None,
        Field(min_length=1, max_length=100, description="A new category (its name)."),
    ] = None,
    description: Annotated[str | None, Field(max_length=500, description="What it does.")] = None,
    processing_steps: Annotated[
        str | None, Field(max_length=1000, description="The steps, in words.")
    ] = None,
    attributes: Annotated[
        list[str] | None,
        Field(max_length=20, description="The attribute names, replacing the type's own."),
    ] = None,
) -> dict[str, Any]:
    """Change a processing job type the facility created: its name, category, description,
    steps or attributes. What is not given stays as it is.
    """
    changes = (new_name, category, description, processing_steps, attributes)
    if all(change is None for change in changes):
        raise ToolProblem("Nothing to change: give a new name, category, description, steps "
                          "or attributes.")  # fmt: skip
    metrc = access()
    found = await find_job_type(metrc, license_number, job_type)
    # GetActiveJobTypes reads attributes as {Id, Name, LastModified}; UpdateJobTypes takes names.
    now = [
        str(a.get("Name")) if isinstance(a, dict) else str(a) for a in found.get("Attributes") or []
    ]
    body = {
        "Id": int(found["Id"]),
        "Name": (new_name or str(found.get("Name"))).strip(),
        "Description": description if description is not None else found.get("Description"),
        "CategoryName": (category or str(found.get("CategoryName"))).strip(),
        "ProcessingSteps": processing_steps
        if processing_steps is not None
        else found.get("ProcessingSteps"),
        "Attributes": [a.strip() for a in attributes] if attributes is not None else now,
    }
    given = {key: value for key, value in body.items() if value is not None}
    result = await metrc.client.update_processing_job_types(
        license_number, [given], credentials=metrc.credentials
    )
    said = [f"name {body['Name']}"] if new_name else []
    said += [f"category {body['CategoryName']}"] if category else []
    said += [
        field
        for field, given in (
            ("description", description),
            ("steps", processing_steps),
            ("attributes", attributes),
        )
        if given is not None
    ]
    return written(result, f"Updated processing job type {found.get('Name')}: {', '.join(said)}.")
