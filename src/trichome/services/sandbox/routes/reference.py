"""Facilities, employees, locations, tags and the state-wide reference lists."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox import documents
from trichome.sandbox.facilities import Facility, served
from trichome.sandbox.item_categories import ITEM_CATEGORIES
from trichome.sandbox.reference import (
    ADJUST_REASONS,
    COUNTIES,
    CUSTOMER_TYPES,
    HARVEST_WASTE_TYPES,
    LAB_TEST_TYPES,
    LAB_TESTING_STATES,
    LOCATION_TYPES,
    PATIENT_REGISTRATION_LOCATIONS,
    PAYMENT_TYPES,
    PLANT_BATCH_TYPES,
    PLANT_WASTE_REASONS,
    RETIRED_UNITS_OF_MEASURE,
    TRANSFER_TYPES,
    UNITS_OF_MEASURE,
    WASTE_METHODS,
)
from trichome.services.sandbox import bodies, openapi
from trichome.services.sandbox.common import (
    json,
    list_routes,
    name_list,
    reading,
    static_list,
    store,
    text,
    writing,
    written,
)
from trichome.services.sandbox.rules import RowErrors, message, writes

router = APIRouter()


def _batch(batch_id: int, name: str, type_ids: tuple[int, ...]) -> dict[str, Any]:
    """A lab test batch as Metrc documents one (bruno LabTests/GetBatches): its test types
    in full and their count. The item categories name their batches (LabTestBatchNames);
    the batches do not list the categories back (ItemCategories stays empty)."""
    types = [dict(LAB_TEST_TYPES[type_id - 1]) for type_id in type_ids]
    return {
        "Id": batch_id,
        "Name": name,
        "LabTestTypeCount": len(types),
        "LabTestTypes": types,
        "ItemCategoryCount": 0,
        "ItemCategories": [],
        "RequiresAllFromLabTestBatch": False,
    }


LAB_TEST_BATCHES = [
    _batch(1, "Potency", (1, 2, 3)),
    _batch(2, "Microbials", (5, 6, 7)),
    _batch(3, "Heavy Metals", (8, 9)),
    _batch(4, "Moisture", (4,)),
]


@router.get("/facilities/v2", **openapi.state_list())
@router.get("/facilities/v2/", **openapi.state_list())
async def facilities(request: Request) -> Response:
    """The user's licences: Colorado's five, and Massachusetts' cultivator in MA."""
    state = request.state.sandbox.settings.sandbox_state
    return json([facility.document() for facility in served(state).values()])


@router.get("/employees/v2", **openapi.reference_list())
@router.get("/employees/v2/", **openapi.reference_list())
async def employees(request: Request) -> Response:
    return static_list(request, _employees(reading(request)))


# What each of a facility's people may do, in Metrc's lower-case wording (bruno
# Employees/GetPermissions shows "view immature plants", "view packages", "view plants"):
# the owner and the manager manage, the third may only look.
VIEWS = ["view immature plants", "view packages", "view plants", "view harvests", "view sales"]
MANAGES = ["manage immature plants", "manage packages inventory", "manage plants", "manage sales"]


@router.get(
    "/employees/v2/permissions",
    openapi_extra=openapi.operation(
        openapi.LICENSE,
        openapi.text_query("employeeLicenseNumber", "The employee's licence number."),
    ),
    responses=openapi.responses({"type": "array", "items": {"type": "string"}}, 400, 401, 404),
)
async def employee_permissions(request: Request) -> Response:
    facility = reading(request)
    wanted = request.query_params.get("employeeLicenseNumber", "").strip()
    if not wanted:
        raise message(400, "employeeLicenseNumber is required.")
    people = _employees(facility)
    person = next((p for p in people if p["License"]["EmployeeLicenseNumber"] == wanted), None)
    if person is None:
        raise message(404, f"Employee {wanted} was not found at this facility.")
    return json(VIEWS + MANAGES if person["IsManager"] else VIEWS)


def _employees(facility: Facility) -> list[dict[str, Any]]:
    people = [
        ("Avery Quinn", True, True),
        ("Jordan Ellis", False, True),
        ("Sam Rivera", False, False),
    ]
    # GET /employees/v2/ as Metrc documents it (bruno Employees/GetEmployees): no Id, the
    # person's licence under License both as Number and as EmployeeLicenseNumber (equal in
    # Metrc's example), then IsIndustryAdmin, IsOwner and IsManager.
    numbers = [f"EMP-{facility.code}-{n:03d}" for n in range(1, len(people) + 1)]
    return [
        {
            "FullName": name,
            "License": {
                "Number": number,
                "EmployeeLicenseNumber": number,
                "StartDate": "2025-01-01",
                "EndDate": "2027-12-31",
                "LicenseType": "Employee",
            },
            "IsIndustryAdmin": False,
            "IsOwner": owner,
            "IsManager": manager,
        }
        for number, (name, owner, manager) in zip(numbers, people, strict=True)
    ]


@router.get("/unitsofmeasure/v2/active", **openapi.state_list())
async def units_of_measure() -> Response:
    return json(UNITS_OF_MEASURE)


@router.get("/unitsofmeasure/v2/inactive", **openapi.state_list())
async def retired_units_of_measure() -> Response:
    return json(RETIRED_UNITS_OF_MEASURE)


@router.get("/wastemethods/v2", **openapi.state_list())
@router.get("/wastemethods/v2/", **openapi.state_list())
async def waste_methods() -> Response:
    return json(WASTE_METHODS)


list_routes(
    router,
    "location",
    {"/locations/v2/active": ["active"], "/locations/v2/inactive": ["inactive"]},
)


@router.get("/locations/v2/types", **openapi.reference_list())
async def location_types(request: Request) -> Response:
    reading(request)
    return static_list(request, LOCATION_TYPES)


@router.post("/locations/v2", **openapi.write(bodies.LOCATION))
@router.post("/locations/v2/", **openapi.write(bodies.LOCATION))
async def create_locations(request: Request) -> Response:
    facility = writing(request)
    objects = await written(request)
    errors = RowErrors()
    type_names = {location_type["Name"] for location_type in LOCATION_TYPES}
    created = []
    async with store(request).transaction() as tx:
        for row, obj in enumerate(objects):
            name = text(obj, "Name", row, errors)
            type_name = text(obj, "LocationTypeName", row, errors)
            if type_name and type_name not in type_names:
                errors.add(row, f"Location type {type_name!r} does not exist.")
            if name and await tx.by_name(facility.license_number, "location", name):
                errors.add(row, f"A location named {name!r} already exists.")
        errors.raise_if_any()
        for obj in objects:
            record = documents.location(
                facility, obj["Name"].strip(), obj["LocationTypeName"].strip()
            )
            created.append(await tx.insert(record))
    return json(writes(created))


async def _tags(request: Request, kind: str) -> Response:
    capability = "CanGrowPlants" if kind == "plant" else None
    facility = reading(request, capability, "use plant tags")
    async with store(request).transaction() as tx:
        tags = await tx.all(facility.license_number, "tag", ["available"])
    return json([tag.document() for tag in tags if tag.name == kind])


@router.get("/tags/v2/plant/available", **openapi.reference_list(items={"type": "object"}))
async def plant_tags(request: Request) -> Response:
    return await _tags(request, "plant")


@router.get("/tags/v2/package/available", **openapi.reference_list(items={"type": "object"}))
async def package_tags(request: Request) -> Response:
    return await _tags(request, "package")


def _reference(path: str, rows: list[dict[str, Any]], capability: str | None = None) -> None:
    async def handler(request: Request) -> Response:
        reading(request, capability, "read this list")
        return static_list(request, rows)

    router.add_api_route(path, handler, methods=["GET"], **openapi.reference_list())


def _state_reference(path: str, rows: list[dict[str, Any]]) -> None:
    """A list Metrc documents without a licenseNumber: the keys alone read it."""

    async def handler(request: Request) -> Response:
        return static_list(request, rows)

    router.add_api_route(path, handler, methods=["GET"], **openapi.state_reference_list())


_reference("/packages/v2/adjust/reasons", ADJUST_REASONS)
_reference("/plants/v2/waste/reasons", PLANT_WASTE_REASONS, "CanGrowPlants")
_reference("/plantbatches/v2/waste/reasons", PLANT_WASTE_REASONS, "CanGrowPlants")
_reference("/items/v2/categories", ITEM_CATEGORIES)
_reference("/transfers/v2/types", TRANSFER_TYPES)
# Licence-less in Metrc's documentation (ThunkMetrc bruno Harvests/GetWasteTypes,
# PlantBatches/GetPlantBatchesTypes, LabTests/GetLabTestsTypes, LabTests/GetBatches).
_state_reference("/harvests/v2/waste/types", HARVEST_WASTE_TYPES)
_state_reference("/plantbatches/v2/types", PLANT_BATCH_TYPES)
_state_reference("/labtests/v2/types", LAB_TEST_TYPES)
_state_reference("/labtests/v2/batches", LAB_TEST_BATCHES)
# Licence-less in Metrc's documentation (bruno Sales/GetCounties, paged).
_state_reference("/sales/v2/counties", COUNTIES)


@router.get("/labtests/v2/states", **openapi.state_list({"type": "string"}))
async def lab_testing_states() -> Response:
    return json(LAB_TESTING_STATES)


# Licence-less in Metrc's documentation (bruno Sales/GetCustomerTypes).
@router.get("/sales/v2/customertypes", **openapi.state_list({"type": "string"}))
async def customer_types() -> Response:
    return json(CUSTOMER_TYPES)


# Licence-less, a plain array (bruno Sales/GetPatientRegistrationLocations).
@router.get("/sales/v2/patientregistration/locations", **openapi.state_list())
async def patient_registration_locations() -> Response:
    return json(PATIENT_REGISTRATION_LOCATIONS)


# With the licence, for a licence that sells (bruno Sales/GetPaymentTypes: "View Sales Delivery").
# Metrc's documentation shows no example response; OpenMetrc's v2 swagger gives the names in
# the paged envelope (StringMetrcWrapper), as the fixture sales_paymenttypes has them.
@router.get(
    "/sales/v2/paymenttypes", **openapi.reference_list(items={"type": "string"}, paged=True)
)
async def payment_types(request: Request) -> Response:
    reading(request, "CanSellToConsumers", "read payment types")
    return name_list(request, PAYMENT_TYPES)
