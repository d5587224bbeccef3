"""Facility look-ups by key: what an employee may do, one sublocation by Id, and the units of
measure Metrc has retired.

Each follows Metrc's v2 documentation as thunkier/ThunkMetrc captured it
(specs/generated/bruno): Employees GetPermissions (`GET /employees/v2/permissions` with
`licenseNumber` and `employeeLicenseNumber`, answering a plain array of permission names such
as "view packages"); Sublocations GetSublocationById (`GET /sublocations/v2/{id}`, answering
`{Id, Name}`); UnitsOfMeasure GetInactive (`GET /unitsofmeasure/v2/inactive`, answering
`[{QuantityType, Name, Abbreviation}]` with no licence).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field
from typing_extensions import TypedDict

from trichome.metrc.errors import MetrcNotFound
from trichome.metrc.tools.facilities.facility import UnitsOfMeasure
from trichome.metrc.tools.facilities.sublocations import Sublocation, SublocationId
from trichome.metrc.tools.registry import ToolProblem, access, tool
from trichome.metrc.tools.results import Count, LicenseNumber, compact, pick, shape


@shape
class EmployeePermissions(TypedDict):
    """What one employee may do at a facility, in Metrc's words."""

    license_number: str
    employee_license_number: str
    total: Count
    permissions: Annotated[
        list[str], Field(description='Metrc\'s permission names, e.g. "view packages".')
    ]


@shape
class SublocationFound(TypedDict):
    """One sublocation of a facility."""

    license_number: str
    sublocation: Sublocation


@tool("facilities", title="Get an employee's permissions", returns=EmployeePermissions)
async def get_employee_permissions(
    license_number: LicenseNumber,
    employee_license_number: Annotated[
        str,
        Field(
            min_length=1,
            max_length=50,
            description="The employee's own licence number (list_employees shows it).",
        ),
    ],
) -> dict[str, Any]:
    """What an employee may do in Metrc at a facility (e.g. "view packages", "manage sales"),
    to check who can record a sale or destroy plants before a shift or an audit.

    Reading it needs the Manage Employees permission.
    """
    metrc = access()
    wanted = employee_license_number.strip()
    try:
        found = await metrc.client.employee_permissions(
            license_number, wanted, credentials=metrc.credentials
        )
    except MetrcNotFound as error:
        raise ToolProblem(
            f"No employee {wanted} at licence {license_number} ({error}). list_employees "
            "shows each employee's licence number."
        ) from error
    permissions = sorted(str(name) for name in found)
    return {
        "license_number": license_number,
        "employee_license_number": wanted,
        "total": len(permissions),
        "permissions": permissions,
    }


@tool("facilities", title="Get a sublocation", returns=SublocationFound)
async def get_sublocation(
    license_number: LicenseNumber, sublocation_id: SublocationId
) -> dict[str, Any]:
    """Get one sublocation (a named place inside a location) by its Id, e.g. the SublocationId
    a package or plant record names."""
    metrc = access()
    try:
        found = await metrc.client.sublocation(
            license_number, sublocation_id, credentials=metrc.credentials
        )
    except MetrcNotFound as error:
        raise ToolProblem(
            f"No sublocation {sublocation_id} at licence {license_number}; list_sublocations "
            "shows the active and archived ones."
        ) from error
    return {"license_number": license_number, "sublocation": compact(found, ("Id", "Name"))}


@tool("facilities", title="List retired units of measure", returns=UnitsOfMeasure)
async def list_inactive_units_of_measure() -> dict[str, Any]:
    """List the units of measure Metrc has retired in this state: records made before may
    still carry them, but new packages and adjustments cannot use them
    (list_units_of_measure gives the ones in use)."""
    metrc = access()
    units = await metrc.client.units_of_measure_inactive(credentials=metrc.credentials)
    fields = ("Name", "Abbreviation", "QuantityType")
    return {"total": len(units), "items": [pick(u, fields) for u in units]}
