"""Writes against a real local HTTP server: chunks of 10, merged Ids, v2 paths and body shapes."""

from __future__ import annotations

import itertools
from datetime import date, datetime, timedelta, timezone

import pytest
from starlette.responses import JSONResponse, Response

from tests.metrc.conftest import LICENCE
from tests.metrc.fake_metrc import Call, FakeMetrc, Script
from trichome.metrc import (
    HarvestIngredient,
    HarvestPackage,
    LocationCreate,
    MetrcClient,
    MetrcValidationError,
    PackageAdjustment,
    PackageMove,
    PackageRemediation,
    PlantDestroy,
    PlantHarvest,
    SalesReceipt,
    SalesTransaction,
)

pytestmark = pytest.mark.anyio


def counting_ids() -> Script:
    """Answers each write with the next Ids, one per object, and warns on short chunks."""
    counter = itertools.count(1)

    def script(call: Call) -> Response:
        ids = [next(counter) for _ in call.body]
        warnings = [f"warning for chunk of {len(call.body)}"] if len(call.body) < 10 else None
        return JSONResponse({"Ids": ids, "Warnings": warnings})

    return script


async def test_25_objects_go_as_10_10_5_and_ids_merge_in_order(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    fake.script = counting_ids()
    adjustments = [
        PackageAdjustment(
            label=f"1A4000000000000000000{n:03d}", quantity=-1.5, unit_of_measure="Grams",
            adjustment_reason="Drying", adjustment_date=date(2024, 5, 1),
        )
        for n in range(25)
    ]  # fmt: skip
    result = await client.adjust_packages(LICENCE, adjustments)
    assert result["Ids"] == list(range(1, 26))
    assert result["Warnings"] == ["warning for chunk of 5"]
    assert [len(c.body) for c in fake.calls] == [10, 10, 5]
    assert all(c.method == "POST" and c.path == "/packages/v2/adjust" for c in fake.calls)
    sent = [obj["Label"] for c in fake.calls for obj in c.body]
    assert sent == [a.label for a in adjustments]  # in order, none lost
    assert fake.calls[0].body[0] == {
        "Label": "1A4000000000000000000000", "Quantity": -1.5, "UnitOfMeasure": "Grams",
        "AdjustmentReason": "Drying", "AdjustmentDate": "2024-05-01",
    }  # fmt: skip


async def test_writes_answered_with_an_empty_body(client: MetrcClient, fake: FakeMetrc) -> None:
    fake.script = lambda call: Response(status_code=200)
    moves = [
        PackageMove(label=f"TAG{n}", location="Vault", move_date="2024-05-01") for n in range(12)
    ]
    assert await client.move_packages(LICENCE, moves) == {"Ids": [], "Warnings": None}
    assert [(c.method, c.path, len(c.body)) for c in fake.calls] == [
        ("PUT", "/packages/v2/location", 10), ("PUT", "/packages/v2/location", 2),
    ]  # fmt: skip
    assert fake.calls[0].body[0] == {"Label": "TAG0", "Location": "Vault", "MoveDate": "2024-05-01"}


async def test_no_objects_sends_nothing(client: MetrcClient, fake: FakeMetrc) -> None:
    assert await client.finish_packages(LICENCE, []) == {"Ids": [], "Warnings": None}
    assert fake.calls == []


async def test_a_failing_chunk_reports_rows_of_the_whole_list_and_what_was_saved(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    def script(call: Call) -> Response:
        if len(fake.calls) == 2:
            return JSONResponse(
                [{"row": 3, "message": "Package TAG13 does not exist."}], status_code=400
            )
        return JSONResponse({"Ids": [c["Label"] for c in call.body], "Warnings": None})

    fake.script = script
    body = [{"Label": f"TAG{n}", "ActualDate": "2024-05-01"} for n in range(25)]
    with pytest.raises(MetrcValidationError) as caught:
        await client.finish_packages(LICENCE, body)
    error = caught.value
    assert error.status == 400
    assert [(r.row, r.message) for r in error.rows] == [(13, "Package TAG13 does not exist.")]
    assert error.saved_ids == [f"TAG{n}" for n in range(10)]
    assert "Row 13: Package TAG13 does not exist." in error.message
    assert "part 2 (objects 11-20) failed" in error.message
    assert "objects 1-10 were already saved" in error.message
    assert len(fake.calls) == 2  # the third part was not sent


async def test_v2_paths_and_shapes(client: MetrcClient, fake: FakeMetrc) -> None:
    fake.script = lambda call: JSONResponse({"Ids": [1], "Warnings": None})
    await client.destroy_plants(LICENCE, [PlantDestroy(
        label="PLANT1", waste_method_name="Compost", waste_material_mixed="Soil",
        waste_weight=15.5, waste_unit_of_measure_name="Grams", waste_reason_name="Destroy",
        reason_note="Male plant.", actual_date=date(2024, 5, 2),
    )])  # fmt: skip
    await client.remediate_packages(LICENCE, [PackageRemediation(
        package_label="TAG1", remediation_method_name="Further Drying",
        remediation_date="2024-05-03", remediation_steps="Dried again.",
    )])  # fmt: skip
    await client.harvest_plants(LICENCE, [PlantHarvest(
        plant="PLANT2", weight=4, unit_of_weight="Ounces", drying_location="Dry Room",
        harvest_name="H-1", actual_date="2024-05-04",
    )])  # fmt: skip
    await client.create_harvest_packages(LICENCE, [HarvestPackage(
        tag="TAG9", item="Buds", location="Vault", unit_of_weight="Grams", actual_date="2024-05-05",
        ingredients=[HarvestIngredient(harvest_id=3, harvest_name="H-1", weight=10.0,
                                       unit_of_weight="Grams")],
    )])  # fmt: skip
    local = datetime(2024, 5, 6, 16, 44, 53, tzinfo=timezone(timedelta(hours=-6)))
    await client.create_sales_receipts(LICENCE, [SalesReceipt(
        sales_date_time=local, sales_customer_type="Consumer",
        transactions=[SalesTransaction(package_label="TAG9", quantity=1, unit_of_measure="Each",
                                       total_amount=9.99)],
    )])  # fmt: skip
    await client.create_locations(
        LICENCE, [LocationCreate(name="Vault", location_type_name="Default")]
    )
    await client.unfinish_harvests(LICENCE, [3, 4])
    await client.delete_outgoing_template(LICENCE, 77)

    shapes = [(c.method, c.path, c.body) for c in fake.calls]
    assert shapes == [
        ("DELETE", "/plants/v2", [{
            "WasteMethodName": "Compost", "WasteMaterialMixed": "Soil", "WasteWeight": 15.5,
            "WasteUnitOfMeasureName": "Grams", "WasteReasonName": "Destroy",
            "ReasonNote": "Male plant.", "ActualDate": "2024-05-02", "Label": "PLANT1"}]),
        ("PUT", "/packages/v2/remediate", [{
            "PackageLabel": "TAG1", "RemediationMethodName": "Further Drying",
            "RemediationDate": "2024-05-03", "RemediationSteps": "Dried again."}]),
        ("PUT", "/plants/v2/harvest", [{
            "Plant": "PLANT2", "Weight": 4, "UnitOfWeight": "Ounces", "DryingLocation": "Dry Room",
            "ActualDate": "2024-05-04", "HarvestName": "H-1"}]),
        ("POST", "/harvests/v2/packages", [{
            "Tag": "TAG9", "Item": "Buds", "UnitOfWeight": "Grams", "ActualDate": "2024-05-05",
            "Ingredients": [{"Weight": 10.0, "UnitOfWeight": "Grams", "HarvestId": 3,
                             "HarvestName": "H-1"}],
            "Location": "Vault"}]),
        ("POST", "/sales/v2/receipts", [{
            "SalesDateTime": "2024-05-06T16:44:53", "SalesCustomerType": "Consumer",
            "Transactions": [{"PackageLabel": "TAG9", "Quantity": 1, "UnitOfMeasure": "Each",
                              "TotalAmount": 9.99}]}]),
        ("POST", "/locations/v2", [{"Name": "Vault", "LocationTypeName": "Default"}]),
        ("PUT", "/harvests/v2/unfinish", [{"Id": 3}, {"Id": 4}]),
        ("DELETE", "/transfers/v2/templates/outgoing/77", None),
    ]  # fmt: skip
    assert all(c.params == {"licenseNumber": LICENCE} for c in fake.calls)


async def test_dict_bodies_pass_through_with_extra_fields(
    client: MetrcClient, fake: FakeMetrc
) -> None:
    fake.script = lambda call: JSONResponse({"Ids": [1], "Warnings": None})
    template = {"Name": "To the lab", "Destinations": [{"RecipientLicenseNumber": "LAB-1",
                "EstimatedArrivalDateTime": datetime(2024, 5, 1, 14)}]}  # fmt: skip
    await client.create_outgoing_templates(LICENCE, [template])
    sent = fake.calls[0].body[0]
    assert sent["Destinations"][0]["EstimatedArrivalDateTime"] == "2024-05-01T14:00:00"
    adjustment = PackageAdjustment(
        label="T", quantity=1, unit_of_measure="Grams", adjustment_reason="Drying",
        adjustment_date="2024-05-01", extra={"ReasonNote": "n", "Custom": True},
    )  # fmt: skip
    await client.post("/packages/v2/adjust", LICENCE, body=[adjustment])
    assert fake.calls[1].body[0]["Custom"] is True


async def test_id_or_label_must_be_exactly_one() -> None:
    with pytest.raises(ValueError, match="either"):
        PlantDestroy(
            waste_method_name="Compost", waste_material_mixed="Soil", waste_weight=1,
            waste_unit_of_measure_name="Grams", waste_reason_name="Destroy", reason_note="x",
            actual_date="2024-05-01", id=1, label="PLANT1",
        )  # fmt: skip
