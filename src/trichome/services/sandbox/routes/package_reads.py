"""Package reads beyond the facility's lists: the package types, its lab samples, the
packages it shipped, and a package's source harvests.

Shapes follow Metrc's documented examples (thunkier/ThunkMetrc
`specs/generated/bruno/Packages/GetPackagesTypes.bru`, `GetTransferred.bru`,
`GetSourceHarvestById.bru`; OpenMetrc `open-metrc-swagger-v2.yaml` PackageLabSample for
GET /packages/v2/labsamples).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import Response

from trichome.sandbox.documents import ABBREVIATIONS
from trichome.sandbox.facilities import FACILITIES, KNOWN
from trichome.sandbox.store import Paging, Record
from trichome.services.sandbox import openapi
from trichome.services.sandbox.common import ObjectId, json, owned, reading, store
from trichome.services.sandbox.rules import envelope, paging_of, window_of

router = APIRouter()
# GET /packages/v2/types, Metrc's documented example answer (a plain array of names).
PACKAGE_TYPES = [
    "Product",
    "ImmaturePlant",
    "VegetativePlant",
    "PlantWaste",
    "HarvestWaste",
    "MotherPlant",
]
SOURCE_HARVEST: dict[str, Any] = {
    "type": "object",
    "required": ["Name"],
    "properties": {
        "HarvestedByFacilityLicenseNumber": {"type": "string"},
        "HarvestedByFacilityName": {"type": "string"},
        "Name": {"type": "string"},
        "HarvestStartDate": {"type": ["string", "null"]},
    },
}


@router.get("/packages/v2/types", **openapi.state_list({"type": "string"}))
async def package_types() -> Response:
    return json(PACKAGE_TYPES)


def _paged(request: Request, rows: list[dict[str, Any]], license_number: str) -> Response:
    paging = paging_of(request)
    total = len(rows)
    if paging is not None:
        rows = rows[(paging.number - 1) * paging.size : paging.number * paging.size]
    return _page(rows, total, paging, license_number)


def _page(
    rows: list[dict[str, Any]], total: int, paging: Paging | None, license_number: str
) -> Response:
    records = [Record(license_number, "row", "active", row) for row in rows]
    body = envelope(records, total, paging)
    body["Data"] = rows
    return json(body)


@router.get("/packages/v2/labsamples", **openapi.listing())
async def lab_samples(request: Request) -> Response:
    """The testing samples the facility made (POST /packages/v2/testing), whether it still
    holds them or has sent them to a lab, in any state, each with its latest lab result."""
    facility = reading(request)
    window = window_of(request)
    mine = facility.license_number
    async with store(request).transaction() as tx:
        records = []
        for licence in FACILITIES:
            found, _ = await tx.page(licence, "package", None, window=window)
            records += [
                record
                for record in found
                if record.data.get("IsTestingSample")
                and mine in (record.license, record.data.get("ReceivedFromFacilityLicenseNumber"))
            ]
        rows = []
        for record in sorted(records, key=lambda record: record.id):
            results = await tx.children("labresult", "package", record.id)
            latest = results[-1].data if results else {}
            rows.append(
                {
                    "LabFacilityLicenseNumber": latest.get("LabFacilityLicenseNumber"),
                    "LabFacilityName": latest.get("LabFacilityName"),
                    "OverallPassed": bool(latest.get("OverallPassed")),
                    "TestPerformedDate": latest.get("TestPerformedDate"),
                    "ResultReleased": bool(latest.get("ResultReleased")),
                    "ResultReleaseDateTime": latest.get("ResultReleaseDateTime"),
                    "TestTypeName": latest.get("TestTypeName"),
                    "TestPassed": bool(latest.get("TestPassed")),
                    "TestResultLevel": latest.get("TestResultLevel") or 0.0,
                    "TestComment": latest.get("TestComment"),
                    "TestInformationalOnly": False,
                    **record.document(),
                }
            )
    return _paged(request, rows, facility.license_number)


def _transferred(delivery: Record, n: int, entry: dict[str, Any]) -> dict[str, Any]:
    data = delivery.data
    shipped_unit = entry.get("ShippedUnitOfMeasureName")
    received_unit = entry.get("ReceivedUnitOfMeasureName")
    gross_unit = data.get("GrossUnitOfWeightName")
    return {
        "Id": delivery.id * 1000 + n,
        "PackageId": entry["PackageId"],
        "RecipientFacilityLicenseNumber": data["RecipientFacilityLicenseNumber"],
        "RecipientFacilityName": data["RecipientFacilityName"],
        "ManifestNumber": data.get("ManifestNumber"),
        "PackageLabel": entry["PackageLabel"],
        "ExternalId": entry.get("ExternalId"),
        "SourceHarvestNames": entry.get("SourceHarvestNames"),
        "SourcePackageLabels": entry.get("SourcePackageLabels"),
        "ProductName": entry.get("ItemName"),
        "ProductCategoryName": entry.get("ItemCategoryName"),
        "ItemStrainName": entry.get("ItemStrainName"),
        "LabTestingStateName": entry.get("LabTestingState"),
        "ShippedQuantity": entry.get("ShippedQuantity"),
        "ShippedUnitOfMeasureAbbreviation": ABBREVIATIONS.get(shipped_unit or "", shipped_unit),
        "GrossWeight": data.get("GrossWeight"),
        "GrossUnitOfWeightAbbreviation": ABBREVIATIONS.get(gross_unit or "", gross_unit),
        "ShipperWholesalePrice": entry.get("_ShipperWholesalePrice"),
        "ReceivedQuantity": entry.get("ReceivedQuantity"),
        "ReceivedUnitOfMeasureAbbreviation": ABBREVIATIONS.get(received_unit or "", received_unit),
        "ReceiverWholesalePrice": entry.get("_ReceiverWholesalePrice"),
        "ShipmentPackageStateName": entry.get("ShipmentPackageState"),
        "ActualDepartureDateTime": data.get("ActualDepartureDateTime"),
        "ReceivedDateTime": data.get("ReceivedDateTime"),
        "ProcessingJobTypeName": None,
    }


def _shipped(deliveries: list[Record]) -> list[dict[str, Any]]:
    return [
        _transferred(delivery, n, entry)
        for delivery in deliveries
        for n, entry in enumerate(delivery.data.get("_Packages") or [], start=1)
    ]


@router.get("/packages/v2/transferred", **openapi.listing())
async def transferred(request: Request) -> Response:
    """The packages the facility shipped: one row per package on each of its deliveries, in
    delivery order. A page reads only the deliveries its rows come from: the rows each
    delivery holds are counted in the database, not built."""
    facility = reading(request)
    paging = paging_of(request)
    window = window_of(request)
    mine = facility.license_number
    async with store(request).transaction() as tx:
        if paging is None:
            deliveries, _ = await tx.page(mine, "delivery", None, window=window)
            rows = _shipped(deliveries)
            return _page(rows, len(rows), None, mine)
        counts = await tx.lengths(mine, "delivery", "_Packages", window=window)
        first = (paging.number - 1) * paging.size
        last = first + paging.size
        wanted: list[int] = []
        skipped = 0  # rows of the deliveries before the page's first one
        position = 0
        for delivery_id, count in counts:
            if position + count <= first:
                skipped += count
            elif position < last:
                wanted.append(delivery_id)
            position += count
        rows = _shipped(await tx.many("delivery", wanted))
    return _page(rows[first - skipped : last - skipped], position, paging, mine)


@router.get(
    "/packages/v2/{package_id:int}/source/harvests",
    openapi_extra=openapi.operation(openapi.LICENSE),
    responses=openapi.responses({"type": "array", "items": SOURCE_HARVEST}, 400, 401, 404, 429),
)
async def source_harvests(request: Request, package_id: ObjectId) -> Response:
    """The harvests a package's product comes from, at whichever licence harvested them."""
    facility = reading(request)
    async with store(request).transaction() as tx:
        package = owned(await tx.get("package", package_id), facility, f"Package {package_id}")
        names = [
            name.strip()
            for name in (package.data.get("SourceHarvestNames") or "").split(",")
            if name.strip()
        ]
        rows = []
        for name in names:
            for licence in (package.license, *FACILITIES):
                harvest = await tx.by_name(licence, "harvest", name)
                if harvest is not None:
                    grower = KNOWN[harvest.license]
                    rows.append(
                        {
                            "HarvestedByFacilityLicenseNumber": grower.license_number,
                            "HarvestedByFacilityName": grower.name,
                            "Name": name,
                            "HarvestStartDate": harvest.data.get("HarvestStartDate"),
                        }
                    )
                    break
    return json(rows)
