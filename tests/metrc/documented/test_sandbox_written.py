"""Records the seeded year does not keep, made through the writes Metrc documents for them and
read back against Metrc's documentation (as test_sandbox_records): item brands, files and
photos, Retail ID answers and staged tags, retailer (hub) deliveries and patient check-ins,
each with the fields and types of its documented fixture (tests/metrc/fixtures/documented),
no more and no fewer.

Retail ID exists in every state but AK, CO, GU, ME and MO, so its reads run on the sandbox
told it is in California (as tests/metrc/test_retail_id.py). Metrc's sandbox gives no licence
`RetailerDelivery` or `CanReportPatientCheckIns` (F8ai/metrc-mcp
scripts/facility-capabilities.json); the sandbox does not enforce those two flags, so the
records are written at the store (deliveries) and the medical store (check-ins).
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.metrc.documented.conftest import FIXTURES, fixture
from tests.metrc.documented.test_sandbox_records import documented, examples, same_types
from tests.metrc.documented.test_sandbox_shapes import fields
from tests.support.sandbox import (
    AS_OF,
    CULTIVATOR,
    DISPENSARY,
    MEDICAL_STORE,
    remove_database,
    sandbox_client,
    seeded_database,
)
from trichome.config import Settings
from trichome.metrc import MetrcClient

pytestmark = pytest.mark.anyio

# bruno Tags/GetStagedTags: a staged tag's ProductLabel, when it has QR codes (the fixture's
# one tag has none, so its ProductLabel is null).
PRODUCT_LABEL = {
    "QrCount", "IsChildFromParentWithLabel", "OriginalSourcePackageId",
    "OriginalSourcePackageLabel", "LabelSource", "QrCodeRanges", "LastLabelGenerationDate",
    "IsActive",
}  # fmt: skip


@pytest.fixture(scope="module")
def year(tmp_path_factory: pytest.TempPathFactory, template_dir: Path) -> Iterator[Settings]:
    settings = seeded_database(tmp_path_factory.mktemp("extras"), template_dir)
    yield settings
    remove_database(settings)


@pytest.fixture
async def colorado(year: Settings) -> AsyncIterator[MetrcClient]:
    async with sandbox_client(year) as sandbox:
        yield sandbox


@pytest.fixture
async def california(year: Settings) -> AsyncIterator[MetrcClient]:
    async with sandbox_client(year.model_copy(update={"sandbox_state": "CA"})) as sandbox:
        yield sandbox


def _uploaded(name: str) -> list[dict[str, Any]]:
    """The documented upload body of an item file or photo (extras/items_*_upload)."""
    body: list[dict[str, Any]] = fixture(f"extras/{name}")["requests"][0]["body"]
    return body


def _held_to(served: list[dict[str, Any]], name: str) -> None:
    assert fields(served) == documented(name), name
    assert same_types(served, name) == [], name


async def test_brands_files_and_photos_have_the_documented_fields_and_types(
    colorado: MetrcClient,
) -> None:
    """bruno Items/GetBrands, GetFileById and GetPhotoById, after CreateBrand, CreateFile and
    CreatePhoto with their documented bodies."""
    await colorado.create_item_brands(CULTIVATOR, [{"Name": "Front Range Reserve"}])
    (file_id,) = (await colorado.upload_item_files(CULTIVATOR, _uploaded("items_file_upload")))[
        "Ids"
    ]
    (photo_id,) = (await colorado.upload_item_photos(CULTIVATOR, _uploaded("items_photo_upload")))[
        "Ids"
    ]

    _held_to(await colorado.item_brands(CULTIVATOR), "extras/items_brands")
    _held_to([await colorado.item_file(CULTIVATOR, file_id)], "extras/items_file")
    _held_to([await colorado.item_photo(CULTIVATOR, photo_id)], "extras/items_photo")


async def _each_package(client: MetrcClient) -> dict[str, Any]:
    packages = await client.packages_active(DISPENSARY)
    return next(p for p in packages if p["UnitOfMeasureName"] == "Each" and p["Quantity"] >= 2)


async def test_retail_id_answers_have_the_documented_fields_and_types(
    california: MetrcClient,
) -> None:
    """bruno RetailId/GetAllotment, GetReceiveByLabel and GetReceiveQrByShortCode, after
    CreateGenerate issued QR codes for one of the store's packages."""
    package = await _each_package(california)
    await california.generate_retail_ids(DISPENSARY, package_label=package["Label"], quantity=2)
    received = await california.retail_id_by_label(DISPENSARY, package["Label"])
    code = received["Eaches"][0].split("/")[1]

    _held_to([await california.retail_id_allotment(DISPENSARY)], "extras/retailid_allotment")
    _held_to([received], "extras/retailid_receive_label")
    _held_to(
        [await california.retail_id_by_short_code(DISPENSARY, code)], "extras/retailid_receive_qr"
    )


async def test_staged_tags_have_the_documented_fields_and_types(
    california: MetrcClient,
) -> None:
    """bruno Tags/GetStagedTags, after CreateGenerate staged QR codes on an unused package
    tag (its package not made yet)."""
    tag = (await california.package_tags_available(CULTIVATOR))[-1]["Label"]
    await california.generate_retail_ids(CULTIVATOR, package_label=tag, quantity=3)
    staged = await california.staged_tags(CULTIVATOR)

    _held_to(staged, "tags_staged")
    [entry] = [t for t in staged if t["Label"] == tag]
    assert set(entry["ProductLabel"]) == PRODUCT_LABEL
    assert entry["IsStaged"] is True and entry["QrCount"] == 3


def _trip(label: str, grams: float, day: str) -> dict[str, Any]:
    """RecordRetailerDeliveries' documented body (tests/metrc/fixtures/sales_deliveries/
    record_retailer_delivery.json), loading one package."""
    document = json.loads((FIXTURES.parent / "sales_deliveries" / "record_retailer_delivery.json")
                          .read_text("utf-8"))  # fmt: skip
    body: dict[str, Any] = document["request"]
    body["DateTime"] = f"{day}T09:00:00.000"
    body["EstimatedDepartureDateTime"] = f"{day}T09:30:00.000"
    body["Packages"] = [
        {"PackageLabel": label, "Quantity": grams, "UnitOfMeasure": "Grams", "TotalPrice": 90.0}
    ]
    return body


async def _bud_jar(client: MetrcClient) -> dict[str, Any]:
    return next(
        p
        for p in await client.packages_active(DISPENSARY)
        if p["Item"]["ProductCategoryName"] == "Buds"
        and p["Quantity"] >= 10
        and p["LabTestingState"] in ("TestPassed", "RetestPassed")
    )


async def test_retailer_deliveries_have_the_documented_fields_and_types(
    colorado: MetrcClient,
) -> None:
    """bruno Sales/GetActiveDeliveriesRetailer, GetInactiveDeliveriesRetailer and
    GetDeliveryRetailerById, after one trip departed, sold from and ended, and another
    loaded."""
    day = str(AS_OF - timedelta(days=1))
    label = (await _bud_jar(colorado))["Label"]
    (ended,) = (await colorado.create_retailer_deliveries(DISPENSARY, [_trip(label, 4, day)]))[
        "Ids"
    ]
    await colorado.depart_retailer_deliveries(DISPENSARY, [{"RetailerDeliveryId": ended}])
    await colorado.sell_from_retailer_deliveries(DISPENSARY, [{
        "RetailerDeliveryId": ended, "SalesDateTime": f"{day}T10:15:00",
        "SalesCustomerType": "Consumer", "ConsumerId": "C-8805",
        "RecipientAddressStreet1": "1450 Larimer St",
        "Transactions": [{"PackageLabel": label, "Quantity": 1, "UnitOfMeasure": "Grams",
                          "TotalAmount": 30.0}],
    }])  # fmt: skip
    await colorado.end_retailer_deliveries(DISPENSARY, [{
        "RetailerDeliveryId": ended, "ActualArrivalDateTime": f"{day}T13:00:00",
        "Packages": [{"Label": label, "EndQuantity": 3, "EndUnitOfMeasure": "Grams"}],
    }])  # fmt: skip
    await colorado.create_retailer_deliveries(DISPENSARY, [_trip(label, 2, day)])

    active = await colorado.retailer_deliveries_active(DISPENSARY)
    inactive = await colorado.retailer_deliveries_inactive(DISPENSARY)
    one = await colorado.retailer_delivery(DISPENSARY, ended)
    _held_to(active, "sales_deliveries_retailer_active")
    _held_to(inactive, "sales_deliveries_retailer_inactive")
    _held_to([one], "sales_delivery_retailer_by_id")
    for nested in ("Destinations", "Packages"):
        example = {key for row in examples("sales_delivery_retailer_by_id") for d in row[nested]
                   for key in d}  # fmt: skip
        assert one[nested] and {key for d in one[nested] for key in d} == example, nested


async def test_patient_check_ins_have_the_documented_fields_and_types(
    colorado: MetrcClient,
) -> None:
    """bruno PatientCheckIns/GetPatientCheckIns, after CreatePatientCheckIns with its
    documented body."""
    (location,) = await colorado.patient_checkin_locations()
    await colorado.create_patient_checkins(MEDICAL_STORE, [{
        "PatientLicenseNumber": "PT-CO-000201", "CheckInLocationId": location["Id"],
        "RegistrationStartDate": "2026-01-15", "RegistrationExpiryDate": "2027-01-14",
        "CheckInDate": str(AS_OF - timedelta(days=1)),
    }])  # fmt: skip

    _held_to(await colorado.patient_checkins(MEDICAL_STORE), "patient_checkins")
