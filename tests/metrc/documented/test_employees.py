"""Employees as Metrc documents them: GET /employees/v2/ in its current example (License with
Number and EmployeeLicenseNumber, then IsIndustryAdmin, IsOwner, IsManager; bruno
Employees/GetEmployees.bru in thunkier/ThunkMetrc) and in its 2024 example, the same as v1's
(License with Number only; OpenMetrc's scrape of Employees/co/get_employees_v2.html). The
tool and the mapping give the person's own licence number from either.
"""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run, records
from trichome.metrc.tools import facilities
from trichome.metrc.tools.facilities import lookups
from trichome.tracking.metrc import inventory

pytestmark = pytest.mark.anyio


async def test_the_employee_licence_number_is_the_documented_employee_licence_number(
    run: Run,
) -> None:
    listed = await run(facilities.list_employees, license_number=GROWER)

    assert listed["items"][0] == {
        "FullName": "Jordan Pike",
        "IsIndustryAdmin": False,
        "IsOwner": False,
        "IsManager": False,
        "EmployeeLicenseNumber": "EL-502311",
        "LicenseEndDate": "2026-06-10",
    }
    # Not License.Number, which this fixture gives as the facility's licence for everyone.
    assert [p["EmployeeLicenseNumber"] for p in listed["items"]] == [
        "EL-502311",
        "EL-502377",
        "EL-448210",
    ]
    # The number listed is the one Metrc's permissions read takes.
    permissions = await run(
        lookups.get_employee_permissions,
        license_number=GROWER,
        employee_license_number=listed["items"][0]["EmployeeLicenseNumber"],
    )
    assert permissions["total"] == 3


async def test_an_employee_documented_with_only_a_number_is_read_by_it(run: Run) -> None:
    listed = await run(facilities.list_employees, license_number=STORE)

    assert listed["items"] == [
        {
            "FullName": "Morgan Hale",
            "EmployeeLicenseNumber": "EL-610044",
            "LicenseEndDate": "2027-02-01",
        },
        {
            "FullName": "Dana Ortiz",
            "EmployeeLicenseNumber": "EL-610092",
            "LicenseEndDate": "2026-08-15",
        },
    ]


def test_the_mapping_reads_both_documented_shapes() -> None:
    current = [inventory.employee(r) for r in records("employees")]
    older = [inventory.employee(r) for r in records("employees_without_employee_number")]

    assert [e.license_number for e in current] == ["EL-502311", "EL-502377", "EL-448210"]
    assert [e.license_number for e in older] == ["EL-610044", "EL-610092"]
    assert [(e.owner, e.manager) for e in current] == [(False, False), (False, True), (True, True)]
    assert all(not e.owner and not e.manager for e in older)
    assert str(older[1].license_end) == "2026-08-15"
