"""The operator skills added for issue 22 on the seeded year: every figure checked against
the seeded records themselves (`build()`), and every answer against the tool's published
output shape."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any

import pytest
from pydantic import TypeAdapter

from tests.metrc.skills.conftest import Run
from tests.metrc.skills.facts import GRAMS, Year, day
from tests.support.sandbox import AS_OF, CULTIVATOR, DISPENSARY
from trichome.metrc.tools import load_all
from trichome.metrc.tools.analysis import flower_trim_yield, wholesale_value
from trichome.metrc.tools.compliance import (
    count_reconciliation,
    credential_expiry,
    fefo,
    late_sales,
)
from trichome.metrc.tools.facilities import list_employees
from trichome.metrc.tools.sales import create_sales_receipt
from trichome.metrc.tools.sales.recording import SaleLine
from trichome.sandbox.facilities import FACILITIES
from trichome.sandbox.reference import ADJUST_REASONS

pytestmark = pytest.mark.anyio
TOOLS = load_all()
PASSED = ("TestPassed", "RetestPassed")


async def answer(run: Run, tool: Any, **arguments: Any) -> dict[str, Any]:
    """A skill's answer, validated against the shape its tool publishes."""
    result: dict[str, Any] = await run(tool, **arguments)
    TypeAdapter(TOOLS[result["skill"]].returns).validate_python(result)
    return result


def moment(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


async def test_seeded_sales_were_recorded_as_they_happened(run: Run, year: Year) -> None:
    start = AS_OF - timedelta(days=29)
    sold = year.receipts(DISPENSARY, start, AS_OF)
    late = [
        r
        for r in sold
        if moment(r.data["RecordedDateTime"]) - moment(r.data["SalesDateTime"])
        > timedelta(hours=24)
    ]

    result = await answer(run, late_sales, license_number=DISPENSARY, state="CA")

    assert len(sold) > 100
    assert result["counts"]["receipts"] == result["counts"]["checked"] == len(sold)
    assert result["counts"]["late"] == len(late)
    assert result["parameters"]["window_hours"] == 24.0


async def test_a_sale_entered_days_after_it_happened_is_late(run_own: Run, year: Year) -> None:
    jar = next(
        p
        for p in year.stock(DISPENSARY)
        if p.data["LabTestingState"] in PASSED and p.data["Quantity"] >= 1
    )
    sold_on = AS_OF - timedelta(days=3)
    await run_own(
        create_sales_receipt,
        license_number=DISPENSARY,
        sales_date_time=f"{sold_on.isoformat()}T12:00:00",
        customer_type="Consumer",
        lines=[
            SaleLine(
                package_label=jar.label or "",
                quantity=1,
                unit_of_measure=jar.data["UnitOfMeasureName"],
                total_amount=10.0,
            )
        ],
    )

    result = await answer(
        run_own, late_sales, license_number=DISPENSARY, state="CA", start=sold_on, end=sold_on
    )

    # The sandbox records the receipt when it is posted (today, after AS_OF): days late.
    late = result["details"]["late"]
    assert [row["packages"] for row in late] == [[jar.label]]
    assert late[0]["delay_hours"] > 3 * 24 - 12
    assert result["findings"][0]["severity"] == "high"


async def test_the_licence_and_employee_credentials_by_expiry(run: Run) -> None:
    licence = FACILITIES[DISPENSARY].document()["License"]
    staff = await run(list_employees, license_number=DISPENSARY)
    ends = [date.fromisoformat(p["LicenseEndDate"]) for p in staff["items"]]
    end = date.fromisoformat(licence["EndDate"])

    today = await answer(run, credential_expiry, license_number=DISPENSARY)
    # 46 days before the licence ends: in the 60-day notice bucket.
    later = await answer(
        run, credential_expiry, license_number=DISPENSARY, as_of=end - timedelta(days=46)
    )

    assert today["counts"]["employees"] == len(ends) == 3
    assert today["details"]["facility"]["days_left"] == (end - AS_OF).days
    assert today["findings"] == []  # everything ends more than 60 days after AS_OF
    then = end - timedelta(days=46)
    assert all(30 < (e - then).days <= 60 for e in ends)  # the employees' end there too
    assert {f["check"]: f["severity"] for f in later["findings"]} == {
        "facility_credential_notice": "medium",
        "employee_credential_notice": "low",
    }
    assert later["counts"]["notice"] == 1 + len(ends)


async def test_a_physical_count_of_the_store(run: Run, year: Year) -> None:
    held = sorted(year.stock(DISPENSARY), key=lambda p: p.label)[:3]
    exact, short, over = held
    text = "\n".join(
        [
            "tag,qty",
            f"{exact.label},{exact.data['Quantity']}",
            f"{short.label},{short.data['Quantity'] - 1}",
            f"{over.label},{over.data['Quantity'] + 1}",
        ]
    )

    result = await answer(run, count_reconciliation, license_number=DISPENSARY, count_csv=text)

    rows = {row["label"]: row for row in result["details"]["adjustments"]}
    assert set(rows) == {short.label, over.label}
    assert rows[short.label]["adjust_by"] == -1.0 and rows[over.label]["adjust_by"] == 1.0
    weighed = short.data["UnitOfMeasureName"] in GRAMS
    scale = weighed and 1 / short.data["Quantity"] <= 0.01
    assert rows[short.label]["reason"] == ("Scale Variance" if scale else None)
    assert result["counts"]["matched"] == 1
    assert result["counts"]["not_counted"] == len(year.stock(DISPENSARY)) - 3
    assert [r["name"] for r in result["details"]["reasons"]] == [r["Name"] for r in ADJUST_REASONS]


async def test_flower_trim_and_moisture_of_the_grower_s_harvests(run: Run, year: Year) -> None:
    start = AS_OF - timedelta(days=364)
    harvests = [
        h
        for h in year.of("harvest", CULTIVATOR)
        if start <= day(h.data["HarvestStartDate"]) <= AS_OF
    ]
    finished = [h for h in harvests if h.data["FinishedDate"]]
    moisture = sum(
        (
            h.data["TotalWetWeight"]
            - h.data["TotalWasteWeight"]
            - h.data["TotalPackagedWeight"]
            + h.data["TotalRestoredWeight"]
            - h.data["CurrentWeight"]
        )
        * GRAMS[h.data["UnitOfWeightName"]]
        for h in finished
    )
    names = {h.name for h in harvests}
    flower = sum(
        p.data["OriginalPackageQuantity"] * GRAMS[p.data["UnitOfMeasureName"]]
        for p in year.of("package", CULTIVATOR)
        if set((p.data["SourceHarvestNames"] or "").split(", ")) & names
        and "bud" in p.data["Item"]["ProductCategoryName"].lower()
        and "trim" not in p.data["Item"]["ProductCategoryName"].lower()
    )

    trim = sum(
        p.data["OriginalPackageQuantity"] * GRAMS[p.data["UnitOfMeasureName"]]
        for p in year.of("package", CULTIVATOR)
        if set((p.data["SourceHarvestNames"] or "").split(", ")) & names
        and "trim" in p.data["Item"]["ProductCategoryName"].lower()
    )

    result = await answer(run, flower_trim_yield, license_number=CULTIVATOR)

    assert result["counts"]["harvests"] == len(harvests) > 0
    assert result["counts"]["finished_harvests"] == len(finished) > 0
    assert result["counts"]["moisture_loss_g"] == pytest.approx(moisture, abs=0.5)
    assert result["counts"]["flower_g"] == pytest.approx(flower, abs=0.5) and flower > 0
    assert result["counts"]["trim_g"] == pytest.approx(trim, abs=0.5) and trim > 0


async def test_fefo_on_the_store_reads_the_same_draws_as_fifo(run: Run, year: Year) -> None:
    since = AS_OF - timedelta(days=30)
    lines = year.lines(year.receipts(DISPENSARY, since, AS_OF))
    usable = [
        p
        for p in year.stock(DISPENSARY)
        if not p.data["IsOnHold"] and p.data["LabTestingState"] in PASSED
    ]

    def ends(p: Any) -> date | None:
        found = [
            day(p.data[k])
            for k in (
                "ExpirationDate",
                "UseByDate",
                "SellByDate",
                "LabTestResultExpirationDateTime",
            )
            if p.data.get(k)
        ]
        return min(found) if found else None

    dated = [p for p in usable if ends(p) is not None and ends(p) >= AS_OF]  # type: ignore[operator]

    result = await answer(run, fefo, license_number=DISPENSARY)

    assert result["counts"]["draws"] == len(lines)
    assert result["counts"]["dated_packages"] == len(dated)
    assert result["counts"]["undated_packages"] == sum(1 for p in usable if ends(p) is None)
    assert result["counts"]["items_checked"] == len({p.data["Item"]["Name"] for p in dated})


async def test_the_grower_s_manifests_at_wholesale(run: Run, year: Year) -> None:
    start = AS_OF - timedelta(days=29)
    value = 0.0
    manifests = 0
    for transfer in year.transfers(shipper=CULTIVATOR):
        left = day(transfer.data["ActualDepartureDateTime"]) or day(
            transfer.data["EstimatedDepartureDateTime"]
        )
        if "Sample" in transfer.data["ShipmentTypeName"] or not start <= left <= AS_OF:
            continue
        manifests += 1
        value += sum(
            row["_ShipperWholesalePrice"] or 0.0
            for row in year.delivery_of(transfer).data["_Packages"]
            if row["ShipmentPackageState"] not in ("Rejected", "Returned")
        )

    result = await answer(run, wholesale_value, license_number=CULTIVATOR)

    assert result["counts"]["outgoing_manifests"] == manifests > 0
    assert result["counts"]["outgoing_value"] == pytest.approx(value, abs=0.01)
    assert value > 0
