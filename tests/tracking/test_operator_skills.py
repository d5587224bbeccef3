"""The operator skills added for issue 22 (sales reported late, licence and credential expiry,
count reconciliation, flower vs trim and moisture loss, FEFO and repackaging draws, wholesale
value per manifest) on hand-written records of our own model, with no Metrc behind them.

Every expected figure is worked out by hand in the comments next to it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, date, datetime, time, timedelta

import pytest

from tests.tracking.build import (
    AS_OF,
    CLONE,
    DIESEL,
    FARM,
    FLOWER,
    STORE,
    delivered,
    manifest,
    package,
    receipt,
    sale,
)
from trichome.metrc.skills.base import Finding, Severity, SkillResult
from trichome.metrc.skills.credentials import credential_expiry
from trichome.metrc.skills.fefo import fefo
from trichome.metrc.skills.fifo import fifo
from trichome.metrc.skills.harvest_split import flower_trim_yield
from trichome.metrc.skills.late_sales import late_sales
from trichome.metrc.skills.reconcile import count_reconciliation, parse_csv, parse_rows
from trichome.metrc.skills.wholesale import wholesale_value
from trichome.metrc.tools.registry import ToolProblem
from trichome.tracking import (
    AdjustReason,
    Capability,
    Employee,
    Facility,
    Harvest,
    Item,
    ProcessingJob,
)
from trichome.tracking.memory import MemorySource
from trichome.tracking.source import Packages

pytestmark = pytest.mark.anyio
REASONS = [
    AdjustReason("Drying", False),
    AdjustReason("Entry Error", False),
    AdjustReason("Scale Variance", False),
    AdjustReason("Spoilage", False),
    AdjustReason("Theft", True),
    AdjustReason("Waste", True),
]


def days_ago(days: int) -> date:
    return AS_OF - timedelta(days=days)


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return datetime.combine(day, time(hour, minute))


def found(result: SkillResult, check: str) -> Finding:
    matches = [finding for finding in result.findings if finding.check == check]
    assert matches, f"no {check} among {[f.check for f in result.findings]}"
    return matches[0]


def checks(result: SkillResult) -> dict[str, Severity]:
    return {finding.check: finding.severity for finding in result.findings}


# Sales reported late ---------------------------------------------------------------------------


async def test_sales_recorded_past_california_s_24_hours_are_late() -> None:
    jar = package(1, FLOWER, 100.0)
    on_time = replace(
        receipt(1, days_ago(5), sale(jar, 3.5, 35.0)), recorded_at=at(days_ago(5), 14, 5)
    )
    a_day_late = replace(  # sold 14:00, recorded 20:00 the next day: 30 hours
        receipt(2, days_ago(4), sale(jar, 3.5, 35.0)), recorded_at=at(days_ago(3), 20)
    )
    three_days = replace(  # sold 10:00, recorded 10:00 three days on: 72 hours
        receipt(3, days_ago(3), sale(jar, 1.0, 10.0)),
        sold_at=at(days_ago(3), 10),
        recorded_at=at(AS_OF, 10),
    )
    unrecorded = receipt(4, days_ago(2), sale(jar, 1.0, 10.0))  # no recording time
    voided = replace(
        receipt(5, days_ago(4), sale(jar, 1.0, 10.0)),
        recorded_at=at(days_ago(1), 9),
        archived=days_ago(1),
    )
    data = replace(
        MemorySource(STORE, AS_OF, AS_OF),
        stock=Packages([jar], [], []),
        receipt_list=[on_time, a_day_late, three_days, unrecorded, voided],
    )

    result = await late_sales(data, start=days_ago(30), end=AS_OF, state="ca")

    assert result.parameters["window_hours"] == 24.0
    assert result.counts["receipts"] == 4  # the voided receipt is not a sale
    assert result.counts["checked"] == 3
    assert result.counts["late"] == 2
    assert result.counts["max_delay_hours"] == 72.0
    assert result.counts["median_delay_hours"] == 30.0  # of 0.08, 30 and 72
    assert [row["receipt"] for row in result.details["late"]] == ["R-3", "R-2"]
    severities = [finding.severity for finding in result.sorted_findings()]
    assert severities == [Severity.HIGH, Severity.MEDIUM, Severity.INFO]
    assert "over twice the 24.0-hour window" in found(result, "sale_recorded_late").message
    assert found(result, "sale_recorded_late").packages == [jar.label]
    assert result.details["rule"]["fact"] == "ca-track-and-trace-24-hours"
    assert any("15049" in s["title"] for s in result.details["rule"]["sources"])


async def test_a_utc_recording_time_is_held_against_the_local_sale_time() -> None:
    jar = package(1, FLOWER, 100.0)
    # Sold 16:00 in Los Angeles on a June day (UTC-7): 23:00 UTC.
    sold = at(days_ago(2), 16)
    inside = replace(
        receipt(1, days_ago(2), sale(jar, 1.0, 10.0)),
        sold_at=sold,
        recorded_at=datetime.combine(days_ago(1), time(22, 30), UTC),  # 23.5 h
    )
    outside = replace(
        receipt(2, days_ago(2), sale(jar, 1.0, 10.0)),
        sold_at=sold,
        recorded_at=datetime.combine(AS_OF, time(0, 30), UTC),
    )  # 25.5 h
    data = replace(
        MemorySource(STORE, AS_OF, AS_OF),
        stock=Packages([jar], [], []),
        receipt_list=[inside, outside],
    )

    result = await late_sales(data, start=days_ago(7), end=AS_OF, state="CA")

    assert [row["receipt"] for row in result.details["late"]] == ["R-2"]
    assert result.details["late"][0]["delay_hours"] == 25.5
    assert result.parameters["timezone"] == "America/Los_Angeles"
    # A state with no recorded window needs one, and mixed times need a zone.
    with pytest.raises(ToolProblem, match="Give window_hours"):
        await late_sales(data, start=days_ago(7), end=AS_OF, state="CO")
    with pytest.raises(ToolProblem, match="time zone"):
        await late_sales(data, start=days_ago(7), end=AS_OF, state="CO", window_hours=12)
    twelve = await late_sales(
        data,
        start=days_ago(7),
        end=AS_OF,
        state="CO",
        window_hours=12,
        timezone="America/Los_Angeles",
    )
    assert twelve.counts["late"] == 2 and twelve.details["rule"]["fact"] is None


async def test_a_farm_has_no_sales_to_check() -> None:
    with pytest.raises(ToolProblem, match="does not sell"):
        await late_sales(MemorySource(FARM, AS_OF, AS_OF), start=AS_OF, end=AS_OF, state="CA")


# Licence and credential expiry -----------------------------------------------------------------


def person(name: str, ends_in: int | None) -> Employee:
    end = AS_OF + timedelta(days=ends_in) if ends_in is not None else None
    return Employee(name, f"EMP-{name}", "Agent", AS_OF - timedelta(days=700), end)


async def test_the_licence_and_each_credential_land_in_their_bucket() -> None:
    store = replace(STORE, license_start=date(2024, 7, 5), license_end=AS_OF + timedelta(days=20))
    staff = [
        person("Ada", -3),  # expired
        person("Ben", 0),  # expires today: expired bucket
        person("Cy", 30),  # urgent (within 30)
        person("Di", 31),  # notice (within 60)
        person("Ed", 61),  # later
        person("Flo", None),  # no end date
    ]
    data = replace(MemorySource(store, AS_OF, AS_OF), staff=staff)

    result = await credential_expiry(data)

    assert checks(result) == {
        "facility_credential_urgent": Severity.HIGH,  # the licence ends in 20 days
        "employee_credential_expired": Severity.HIGH,
        "employee_credential_urgent": Severity.MEDIUM,
        "employee_credential_notice": Severity.LOW,
        "credential_end_date_missing": Severity.INFO,
    }
    assert "Ada" in found(result, "employee_credential_expired").message
    assert "Ben" in found(result, "employee_credential_expired").message
    counts = {k: result.counts[k] for k in ("expired", "urgent", "notice", "later", "no_end_date")}
    assert counts == {"expired": 2, "urgent": 2, "notice": 1, "later": 1, "no_end_date": 1}
    assert result.details["facility"]["days_left"] == 20
    assert [row["name"] for row in result.details["credentials"]][:3] == ["Ada", "Ben", STORE.name]


async def test_a_lapsed_facility_licence_is_critical() -> None:
    lapsed = replace(FARM, license_end=AS_OF - timedelta(days=1))
    result = await credential_expiry(MemorySource(lapsed, AS_OF, AS_OF))
    assert checks(result) == {"facility_credential_expired": Severity.CRITICAL}
    with pytest.raises(ToolProblem, match="must not exceed"):
        await credential_expiry(MemorySource(lapsed, AS_OF, AS_OF), urgent_days=90)


# Count reconciliation --------------------------------------------------------------------------


def counted_store() -> MemorySource:
    held = [
        package(1, FLOWER, 100.0),
        package(2, FLOWER, 50.0),
        package(3, DIESEL, 200.0),
        package(4, CLONE, 20.0, unit="Each"),
        package(5, DIESEL, 30.0, location_name="Back room"),
    ]
    finished = package(6, DIESEL, 0.0, finished=True)
    return replace(
        MemorySource(STORE, AS_OF, AS_OF),
        stock=Packages(held, [finished], []),
        reasons=REASONS,
    )


def count_text(*extra: str) -> str:
    held = counted_store().stock.on_hand
    lines = [
        "Label,Quantity,Unit",
        f"{held[0].label},99.5,Grams",  # 0.5 g short of 100: 0.5 %, a scale variance
        f"{held[1].label},0.04,Kilograms",  # 40 g of 50: 10 g short (20 %)
        f"{held[2].label},200,",  # matches
        f"{held[3].label},22,",  # 2 clones more than held
        *extra,
    ]
    return "\n".join(lines)


async def test_a_count_gives_variances_and_the_adjustments_to_file() -> None:
    data = counted_store()
    held = data.stock.on_hand
    finished = data.stock.inactive[0]
    text = count_text(f"{finished.label},5", "6647999999999999,1")

    result = await count_reconciliation(data, count=parse_csv(text), location="Vault")

    assert result.counts["packages_counted"] == 4
    assert result.counts["matched"] == 1
    assert result.counts["variances"] == 3
    assert result.counts["not_matched"] == 2
    assert result.counts["not_counted"] == 0  # everything in the Vault was counted
    rows = {row["label"]: row for row in result.details["adjustments"]}
    assert rows[held[0].label]["adjust_by"] == -0.5
    assert rows[held[0].label]["reason"] == "Scale Variance"
    assert rows[held[1].label]["adjust_by"] == -10.0
    assert rows[held[1].label]["counted_quantity"] == 40.0
    assert rows[held[1].label]["reason"] is None  # a cause must be found first
    assert rows[held[3].label]["adjust_by"] == 2.0
    assert rows[held[3].label]["unit"] == "Each"
    assert checks(result) == {
        "count_short": Severity.HIGH,
        "count_over": Severity.MEDIUM,
        "scale_variance": Severity.LOW,
        "count_not_matched": Severity.HIGH,
    }
    assert found(result, "count_short").packages == [held[1].label]
    problems = {row["label"]: row["problem"] for row in result.details["not_matched"]}
    assert problems == {
        finished.label: "in transit or finished",
        "6647999999999999": "not held here",
    }
    assert [r["name"] for r in result.details["reasons"]] == [r.name for r in REASONS]


async def test_a_named_reason_applies_to_every_variance_and_uncounted_stock_is_listed() -> None:
    data = counted_store()
    held = data.stock.on_hand

    result = await count_reconciliation(data, count=parse_csv(count_text()), reason="theft")

    assert {row["reason"] for row in result.details["adjustments"]} == {"Theft"}
    assert all(row["reason_requires_note"] for row in result.details["adjustments"])
    # No location: the Back room package counts as missed.
    assert found(result, "not_counted").packages == [held[4].label]
    with pytest.raises(ToolProblem, match="not one of this licence's adjustment reasons"):
        await count_reconciliation(data, count=parse_csv(count_text()), reason="Lost")


async def test_count_input_is_checked() -> None:
    rows = parse_rows([{"label": "A", "quantity": 2}, {"label": "B", "quantity": "1.5"}])
    assert [(r.label, r.quantity, r.unit) for r in rows] == [("A", 2.0, None), ("B", 1.5, None)]
    with pytest.raises(ToolProblem, match="must name its columns"):
        parse_csv("6647000000000001,3")
    with pytest.raises(ToolProblem, match="line 3: 'x' is not a number"):
        parse_csv("tag,qty\n6647000000000001,3\n6647000000000002,x")
    with pytest.raises(ToolProblem, match="zero or more"):
        parse_rows([{"label": "A", "quantity": -1}])
    data = counted_store()
    clones = data.stock.on_hand[3].label
    result = await count_reconciliation(data, count=parse_csv(f"label,qty,unit\n{clones},3,Grams"))
    assert result.details["not_matched"][0]["problem"] == "counted in Grams, held in Each"


# Flower vs trim and moisture loss --------------------------------------------------------------


def harvest(n: int, name: str, unit: str, wet: float, waste: float, packaged: float,
            current: float, finished: date | None) -> Harvest:  # fmt: skip
    return Harvest(
        id=n,
        name=name,
        harvest_type="Product",
        strains=("Blue Dream",),
        plant_count=10,
        unit=unit,
        wet_weight=wet,
        waste_weight=waste,
        packaged_weight=packaged,
        restored_weight=0.0,
        current_weight=current,
        package_count=2 if packaged else 0,
        started=days_ago(60 - n),
        finished=finished,
        archived=None,
        on_hold=False,
        lab_state=None,
        drying_location="Dry Room",
    )


async def test_flower_trim_and_moisture_per_harvest() -> None:
    one = harvest(1, "H-1", "Grams", 10000.0, 2000.0, 2000.0, 0.0, days_ago(20))
    two = harvest(2, "H-2", "Kilograms", 5.0, 0.5, 0.3, 0.0, days_ago(18))
    drying = harvest(3, "H-3", "Grams", 3000.0, 0.0, 0.0, 3000.0, None)
    trim = Item("Blue Dream Trim", "Trim", "Blue Dream")
    buds = package(1, FLOWER, 1000.0, original_quantity=1500.0, source_harvests=("H-1",))
    shake = package(2, trim, 400.0, original_quantity=400.0, source_harvests=("H-1",))
    data = replace(
        MemorySource(FARM, AS_OF, AS_OF),
        harvest_list=[one, two, drying],
        stock=Packages([buds, shake], [], []),
    )

    result = await flower_trim_yield(data, start=days_ago(365), end=AS_OF)

    rows = {row["harvest"]: row for row in result.details["harvests"]}
    # H-1: 10000 wet - 2000 waste - 2000 packaged = 6000 g lost drying, 75 % of 8000 g.
    assert rows["H-1"]["moisture_loss_g"] == 6000.0
    assert rows["H-1"]["moisture_loss_ratio"] == 0.75
    # 1500 g flower and 400 g trim seen; 100 g of the 2000 g packaged is not seen here.
    assert (rows["H-1"]["flower_g"], rows["H-1"]["trim_g"], rows["H-1"]["unsplit_g"]) == (
        1500.0,
        400.0,
        100.0,
    )
    assert rows["H-1"]["flower_share"] == 0.7895  # 1500 / 1900
    # H-2 in kilograms: 5 - 0.5 - 0.3 = 4.2 kg lost, 93.3 % of 4.5 kg: above 90 %.
    assert rows["H-2"]["moisture_loss_g"] == 4200.0
    assert rows["H-2"]["moisture_loss_ratio"] == 0.9333
    assert rows["H-3"]["moisture_loss_g"] is None  # still drying
    assert found(result, "moisture_loss_out_of_range").harvests == ["H-2"]
    assert found(result, "moisture_loss_out_of_range").severity is Severity.MEDIUM
    assert result.counts["moisture_loss_g"] == 10200.0
    assert result.details["moisture_loss_ratio"] == round(10200 / 12500, 4)
    assert result.details["by_strain"] == {"Blue Dream": {"flower_g": 1500.0, "trim_g": 400.0}}
    with pytest.raises(ToolProblem, match="does not grow plants"):
        await flower_trim_yield(MemorySource(STORE, AS_OF, AS_OF), start=AS_OF, end=AS_OF)


# FEFO, and repackaging as a draw ---------------------------------------------------------------


async def test_fefo_passes_over_the_package_expiring_first_where_fifo_sees_another() -> None:
    oldest = package(  # in first, expires last
        1, FLOWER, 50.0, received=at(days_ago(40), 10), expires=AS_OF + timedelta(days=100)
    )
    soonest = package(  # expires in 10 days, never drawn
        2, FLOWER, 50.0, received=at(days_ago(30), 10), expires=AS_OF + timedelta(days=10)
    )
    drawn = package(
        3, FLOWER, 50.0, received=at(days_ago(20), 10), expires=AS_OF + timedelta(days=50)
    )
    undated = package(4, DIESEL, 80.0, lab_expires=None)
    expired = package(5, DIESEL, 10.0, expires=days_ago(1))
    sold = [receipt(n, days_ago(n), sale(drawn, 3.5, 35.0)) for n in (2, 4)]
    data = replace(
        MemorySource(STORE, AS_OF, AS_OF),
        stock=Packages([oldest, soonest, drawn, undated, expired], [], []),
        receipt_list=sold,
    )

    result = await fefo(data)

    violation = found(result, "fefo_violation")
    assert violation.packages == [soonest.label]  # the oldest expires after the one drawn
    assert violation.severity is Severity.HIGH  # 10 days left, within 30
    assert result.details["violations"][0]["drawn_instead"] == [
        {"label": drawn.label, "expires": (AS_OF + timedelta(days=50)).isoformat()}
    ]
    nxt = result.details["pull_next"][0]
    assert (nxt["label"], nxt["fifo_would_pull"], nxt["orders_differ"]) == (
        soonest.label,
        oldest.label,
        True,
    )
    assert nxt["expires_by"] == "expiration"
    assert found(result, "no_expiry_date").packages == [undated.label]
    assert result.counts["expired_packages"] == 1
    assert result.counts["draws"] == 2
    # fifo, on the same records, bypasses the two older packages.
    assert set(found(await fifo(data), "fifo_violation").packages) == {oldest.label, soonest.label}


async def test_repackaging_is_a_draw_unless_a_processing_job_made_the_package() -> None:
    older = package(1, DIESEL, 200.0, received=at(days_ago(40), 10))
    newer = package(2, DIESEL, 100.0, received=at(days_ago(10), 10))
    pre_rolls = package(  # made here 5 days ago from the newer package
        3,
        Item("Sour Diesel 1g bulk", "Flower", "Sour Diesel"),
        28.0,
        received=None,
        packaged=days_ago(5),
        source_packages=(newer.label,),
        original_quantity=28.0,
    )
    data = replace(
        MemorySource(STORE, AS_OF, AS_OF), stock=Packages([older, newer, pre_rolls], [], [])
    )

    result = await fifo(data)

    assert result.details["draws_by_kind"] == {
        "sale": 0,
        "shipment": 0,
        "processing": 0,
        "repackaging": 1,
    }
    assert found(result, "fifo_violation").packages == [older.label]
    drawn = result.details["violations"][0]["newer_drawn"][0]
    assert (drawn["label"], drawn["amount"], drawn["how"]) == (newer.label, 28.0, ["repackaging"])

    maker = Facility("MFG-1", "Kitchen", "Manufacturer", frozenset({Capability.MAKE_PRODUCTS}))
    job = ProcessingJob(7, "Rolling", days_ago(5), days_ago(5), (), (pre_rolls.label,))
    jobbed = replace(data, facility_record=maker, jobs=[job])
    assert (await fifo(jobbed)).details["draws_by_kind"]["repackaging"] == 0


# Wholesale value per manifest ------------------------------------------------------------------


async def test_each_manifest_is_valued_at_its_wholesale_prices() -> None:
    a, b, c, d = (package(n, FLOWER, 100.0) for n in (11, 12, 13, 14))
    first = manifest(1, 10, arrived=days_ago(5), due=days_ago(5))
    second = manifest(2, 20, arrived=days_ago(3), due=days_ago(3))
    old = manifest(3, 30, arrived=days_ago(60), due=days_ago(60))
    sample = replace(
        manifest(4, 40, arrived=days_ago(4), due=days_ago(4)), shipment_type="Lab Sample"
    )
    rows = {
        10: [
            replace(delivered(a, 100, 100), shipper_price=100.0, receiver_price=100.0),
            replace(delivered(b, 100, 100), shipper_price=50.0, receiver_price=60.0),
            replace(delivered(c, 100, 0), state="Rejected", shipper_price=30.0),
        ],
        20: [delivered(d, 100, 100)],
        30: [replace(delivered(a, 1, 1), shipper_price=999.0)],
        40: [replace(delivered(a, 1, 1), shipper_price=5.0)],
    }
    data = replace(
        MemorySource(FARM, AS_OF, AS_OF),
        outgoing_list=[first, second, old, sample],
        deliveries=rows,
    )

    result = await wholesale_value(data, start=days_ago(30), end=AS_OF)

    # MAN-1: 100 + 50 accepted (shipper's prices), 30 rejected; MAN-2: one unpriced package.
    assert result.counts["manifests"] == 2
    assert result.counts["outgoing_value"] == 150.0
    assert result.counts["refused_value"] == 30.0
    assert result.counts["unpriced_packages"] == 1
    by_manifest = {row["manifest"]: row for row in result.details["manifests"]}
    assert by_manifest["MAN-1"]["receiver_value"] == 160.0
    assert by_manifest["MAN-1"]["prices_differ"] == [b.label]
    assert found(result, "wholesale_price_missing").transfers == ["MAN-2"]
    assert found(result, "wholesale_price_missing").packages == [d.label]
    assert found(result, "wholesale_prices_differ").severity is Severity.LOW
    assert result.details["by_partner"] == {"Harbor Dispensary": 150.0}
    with_samples = await wholesale_value(data, start=days_ago(30), end=AS_OF, include_samples=True)
    assert with_samples.counts["outgoing_value"] == 155.0
