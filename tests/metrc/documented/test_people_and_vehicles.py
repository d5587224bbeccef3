"""Patients, drivers and vehicles: the tools a store or a shipper reads them with, run on
fixtures in Metrc's documented shapes.
"""

from __future__ import annotations

import pytest

from tests.metrc.documented.conftest import GROWER, STORE, Run
from trichome.metrc.tools.sales import patients
from trichome.metrc.tools.transfers import transporters

pytestmark = pytest.mark.anyio


async def test_patients_show_their_licence_dates_and_allowances(run: Run) -> None:
    listed = await run(patients.list_patients, license_number=STORE)

    assert listed["total"] == 2
    first = listed["items"][0]
    assert first == {
        "PatientId": 501,
        "LicenseNumber": "MP-100234",
        "RegistrationDate": "2026-01-20",
        "LicenseEffectiveStartDate": "2026-01-15",
        "LicenseEffectiveEndDate": "2027-01-14",
        "RecommendedPlants": 6,
        "RecommendedSmokableQuantity": 2.5,
        "HasSalesLimitExemption": False,
    }
    assert listed["items"][1]["HasSalesLimitExemption"] is True


async def test_patients_filter_by_licence(run: Run) -> None:
    found = await run(patients.list_patients, license_number=STORE, license_contains="871")

    assert [p["PatientId"] for p in found["items"]] == [502]
    assert found["items"][0]["RecommendedPlants"] == 12


async def test_drivers_show_licence_and_employee_not_facility(run: Run) -> None:
    drivers = await run(transporters.list_drivers, license_number=GROWER)
    dana = await run(transporters.list_drivers, license_number=GROWER, name_contains="dana")

    assert drivers["items"][1] == {
        "Id": 62,
        "Name": "Luis Ortega",
        "DriversLicenseNumber": "D7654321",
        "EmployeeId": "E-2202",
    }
    assert [d["Id"] for d in dana["items"]] == [61]


async def test_vehicles_show_make_model_and_plate(run: Run) -> None:
    vehicles = await run(transporters.list_vehicles, license_number=GROWER)
    plate = await run(transporters.list_vehicles, license_number=GROWER, plate_contains="xyz")

    assert [(v["Make"], v["Model"], v["LicensePlateNumber"]) for v in vehicles["items"]] == [
        ("Ford", "Transit", "8ABC123"),
        ("Toyota", "Sienna", "7XYZ987"),
    ]
    assert [v["Id"] for v in plate["items"]] == [72]
    assert all("FacilityId" not in v for v in vehicles["items"])
